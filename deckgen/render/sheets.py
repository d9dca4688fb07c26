"""Print-and-play sheets: cards imposed on a sheet layout with bleed, crop marks and duplex backs.

Public API (reused by booklets, quick references, proofs and the calibration sheet):

* `draw_card(canvas, svg_text, geometry, x, y, width, ...)`: draw one card face or back
  (SVG from `svg.card_svg` / `svg.back_svg`) with its trim box at (x, y), `width` points wide.
* `FONT`, `FONT_BOLD`: the registered, embedded reportlab font names (call
  `fonts.register_fonts()` or `draw_card` before using them on a canvas).
* `new_canvas(buffer, page_mm, title)`: a reproducible canvas (no dates, fixed ids).
* `render_sheets(deck, options, record=None) -> bytes` and `write_sheets(deck, options, output_root)`
  (the output folder keeps a record of the pictures found sound: render/picture_record.py).

Every card is drawn once, as a PDF Form XObject, and placed by reference; a back shared by
many cards is therefore stored once however many pages show it. Back pages reflect their
front page across the axis the sheet's duplex flip turns the paper about, so each back
lands behind its front, shifted by `--back-offset` to undo a printer's misregistration.
"""

from __future__ import annotations

import io
import re
import xml.etree.ElementTree as ET
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DataError, DeckgenError
from deckgen.fileio import output_file, write_atomic
from deckgen.model.deck_data import Deck
from deckgen.model.geometry import (
    DEFAULT_BLEED,
    MM_TO_PT,
    CardGeometry,
    SheetLayout,
    Slot,
    check_bleed,
    parse_card_size,
)
from deckgen.render import artwork, fonts, painter, svg
from deckgen.render.page_marks import draw_crop_marks, draw_footer

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.model.sheet import SheetSpec

FONT = fonts.REGULAR
FONT_BOLD = fonts.BOLD
#: How far (mm) a card's art reaches under an abutting neighbour that is drawn over it afterwards.
SEAM_OVERLAP = 0.3
#: The largest --back-offset (mm) on either axis: more is not a printer's misregistration.
MAX_BACK_OFFSET = 10.0


@dataclass(frozen=True, slots=True)
class SheetOptions:
    """What the user asked for on the command line (names and numbers, validated on use).

    `sheet` is a built-in sheet name or a sheet file path; without it the paper's sheet for
    the card size is used. `bleed` is the card's own (designed) bleed: by default 3 mm, or
    the sheet's when that is larger."""

    paper: str = "a4"
    card_size: str = "poker"
    bleed: float | None = None
    backs: bool = True
    back_id: str | None = None
    ink_saver: bool = False
    sheet: str | None = None
    #: (right, up) in mm, applied to every back page.
    back_offset: tuple[float, float] = (0.0, 0.0)

    def sheet_spec(self) -> tuple[SheetSpec, Path]:
        from deckgen.model.sheet import default_sheet, load_sheet

        if self.sheet is not None:
            return load_sheet(self.sheet)
        width, height = parse_card_size(self.card_size)
        return load_sheet(default_sheet(self.paper, CardGeometry(width, height)))

    def paper_suffix(self) -> str:
        """What a file printed with these options adds to its name, so a Letter print never
        replaces the A4 one: nothing on A4, `-letter` on Letter, the paper otherwise."""
        paper = self.sheet_spec()[0].paper.strip().lower()
        return "" if paper == "a4" else "-" + re.sub(r"[^a-z0-9]+", "-", paper).strip("-")

    def geometry(self) -> CardGeometry:
        width, height = parse_card_size(self.card_size)
        bleed = self.bleed if self.bleed is not None else max(DEFAULT_BLEED, self.sheet_spec()[0].bleed)
        check_bleed(bleed)
        return CardGeometry(width, height, bleed)

    def layout(self) -> SheetLayout:
        spec, path = self.sheet_spec()
        return spec.layout(self.geometry(), path)

    def duplex_hint(self) -> str:
        return self.sheet_spec()[0].duplex_hint()


def check_back_offset(offset: tuple[float, float]) -> None:
    if not all(abs(v) <= MAX_BACK_OFFSET for v in offset):  # also catches NaN
        raise DeckgenError(f"--back-offset {offset[0]:g},{offset[1]:g}: each part must be within "
                           f"+/-{MAX_BACK_OFFSET:g} mm (read it from `deckgen render calibration`)")


def new_canvas(buffer: io.BytesIO, page_mm: tuple[float, float], title: str) -> Canvas:
    """A canvas whose bytes depend only on what is drawn: no dates, fixed document ids."""
    from reportlab.pdfgen.canvas import Canvas

    fonts.register_fonts()
    _encode_ascii_streams_directly()
    canvas = Canvas(
        buffer,
        pagesize=(page_mm[0] * MM_TO_PT, page_mm[1] * MM_TO_PT),
        invariant=1,
        pageCompression=1,
        initialFontName=FONT,  # no unembedded Helvetica in the page preamble
    )
    canvas.setTitle(title)
    canvas.setAuthor("deckgen")
    canvas.setCreator("deckgen")
    return canvas


