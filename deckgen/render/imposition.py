"""Saddle-stitch imposition: A5 reading-order pages onto A4 landscape sheet sides.

A booklet of N pages (N a multiple of 4) is printed on N/4 sheets, both sides, folded once
and stapled in the fold. On every printed side the two page numbers add up to N + 1, and
the even page is on the left except on the outside of each sheet.
"""

from __future__ import annotations

import io
from dataclasses import dataclass

from pypdf import PageObject, PdfReader, PdfWriter, Transformation

from deckgen.errors import DeckgenError


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


def impose_booklet(pdf: bytes, sheet: tuple[float, float] | None = None) -> bytes:
    """Two-up sheet sides for saddle stitching, from a PDF of same-size pages.

    `sheet` is the (width, height) of a printed side in points, e.g. A4 landscape for A5
    pages; the pages meet at its centre line (the fold) and are centred vertically.
    Without it the sheet is exactly two pages wide. Padding pages stay blank.
    """
    reader = PdfReader(io.BytesIO(pdf))
    pages = list(reader.pages)
    if not pages:
        raise DeckgenError("a booklet needs at least one page to impose")
    width = float(pages[0].mediabox.width)
    height = float(pages[0].mediabox.height)
    odd_sized = [
        i + 1
        for i, page in enumerate(pages)
        if (round(float(page.mediabox.width), 2), round(float(page.mediabox.height), 2))
        != (round(width, 2), round(height, 2))
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
    writer = PdfWriter()
    for side in imposition_order(len(pages)):
        printed = PageObject.create_blank_page(width=sheet_width, height=sheet_height)
        for left, number in ((fold - width, side.left), (fold, side.right)):
            if number <= len(pages):
                source = pages[number - 1]
                printed.merge_transformed_page(
                    source,
                    Transformation().translate(
                        left - float(source.mediabox.left), bottom - float(source.mediabox.bottom)
                    ),
                )
        writer.add_page(printed)
    buffer = io.BytesIO()
    writer.write(buffer)
    return buffer.getvalue()
