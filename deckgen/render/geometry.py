"""Card and paper sizes and the imposition of cards on print sheets, all in millimetres.

Layout decision (documented for users in `deckgen render cards --help`):

* Cards are placed in a grid centred on the page. When the grid still fits with every card
  keeping its own bleed (bleeds touching, two cuts between neighbours), that "separate"
  layout is used. Otherwise cards abut at their trim lines ("shared" cut lines: one cut
  between neighbours) and only the outer edge of the grid carries bleed. Poker cards on A4
  and Letter need the shared layout to fit nine per page.
* The margin outside the bleed must leave room for crop marks (`MARK_ZONE`): marks start
  `MARK_GAP` outside the bleed, unless the margin is too narrow to print them (see
  `PRINTER_MARGIN`); they never touch a card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckgen.errors import DeckgenError

MM_TO_PT = 72.0 / 25.4
#: Crop marks start this far outside the art (bleed edge) ...
MARK_GAP = 1.0
#: ... and need at least this much margin outside the bleed in total.
MARK_ZONE = 3.0
#: Crop marks are at most this long.
MARK_LENGTH = 5.0
#: Desktop printers leave up to about this much of the paper's edge blank ...
PRINTER_MARGIN = 4.0
#: ... so where a mark in the margin would show less ink than this inside the printable
#: area (poker cards nine to a Letter page have 3.4 mm above and below the bleed), it also
#: reaches in over the outer bleed, which is cut away, stopping this far short of the trim.
MIN_VISIBLE_MARK = 2.0
TRIM_CLEARANCE = 0.5

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "letter": (215.9, 279.4),
}

#: Named card sizes (trim, portrait, mm). Poker and bridge are the inch sizes print shops use
#: (2.5 x 3.5 in and 2.25 x 3.5 in, sold as "63 x 88" and "57 x 89" mm).
CARD_SIZES: dict[str, tuple[float, float]] = {
    "poker": (63.5, 88.9),
    "bridge": (57.15, 88.9),
    "mini": (41.0, 63.0),
    "tarot": (70.0, 120.0),
}

DEFAULT_BLEED = 3.0


@dataclass(frozen=True, slots=True)
class CardGeometry:
    """A card as designed: trim size, bleed around it and the safe area inset inside the trim."""

    width: float
    height: float
    bleed: float = DEFAULT_BLEED

    @property
    def full_width(self) -> float:
        return self.width + 2 * self.bleed

    @property
    def full_height(self) -> float:
        return self.height + 2 * self.bleed

    @property
    def safe_inset(self) -> float:
        """Distance of the safe area from the trim: cutters drift by up to about 3 mm."""
        return round(max(2.5, min(self.width, self.height) * 0.055), 3)

    def safe_box(self) -> tuple[float, float, float, float]:
        """Safe area (x, y, w, h) in the card's SVG coordinates (origin at the bleed corner)."""
        inset = self.bleed + self.safe_inset
        return (inset, inset, self.full_width - 2 * inset, self.full_height - 2 * inset)


