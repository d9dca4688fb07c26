"""Sheet layouts as data: the paper, the card slots, gutters, bleed, marks and duplex of a
print sheet, read from YAML (`decks/sheets/<name>.yaml` ships the built-ins; a user names
a file of their own). `docs/sheet-format.md` describes the format.

`load_sheet(name_or_path)` validates a file, reporting every problem as
`file: field: problem`; `SheetSpec.layout(card, path)` places a card size on the sheet and
reports slots that overlap, leave the page or the printable area the same way.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Literal

from pydantic import Field, FiniteFloat, field_validator, model_validator

from deckgen.errors import DataError, DeckgenError, UnknownName
from deckgen.fileio import is_safe_id
from deckgen.model.common import StrictModel, read_yaml, validate
from deckgen.model.geometry import (
    FOOTER_SIZES,
    CardGeometry,
    MarkSettings,
    SheetLayout,
    fitting_count,
    footer_room,
    grid_trims,
    parse_card_size,
    parse_paper,
    with_bleed,
)
from deckgen.model.wording import problem

#: The most slots one page may hold (a 20 x 20 grid of tiny cards is already absurd).
MAX_SLOTS = 400


class GridSpec(StrictModel):
    """A centred grid of `columns` x `rows` slots."""

    columns: int = Field(ge=1, le=20)
    rows: int = Field(ge=1, le=20)


class MarksSpec(StrictModel):
    """Crop marks at both ends of every cut line ("lines"), also where the cut lines cross
    the gutters ("gutters"), or none."""

    style: Literal["lines", "gutters", "none"] = "lines"
    length: float = Field(default=5.0, ge=1.0, le=20.0)
    gap: float = Field(default=1.0, ge=0.0, le=10.0)


class SheetSpec(StrictModel):
    """One sheet file. Lengths are in millimetres; slot positions are trim corners measured
    from the page's top-left corner."""

    name: str = Field(min_length=1, max_length=120)
    description: str = Field(default="", max_length=2000)
    paper: str = Field(min_length=1, max_length=40)
    #: "any": whichever way round holds more cards (portrait when equal); needs an auto grid.
    orientation: Literal["portrait", "landscape", "any"] = "portrait"
    #: The card size the slots are for, or "any" (then the grid is auto-fitted or fixed).
    card: str = Field(default="any", min_length=1, max_length=40)
    grid: GridSpec | Literal["auto"] | None = None
    slots: list[tuple[FiniteFloat, FiniteFloat]] | None = Field(default=None, min_length=1, max_length=MAX_SLOTS)
    #: Space between neighbouring trims: one number, or [between columns, between rows].
    gutter: float | tuple[float, float] = 4.0
    #: Bleed each card shows (at most the card's own, and half the gutter between cards).
    bleed: float = Field(default=2.0, ge=0.0, le=10.0)
    marks: MarksSpec = MarksSpec()
    footer: bool = True
    #: The paper edge a duplex printer flips on for the backs.
    duplex: Literal["long-edge", "short-edge"] = "long-edge"
    #: How much of each paper edge a printer leaves blank: trims and marks stay inside it.
    printable_margin: float = Field(default=4.2, ge=0.0, le=30.0)

    @field_validator("paper")
    @classmethod
    def _paper(cls, value: str) -> str:
        _as_value_error(parse_paper, value)
        return value

    @field_validator("card")
    @classmethod
    def _card(cls, value: str) -> str:
        if value != "any":
            _as_value_error(parse_card_size, value)
        return value

    @field_validator("gutter")
    @classmethod
    def _gutter(cls, value: float | tuple[float, float]) -> float | tuple[float, float]:
        for one in value if isinstance(value, tuple) else (value,):
            if not 0 <= one <= 50:
                raise ValueError(f"{one:g} mm is out of range (expected 0 to 50 mm)")
        return value

    @model_validator(mode="after")
    def _slots_or_grid(self) -> SheetSpec:
        if self.slots is not None and self.grid is not None:
            raise ValueError("give either grid or slots, not both")
        if self.orientation == "any" and (self.slots is not None or isinstance(self.grid, GridSpec)):
            raise ValueError("orientation any is for an auto grid (drop grid and slots, or choose an orientation)")
        if self.slots is not None and self.card == "any":
            raise ValueError("explicit slots are for one card size: set card (e.g. poker or 63.5x88.9)")
        return self

    def paper_size(self, card: CardGeometry) -> tuple[float, float]:
        """(width, height) in mm, turned for the orientation (for "any", the way round that
        holds more cards of this size)."""
        width, height = parse_paper(self.paper)
        portrait = (min(width, height), max(width, height))
        landscape = (portrait[1], portrait[0])
        if self.orientation == "any":
            gutter = self.gutters()
            held = [self._fitting(page, card, gutter) for page in (portrait, landscape)]
            return landscape if held[1][0] * held[1][1] > held[0][0] * held[0][1] else portrait
        return landscape if self.orientation == "landscape" else portrait

    def gutters(self) -> tuple[float, float]:
        return self.gutter if isinstance(self.gutter, tuple) else (self.gutter, self.gutter)

    def mirror_axis(self, page: tuple[float, float]) -> str:
        """Flipping a portrait page on its long edge turns it about a vertical axis: backs
        mirror the columns. A landscape page, or a short-edge flip, mirrors the rows."""
        width, height = page
        about_vertical = (self.duplex == "long-edge") == (height >= width)
        return "columns" if about_vertical else "rows"

    def duplex_hint(self) -> str:
        return "flip on the long edge" if self.duplex == "long-edge" else "flip on the short edge"

    def layout(self, card: CardGeometry, path: Path | str) -> SheetLayout:
        """Place cards of one size on this sheet, or a DataError naming the file and field:
        a card size the sheet is not for, slots off the page, outside the printable margin
        or overlapping a neighbour's trim."""
        if self.card != "any":
            width, height = parse_card_size(self.card)
            if abs(width - card.width) > 0.05 or abs(height - card.height) > 0.05:
                raise DataError(problem(path, "card", f"the sheet is for {self.card} cards ({width:g} x {height:g} "
                                        f"mm), not {card.width:g} x {card.height:g} mm (choose another --sheet)"))
        page = self.paper_size(card)
        gutter = self.gutters()
        if self.slots is not None:  # trim corners from the top-left, turned to PDF coordinates
            trims = [(x, page[1] - y - card.height) for x, y in self.slots]
            field = "slots"
        else:
            columns, rows = self._grid(page, card, gutter, path)
            trims = grid_trims(page, card, columns, rows, gutter)
            if trims and not isinstance(self.grid, GridSpec):  # up from the centre if the footer needs it
                lift = min(self.printable_margin + self._footer_room() - min(y for _, y in trims),
                           page[1] - self.printable_margin - card.height - max(y for _, y in trims))
                trims = [(x, y + max(0.0, lift)) for x, y in trims]
            field = "grid"
        layout = SheetLayout(
            page[0], page[1], card, with_bleed(card, trims, self.bleed), mirror=self.mirror_axis(page),
            printable_margin=self.printable_margin,
            marks=MarkSettings(self.marks.style != "none", self.marks.length, self.marks.gap,
                               gutters=self.marks.style == "gutters"),
            footer=self.footer, bleed=self.bleed,
        )
        problems = slot_problems(layout)
        if problems:
            raise DataError(*(problem(path, field, p) for p in problems))
        return layout

    def _footer_room(self) -> float:
        """What the footer's smallest line takes (mm) between the printable edge and the
        cards' shown bleed; 0 for a sheet without a footer."""
        if not self.footer:
            return 0.0
        return self.bleed + footer_room(FOOTER_SIZES[-1], self.marks.gap)

    def _fitting(self, page: tuple[float, float], card: CardGeometry, gutter: tuple[float, float]) -> tuple[int, int]:
        """As many columns and rows as fit inside the printable margin, leaving room for the
        footer's smallest line under them (it says how to print the backs: a page without it
        is easy to misprint), unless a card fits only without it."""
        room_w, room_h = (side - 2 * self.printable_margin for side in page)
        rows = fitting_count(room_h - self._footer_room(), card.height, gutter[1])
        return fitting_count(room_w, card.width, gutter[0]), rows or fitting_count(room_h, card.height, gutter[1])

    def _grid(self, page: tuple[float, float], card: CardGeometry, gutter: tuple[float, float],
              path: Path | str) -> tuple[int, int]:
        """Columns and rows: as given (checked against the printable area), or as many as fit."""
        if not isinstance(self.grid, GridSpec):
            return self._fitting(page, card, gutter)
        room_w, room_h = (side - 2 * self.printable_margin for side in page)
        problems = []
        for count, trim, gap, room, what in ((self.grid.columns, card.width, gutter[0], room_w, "columns"),
                                             (self.grid.rows, card.height, gutter[1], room_h, "rows")):
            need = count * trim + (count - 1) * gap
            if need > room + 1e-6:
                problems.append(problem(path, f"grid.{what}", f"{count} {what} of {trim:g} mm cards, {gap:g} mm "
                                        f"apart, take {need:g} mm; the printable area has {room:g} mm"))
        if problems:
            raise DataError(*problems)
        return self.grid.columns, self.grid.rows


