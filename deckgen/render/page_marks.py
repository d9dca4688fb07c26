"""What a printed page carries besides its cards: crop marks on every cut line, outside every
card's trim, and the footer (what the page is, how to print it) placed between them. Card
sheets draw them on every page, and so do the quick references laid out as cards."""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from deckgen.model.geometry import (
    DESCENT,
    FOOTER_LIFT,
    FOOTER_SIZES,
    MM_TO_PT,
    SheetLayout,
    Slot,
    footer_height,
    footer_room,
    mark_lines,
)
from deckgen.render import fonts

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

#: Crop mark line width in points (hairline that still prints on home printers).
MARK_WIDTH = 0.3
#: Marks keep this much room (mm) either side of them free of footer text.
MARK_ROOM = 1.0


def draw_crop_marks(canvas: Canvas, layout: SheetLayout, slots: list[Slot], colour: Color | None = None) -> None:
    """Marks on every cut line of the given slots, outside every card's trim, so a trimmer
    never cuts through a mark's ink into a card: in the margins, and over the outer bleed
    (with a white edge, to show on any art) on a side whose margin prints too little."""
    strokes, crossing = _mark_strokes(layout, tuple(slots))
    if not strokes:
        return
    canvas.setDash([])
    if crossing:
        canvas.setStrokeColorRGB(1, 1, 1)  # the white edge under marks that cross the bleed
        canvas.setLineWidth(3 * MARK_WIDTH)
        canvas.addLiteral(strokes)
    if colour is None:
        canvas.setStrokeColorRGB(0, 0, 0)
    else:
        canvas.setStrokeColor(colour)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.addLiteral(strokes)


@lru_cache(maxsize=64)
def _mark_strokes(layout: SheetLayout, slots: tuple[Slot, ...]) -> tuple[str, bool]:
    """The marks of some slots as the path canvas.lines writes for them ("" for none), and
    whether they cross the outer bleed: worked out once per arrangement of slots, which
    every full front page shares, and every full back page."""
    from reportlab.lib.rl_accel import fp_str

    lines, crossing = mark_lines(layout, list(slots))
    if not lines:
        return "", False
    points = [tuple(v * MM_TO_PT for v in line) for line in lines]
    return "\n".join(["n", *(f"{fp_str(x0, y0)} m {fp_str(x1, y1)} l" for x0, y0, x1, y1 in points), "S"]), crossing


def footer_lines(layout: SheetLayout, slots: list[Slot],
                 parts: list[str]) -> tuple[float, float, list[tuple[float, str]]]:
    """Where the footer goes: its font size, the bottom of its text (mm from the page's
    bottom) and (centre x in mm, text) lines on one baseline between the crop marks. It
    sits in the bottom margin, or in the top one where the cards leave no room below (the
    back of a page whose grid was moved up for the front's footer). Parts are joined while
    they fit the gap they are in; the size shrinks until all fit. ([], when neither margin
    has room.)"""
    margin = layout.printable_margin
    room_below = min(s.y - s.bleed_bottom for s in slots) - margin
    room_above = layout.page_height - margin - max(s.y + layout.card.height + s.bleed_top for s in slots)
    cuts = layout.cut_lines()[0] if layout.marks.show else []
    edges = [margin] + [v for x in cuts for v in (x - MARK_ROOM, x + MARK_ROOM)] + [layout.page_width - margin]
    gaps = [(a, b) for a, b in zip(edges[::2], edges[1::2]) if b - a > 5]
    for size in FOOTER_SIZES:
        room = footer_room(size, layout.marks.gap)
        if room <= room_below + 1e-6:
            bottom = margin + FOOTER_LIFT
        elif room <= room_above + 1e-6:
            bottom = layout.page_height - margin - FOOTER_LIFT - footer_height(size)
        else:
            continue
        placed: list[tuple[float, str]] = []
        queue = list(parts)
        for start, end in gaps:
            line: list[str] = []
            while queue and fonts.text_width(" · ".join(line + queue[:1]), fonts.REGULAR, size) / MM_TO_PT <= end - start:
                line.append(queue.pop(0))
            if line:
                placed.append(((start + end) / 2, " · ".join(line)))
        if not queue:
            return size, bottom, placed
    return 0.0, 0.0, []


def draw_footer(canvas: Canvas, layout: SheetLayout, slots: list[Slot], parts: list[str]) -> None:
    """The footer of a printed page (what it is, how to print it), where footer_lines puts it."""
    size, bottom, lines = footer_lines(layout, slots, parts)
    canvas.setFillColorRGB(0.35, 0.35, 0.35)
    for centre, text in lines:
        canvas.setFont(fonts.REGULAR, size)
        canvas.drawCentredString(centre * MM_TO_PT, bottom * MM_TO_PT + DESCENT * size, text)
