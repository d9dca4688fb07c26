"""Print-and-play sheets: cards imposed on A4 or Letter with bleed, crop marks and duplex backs.

Public API (reused by booklets and quick references):

* `draw_card(canvas, svg_text, geometry, x, y, width, ...)`: draw one card face or back
  (SVG from `svg.card_svg` / `svg.back_svg`) with its trim box at (x, y), `width` points wide.
* `FONT`, `FONT_BOLD`: the registered, embedded reportlab font names (call
  `fonts.register_fonts()` or `draw_card` before using them on a canvas).
* `render_sheets(deck, options) -> bytes` and `write_sheets(deck, options, path)`.

Every card is drawn once, as a PDF Form XObject, and placed by reference; a back shared by
many cards is therefore stored once however many pages show it. Back pages mirror the
columns of their front page so that each back lands behind its front when the sheet is
printed double-sided, flipping on the long edge.
"""

from __future__ import annotations

import io
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DeckgenError
from deckgen.fileio import output_file, write_atomic
from deckgen.model.deck import Deck
from deckgen.render import fonts, painter, svg
from deckgen.render.geometry import (
    DEFAULT_BLEED,
    MARK_GAP,
    MARK_LENGTH,
    MIN_VISIBLE_MARK,
    MM_TO_PT,
    PRINTER_MARGIN,
    TRIM_CLEARANCE,
    CardGeometry,
    SheetLayout,
    Slot,
    parse_card_size,
    parse_paper,
    plan_sheet,
)

if TYPE_CHECKING:
    from reportlab.lib.colors import Color
    from reportlab.pdfgen.canvas import Canvas

FONT = fonts.REGULAR
FONT_BOLD = fonts.BOLD
#: Crop mark line width in points (hairline that still prints on home printers).
MARK_WIDTH = 0.3
#: How far (mm) a card's art reaches under a neighbour that is drawn over it afterwards.
SEAM_OVERLAP = 0.3
#: Footer text size in points, and the margin below the crop marks it needs, in mm.
FOOTER_SIZE = 6.0
FOOTER_ROOM = 4.0


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """What the user asked for on the command line (names and numbers, validated on use)."""

    paper: str = "a4"
    card_size: str = "poker"
    bleed: float = DEFAULT_BLEED
    backs: bool = True
    back_id: str | None = None
    ink_saver: bool = False

    def geometry(self) -> CardGeometry:
        width, height = parse_card_size(self.card_size)
        return CardGeometry(width, height, self.bleed)

    def layout(self) -> SheetLayout:
        return plan_sheet(parse_paper(self.paper), self.geometry())


def draw_card(
    canvas: Canvas,
    svg_text: str,
    geometry: CardGeometry,
    x: float,
    y: float,
    width: float,
    *,
    show_bleed: bool = False,
    corner_radius: float = 0.0,
) -> float:
    """Draw one card so that its trim box starts at (x, y) (points, lower left) and is
    `width` points wide; returns the trim height drawn. The bleed is clipped away unless
    `show_bleed`; `corner_radius` (points) rounds the clip like a die-cut card."""
    fonts.register_fonts()
    scale = width / geometry.width
    height = geometry.height * scale
    bleed = geometry.bleed * scale
    canvas.saveState()
    if not show_bleed:
        path = canvas.beginPath()
        if corner_radius > 0:
            path.roundRect(x, y, width, height, corner_radius)
        else:
            path.rect(x, y, width, height)
        canvas.clipPath(path, stroke=0, fill=0)
    painter.paint_svg(
        canvas, svg_text, x - bleed, y - bleed, width + 2 * bleed, height + 2 * bleed, "card"
    )
    canvas.restoreState()
    return height


def _shown_bleed(layout: SheetLayout, index: int, occupied: int, mirrored: bool) -> Slot:
    """The slot with bleed also shown on sides whose neighbour slot is empty on this page."""
    slot = layout.slot(index, mirrored)
    if not layout.shared_cuts:
        return slot
    b = layout.card.bleed
    column = index % layout.columns
    right_empty = column == layout.columns - 1 or index + 1 >= occupied
    below_empty = index + layout.columns >= occupied
    left, right = slot.bleed_left, b if right_empty else 0.0
    if mirrored:
        left, right = right, slot.bleed_right
    return Slot(
        slot.row,
        slot.column,
        slot.x,
        slot.y,
        bleed_left=left,
        bleed_right=right,
        bleed_bottom=b if below_empty else 0.0,
        bleed_top=slot.bleed_top,
    )