@dataclass(frozen=True, slots=True)
class Slot:
    """Where one card lands on a page: its trim box and which sides show bleed."""

    row: int
    column: int
    x: float  # left of the trim box, from the page's left edge
    y: float  # bottom of the trim box, from the page's bottom edge (PDF convention)
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """A grid of cards on one page size; slots are in reading order (row by row, top first)."""

    page_width: float
    page_height: float
    card: CardGeometry
    columns: int
    rows: int
    shared_cuts: bool

    @property
    def per_page(self) -> int:
        return self.columns * self.rows

    @property
    def pitch_x(self) -> float:
        return self.card.width + (0 if self.shared_cuts else 2 * self.card.bleed)

    @property
    def pitch_y(self) -> float:
        return self.card.height + (0 if self.shared_cuts else 2 * self.card.bleed)

    @property
    def grid_width(self) -> float:
        """Width of everything printed: trims plus the bleed that is shown."""
        return self.columns * self.pitch_x + (2 * self.card.bleed if self.shared_cuts else 0)

    @property
    def grid_height(self) -> float:
        return self.rows * self.pitch_y + (2 * self.card.bleed if self.shared_cuts else 0)

    @property
    def art_box(self) -> tuple[float, float, float, float]:
        """The printed area (x0, y0, x1, y1): crop marks stay outside it."""
        x0 = (self.page_width - self.grid_width) / 2
        y0 = (self.page_height - self.grid_height) / 2
        return (x0, y0, x0 + self.grid_width, y0 + self.grid_height)

    def slot(self, index: int, mirrored: bool = False) -> Slot:
        """Slot `index` of a page; mirrored reverses columns for long-edge duplex backs."""
        row, column = divmod(index, self.columns)
        if mirrored:
            column = self.columns - 1 - column
        b = self.card.bleed
        x0, _, _, y1 = self.art_box
        x = x0 + b + column * self.pitch_x
        top = y1 - b - row * self.pitch_y
        y = top - self.card.height
        if not self.shared_cuts:
            return Slot(row, column, x, y, b, b, b, b)
        return Slot(
            row,
            column,
            x,
            y,
            bleed_left=b if column == 0 else 0.0,
            bleed_right=b if column == self.columns - 1 else 0.0,
            bleed_bottom=b if row == self.rows - 1 else 0.0,
            bleed_top=b if row == 0 else 0.0,
        )

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts (deduplicated)."""
        xs: set[float] = set()
        ys: set[float] = set()
        for index in range(self.per_page):
            s = self.slot(index)
            xs.update((round(s.x, 4), round(s.x + self.card.width, 4)))
            ys.update((round(s.y, 4), round(s.y + self.card.height, 4)))
        return sorted(xs), sorted(ys)


def parse_paper(name: str) -> tuple[float, float]:
    """Paper size in mm by name (a4, letter)."""
    size = PAPERS.get(name.lower())
    if size is None:
        raise DeckgenError(f"unknown paper {name!r} (expected one of: {', '.join(PAPERS)})")
    return size


_CUSTOM = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*(mm|in)?\s*$", re.IGNORECASE)
#: Millimetres per unit a custom size may be given in; no unit means millimetres.
UNITS = {"mm": 1.0, "in": 25.4}


def parse_card_size(text: str) -> tuple[float, float]:
    """Card trim size in mm: a name (poker, bridge, mini, tarot) or `WxH` in mm (60x90,
    63x88mm) or inches (2.5x3.5in), the unit print shops outside metric countries use."""
    named = CARD_SIZES.get(text.lower())
    if named is not None:
        return named
    match = _CUSTOM.match(text)
    if not match:
        raise DeckgenError(
            f"unknown card size {text!r} (expected {', '.join(CARD_SIZES)}, WxH in mm such as 60x90 "
            "or 63x88mm, or WxH in inches such as 2.5x3.5in)"
        )
    per_unit = UNITS[(match.group(3) or "mm").lower()]
    width, height = round(float(match.group(1)) * per_unit, 4), round(float(match.group(2)) * per_unit, 4)
    if not (20 <= width <= 200 and 20 <= height <= 300):
        raise DeckgenError(
            f"card size {text!r} is out of range (each side 20-200 mm wide, 20-300 mm high; "
            "0.8-7.9 in wide, 0.8-11.8 in high)"
        )
    return width, height


def plan_sheet(paper: tuple[float, float], card: CardGeometry) -> SheetLayout:
    """Fit as many cards as possible on the page, preferring separate bleeds when free."""
    if not card.bleed >= 0:  # also catches NaN
        raise DeckgenError(f"bleed must be 0 mm or more (got {card.bleed:g})")
    if card.bleed > 10:
        raise DeckgenError(f"bleed of {card.bleed:g} mm is too large (at most 10 mm)")
    page_w, page_h = paper
    room_w = page_w - 2 * MARK_ZONE
    room_h = page_h - 2 * MARK_ZONE
    b = card.bleed

    def count(room: float, trim: float, shared: bool) -> int:
        if shared:
            return max(0, int((room - 2 * b + 1e-9) // trim))
        return max(0, int((room + 1e-9) // (trim + 2 * b)))

    shared = (count(room_w, card.width, True), count(room_h, card.height, True))
    separate = (count(room_w, card.width, False), count(room_h, card.height, False))
    if shared[0] * shared[1] == 0:
        raise DeckgenError(
            f"a {card.width:g} x {card.height:g} mm card with {b:g} mm bleed does not fit on a "
            f"{page_w:g} x {page_h:g} mm page with room for crop marks"
        )
    if separate[0] * separate[1] >= shared[0] * shared[1]:
        return SheetLayout(page_w, page_h, card, separate[0], separate[1], shared_cuts=False)
    return SheetLayout(page_w, page_h, card, shared[0], shared[1], shared_cuts=True)
