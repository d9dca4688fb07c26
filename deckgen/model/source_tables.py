"""Card sources read into tables: a CSV file, an XLSX workbook's sheet or a YAML list of
mappings, as a header and numbered rows of cells, within the limits of one source (bytes,
columns, rows). What the cells mean is `sources`' concern; here a problem is only one of the
file's form, naming the file and the row."""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path

from deckgen.errors import DataError
from deckgen.fileio import read_limited
from deckgen.model.common import read_yaml
from deckgen.model.deck_spec import MAX_CARDS
from deckgen.model.wording import field_path, file_problem, problem, shown
from deckgen.model.xlsx import MAX_CELLS, cell_value, open_workbook
from deckgen.paths import data_roots

#: What one cell holds once read: text from CSV, typed values from XLSX and YAML.
Cell = str | int | float | bool | None

#: Limits of one card source: bytes of the file and columns of its header.
MAX_SOURCE_BYTES = 8 * 1024 * 1024
MAX_COLUMNS = 200
#: Rows of a workbook looked at, blank ones included (formatting can stretch a sheet far).
MAX_SCANNED_ROWS = 100_000

SUFFIXES = (".csv", ".xlsx", ".yaml", ".yml")


@dataclass(frozen=True)
class Table:
    """A source as read: the header and the data rows with their spreadsheet row numbers."""

    path: Path
    header: list[str]
    rows: list[tuple[int, list[Cell]]]
    #: YAML lists: rows are list positions and columns keys, named like field paths.
    as_yaml: bool = False
    #: Blank rows between cards (an error each; blank rows at the end are dropped).
    blank_rows: tuple[int, ...] = ()

    def where(self, row: int, column: str | None = None) -> str:
        if self.as_yaml:
            return field_path((row,) if column is None else (row, column))
        return f"row {row}" + ("" if column is None else f", column {column}")


def blank_cells(cells: list[Cell]) -> bool:
    """Whether no cell holds anything but spaces."""
    return all(c is None or (isinstance(c, str) and not c.strip()) for c in cells)


def _split_blank_rows(path: Path, rows: list[tuple[int, list[Cell]]]) -> tuple[list[tuple[int, list[Cell]]],
                                                                                tuple[int, ...]]:
    """The rows with cells, and the numbers of blank rows among them: trailing blank rows
    are how spreadsheets end, one in the middle is a mistake."""
    while rows and blank_cells(rows[-1][1]):
        rows.pop()
    if len(rows) > MAX_CARDS:
        raise DataError(file_problem(path, f"more than {MAX_CARDS} card rows (a deck has at most {MAX_CARDS} cards)"))
    return [r for r in rows if not blank_cells(r[1])], tuple(n for n, cells in rows if blank_cells(cells))


def read_csv(path: Path) -> Table:
    """A CSV file in UTF-8 (with or without a BOM), separated by commas, or by semicolons
    or tabs when the header has no comma (as some spreadsheet apps export)."""
    import csv  # imported by the decks that read a CSV file only

    text = read_limited(path, MAX_SOURCE_BYTES, "a CSV text file", DataError, within=data_roots(path))
    if "\x00" in text:
        raise DataError(file_problem(path, "binary data, not text (expected a CSV text file)"))
    first = text.split("\n", 1)[0]
    delimiter = next((d for d in ",;\t" if d in first), ",")
    reader = csv.reader(io.StringIO(text, newline=""), delimiter=delimiter, strict=True)
    rows: list[tuple[int, list[Cell]]] = []
    try:
        for cells in reader:
            rows.append((reader.line_num, list(cells)))
            if len(rows) > MAX_CARDS + 1 and not blank_cells(rows[-1][1]):
                raise DataError(file_problem(path, f"more than {MAX_CARDS} card rows "
                                             f"(a deck has at most {MAX_CARDS} cards)"))
    except csv.Error as exc:
        raise DataError(problem(path, f"line {reader.line_num}", f"not valid CSV ({exc})")) from None
    return _table(path, rows)