def mark_start(margin_start: float, trim: float, page_edge: float) -> float:
    """Where the marks on one side of the grid start, measured along the mark from the grid
    outward (a coordinate on that axis): in the margin, `MARK_GAP` outside the art, unless
    too little of them would print there; then over the outer bleed, just short of the trim."""
    outward = 1.0 if page_edge > trim else -1.0
    printable_end = page_edge - outward * PRINTER_MARGIN
    visible = min(MARK_LENGTH, outward * (printable_end - margin_start))
    return margin_start if visible >= MIN_VISIBLE_MARK else trim + outward * TRIM_CLEARANCE


def draw_crop_marks(canvas: Canvas, layout: SheetLayout, slots: list[Slot], colour: Color | None = None) -> None:
    """Marks on every cut line of the given slots, outside every card's trim, so a trimmer
    never cuts through a mark's ink into a card: in the margins, and over the outer bleed
    (with a white edge, to show on any art) on a side whose margin prints too little."""
    card = layout.card
    x0 = min(s.x - s.bleed_left for s in slots)
    x1 = max(s.x + card.width + s.bleed_right for s in slots)
    y0 = min(s.y - s.bleed_bottom for s in slots)
    y1 = max(s.y + card.height + s.bleed_top for s in slots)
    xs = sorted({round(v, 4) for s in slots for v in (s.x, s.x + card.width)})
    ys = sorted({round(v, 4) for s in slots for v in (s.y, s.y + card.height)})
    page_w, page_h = layout.page_width, layout.page_height
    # Where each side's marks start and end in the margin (starts from the art outward).
    in_margin = (y1 + MARK_GAP, y0 - MARK_GAP, x0 - MARK_GAP, x1 + MARK_GAP)
    top_end, bottom_end = min(in_margin[0] + MARK_LENGTH, page_h), max(in_margin[1] - MARK_LENGTH, 0.0)
    left_end, right_end = max(in_margin[2] - MARK_LENGTH, 0.0), min(in_margin[3] + MARK_LENGTH, page_w)
    starts = (
        mark_start(in_margin[0], ys[-1], page_h),
        mark_start(in_margin[1], ys[0], 0.0),
        mark_start(in_margin[2], xs[0], 0.0),
        mark_start(in_margin[3], xs[-1], page_w),
    )
    top, bottom, left, right = starts
    lines = []
    for x in xs:
        lines.append((x, top, x, top_end))
        lines.append((x, bottom, x, bottom_end))
    for y in ys:
        lines.append((left, y, left_end, y))
        lines.append((right, y, right_end, y))
    points = [tuple(v * MM_TO_PT for v in line) for line in lines]
    canvas.setDash([])
    if starts != in_margin:
        canvas.setStrokeColorRGB(1, 1, 1)  # the white edge under marks that cross the bleed
        canvas.setLineWidth(3 * MARK_WIDTH)
        canvas.lines(points)
    if colour is None:
        canvas.setStrokeColorRGB(0, 0, 0)
    else:
        canvas.setStrokeColor(colour)
    canvas.setLineWidth(MARK_WIDTH)
    canvas.lines(points)


class _SheetWriter:
    """Draws pages of one deck onto a canvas, defining each card's Form XObject once."""

    def __init__(self, canvas: Canvas, layout: SheetLayout) -> None:
        self.canvas = canvas
        self.layout = layout
        self.forms: set[str] = set()
        card = layout.card
        self.form_size = (card.full_width * MM_TO_PT, card.full_height * MM_TO_PT)

    def define(self, name: str, root: ET.Element, where: str) -> None:
        if name in self.forms:
            return
        canvas = self.canvas
        width, height = self.form_size
        canvas.beginForm(name, 0, 0, width, height)
        painter.paint_element(canvas, root, 0, 0, width, height, where)
        canvas.endForm()
        self.forms.add(name)

    def page(self, form_names: list[str], mirrored: bool, footer: str) -> None:
        canvas = self.canvas
        layout = self.layout
        b = layout.card.bleed
        occupied = len(form_names)
        shown: list[Slot] = []
        for index, name in enumerate(form_names):
            slot = _shown_bleed(layout, index, occupied, mirrored)
            shown.append(slot)
            canvas.saveState()
            if layout.shared_cuts:
                # Reach a hair under the neighbours drawn after this card (right, or left on
                # mirrored pages, and below): they cover it, and viewers show no white seam.
                left = slot.bleed_left or (SEAM_OVERLAP if mirrored and b else 0.0)
                right = slot.bleed_right or (SEAM_OVERLAP if not mirrored and b else 0.0)
                bottom = slot.bleed_bottom or (SEAM_OVERLAP if b else 0.0)
                path = canvas.beginPath()
                path.rect(
                    (slot.x - left) * MM_TO_PT,
                    (slot.y - bottom) * MM_TO_PT,
                    (layout.card.width + left + right) * MM_TO_PT,
                    (layout.card.height + bottom + slot.bleed_top) * MM_TO_PT,
                )
                canvas.clipPath(path, stroke=0, fill=0)
            canvas.translate((slot.x - b) * MM_TO_PT, (slot.y - b) * MM_TO_PT)
            canvas.doForm(name)
            canvas.restoreState()
        draw_crop_marks(canvas, layout, shown)
        self.footer(footer)
        canvas.showPage()

    def footer(self, text: str) -> None:
        """A printing hint centred below the crop marks, when the bottom margin has room."""
        room = self.layout.art_box[1] - MARK_GAP - MARK_LENGTH
        if room < FOOTER_ROOM:
            return
        canvas = self.canvas
        canvas.setFillColorRGB(0.35, 0.35, 0.35)
        canvas.setFont(FONT, FOOTER_SIZE)
        baseline = (room / 2 - FOOTER_SIZE / MM_TO_PT / 3) * MM_TO_PT
        canvas.drawCentredString(self.layout.page_width / 2 * MM_TO_PT, baseline, text)



