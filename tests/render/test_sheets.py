"""Print-and-play sheets: layout, page counts and sizes, card and crop-mark positions read
back from the PDF, duplex mirroring, real text, bleed colour, reproducible bytes."""

from __future__ import annotations

import io
import re
from functools import cache

import pypdfium2
import pytest
from pypdf import PdfReader

from deckgen.model.deck import load_deck
from deckgen.render.geometry import (
    CARD_SIZES,
    MARK_GAP,
    MM_TO_PT,
    PAPERS,
    TRIM_CLEARANCE,
    CardGeometry,
    parse_card_size,
    plan_sheet,
)
from deckgen.render.sheets import SheetOptions, render_sheets

PLACEMENT = re.compile(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.(\S+) Do")
MARK = re.compile(r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l")
POKER = CardGeometry(*CARD_SIZES["poker"])


@cache
def mystique_pdf(paper: str = "a4", backs: bool = True) -> bytes:
    return render_sheets(load_deck("mystique"), SheetOptions(paper=paper, backs=backs))


def page_content(pdf: bytes, index: int) -> str:
    return PdfReader(io.BytesIO(pdf)).pages[index].get_contents().get_data().decode("latin-1")


def placements(pdf: bytes, index: int) -> list[tuple[float, float, str]]:
    return [(float(x), float(y), name) for x, y, name in PLACEMENT.findall(page_content(pdf, index))]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_poker_cards_fit_nine_per_page_with_shared_cuts(paper: str) -> None:
    layout = plan_sheet(PAPERS[paper], POKER)
    assert (layout.columns, layout.rows, layout.shared_cuts) == (3, 3, True)
    x0, y0, x1, y1 = layout.art_box
    assert x0 > MARK_GAP and y0 > MARK_GAP
    assert x1 < layout.page_width - MARK_GAP and y1 < layout.page_height - MARK_GAP


def test_small_cards_keep_their_own_bleed_when_that_costs_no_cards() -> None:
    layout = plan_sheet(PAPERS["a4"], CardGeometry(*CARD_SIZES["mini"]))
    assert (layout.columns, layout.rows, layout.shared_cuts) == (4, 4, False)
    assert layout.pitch_x == pytest.approx(41 + 6)


def test_custom_card_size_parses_millimetres() -> None:
    assert parse_card_size("60x90") == (60.0, 90.0)
    assert parse_card_size("tarot") == CARD_SIZES["tarot"]


def test_pages_and_page_size() -> None:
    a4 = PdfReader(io.BytesIO(mystique_pdf()))
    assert len(a4.pages) == 14  # 7 front pages (60 cards, 9 a page), each followed by its backs
    box = a4.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((210 * MM_TO_PT, 297 * MM_TO_PT), abs=0.01)
    letter = PdfReader(io.BytesIO(mystique_pdf("letter", backs=False)))
    assert len(letter.pages) == 7
    assert float(letter.pages[0].mediabox.width) == pytest.approx(612, abs=0.01)
    assert float(letter.pages[0].mediabox.height) == pytest.approx(792, abs=0.01)


def test_cards_are_placed_on_the_grid_in_deck_order() -> None:
    layout = plan_sheet(PAPERS["a4"], POKER)
    placed = placements(mystique_pdf(), 0)
    assert [name for _, _, name in placed] == [f"face{i}" for i in range(9)]
    for index, (x, y, _) in enumerate(placed):
        slot = layout.slot(index)
        assert x == pytest.approx((slot.x - POKER.bleed) * MM_TO_PT, abs=0.01)
        assert y == pytest.approx((slot.y - POKER.bleed) * MM_TO_PT, abs=0.01)
    xs = sorted({round(x, 2) for x, _, _ in placed})
    assert xs[1] - xs[0] == pytest.approx(POKER.width * MM_TO_PT, abs=0.01)  # abutting at trim
    last = placements(mystique_pdf(), 12)
    assert [name for _, _, name in last] == [f"face{i}" for i in range(54, 60)]


def test_back_pages_mirror_columns_for_long_edge_duplex() -> None:
    page_width = 210 * MM_TO_PT
    full = POKER.full_width * MM_TO_PT
    fronts = placements(mystique_pdf(), 0)
    backs = placements(mystique_pdf(), 1)
    assert {name for _, _, name in backs} == {"back-gold"}
    for (fx, fy, _), (bx, by, _) in zip(fronts, backs):
        assert bx == pytest.approx(page_width - fx - full, abs=0.01)
        assert by == pytest.approx(fy, abs=0.01)
    # a partial last page: the backs of its six cards sit behind those six cards only
    assert len(placements(mystique_pdf(), 13)) == 6


def test_each_card_and_shared_back_is_stored_once() -> None:
    reader = PdfReader(io.BytesIO(mystique_pdf()))
    names = set()
    for page in reader.pages:
        names.update(page["/Resources"]["/XObject"].keys())
    assert "/FormXob.back-gold" in names
    assert len(names) == 61


def crop_marks(paper: str) -> tuple[list[tuple[float, ...]], str]:
    """The distinct mark lines of the first page (in mm) and the page's drawing operators."""
    content = page_content(mystique_pdf(paper), 0)
    lines = {tuple(round(float(v) / MM_TO_PT, 3) for v in m) for m in MARK.findall(content)}
    return sorted(lines), content


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_on_cut_lines_and_never_on_a_card(paper: str) -> None:
    layout = plan_sheet(PAPERS[paper], POKER)
    cuts_x, cuts_y = layout.cut_lines()
    marks, _ = crop_marks(paper)
    assert len(marks) == 4 * 2 + 4 * 2  # four vertical and four horizontal cut lines, both ends
    vertical = [m for m in marks if m[0] == m[2]]
    horizontal = [m for m in marks if m[1] == m[3]]
    assert {m[0] for m in vertical} == {round(x, 3) for x in cuts_x}
    assert {m[1] for m in horizontal} == {round(y, 3) for y in cuts_y}
    for along, trims, page in ((vertical, cuts_y, layout.page_height), (horizontal, cuts_x, layout.page_width)):
        for mark in along:
            a, b = (mark[1], mark[3]) if mark in vertical else (mark[0], mark[2])
            low, high = min(a, b), max(a, b)
            assert 0 <= low and high <= page
            # wholly beyond the outermost trim line, by at least the clearance
            assert high <= trims[0] - TRIM_CLEARANCE + 0.01 or low >= trims[-1] + TRIM_CLEARANCE - 0.01


def test_marks_stay_in_wide_margins_and_cross_the_bleed_where_the_margin_barely_prints() -> None:
    """A4 has 12 mm above and below nine poker cards: those marks stay outside the art. Letter
    has 3.4 mm, inside most printers' blank edge: its marks reach in over the outer bleed, on
    a white edge, to end 0.5 mm short of the trim."""
    a4 = plan_sheet(PAPERS["a4"], POKER)
    marks, _ = crop_marks("a4")
    _, y0, _, y1 = a4.art_box
    for mark in (m for m in marks if m[0] == m[2]):
        assert min(mark[1], mark[3]) >= y1 + MARK_GAP - 0.01 or max(mark[1], mark[3]) <= y0 - MARK_GAP + 0.01
    letter = plan_sheet(PAPERS["letter"], POKER)
    _, cuts_y = letter.cut_lines()
    marks, content = crop_marks("letter")
    for mark in (m for m in marks if m[0] == m[2]):
        above = mark[1] > cuts_y[-1]
        inner_end = min(mark[1], mark[3]) if above else max(mark[1], mark[3])
        trim = cuts_y[-1] if above else cuts_y[0]
        assert abs(inner_end - trim) == pytest.approx(TRIM_CLEARANCE, abs=0.01)
    assert "1 1 1 RG" in content  # the white edge under them


def test_card_names_are_real_text() -> None:
    text = PdfReader(io.BytesIO(mystique_pdf())).pages[0].extract_text()
    for name in ("1 of yellow moons", "5 of yellow moons", "4 of red moons", "ACE", "PALM"):
        assert name in text


def test_fonts_are_embedded() -> None:
    reader = PdfReader(io.BytesIO(mystique_pdf()))
    fonts = reader.pages[0]["/Resources"]["/Font"]
    for ref in fonts.values():
        font = ref.get_object()
        assert "DejaVuSans" in font["/BaseFont"]
        assert "/FontFile2" in font["/FontDescriptor"]


def test_bleed_is_filled_with_the_card_colour() -> None:
    """Rasterise page 1 and sample the outer bleed (art colour) and the margin (paper)."""
    dpi = 72
    layout = plan_sheet(PAPERS["a4"], POKER)
    page = pypdfium2.PdfDocument(mystique_pdf())[0]
    image = page.render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4
    slot = layout.slot(0)
    top = layout.page_height - (slot.y + POKER.height)  # from the page top, mm

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:
        return image.getpixel((int(x_mm * px), int(y_mm * px)))

    yellow = (0xF0, 0xB2, 0x0A)
    bleed_left = at(slot.x - POKER.bleed / 2, top + 20)
    bleed_top = at(slot.x + 20, top - POKER.bleed / 2)
    for sample in (bleed_left, bleed_top):
        assert all(abs(a - b) < 12 for a, b in zip(sample, yellow)), sample
    margin = at(slot.x - POKER.bleed - MARK_GAP - 0.6, top + 20)
    assert margin == (255, 255, 255)


def test_same_input_same_bytes() -> None:
    deck = load_deck("smoke-and-mirrors")
    assert render_sheets(deck, SheetOptions()) == render_sheets(deck, SheetOptions())


def test_mismatch_cards_get_their_colour_decks_back() -> None:
    pdf = render_sheets(load_deck("mismatch"), SheetOptions(card_size="mini"))
    reader = PdfReader(io.BytesIO(pdf))
    assert len(reader.pages) == 2 * 13  # 208 cards, 16 minis a page
    assert {name for _, _, name in placements(pdf, 1)} == {"back-red"}
    # cards 48-63: the last four red cards, then blue ones
    assert {name for _, _, name in placements(pdf, 7)} == {"back-red", "back-blue"}


def test_draw_card_clips_to_the_trim_for_booklets(tmp_path) -> None:
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render import svg
    from deckgen.render.sheets import FONT, draw_card, write_sheets

    deck = load_deck("mystique")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(200, 200), invariant=1, initialFontName=FONT)
    height = draw_card(canvas, svg.card_svg(deck, deck.card("red-suns-1")), POKER, 50, 20, 100)
    assert height == pytest.approx(100 * POKER.height / POKER.width)
    canvas.save()
    pdf = buffer.getvalue()
    assert "1 of red suns" in PdfReader(io.BytesIO(pdf)).pages[0].extract_text()
    image = pypdfium2.PdfDocument(pdf)[0].render(scale=1).to_pil().convert("RGB")
    assert image.getpixel((48, 100)) == (255, 255, 255)  # bleed clipped away left of the trim
    red = image.getpixel((51, 100))
    assert red[0] > 150 and red[1] < 80  # the card's red edge starts at the trim

    path = write_sheets(load_deck("smoke-and-mirrors"), SheetOptions(backs=False), tmp_path)
    assert path == tmp_path / "smoke-and-mirrors" / "smoke-and-mirrors-pnp.pdf"
    assert len(PdfReader(path).pages) == 2
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]
