"""Card data from the designer's spreadsheet: a deck group `source: cards.csv` (or .xlsx,
.yaml, .yml). The header row names the columns: declared attributes (their cells are
checked against the declared values), `id`, `name` and `copies` (special), and free fields.

Every problem names the file, the row as a spreadsheet numbers it (the header is row 1) and
the column: `cards.csv: row 7, column colour: value 'purpel' is not declared (...)`. A YAML
source is a list of mappings; its rows are named as field paths are (`3.colour`, from 0).
Files are only read, from inside the project; sizes and rows are bounded.
"""

from __future__ import annotations

import io
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from deckgen.errors import DataError
from deckgen.fileio import SAFE_ID_WORDS, contained, is_safe_id, read_limited
from deckgen.model.common import read_yaml, template_names
from deckgen.model.deck_data import Card, Scalar
from deckgen.model.wording import field_path, file_problem, problem, shown
from deckgen.model.xlsx import MAX_CELLS, cell_value, open_workbook
from deckgen.paths import data_roots
from deckgen.model.deck_spec import (
    MAX_CARDS, MAX_NAME_LENGTH, PLAIN_NAME, AttributeSpec, CardGroup, DeckSpec, fill_template, has_control,
)


class CardBuilder(Protocol):
    """What a source needs of the deck builder it adds cards to (deck.DeckBuilder)."""

    spec: DeckSpec
    path: Path
    problems: list[str]
    attributes: dict[str, AttributeSpec]

    def fail(self, where: str, message: str) -> None: ...

    def derived_fields(self, attrs: dict[str, Scalar | None]) -> dict[str, Any]: ...


#: What one cell holds once read: text from CSV, typed values from XLSX and YAML.
Cell = str | int | float | bool | None

#: Limits of one card source: bytes of the file and columns of its header.
MAX_SOURCE_BYTES = 8 * 1024 * 1024
MAX_COLUMNS = 200
#: Rows of a workbook looked at, blank ones included (formatting can stretch a sheet far).
MAX_SCANNED_ROWS = 100_000

#: Columns with a meaning of their own; every other column is an attribute or a free field.
SPECIAL_COLUMNS = ("id", "name", "copies")
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


def _blank(cells: list[Cell]) -> bool:
    return all(c is None or (isinstance(c, str) and not c.strip()) for c in cells)


def _split_blank_rows(path: Path, rows: list[tuple[int, list[Cell]]]) -> tuple[list[tuple[int, list[Cell]]],
                                                                                tuple[int, ...]]:
    """The rows with cells, and the numbers of blank rows among them: trailing blank rows
    are how spreadsheets end, one in the middle is a mistake."""
    while rows and _blank(rows[-1][1]):
        rows.pop()
    if len(rows) > MAX_CARDS:
        raise DataError(file_problem(path, f"more than {MAX_CARDS} card rows (a deck has at most {MAX_CARDS} cards)"))
    return [r for r in rows if not _blank(r[1])], tuple(n for n, cells in rows if _blank(cells))


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
            if len(rows) > MAX_CARDS + 1 and not _blank(rows[-1][1]):
                raise DataError(file_problem(path, f"more than {MAX_CARDS} card rows "
                                             f"(a deck has at most {MAX_CARDS} cards)"))
    except csv.Error as exc:
        raise DataError(problem(path, f"line {reader.line_num}", f"not valid CSV ({exc})")) from None
    return _table(path, rows)


def _table(path: Path, rows: list[tuple[int, list[Cell]]]) -> Table:
    """Header and rows, with row numbers counting records as a spreadsheet does."""
    numbered = [(index + 1, cells) for index, (_, cells) in enumerate(rows)]
    if not numbered or _blank(numbered[0][1]):
        raise DataError(file_problem(path, "no header row (expected column names such as id, name, colour in row 1)"))
    header_cells = numbered[0][1]
    while header_cells and _blank([header_cells[-1]]):
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
                if len(rows) > MAX_CARDS + 1 and not _blank(rows[-1][1]):
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


# --------------------------------------------------------------------------- rows to cards