def render_sheets(deck: Deck, options: SheetOptions) -> bytes:
    """The print-and-play PDF of a whole deck as bytes (same input, same bytes).

    Fronts fill pages in deck order; unless `options.backs` is off, each front page is
    followed by its back page with mirrored columns. Raises DeckgenError for sizes that do
    not fit, unknown backs, template errors and text outside a card's safe area."""
    from reportlab.pdfgen.canvas import Canvas

    layout = options.layout()
    geometry = layout.card
    fonts.register_fonts()
    backs = [svg.back_for(deck, card, options.back_id) for card in deck.cards]
    buffer = io.BytesIO()
    canvas = Canvas(
        buffer,
        pagesize=(layout.page_width * MM_TO_PT, layout.page_height * MM_TO_PT),
        invariant=1,
        pageCompression=1,
        initialFontName=FONT,  # no unembedded Helvetica in the page preamble
    )
    canvas.setTitle(f"{deck.name}: print and play cards")
    canvas.setAuthor("deckgen")
    canvas.setCreator("deckgen")
    canvas.setSubject(
        f"{len(deck.cards)} cards, {geometry.width:g} x {geometry.height:g} mm, "
        f"{geometry.bleed:g} mm bleed; print at 100 % (actual size)"
    )
    writer = _SheetWriter(canvas, layout)
    per_page = layout.per_page
    sheets = -(-len(deck.cards) // per_page)
    for start in range(0, len(deck.cards), per_page):
        sheet = f"{deck.name}: sheet {start // per_page + 1} of {sheets}"
        page_cards = deck.cards[start : start + per_page]
        names = []
        for number, card in enumerate(page_cards, start=start):
            where = f"deck {deck.id}: card {card.id}"
            text = svg.card_svg(deck, card, geometry, ink_saver=options.ink_saver)
            name = f"face{number}"
            writer.define(name, painter.parse_svg(text, where), where)
            names.append(name)
        writer.page(names, mirrored=False, footer=f"{sheet}, fronts. Print at actual size (100 %)"
                    + (", double-sided, flipping on the long edge." if options.backs else "."))
        if options.backs:
            back_names = []
            for back_id in backs[start : start + per_page]:
                name = f"back-{back_id}"
                if name not in writer.forms:
                    where = f"deck {deck.id}: back {back_id}"
                    writer.define(name, painter.parse_svg(svg.back_svg(deck, back_id, geometry, ink_saver=options.ink_saver), where), where)
                back_names.append(name)
            writer.page(back_names, mirrored=True, footer=f"{sheet}, backs (columns mirrored)")
    from reportlab import rl_config

    use_a85 = rl_config.useA85
    rl_config.useA85 = 0  # binary compressed streams: smaller, and ASCII85 costs 0.1 s
    try:
        canvas.save()
    finally:
        rl_config.useA85 = use_a85
    return buffer.getvalue()


def sheets_path(deck: Deck, output_root: Path) -> Path:
    """Where the print-and-play PDF of a deck goes: <root>/<deck>/<deck>-pnp.pdf."""
    return output_file(output_root, deck.id, f"{deck.id}-pnp.pdf")


def write_sheets(deck: Deck, options: SheetOptions, output_root: Path) -> Path:
    """Render and write the PDF atomically; returns its path. Nothing is written on error."""
    data = render_sheets(deck, options)
    path = sheets_path(deck, output_root)
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise DeckgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