#: The only characters below 128 that PDFDocEncoding does not keep as they are (it has no
#: codes for them): text without these and without non-ASCII encodes to its ASCII bytes.
_NOT_KEPT_BY_PDFDOC = bytes(range(0x18, 0x20))


@cache
def _encode_ascii_streams_directly() -> None:
    """reportlab encodes every content stream (each card's form, each page) with a
    PDFDocEncoding codec that looks each character up in a Python dict: 20 ms for 60 cards.
    Card streams are ASCII, which that encoding keeps byte for byte (but for 0x18-0x1f), so
    such text is encoded as ASCII and anything else still goes through reportlab's codec:
    the same bytes either way. The check deletes those characters from the bytes and
    compares lengths, a tenth of the time a regular expression takes on a card's stream."""
    from reportlab.pdfbase import pdfdoc

    encode: Callable[[object], object] = pdfdoc.pdfdocEnc

    def pdfdoc_bytes(text: object) -> object:
        if isinstance(text, str) and text.isascii():
            data = text.encode("ascii")
            if len(data.translate(None, _NOT_KEPT_BY_PDFDOC)) == len(data):
                return data
        return encode(text)

    pdfdoc.pdfdocEnc = pdfdoc_bytes


def save_canvas(canvas: Canvas, buffer: io.BytesIO) -> bytes:
    """Finish the document and return its bytes."""
    from reportlab import rl_config

    use_a85 = rl_config.useA85
    rl_config.useA85 = 0  # binary compressed streams: smaller, and ASCII85 costs 0.1 s
    try:
        canvas.save()
    finally:
        rl_config.useA85 = use_a85
    return buffer.getvalue()


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


@lru_cache(maxsize=64)
def _seam_reaches(slots: tuple[Slot, ...], card: CardGeometry) -> tuple[tuple[float, float, float, float], ...]:
    """_seam_reach of every slot, worked out once per arrangement of slots (every full front
    page shares one, every full back page another) rather than for every page."""
    return tuple(_seam_reach(slots, index, card) for index in range(len(slots)))


def _seam_reach(slots: tuple[Slot, ...], index: int, card: CardGeometry) -> tuple[float, float, float, float]:
    """How far (mm) the drawing of slot `index` reaches past its trim on each side (left,
    right, bottom, top): its shown bleed, or a hair under an abutting neighbour drawn after
    it, which covers it, so viewers show no white seam between the two."""
    me = slots[index]
    reach = [me.bleed_left, me.bleed_right, me.bleed_bottom, me.bleed_top]
    if card.bleed <= 0:
        return reach[0], reach[1], reach[2], reach[3]
    w, h = card.width, card.height
    for later in slots[index + 1:]:
        side_by_side = abs(later.y - me.y) < h - 1e-6
        stacked = abs(later.x - me.x) < w - 1e-6
        if side_by_side and abs(later.x - (me.x + w)) < 1e-6 and reach[1] == 0:
            reach[1] = SEAM_OVERLAP
        if side_by_side and abs(later.x + w - me.x) < 1e-6 and reach[0] == 0:
            reach[0] = SEAM_OVERLAP
        if stacked and abs(later.y + h - me.y) < 1e-6 and reach[2] == 0:
            reach[2] = SEAM_OVERLAP
        if stacked and abs(later.y - (me.y + h)) < 1e-6 and reach[3] == 0:
            reach[3] = SEAM_OVERLAP
    return reach[0], reach[1], reach[2], reach[3]


class _SheetWriter:
    """Draws pages of one deck onto a canvas, defining each card's Form XObject once."""

    def __init__(self, canvas: Canvas, layout: SheetLayout, back_offset: tuple[float, float]) -> None:
        self.canvas = canvas
        self.layout = layout
        self.back_offset = back_offset
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
        painter.end_form(canvas, name)
        self.forms.add(name)

    def page(self, form_names: list[str], back: bool, footer: list[str]) -> None:
        canvas = self.canvas
        layout = self.layout
        card = layout.card
        b = card.bleed
        slots = layout.page_slots(len(form_names), back)
        if back:
            slots = [slot.shifted(*self.back_offset) for slot in slots]
        for name, slot, (left, right, bottom, top) in zip(form_names, slots, _seam_reaches(tuple(slots), card)):
            canvas.saveState()
            path = canvas.beginPath()
            path.rect((slot.x - left) * MM_TO_PT, (slot.y - bottom) * MM_TO_PT,
                      (card.width + left + right) * MM_TO_PT, (card.height + bottom + top) * MM_TO_PT)
            canvas.clipPath(path, stroke=0, fill=0)
            canvas.translate((slot.x - b) * MM_TO_PT, (slot.y - b) * MM_TO_PT)
            canvas.doForm(name)
            canvas.restoreState()
        draw_crop_marks(canvas, layout, slots)
        if layout.footer:
            draw_footer(canvas, layout, slots, footer)
        canvas.showPage()