def _as_value_error(parse: Callable[[str], object], value: str) -> None:
    """Run a size parser inside a validator: its DeckgenError becomes the field's problem."""
    try:
        parse(value)
    except DeckgenError as exc:
        raise ValueError(exc.problems[0]) from None


def slot_problems(layout: SheetLayout) -> list[str]:
    """What keeps a layout from printing: no slot, a trim outside the printable area, two
    trims overlapping."""
    if not layout.slots:
        return [(f"a {layout.card.width:g} x {layout.card.height:g} mm card does not fit on the "
                f"{layout.page_width:g} x {layout.page_height:g} mm page inside the printable margin "
                "(use a smaller card or larger paper)")]
    card, margin = layout.card, layout.printable_margin
    problems = []
    for index, s in enumerate(layout.slots, start=1):
        if (s.x < margin - 1e-6 or s.y < margin - 1e-6 or s.x + card.width > layout.page_width - margin + 1e-6
                or s.y + card.height > layout.page_height - margin + 1e-6):
            problems.append(f"slot {index}: the card's trim leaves the printable area ({margin:g} mm from each "
                            f"edge of the {layout.page_width:g} x {layout.page_height:g} mm page)")
    for index, a in enumerate(layout.slots, start=1):
        for other, b in enumerate(layout.slots[index:], start=index + 1):
            if abs(a.x - b.x) < card.width - 1e-6 and abs(a.y - b.y) < card.height - 1e-6:
                problems.append(f"slots {index} and {other} overlap")
    return problems


