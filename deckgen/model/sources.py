"""Card data from the designer's spreadsheet: a deck group `source: cards.csv` (or .xlsx,
.yaml, .yml). The header row names the columns: declared attributes (their cells are
checked against the declared values), `id`, `name` and `copies` (special), and free fields.

Every problem names the file, the row as a spreadsheet numbers it (the header is row 1) and
the column: `cards.csv: row 7, column colour: value 'purpel' is not declared (...)`. A YAML
source is a list of mappings; its rows are named as field paths are (`3.colour`, from 0).
Files are only read, from inside the project; sizes and rows are bounded (`source_tables`
reads them into tables; this module turns the rows into cards).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any, Protocol

from deckgen.errors import DataError
from deckgen.fileio import SAFE_ID_WORDS, contained, is_safe_id
from deckgen.model.common import template_names
from deckgen.model.deck_data import Card, Scalar
from deckgen.model.deck_spec import (
    MAX_CARDS, MAX_NAME_LENGTH, PLAIN_NAME, AttributeSpec, CardGroup, DeckSpec, fill_template, has_control,
)
from deckgen.model.source_tables import SUFFIXES, Cell, Table, blank_cells, read_table
from deckgen.model.wording import field_path, problem, shown
from deckgen.paths import data_roots


class CardBuilder(Protocol):
    """What a source needs of the deck builder it adds cards to (deck.DeckBuilder)."""

    spec: DeckSpec
    path: Path
    problems: list[str]
    attributes: dict[str, AttributeSpec]

    def fail(self, where: str, message: str) -> None: ...

    def derived_fields(self, attrs: dict[str, Scalar | None]) -> dict[str, Any]: ...


#: Columns with a meaning of their own; every other column is an attribute or a free field.
SPECIAL_COLUMNS = ("id", "name", "copies")


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
            if len(cells) > len(columns.names) and not blank_cells(cells[len(columns.names):]):
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