def render_sheets(deck: Deck, options: SheetOptions, record: Path | None = None) -> bytes:
    """The print-and-play PDF of a whole deck as bytes (same input, same bytes); `record`:
    the output folder whose record of pictures found sound spares checking them again.

    Fronts fill pages in deck order; unless `options.backs` is off, each front page is
    followed by its back page, reflected for duplex. Raises DeckgenError for sizes that do
    not fit, unknown backs, template errors and text outside a card's safe area."""
    check_back_offset(options.back_offset)
    layout = options.layout()
    geometry = layout.card
    backs = [svg.back_for(deck, card, options.back_id) for card in deck.cards]
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (layout.page_width, layout.page_height), f"{deck.name}: print and play cards")
    hint = options.duplex_hint()
    canvas.setSubject(
        f"{len(deck.cards)} cards, {geometry.width:g} x {geometry.height:g} mm, "
        f"{layout.bleed:g} mm bleed shown; print at 100 % (actual size)"
        + (f", double-sided, {hint}" if options.backs else "")
    )
    writer = _SheetWriter(canvas, layout, options.back_offset)
    per_page = layout.per_page
    pages = -(-len(deck.cards) // per_page) * (2 if options.backs else 1)
    printing = ["Print at 100 % (actual size)"] + ([f"double-sided, {hint}"] if options.backs else [])
    problems: list[str] = []
    failure: type[DeckgenError] = DeckgenError  # the first failing card's kind of error
    with artwork.checked_later(record) as pictures:  # unpacked beside the drawing, answered before the PDF
        page = 0
        for start in range(0, len(deck.cards), per_page):
            names = []
            for number, card in enumerate(deck.cards[start : start + per_page], start=start):
                where = f"deck {deck.id}: card {card.id}"
                name = f"face{number}"
                try:
                    text = svg.card_svg(deck, card, geometry, ink_saver=options.ink_saver)
                    writer.define(name, painter.parse_svg(text, where), where)
                except DeckgenError as exc:  # go on: every failing card is named, not only the first
                    if not problems:
                        failure = type(exc)
                    problems += exc.problems
                names.append(name)
            if problems:
                continue
            page += 1
            writer.page(names, False, [f"{deck.name}: page {page} of {pages}, fronts", *printing])
            if options.backs:
                back_names = []
                for back_id in backs[start : start + per_page]:
                    name = f"back-{back_id}"
                    if name not in writer.forms:
                        where = f"deck {deck.id}: back {back_id}"
                        back = svg.back_svg(deck, back_id, geometry, ink_saver=options.ink_saver)
                        writer.define(name, painter.parse_svg(back, where), where)
                    back_names.append(name)
                page += 1
                writer.page(back_names, True, [f"{deck.name}: page {page} of {pages}, backs", *printing])
        damaged = pictures.problems()
    if damaged and not problems:
        failure = DataError
    problems += damaged
    if problems:
        raise failure(*listed(problems))
    return save_canvas(canvas, buffer)


#: At most this many problem lines from one render; the rest are counted.
MAX_LISTED = 10


def listed(problems: list[str]) -> list[str]:
    """Distinct problems in order, at most MAX_LISTED and a line counting the others."""
    distinct = list(dict.fromkeys(problems))
    if len(distinct) <= MAX_LISTED:
        return distinct
    return [*distinct[:MAX_LISTED], f"... and {len(distinct) - MAX_LISTED} more cards with problems"]


def sheets_path(deck: Deck, output_root: Path, options: SheetOptions, kind: str = "pnp") -> Path:
    """Where a deck's print PDF goes: <root>/<deck>/<deck>-pnp.pdf on A4, -pnp-letter.pdf on
    Letter (`kind` is pnp, pnp-selected, proof or proof-selected)."""
    return output_file(output_root, deck.id, f"{deck.id}-{kind}{options.paper_suffix()}.pdf")


def write_sheets(deck: Deck, options: SheetOptions, output_root: Path) -> Path:
    """Render and write the PDF atomically; returns its path. Nothing is written on error."""
    data = render_sheets(deck, options, output_root)
    path = sheets_path(deck, output_root, options)
    try:
        write_atomic(path, data)
    except OSError as exc:
        raise DeckgenError(f"cannot write {path}: {exc.strerror or exc}") from None
    return path
