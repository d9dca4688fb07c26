"""Saddle-stitch imposition: booklet pages in reading order, two-up on landscape sheet sides.

A booklet of N pages (N a multiple of 4) is printed on N/4 sheets, both sides, folded once
and stapled in the fold. On every printed side the two page numbers add up to N + 1, and
the even page is on the left except on the outside of each sheet. Backs are laid out for
flipping on the short edge: a sheet turned over like a book page shows its back upright,
page 2 behind page 1. Every side has fold marks; the first also says how to print.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PageObject, PdfReader, PdfWriter, Transformation
from pypdf.generic import RectangleObject
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import DeckgenError
from deckgen.render import fonts

#: Fold marks run this far in from the sheet's top and bottom edges: past the 4 mm or so a
#: printer leaves blank, and well short of the running heads.
FOLD_MARK_MM = 7.0
#: The printing note runs up the sheet's left edge, its baseline this far in: inside the
#: back cover's outer margin, clear of the text, where it does not look like part of a page.
NOTE_BASELINE_MM = 7.5
NOTE_SIZE = 6.5
MARK_GREY = 0.45


@dataclass(frozen=True)
class SheetSide:
    """One printed side of a sheet: 1-based page numbers on its left and right halves.

    Pages beyond the document's real page count are the padding blanks.
    """

    sheet: int
    side: str  # "front" or "back"
    left: int
    right: int


def padded_page_count(pages: int) -> int:
    """The page count rounded up to a multiple of 4 (one folded sheet holds 4 pages)."""
    if pages < 1:
        raise DeckgenError("a booklet needs at least one page to impose")
    return -(-pages // 4) * 4


def imposition_order(pages: int) -> list[SheetSide]:
    """Sheet sides in printing order for a saddle-stitched booklet of `pages` pages.

    Sheet k (from the outside in) carries pages N-2k+2 | 2k-1 on its front and
    2k | N-2k+1 on its back, so each side sums to N + 1 once N is padded to 4.
    """
    total = padded_page_count(pages)
    sides: list[SheetSide] = []
    for sheet in range(1, total // 4 + 1):
        outer_low = 2 * sheet - 1
        sides.append(SheetSide(sheet, "front", total + 1 - outer_low, outer_low))
        inner_low = 2 * sheet
        sides.append(SheetSide(sheet, "back", inner_low, total + 1 - inner_low))
    return sides


def printing_note(sheets: int) -> str:
    """How to print and bind an imposed booklet of `sheets` sheets (printed on its first side)."""
    binding = (
        "Fold the sheet in half." if sheets == 1 else
        f"Fold the {sheets} sheets in half together, first sheet outside, and staple on the fold."
    )
    return f"To print: both sides, flip on the short edge, actual size (100 %). {binding}"


def _page_size(page: PageObject) -> tuple[float, float]:
    """A page's trim size in points (what a reader holds, without its bleed)."""
    return float(page.trimbox.width), float(page.trimbox.height)


def _sheet_furniture(sheet: tuple[float, float], pages_left: float, note: str) -> list[PageObject]:
    """Overlays: [fold marks and the printing note, fold marks alone]."""
    regular, _ = fonts.register_fonts()
    width, height = sheet
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=sheet, invariant=1, initialFontName=regular, initialFontSize=NOTE_SIZE)
    for with_note in (True, False):
        canvas.setStrokeGray(MARK_GREY)
        canvas.setLineWidth(0.5)
        mark = FOLD_MARK_MM * mm
        canvas.line(width / 2, height, width / 2, height - mark)
        canvas.line(width / 2, 0, width / 2, mark)
        if with_note:
            canvas.saveState()
            canvas.setFillGray(MARK_GREY)
            canvas.setFont(regular, NOTE_SIZE)
            canvas.translate(pages_left + NOTE_BASELINE_MM * mm, height / 2)
            canvas.rotate(90)
            # Past the fold marks' reach at both ends; a long note takes a second line further in.
            lines = simpleSplit(note, regular, NOTE_SIZE, height - 4 * FOLD_MARK_MM * mm)
            for number, line in enumerate(lines):
                canvas.drawCentredString(0, -number * NOTE_SIZE * 1.25, line)
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return list(PdfReader(buffer).pages)


def impose_booklet(pdf: bytes, sheet: tuple[float, float] | None = None) -> bytes:
    """Two-up sheet sides for saddle stitching, from a PDF of same-size pages.

    Pages are placed by their trim box: they meet at the centre line of the `sheet` (width,
    height in points, e.g. A4 landscape for A5 pages; by default exactly two pages wide),
    centred vertically. A page's bleed is kept on its outer sides, so a cover panel reaches
    the sheet's cut edge, and cut at the fold, so it never spills onto the facing page.
    Padding pages stay blank.
    """
    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    if not pages:
        raise DeckgenError("a booklet needs at least one page to impose")
    width, height = _page_size(pages[0])
    odd_sized = [
        i + 1 for i, page in enumerate(pages)
        if max(abs(a - b) for a, b in zip(_page_size(page), (width, height))) > 0.01
    ]
    if odd_sized:
        raise DeckgenError(f"cannot impose a booklet whose pages differ in size (pages {odd_sized})")
    sheet_width, sheet_height = sheet or (2 * width, height)
    if sheet_width < 2 * width - 0.5 or sheet_height < height - 0.5:
        raise DeckgenError(
            f"a {sheet_width:.0f} x {sheet_height:.0f} pt sheet cannot hold two {width:.0f} x {height:.0f} pt pages"
        )
    fold = sheet_width / 2
    bottom = (sheet_height - height) / 2
    order = imposition_order(len(pages))
    first_side, other_sides = _sheet_furniture(
        (sheet_width, sheet_height), fold - width, printing_note(len(order) // 2)
    )
    writer = PdfWriter()
    for index, side in enumerate(order):
        printed = PageObject.create_blank_page(width=sheet_width, height=sheet_height)
        for on_left, number in ((True, side.left), (False, side.right)):
            if number <= len(pages):
                source = pages[number - 1]
                trim, media = source.trimbox, source.mediabox
                # pypdf clips a merged page to its crop box: the bleed stays outside, not at the fold.
                source.cropbox = RectangleObject((
                    media.left if on_left else trim.left, media.bottom,
                    trim.right if on_left else media.right, media.top,
                ))
                left = fold - width if on_left else fold
                printed.merge_transformed_page(
                    source, Transformation().translate(left - float(trim.left), bottom - float(trim.bottom))
                )
        printed.merge_page(first_side if index == 0 else other_sides)
        writer.add_page(printed)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