def _table(path: Path, rows: list[tuple[int, list[Cell]]]) -> Table:
    """Header and rows, with row numbers counting records as a spreadsheet does."""
    numbered = [(index + 1, cells) for index, (_, cells) in enumerate(rows)]
    if not numbered or blank_cells(numbered[0][1]):
        raise DataError(file_problem(path, "no header row (expected column names such as id, name, colour in row 1)"))
    header_cells = numbered[0][1]
    while header_cells and blank_cells([header_cells[-1]]):
        header_cells = header_cells[:-1]
    if len(header_cells) > MAX_COLUMNS:
        raise DataError(problem(path, "row 1", f"{len(header_cells)} columns (expected at most {MAX_COLUMNS})"))
    header = ["" if c is None else str(c).strip() for c in header_cells]
    rows, blank = _split_blank_rows(path, numbered[1:])
    return Table(path, header, rows, blank_rows=blank)


def read_xlsx(path: Path, sheet: str | None) -> Table:
    """The first sheet of a workbook (or the one named), formulas read as the values the
    spreadsheet last calculated."""
    try:
        size = path.stat().st_size
    except OSError as exc:
        raise DataError(file_problem(path, f"cannot read the file ({exc.strerror or 'input/output error'})")) from None
    if size > MAX_SOURCE_BYTES:
        raise DataError(file_problem(path, f"larger than {MAX_SOURCE_BYTES // 1024} KiB "
                                     "(expected a workbook of at most that size)"))
    if not path.is_file():
        raise DataError(file_problem(path, "not a regular file (expected an .xlsx workbook)"))
    book = open_workbook(path)
    try:
        if sheet is not None and sheet not in book.sheetnames:
            raise DataError(file_problem(path, f"no sheet {shown(sheet)} (sheets: {', '.join(book.sheetnames)})"))
        worksheet = book[sheet] if sheet is not None else book.worksheets[0]
        rows: list[tuple[int, list[Cell]]] = []
        cells_seen = 0
        try:
            for cells in worksheet.iter_rows(max_row=MAX_SCANNED_ROWS, max_col=MAX_COLUMNS + 1, values_only=True):
                rows.append((len(rows) + 1, [cell_value(c) for c in cells]))
                cells_seen += len(cells)
                if len(rows) > MAX_CARDS + 1 and not blank_cells(rows[-1][1]):
                    raise DataError(file_problem(path, f"more than {MAX_CARDS} card rows "
                                                 f"(a deck has at most {MAX_CARDS} cards)"))
                if cells_seen > MAX_CELLS:
                    raise DataError(problem(path, f"row {len(rows)}", f"more than {MAX_CELLS:,} cells looked "
                                            "at, blank ones included (delete the rows and columns after the cards)"))
        except DataError:
            raise
        except Exception:
            raise DataError(file_problem(path, "a sheet that cannot be read (save it again from your "
                                         "spreadsheet app)")) from None
    finally:
        book.close()
    return _table(path, rows)


def read_yaml_rows(path: Path) -> Table:
    """A YAML list of mappings; the keys of all rows, in order of appearance, are the columns."""
    data = read_yaml(path)
    if not isinstance(data, list):
        raise DataError(file_problem(path, f"found {shown(data)} (expected a list of cards, one mapping each)"))
    if len(data) > MAX_CARDS:
        raise DataError(file_problem(path, f"more than {MAX_CARDS} cards (a deck has at most {MAX_CARDS})"))
    problems = [problem(path, str(i), f"found {shown(row)} (expected a mapping of column: value)")
                for i, row in enumerate(data) if not isinstance(row, dict)]
    if problems:
        raise DataError(*problems)
    header = list(dict.fromkeys(str(k) for row in data for k in row))
    if len(header) > MAX_COLUMNS:
        raise DataError(file_problem(path, f"{len(header)} different keys (expected at most {MAX_COLUMNS})"))
    rows: list[tuple[int, list[Cell]]] = []
    for index, row in enumerate(data):
        by_key = {str(k): v for k, v in row.items()}
        for key, value in by_key.items():
            if isinstance(value, (dict, list)) or not isinstance(value, (str, int, float, bool, type(None))):
                problems.append(problem(path, field_path((index, key)), f"found {shown(value)} (expected one value)"))
        rows.append((index, [by_key.get(k) for k in header]))
    if problems:
        raise DataError(*problems)
    return Table(path, header, rows, as_yaml=True)


def read_table(path: Path, sheet: str | None = None) -> Table:
    """A card source by its suffix."""
    suffix = path.suffix.lower()
    if suffix == ".csv":
        return read_csv(path)
    if suffix == ".xlsx":
        return read_xlsx(path, sheet)
    return read_yaml_rows(path)
