"""Card and paper sizes and the imposition of cards on print sheets, all in millimetres.

A `SheetLayout` is a page with card slots (trim boxes and the bleed each shows), the
printable margin, the crop-mark settings and how backs mirror for duplex. Sheet files
(`deckgen.model.sheet`) build one from data; `plan_sheet` fits a plain grid for player aids.

* Slots with a gutter show each card's bleed up to half the gutter on the inner sides, so a
  cut that misses the trim shows the card's own bleed, never a neighbour's colour. With no
  gutter, neighbours abut at the trim ("shared" cuts) and only the outside shows bleed.
* Crop marks sit on every cut line outside all cards; where a margin leaves less than
  `MIN_VISIBLE_MARK` of printable paper they reach in over the outer bleed, stopping
  `TRIM_CLEARANCE` short of the trim. They never leave the printable area.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from deckgen.errors import DeckgenError

#: Height above the baseline and depth below it of inked glyphs, as a fraction of the font
#: size (DejaVu Sans: ascenders 0.76, descenders 0.24); used by the safe-area check.
ASCENT = 0.76
DESCENT = 0.24

MM_TO_PT = 72.0 / 25.4
#: Footer text sizes tried in turn (points), and its distance from the printable edge (mm).
FOOTER_SIZES = (6.0, 5.0, 4.5)
FOOTER_LIFT = 0.8
#: Crop marks start this far outside the art (bleed edge) ...
MARK_GAP = 1.0
#: ... and need at least this much margin outside the bleed in total.
MARK_ZONE = 3.0
#: Crop marks are at most this long.
MARK_LENGTH = 5.0
#: Desktop printers leave up to about this much of the paper's edge blank ...
PRINTER_MARGIN = 4.2
#: ... so where a mark in the margin would show less ink than this inside the printable
#: area, it reaches in over the outer bleed, which is cut away, stopping this far short of
#: the trim.
MIN_VISIBLE_MARK = 2.0
TRIM_CLEARANCE = 0.5
#: Gutter marks are drawn only where at least this much (mm) of them fits.
MIN_GUTTER_MARK = 1.0

PAPERS: dict[str, tuple[float, float]] = {
    "a4": (210.0, 297.0),
    "a3": (297.0, 420.0),
    "letter": (215.9, 279.4),
    "legal": (215.9, 355.6),
    "tabloid": (279.4, 431.8),
}
MM_PER_INCH = 25.4

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
    """Where one card lands on a page: its trim box and how much bleed shows on each side."""

    x: float  # left of the trim box, from the page's left edge
    y: float  # bottom of the trim box, from the page's bottom edge (PDF convention)
    bleed_left: float
    bleed_right: float
    bleed_bottom: float
    bleed_top: float

    def mirrored(self, page: float, card: float, axis: str) -> Slot:
        """The slot reflected across the page's vertical ("columns") or horizontal axis."""
        if axis == "columns":
            return Slot(page - self.x - card, self.y, self.bleed_right, self.bleed_left, self.bleed_bottom,
                        self.bleed_top)
        return Slot(self.x, page - self.y - card, self.bleed_left, self.bleed_right, self.bleed_top,
                    self.bleed_bottom)

    def shifted(self, dx: float, dy: float) -> Slot:
        return Slot(self.x + dx, self.y + dy, self.bleed_left, self.bleed_right, self.bleed_bottom, self.bleed_top)


@dataclass(frozen=True, slots=True)
class MarkSettings:
    """Crop marks: drawn or not, their length and their distance from the printed art."""

    show: bool = True
    length: float = MARK_LENGTH
    gap: float = MARK_GAP
    #: Also mark the cut lines where they cross the gutters between cards.
    gutters: bool = False


@dataclass(frozen=True, slots=True)
class SheetLayout:
    """Card slots on one page, in reading order (the order cards fill them), with what
    surrounds them: printable margin, crop marks, footer, and the duplex mirror axis."""

    page_width: float
    page_height: float
    card: CardGeometry
    slots: tuple[Slot, ...]
    #: Back pages reflect the fronts across this axis: "columns" (a vertical axis) or "rows".
    mirror: str = "columns"
    printable_margin: float = PRINTER_MARGIN
    marks: MarkSettings = MarkSettings()
    footer: bool = True
    #: The bleed cards show where no neighbour is close (see `with_bleed`).
    bleed: float = 0.0

    @property
    def per_page(self) -> int:
        return len(self.slots)

    def page_slots(self, occupied: int, back: bool) -> list[Slot]:
        """The first `occupied` slots of a front (or back) page, showing bleed also on
        sides whose neighbour slot stays empty on this page."""
        slots = with_bleed(self.card, [(s.x, s.y) for s in self.slots[:occupied]], self.bleed)
        return [self.reflected(s) for s in slots] if back else list(slots)

    def slot(self, index: int, mirrored: bool = False) -> Slot:
        """Slot `index` of a front page, or of its back page (reflected for duplex)."""
        return self.reflected(self.slots[index]) if mirrored else self.slots[index]

    def reflected(self, slot: Slot) -> Slot:
        """Where the back of the card in a front slot lands on the back page."""
        if self.mirror == "columns":
            return slot.mirrored(self.page_width, self.card.width, "columns")
        return slot.mirrored(self.page_height, self.card.height, "rows")

    def cut_lines(self) -> tuple[list[float], list[float]]:
        """x positions of vertical cuts and y positions of horizontal cuts (deduplicated)."""
        return cut_lines(self.card, list(self.slots))


