"""Saddle-stitch imposition: the page order on every sheet side, and the imposed PDF."""

from __future__ import annotations

import io

import pytest
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.pdfgen.canvas import Canvas

from deckgen.errors import DeckgenError
from deckgen.render.imposition import SheetSide, impose_booklet, imposition_order, padded_page_count

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


def _numbered_a5_pdf(pages: int) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=A5, invariant=1)
    for number in range(1, pages + 1):
        canvas.drawString(40, 300, f"page-{number}")
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def _labels_by_half(page, half_width: float) -> tuple[list[str], list[str]]:
    left: list[str] = []
    right: list[str] = []

    def visit(text: str, cm, tm, _font, _size) -> None:
        x = tm[4] * cm[0] + tm[5] * cm[2] + cm[4]  # text origin in page space
        if text.strip():
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
    width, height = A5
    sheet = (842.0, 596.0)
    imposed = PdfReader(io.BytesIO(impose_booklet(_numbered_a5_pdf(4), sheet)))
    first = imposed.pages[0]
    assert (float(first.mediabox.width), float(first.mediabox.height)) == sheet
    left, right = _labels_by_half(first, sheet[0] / 2)
    assert (left, right) == (["page-4"], ["page-1"])
    positions: list[float] = []
    first.extract_text(visitor_text=lambda t, cm, tm, f, s: positions.append(tm[4] * cm[0] + cm[4]) if t.strip() else None)
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