#: The built-in sheets ship with deckgen, whichever project or decks a run reads.
SHIPPED_SHEETS = Path(__file__).resolve().parents[2] / "decks" / "sheets"



def sheet_names() -> list[str]:
    """Names of the built-in sheets (files of decks/sheets/)."""
    return sorted(p.stem for p in SHIPPED_SHEETS.glob("*.yaml"))


def load_sheet_file(path: Path) -> SheetSpec:
    return validate(SheetSpec, read_yaml(path), path)


@cache
def _builtin(name: str) -> SheetSpec:
    return load_sheet_file(SHIPPED_SHEETS / f"{name}.yaml")


def load_sheet(name_or_path: str) -> tuple[SheetSpec, Path]:
    """A built-in sheet by name, or a sheet file by path (anything with a '/' or '.yaml')."""
    if "/" in name_or_path or name_or_path.endswith((".yaml", ".yml")):
        path = Path(name_or_path)
        return load_sheet_file(path), path
    if not is_safe_id(name_or_path) or not (SHIPPED_SHEETS / f"{name_or_path}.yaml").is_file():
        raise UnknownName(f"unknown sheet {name_or_path!r} (built-in sheets: {', '.join(sheet_names())}; "
                          "or give the path of a sheet file)")
    return _builtin(name_or_path), SHIPPED_SHEETS / f"{name_or_path}.yaml"


def default_sheet(paper: str, card: CardGeometry) -> str:
    """The built-in sheet for a paper and card size: the poker sheet of that paper, or the
    paper's auto-fitted grid for any other card."""
    base = paper.lower()
    if base not in ("a4", "letter"):
        raise DeckgenError(f"unknown paper {paper!r} (expected a4 or letter; --sheet takes other sizes)")
    poker = parse_card_size("poker")
    if abs(card.width - poker[0]) < 0.05 and abs(card.height - poker[1]) < 0.05:
        return {"a4": "a4-9up", "letter": "letter-8up"}[base]
    return base