def art_box(card: CardGeometry, slots: list[Slot]) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) around the trims and shown bleeds of some slots."""
    return (
        min(s.x - s.bleed_left for s in slots),
        min(s.y - s.bleed_bottom for s in slots),
        max(s.x + card.width + s.bleed_right for s in slots),
        max(s.y + card.height + s.bleed_top for s in slots),
    )


def cut_lines(card: CardGeometry, slots: list[Slot]) -> tuple[list[float], list[float]]:
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + card.width)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + card.height)})
    return xs, ys


def grid_trims(
    page: tuple[float, float], card: CardGeometry, columns: int, rows: int, gutter: tuple[float, float]
) -> list[tuple[float, float]]:
    """Lower-left trim corners of a grid centred on the page, rows top first."""
    width = columns * card.width + (columns - 1) * gutter[0]
    height = rows * card.height + (rows - 1) * gutter[1]
    left = (page[0] - width) / 2
    top = (page[1] + height) / 2
    return [(left + column * (card.width + gutter[0]), top - row * (card.height + gutter[1]) - card.height)
            for row in range(rows) for column in range(columns)]


def with_bleed(card: CardGeometry, trims: list[tuple[float, float]], bleed: float) -> tuple[Slot, ...]:
    """Slots at the trims, each showing `bleed` (at most the card's own) on every side, cut
    back to half the distance to a neighbour's trim: neighbours' bleeds never overlap, and
    cards abutting at the trim show none between them."""
    shown = min(bleed, card.bleed)
    w, h = card.width, card.height
    slots = []
    for index, (x, y) in enumerate(trims):
        left = right = bottom = top = shown
        for other, (ox, oy) in enumerate(trims):
            if other == index:
                continue
            if oy < y + h - 1e-6 and y < oy + h - 1e-6:  # side by side
                if ox >= x + w - 1e-6:
                    right = min(right, max(0.0, ox - x - w) / 2)
                elif ox + w <= x + 1e-6:
                    left = min(left, max(0.0, x - ox - w) / 2)
            if ox < x + w - 1e-6 and x < ox + w - 1e-6:  # one above the other
                if oy >= y + h - 1e-6:
                    top = min(top, max(0.0, oy - y - h) / 2)
                elif oy + h <= y + 1e-6:
                    bottom = min(bottom, max(0.0, y - oy - h) / 2)
        slots.append(Slot(x, y, left, right, bottom, top))
    return tuple(slots)


def fitting_count(room: float, trim: float, gutter: float) -> int:
    """How many trims of one size, `gutter` apart, fit in `room` mm."""
    return max(0, int((room + gutter + 1e-9) // (trim + gutter)))


def mark_lines(layout: SheetLayout, slots: list[Slot]) -> tuple[list[tuple[float, float, float, float]], bool]:
    """The crop marks of some slots as lines (x0, y0, x1, y1) in mm, and whether any of them
    crosses the outer bleed (then they need a white edge to show on any art).

    On every cut line, at both ends: in the margin, `gap` outside the art, up to the
    printable edge; where too little of that prints, over the outer bleed instead."""
    if not layout.marks.show or not slots:
        return [], False
    card = layout.card
    x0, y0, x1, y1 = art_box(card, slots)
    xs, ys = cut_lines(card, slots)
    margin, gap, length = layout.printable_margin, layout.marks.gap, layout.marks.length
    crossing = False

    def span(art_edge: float, trim: float, page_edge: float) -> tuple[float, float] | None:
        """(start, end) of the marks on one side, along the axis, from the grid outward."""
        nonlocal crossing
        outward = 1.0 if page_edge > trim else -1.0
        limit = page_edge - outward * margin
        start = art_edge + outward * gap
        if outward * (limit - start) < MIN_VISIBLE_MARK:
            start = trim + outward * TRIM_CLEARANCE
            crossing = crossing or outward * (art_edge - start) > 0
        end = start + outward * min(length, outward * (limit - start))
        return (start, end) if outward * (end - start) > 0.2 else None

    lines = []
    top = span(y1, ys[-1], layout.page_height)
    bottom = span(y0, ys[0], 0.0)
    left = span(x0, xs[0], 0.0)
    right = span(x1, xs[-1], layout.page_width)
    for x in xs:
        lines += [(x, ends[0], x, ends[1]) for ends in (top, bottom) if ends is not None]
    for y in ys:
        lines += [(ends[0], y, ends[1], y) for ends in (left, right) if ends is not None]
    if layout.marks.gutters:
        inner = gutter_marks(card, slots)
        lines += inner
        crossing = crossing or bool(inner)
    return lines, crossing


def gutter_marks(card: CardGeometry, slots: list[Slot]) -> list[tuple[float, float, float, float]]:
    """Marks inside the gutters, on the cut lines that run across them, each stopping
    `TRIM_CLEARANCE` short of both trims: on the bleed that is cut away, they show where to
    cut a strip of cards once it is off the sheet and its margin marks are gone. Only
    between next neighbours (a gap narrower than a card)."""
    lines: set[tuple[float, float, float, float]] = set()
    w, h = card.width, card.height
    for a in slots:
        for b in slots:
            gap_x, gap_y = b.x - (a.x + w), b.y - (a.y + h)
            if abs(a.y - b.y) < 1e-6 and 2 * TRIM_CLEARANCE + MIN_GUTTER_MARK < gap_x < w:
                lines.update((round(a.x + w + TRIM_CLEARANCE, 4), round(y, 4), round(b.x - TRIM_CLEARANCE, 4),
                              round(y, 4)) for y in (a.y, a.y + h))
            if abs(a.x - b.x) < 1e-6 and 2 * TRIM_CLEARANCE + MIN_GUTTER_MARK < gap_y < h:
                lines.update((round(x, 4), round(a.y + h + TRIM_CLEARANCE, 4), round(x, 4),
                              round(b.y - TRIM_CLEARANCE, 4)) for x in (a.x, a.x + w))
    return sorted(lines)


_SIZE = re.compile(r"^\s*(\d+(?:\.\d+)?)\s*[xX]\s*(\d+(?:\.\d+)?)\s*(mm|in)?\s*$")


def parse_paper(name: str) -> tuple[float, float]:
    """Paper size in mm (portrait): a name (a4, a3, letter, legal, tabloid) or `WxH` in mm
    or inches (`216x279`, `8.5x11in`)."""
    size = PAPERS.get(name.lower())
    if size is not None:
        return size
    match = _SIZE.match(name)
    if not match:
        raise DeckgenError(f"unknown paper {name!r} (expected one of: {', '.join(PAPERS)}, or WxH in mm or in)")
    unit = MM_PER_INCH if match.group(3) == "in" else 1.0
    width, height = float(match.group(1)) * unit, float(match.group(2)) * unit
    if not (50 <= width <= 1200 and 50 <= height <= 1200):
        raise DeckgenError(f"paper {name!r} is out of range (each side 50-1200 mm)")
    return width, height


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


def plan_sheet(paper: tuple[float, float], card: CardGeometry, reserve: float = 0.0) -> SheetLayout:
    """The most cards of one size on a page with room for crop marks (and `reserve` mm of
    height left free, split above and below the centred grid, for a footer): separate bleeds
    when that costs no cards, else cards abutting at the trim (used for player aids)."""
    check_bleed(card.bleed)
    page_w, page_h = paper
    room_w = page_w - 2 * MARK_ZONE
    room_h = page_h - 2 * MARK_ZONE - reserve
    b = card.bleed
    separate = (fitting_count(room_w, card.full_width, 0.0), fitting_count(room_h, card.full_height, 0.0))
    shared = (fitting_count(room_w - 2 * b, card.width, 0.0), fitting_count(room_h - 2 * b, card.height, 0.0))
    if shared[0] * shared[1] == 0:
        raise DeckgenError(
            f"a {card.width:g} x {card.height:g} mm card with {b:g} mm bleed does not fit on a "
            f"{page_w:g} x {page_h:g} mm page with room for crop marks"
        )
    if separate[0] * separate[1] >= shared[0] * shared[1]:
        trims = grid_trims(paper, card, separate[0], separate[1], (2 * b, 2 * b))
        return SheetLayout(page_w, page_h, card, with_bleed(card, trims, b), bleed=b)
    trims = grid_trims(paper, card, shared[0], shared[1], (0.0, 0.0))
    return SheetLayout(page_w, page_h, card, with_bleed(card, trims, b), bleed=b)


def check_bleed(bleed: float) -> None:
    if not bleed >= 0:  # also catches NaN
        raise DeckgenError(f"bleed must be 0 mm or more (got {bleed:g})")
    if bleed > 10:
        raise DeckgenError(f"bleed of {bleed:g} mm is too large (at most 10 mm)")


def footer_height(size: float) -> float:
    """The height (mm) of a footer line of `size` points."""
    return size / MM_TO_PT * (ASCENT + DESCENT)


def footer_room(size: float, mark_gap: float) -> float:
    """What a footer line of `size` points takes (mm) between the printable edge and the
    cards' art: its lift off the edge, its height and the marks' gap from the art. One rule
    for the sheet that leaves the room and for the footer that is placed in it."""
    return FOOTER_LIFT + footer_height(size) + mark_gap