def _text(value: Scalar) -> str:
    """How a declared value is written in a cell: 3, true, red."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


class _Columns:
    """What each column of a table is, checked once: problems name row 1 and the column."""

    def __init__(self, table: Table, attributes: dict[str, AttributeSpec], problems: list[str]) -> None:
        self.table = table
        self.attributes = attributes
        self.problems = problems
        self.names: list[str] = []
        for index, name in enumerate(table.header):
            self.names.append(name)
            self.check(index, name)

    def fail(self, column: str, message: str) -> None:
        where = field_path((column,)) if self.table.as_yaml else f"row 1, column {column or '?'}"
        self.problems.append(problem(self.table.path, where, message))

    def check(self, index: int, name: str) -> None:
        shown_name = name or _letter(index)
        if not name:
            self.fail(_letter(index), "the header cell is empty (name the column, or delete it)")
        elif name in self.table.header[:index]:
            self.fail(name, "named twice in the header (give each column once)")
        elif name == "copy":
            self.fail(name, "'copy' is reserved for the copy number of a card (rename the column)")
        elif not name.isidentifier():
            self.fail(shown_name, f"found the column name {shown(name)} {PLAIN_NAME}")
        elif name not in self.attributes and name not in SPECIAL_COLUMNS:
            near = [a for a in self.attributes if a.lower() == name.lower()]
            if near:
                self.fail(name, f"not an attribute of the deck; did you mean {near[0]}? (names match exactly)")


def _letter(index: int) -> str:
    """Spreadsheet column letters: 0 -> A, 26 -> AA."""
    letters = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        letters = chr(ord("A") + rest) + letters
    return letters


class SourceReader:
    """Turns the rows of one source group into cards for a deck `CardBuilder`."""

    def __init__(self, builder: CardBuilder, index: int, group: CardGroup, table: Table) -> None:
        self.builder = builder
        self.index = index
        self.group = group
        self.table = table
        self.problems = builder.problems
        self.ids: dict[str, int] = {}
        self.signatures: dict[tuple[Any, ...], int] = {}
        #: Cards the rows read so far make with their copies, and whether that reached the limit.
        self.made = 0
        self.full = False

    def fail(self, row: int, column: str | None, message: str) -> None:
        self.problems.append(problem(self.table.path, self.table.where(row, column), message))

    def value(self, row: int, column: str, cell: Cell, spec: AttributeSpec) -> tuple[bool, Scalar | None]:
        """A declared attribute's value from a cell: CSV and XLSX cells match a declared value
        by how it is written (3, true, red); YAML values must be of the declared kind."""
        if cell is None or (isinstance(cell, str) and not cell.strip()):
            return True, None
        if self.table.as_yaml:
            found = [v for v in spec.values if v == cell and type(v) is type(cell)]
        else:
            text = _text(cell).strip() if isinstance(cell, (bool, int, str)) else repr(cell)
            found = [v for v in spec.values if _text(v) == text or (isinstance(v, bool) and _text(v) == text.lower())]
        if not found:
            declared = ", ".join(_text(v) if not self.table.as_yaml else shown(v) for v in spec.values)
            written = shown(cell) if self.table.as_yaml or not isinstance(cell, str) else shown(cell.strip())
            self.fail(row, column, f"value {written} is not declared (expected one of {declared})")
            return False, None
        return True, found[0]

    def copies(self, row: int, cell: Cell) -> int | None:
        if cell is None or (isinstance(cell, str) and not cell.strip()):
            return 1
        text = str(cell).strip()
        # ASCII digits only: '³' and '٣' are digits to str.isdigit but not to int().
        if isinstance(cell, bool) or not (text.isascii() and text.isdigit() and len(text) <= 9) \
                or not 1 <= int(text) <= MAX_CARDS:
            self.fail(row, "copies", f"found {shown(cell)} (expected a whole number from 1 to {MAX_CARDS})")
            return None
        return int(text)

    def cards(self) -> Iterator[Card]:
        for row in self.table.blank_rows:
            self.fail(row, None, "empty row (delete it, or fill it in)")
        before = len(self.problems)
        columns = _Columns(self.table, self.builder.attributes, self.problems)
        if len(self.problems) > before:
            return
        if "id" not in columns.names and self.group.id is None:
            self.builder.fail(f"groups.{self.index}", f"{self.table.path.name} has no id column: give the group an "
                              "id template such as \"{colour}-{number}\", or add an id column")
            return
        for row, cells in self.table.rows:
            if len(cells) > len(columns.names) and not _blank(cells[len(columns.names):]):
                self.fail(row, None, f"{len(cells)} cells, but the header names {len(columns.names)} columns "
                          "(name the extra columns in row 1)")
                continue
            if len(cells) < len(columns.names):
                self.fail(row, None, f"{len(cells)} cells, but the header names {len(columns.names)} columns (no cell "
                          f"for {', '.join(columns.names[len(cells):])}: end the row with a comma per empty cell)")
                continue
            yield from self.row_cards(row, dict(zip(columns.names, cells)))
            if self.full:
                return

    def row_cards(self, row: int, cells: dict[str, Cell]) -> Iterator[Card]:
        attrs: dict[str, Scalar | None] = {a: self.group.set.get(a) for a in self.builder.attributes}
        extra: dict[str, Any] = {k: v for k, v in self.group.set.items() if k not in self.builder.attributes}
        fine = True
        for column, cell in cells.items():
            if column in SPECIAL_COLUMNS:
                continue
            spec = self.builder.attributes.get(column)
            if spec is not None:
                ok, value = self.value(row, column, cell, spec)
                fine = fine and ok
                if value is not None:
                    attrs[column] = value
            elif cell is None or (isinstance(cell, str) and not cell.strip()):
                extra.setdefault(column, "")  # every card has every free field: layouts may name it
            else:
                extra[column] = cell
        copies = self.copies(row, cells.get("copies"))
        if not fine or copies is None:
            return
        total = copies * self.group.copies
        if self.made + total > MAX_CARDS:  # refused before the cards are made, not after
            self.fail(row, "copies", f"brings the cards with copies to {self.made + total:,} (expected at most "
                      f"{MAX_CARDS} per deck)")
            self.full = True
            return
        self.made += total
        extra.update(self.builder.derived_fields(attrs))
        labels = {a: self.builder.attributes[a].label(v) for a, v in attrs.items()}
        given_id = _cell_text(cells.get("id"))
        given_name = _cell_text(cells.get("name"))
        for copy in range(1, total + 1):
            card_id = self.card_id(row, given_id, {**attrs, **extra, "copy": copy}, copy, total)
            if card_id is None:
                return
            values = {**labels, **extra, "copy": copy, "id": card_id}
            name = given_name or self.card_name(row, values)
            if name is None:
                return
            if len(name) > MAX_NAME_LENGTH or has_control(name):
                self.fail(row, "name", f"makes the card name {shown(name)} (expected one line of at most "
                          f"{MAX_NAME_LENGTH} characters)")
                return
            # One source for the whole group: rows are checked for repeats here, by row.
            card = Card(card_id, name, dict(attrs), dict(extra), source=(self.index, 0))
            if copy == 1 and not self.unique(row, card):
                return
            yield card

    def card_id(self, row: int, given: str, values: dict[str, Any], copy: int, total: int) -> str | None:
        if given:
            card_id = given if total == 1 else f"{given}-{copy}"
            column: str | None = "id"
        else:
            template = self.group.id or ""
            try:
                names = template_names(template)
            except ValueError as exc:
                self.builder.fail(f"groups.{self.index}.id", str(exc))
                return None
            missing = [n for n in names if n not in values]
            if missing:
                self.fail(row, "id", f"empty, and the id template names fields this row lacks: {', '.join(missing)}")
                return None
            card_id = fill_template(template if total == 1 or "copy" in names else template + "-{copy}", values)
            column = "id" if "id" in self.table.header else None
        if not is_safe_id(card_id):
            self.fail(row, column or "id", f"makes the card id {shown(card_id)} (expected an id of {SAFE_ID_WORDS})")
            return None
        return card_id

    def card_name(self, row: int, values: dict[str, Any]) -> str | None:
        template = self.group.name or self.builder.spec.name_format
        try:
            names = template_names(template)
        except ValueError as exc:
            self.builder.fail(f"groups.{self.index}.name" if self.group.name else "name_format", str(exc))
            return None
        missing = [n for n in names if n not in values]
        if missing:
            self.fail(row, "name", f"empty, and the name template names fields this row lacks: {', '.join(missing)}")
            return None
        return fill_template(template, values)

    def unique(self, row: int, card: Card) -> bool:
        """Ids are unique, and two rows that make the same card are one row with copies."""
        base = card.id
        earlier = self.ids.setdefault(base, row)
        if earlier != row:
            self.fail(row, "id", f"duplicate card id {base!r} (also {self.table.where(earlier)}; ids must be unique)")
            return False
        signature = (card.name, card.signature())
        earlier = self.signatures.setdefault(signature, row)
        if earlier != row:
            self.fail(row, None, f"the same card as {self.table.where(earlier)} (give that row copies instead)")
            return False
        return True


def _cell_text(cell: Cell) -> str:
    if cell is None or isinstance(cell, bool):
        return "" if cell is None else _text(cell)
    return str(cell).strip()


def source_cards(builder: CardBuilder, index: int, group: CardGroup) -> list[Card]:
    """The cards of a group with a `source`, or none (the builder holds the problems)."""
    where = f"groups.{index}.source"
    source = group.source or ""
    if has_control(source):
        builder.fail(where, f"found {shown(source)} (expected a file name without control characters)")
        return []
    if not source.lower().endswith(SUFFIXES):
        builder.fail(where, f"found {shown(source)} (expected a .csv, .xlsx, .yaml or .yml file)")
        return []
    if group.sheet is not None and not source.lower().endswith(".xlsx"):
        builder.fail(f"groups.{index}.sheet", "only an .xlsx source has sheets (remove sheet:)")
        return []
    try:
        contained(builder.path.parent / source, data_roots(builder.path), DataError)
    except DataError as exc:
        builder.fail(where, exc.problems[0])
        return []
    try:
        table = read_table(builder.path.parent / source, group.sheet)
    except DataError as exc:
        builder.problems.extend(exc.problems)
        return []
    return list(SourceReader(builder, index, group, table).cards())
