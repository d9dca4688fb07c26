"""Saddle-stitch imposition: the page order on every sheet side, the imposed PDF, its backs
for a short-edge flip, fold marks, the printing note and the bleed kept off the facing page."""

from __future__ import annotations

import io

import pypdfium2
import pytest
from PIL import Image
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import DeckgenError
from deckgen.render.imposition import (
    FOLD_MARK_MM,
    SheetSide,
    impose_booklet,
    imposition_order,
    padded_page_count,
    printing_note,
)

EXPECTED_ORDER = {
    4: [(4, 1), (2, 3)],
    8: [(8, 1), (2, 7), (6, 3), (4, 5)],
    12: [(12, 1), (2, 11), (10, 3), (4, 9), (8, 5), (6, 7)],
    16: [(16, 1), (2, 15), (14, 3), (4, 13), (12, 5), (6, 11), (10, 7), (8, 9)],
}


@pytest.mark.parametrize("pages", sorted(EXPECTED_ORDER))
def test_order_for_whole_sheets(pages: int) -> None:
    sides = imposition_order(pages)
    assert [(s.left, s.right) for s in sides] == EXPECTED_ORDER[pages]
    assert [s.side for s in sides] == ["front", "back"] * (pages // 4)
    assert [s.sheet for s in sides] == [k for k in range(1, pages // 4 + 1) for _ in range(2)]
    assert all(s.left + s.right == pages + 1 for s in sides)
    assert sorted(p for s in sides for p in (s.left, s.right)) == list(range(1, pages + 1))


@pytest.mark.parametrize(("pages", "padded"), [(1, 4), (4, 4), (5, 8), (7, 8), (9, 12), (13, 16)])
def test_page_count_pads_to_a_multiple_of_four(pages: int, padded: int) -> None:
    assert padded_page_count(pages) == padded
    assert imposition_order(pages) == imposition_order(padded)


def test_no_pages_is_an_error() -> None:
    with pytest.raises(DeckgenError, match="at least one page"):
        imposition_order(0)


def folded_reading_order(sides: list[SheetSide]) -> list[int]:
    """The pages a reader meets in the folded booklet, from the sheet sides as printed.

    The sheets are stacked in printed order, the first outside, and folded with their fronts
    out. Each sheet makes two leaves: its right half (recto: the front's right page, verso:
    what lies behind it) opens the booklet, its left half (recto: the back's right page,
    verso: the front's left page) closes it, innermost sheet in the middle.
    """
    sheets = [(front, back) for front, back in zip(sides[::2], sides[1::2])]
    first_half = [page for front, back in sheets for page in (front.right, back.left)]
    second_half = [page for front, back in reversed(sheets) for page in (back.right, front.left)]
    return first_half + second_half


@pytest.mark.parametrize("pages", range(1, 21))
def test_every_page_count_folds_into_reading_order(pages: int) -> None:
    sides = imposition_order(pages)
    total = padded_page_count(pages)
    assert len(sides) == total // 2
    assert folded_reading_order(sides) == list(range(1, total + 1))
    assert all(s.left + s.right == total + 1 for s in sides)
    padding = [p for s in sides for p in (s.left, s.right) if p > pages]
    assert sorted(padding) == list(range(pages + 1, total + 1))  # the blanks close the booklet


def _numbered_pdf(pages: int, size: tuple[float, float] = A5, bleed: float = 0.0) -> bytes:
    """Pages labelled page-N at x = 40 from the trim, with an optional bleed around the trim
    (TrimBox inside a larger MediaBox) filled grey, as a cover panel would be."""
    buffer = io.BytesIO()
    media = (size[0] + 2 * bleed, size[1] + 2 * bleed)
    trim = (bleed, bleed, bleed + size[0], bleed + size[1])
    canvas = Canvas(buffer, pagesize=media, invariant=1, trimBox=trim, bleedBox=(0, 0, *media))
    for number in range(1, pages + 1):
        if bleed:
            canvas.setFillGray(0.5)
            canvas.rect(0, 0, media[0], bleed + 100, stroke=0, fill=1)
            canvas.setFillGray(0)
        canvas.drawString(bleed + 40, bleed + 300, f"page-{number}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _numbered_a5_pdf(pages: int) -> bytes:
    return _numbered_pdf(pages)


def _rendered(pdf: bytes, index: int) -> Image.Image:
    """One page at 1 pixel per point."""
    return pypdfium2.PdfDocument(pdf)[index].render(scale=1).to_pil().convert("L")


def _labels_by_half(page, half_width: float) -> tuple[list[str], list[str]]:
    left: list[str] = []
    right: list[str] = []

    def visit(text: str, cm, tm, _font, _size) -> None:
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]  # text origin in page space
        if text.strip().startswith("page-"):
            (left if x < half_width else right).append(text.strip())

    page.extract_text(visitor_text=visit)
    return left, right


def test_imposed_pdf_places_pages_on_a4_landscape_sides() -> None:
    imposed = PdfReader(io.BytesIO(impose_booklet(_numbered_a5_pdf(6))))
    assert len(imposed.pages) == 4  # 6 pages pad to 8: two sheets, two sides each
    width, height = A5
    expected = imposition_order(6)
    for page, side in zip(imposed.pages, expected):
        assert (float(page.mediabox.width), float(page.mediabox.height)) == pytest.approx((2 * width, height))
        left, right = _labels_by_half(page, width)
        assert left == ([f"page-{side.left}"] if side.left <= 6 else [])
        assert right == ([f"page-{side.right}"] if side.right <= 6 else [])


def test_pages_meet_at_the_fold_of_a_larger_sheet() -> None:
    width, _ = A5
    sheet = (842.0, 596.0)
    imposed = PdfReader(io.BytesIO(impose_booklet(_numbered_a5_pdf(4), sheet)))
    first = imposed.pages[0]
    assert (float(first.mediabox.width), float(first.mediabox.height)) == sheet
    left, right = _labels_by_half(first, sheet[0] / 2)
    assert (left, right) == (["page-4"], ["page-1"])
    positions: list[float] = []
    first.extract_text(visitor_text=lambda t, cm, tm, f, s: positions.append(tm[4] * cm[0] + cm[4]) if t.startswith("page-") else None)
    assert positions == pytest.approx([sheet[0] / 2 - width + 40, sheet[0] / 2 + 40])


def test_a_sheet_too_small_is_refused() -> None:
    with pytest.raises(DeckgenError, match="cannot hold two"):
        impose_booklet(_numbered_a5_pdf(2), (A5[0], A5[1]))


def test_imposed_pdf_is_reproducible() -> None:
    source = _numbered_a5_pdf(5)
    assert impose_booklet(source) == impose_booklet(source)


def test_pages_of_different_sizes_are_refused() -> None:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A5, invariant=1)
    canvas.showPage()
    canvas.setPageSize((A5[1], A5[0]))
    canvas.showPage()
    canvas.save()
    with pytest.raises(DeckgenError, match=r"differ in size \(pages \[2\]\)"):
        impose_booklet(buffer.getvalue())


def test_sheet_side_is_a_value() -> None:
    assert SheetSide(1, "front", 4, 1) == imposition_order(4)[0]


def _page_labels(page) -> list[tuple[float, str, tuple[float, ...]]]:
    """(x in page space, label, text matrix times page matrix) of every page-N label."""
    found: list[tuple[float, str, tuple[float, ...]]] = []

    def visit(text: str, cm, tm, _font, _size) -> None:
        if text.strip().startswith("page-"):
            matrix = (tm[0] * cm[0], tm[1] * cm[3], tm[2] * cm[0], tm[3] * cm[3])
            found.append((tm[4] * cm[0] + tm[5] * cm[2] + cm[4], text.strip(), matrix))

    page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("pages", [4, 7, 12])
def test_backs_are_upright_behind_their_fronts_after_a_short_edge_flip(pages: int) -> None:
    """Turned over on its short edge (like a book page), a sheet shows its back upright, and
    every odd page has the next page behind it: the folded booklet reads 1, 2, 3, ..."""
    pdf = impose_booklet(_numbered_a5_pdf(pages))
    reader = PdfReader(io.BytesIO(pdf))
    sheet_width = float(reader.pages[0].mediabox.width)
    behind: dict[int, int] = {}
    for sheet in range(len(reader.pages) // 2):
        front = _page_labels(reader.pages[2 * sheet])
        back = _page_labels(reader.pages[2 * sheet + 1])
        for _, _, matrix in front + back:
            assert matrix == pytest.approx((1, 0, 0, 1))  # upright, unmirrored: no rotation on the back
        # The short-edge flip mirrors the back left to right: its x lands at sheet_width - x.
        for x, label, _ in front:
            under = [b for bx, b, _ in back if (sheet_width - bx > sheet_width / 2) == (x > sheet_width / 2)]
            if under:
                front_page, back_page = int(label.split("-")[1]), int(under[0].split("-")[1])
                behind[front_page], behind[back_page] = back_page, front_page
    for page in range(1, pages + 1, 2):
        if page + 1 <= pages:
            assert behind[page] == page + 1, f"page {page} has page {behind.get(page)} behind it"


def test_printing_note_is_on_the_first_side_only() -> None:
    reader = PdfReader(io.BytesIO(impose_booklet(_numbered_a5_pdf(10))))
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]
    note = printing_note(3)
    assert note in texts[0]
    assert all("To print" not in text for text in texts[1:])
    for needed in ("both sides", "short edge", "100 %", "Fold the 3 sheets", "staple on the fold"):
        assert needed in note
    assert printing_note(1) == (
        "To print: both sides, flip on the short edge, actual size (100 %). Fold the sheet in half."
    )


def test_printing_note_stays_in_the_outer_margin() -> None:
    """The note runs up the left edge of the first side, inside the back cover's margin."""
    pdf = impose_booklet(_numbered_a5_pdf(8))
    xs: list[float] = []

    def visit(text: str, cm, tm, _font, _size) -> None:
        if text.strip().startswith("To print"):
            xs.append(tm[4] * cm[0] + tm[5] * cm[2] + cm[4])

    PdfReader(io.BytesIO(pdf)).pages[0].extract_text(visitor_text=visit)
    assert xs and all(4 * mm < x < 10 * mm for x in xs)
    ink = _rendered(pdf, 0).crop((0, 0, round(12 * mm), round(A5[1])))
    assert ink.getextrema()[0] < 200  # the note is drawn, in the first 12 mm from the edge


@pytest.mark.parametrize("sheet", [None, (842.0, 612.0)])
def test_fold_marks_at_top_and_bottom_of_every_side(sheet: tuple[float, float] | None) -> None:
    pdf = impose_booklet(_numbered_a5_pdf(8), sheet)
    for index in range(4):
        image = _rendered(pdf, index)
        width, height = image.size
        fold = round(width / 2)
        column = [min(image.getpixel((x, y)) for x in (fold - 1, fold)) for y in range(height)]
        reach = round(FOLD_MARK_MM * mm)
        assert max(column[1:reach - 1]) < 225, f"side {index + 1}: no fold mark at the top"
        assert max(column[height - reach + 1:height - 1]) < 225, f"side {index + 1}: no fold mark at the bottom"
        assert min(column[reach + 2:height - reach - 2]) > 250, f"side {index + 1}: the mark runs into the pages"
        beside = [image.getpixel((fold + dx, 3)) for dx in (-6, 6)]
        assert min(beside) > 250  # a short line at the fold, not a bar


def test_bleed_reaches_the_sheet_edge_but_not_the_facing_page() -> None:
    """A page's bleed is kept on its outer sides (the cover panel reaches the cut edge) and cut
    at the fold (no sliver of it on the facing page)."""
    bleed = 3 * mm
    pdf = impose_booklet(_numbered_pdf(4, bleed=bleed))
    reader = PdfReader(io.BytesIO(pdf))
    first = reader.pages[0]
    assert (float(first.mediabox.width), float(first.mediabox.height)) == pytest.approx((2 * A5[0], A5[1]))
    assert [label for _, label, _ in _page_labels(first)] == ["page-4", "page-1"]
    image = _rendered(pdf, 0)
    width, height = image.size
    panel_y = height - 50  # inside the grey band of both pages
    for x in (1, round(A5[0]) - 3, round(A5[0]) + 2, width - 2):
        assert image.getpixel((x, panel_y)) < 200, x
    # The panel's top edge sits where the trim puts it (bleed + 100 above the page's cut edge,
    # drawn from the trim: 100 pt above the sheet edge), not shifted by the bleed.
    assert image.getpixel((width - 20, height - 97)) < 200
    assert image.getpixel((width - 20, height - 104)) > 250
    labels = _page_labels(first)
    assert [round(x) for x, _, _ in labels] == [40, round(A5[0]) + 40]
