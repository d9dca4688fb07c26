"""Print-and-play sheets: built-in sheet layouts, page counts and sizes, card and crop-mark
positions read back from the PDF, duplex mirroring and back offsets, seams without a
neighbour's colour, footers, real text, reproducible bytes."""

from __future__ import annotations

import io
import re
from functools import cache

import pypdfium2
import pytest
from pypdf import PdfReader

from deckgen.model.deck import load_deck
from deckgen.model.geometry import (
    CARD_SIZES,
    MM_TO_PT,
    PAPERS,
    CardGeometry,
    mark_lines,
    parse_card_size,
    parse_paper,
    plan_sheet,
)
from deckgen.render.page_marks import footer_lines
from deckgen.render.sheets import SheetOptions, new_canvas, render_sheets

PLACEMENT = re.compile(r"1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\s*/FormXob\.(\S+) Do")
MARK = re.compile(r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l")
POKER = CardGeometry(*CARD_SIZES["poker"])
A4 = SheetOptions().layout()


@cache
def mystique_pdf(paper: str = "a4", backs: bool = True, offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    return render_sheets(load_deck("mystique"), SheetOptions(paper=paper, backs=backs, back_offset=offset))


def page_content(pdf: bytes, index: int) -> str:
    return PdfReader(io.BytesIO(pdf)).pages[index].get_contents().get_data().decode("latin-1")


def placements(pdf: bytes, index: int) -> list[tuple[float, float, str]]:
    """(x, y, form) of every card drawn on a page: the form's corner is the bleed corner."""
    return [(float(x), float(y), name) for x, y, name in PLACEMENT.findall(page_content(pdf, index))]


def test_poker_player_aids_abut_nine_to_a_page() -> None:
    """plan_sheet (player aids) still puts nine poker cards on A4, sharing their cuts."""
    layout = plan_sheet(PAPERS["a4"], POKER)
    assert layout.per_page == 9
    middle = layout.slot(4)
    assert (middle.bleed_left, middle.bleed_right, middle.bleed_top, middle.bleed_bottom) == (0, 0, 0, 0)
    assert layout.slot(0).bleed_left == layout.slot(0).bleed_top == POKER.bleed


def test_small_cards_keep_their_own_bleed_when_that_costs_no_cards() -> None:
    layout = plan_sheet(PAPERS["a4"], CardGeometry(*CARD_SIZES["mini"]))
    assert layout.per_page == 16
    assert layout.slot(1).x - layout.slot(0).x == pytest.approx(41 + 6)


def test_custom_sizes_parse_millimetres_and_inches() -> None:
    assert parse_card_size("60x90") == (60.0, 90.0)
    assert parse_card_size("tarot") == CARD_SIZES["tarot"]
    assert parse_paper("8.5x11in") == pytest.approx(PAPERS["letter"])


@pytest.mark.parametrize(("paper", "sheet", "per_page", "size"), [
    ("a4", None, 9, (210, 297)),
    ("letter", None, 8, (279.4, 215.9)),
    ("a4", "a4-8up-bleed", 8, (297, 210)),
    ("a4", "dtc", 1, (69.85, 95.25)),
])
def test_built_in_sheets(paper: str, sheet: str | None, per_page: int, size: tuple[float, float]) -> None:
    layout = SheetOptions(paper=paper, sheet=sheet).layout()
    assert layout.per_page == per_page
    assert (layout.page_width, layout.page_height) == pytest.approx(size)


def test_pages_and_page_size() -> None:
    a4 = PdfReader(io.BytesIO(mystique_pdf()))
    assert len(a4.pages) == 14  # 7 front pages (60 cards, 9 a page), each followed by its backs
    box = a4.pages[0].mediabox
    assert (float(box.width), float(box.height)) == pytest.approx((210 * MM_TO_PT, 297 * MM_TO_PT), abs=0.01)
    letter = PdfReader(io.BytesIO(mystique_pdf("letter", backs=False)))
    assert len(letter.pages) == 8  # eight to a landscape page
    assert float(letter.pages[0].mediabox.width) == pytest.approx(792, abs=0.01)
    assert float(letter.pages[0].mediabox.height) == pytest.approx(612, abs=0.01)


def test_cards_are_placed_on_the_grid_in_deck_order() -> None:
    placed = placements(mystique_pdf(), 0)
    assert [name for _, _, name in placed] == [f"face{i}" for i in range(9)]
    for index, (x, y, _) in enumerate(placed):
        slot = A4.slot(index)
        assert x == pytest.approx((slot.x - POKER.bleed) * MM_TO_PT, abs=0.01)
        assert y == pytest.approx((slot.y - POKER.bleed) * MM_TO_PT, abs=0.01)
    xs = sorted({round(x, 2) for x, _, _ in placed})
    assert xs[1] - xs[0] == pytest.approx((POKER.width + 4) * MM_TO_PT, abs=0.01)  # 4 mm gutters
    last = placements(mystique_pdf(), 12)
    assert [name for _, _, name in last] == [f"face{i}" for i in range(54, 60)]


def test_back_pages_mirror_columns_on_portrait_and_rows_on_landscape_for_a_long_edge_flip() -> None:
    full_w, full_h = POKER.full_width * MM_TO_PT, POKER.full_height * MM_TO_PT
    fronts, backs = placements(mystique_pdf(), 0), placements(mystique_pdf(), 1)
    assert {name for _, _, name in backs} == {"back-gold"}
    for (fx, fy, _), (bx, by, _) in zip(fronts, backs):
        assert (bx, by) == pytest.approx((210 * MM_TO_PT - fx - full_w, fy), abs=0.01)
    assert len(placements(mystique_pdf(), 13)) == 6  # the partial last page's six backs
    letter = mystique_pdf("letter")
    for (fx, fy, _), (bx, by, _) in zip(placements(letter, 0), placements(letter, 1)):
        assert (bx, by) == pytest.approx((fx, 612 - fy - full_h), abs=0.01)


def test_back_offset_moves_every_back_page_exactly() -> None:
    moved = mystique_pdf(offset=(1.5, -0.75))
    assert placements(moved, 0) == placements(mystique_pdf(), 0)  # fronts stay
    for page in (1, 13):
        for (x, y, name), (mx, my, moved_name) in zip(placements(mystique_pdf(), page), placements(moved, page)):
            assert name == moved_name
            assert (mx - x, my - y) == pytest.approx((1.5 * MM_TO_PT, -0.75 * MM_TO_PT), abs=0.005)


def test_each_card_and_shared_back_is_stored_once() -> None:
    reader = PdfReader(io.BytesIO(mystique_pdf()))
    names = set()
    for page in reader.pages:
        names.update(page["/Resources"]["/XObject"].keys())
    assert "/FormXob.back-gold" in names
    assert len(names) == 61


def pdf_marks(pdf: bytes, index: int) -> list[tuple[float, ...]]:
    """The distinct straight lines drawn outside forms on a page (the crop marks), in mm."""
    content = page_content(pdf, index)
    return sorted({tuple(round(float(v) / MM_TO_PT, 3) for v in m) for m in MARK.findall(content)})


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_crop_marks_lie_on_cut_lines_inside_the_printable_area_and_never_on_a_card(paper: str) -> None:
    layout = SheetOptions(paper=paper).layout()
    cuts_x, cuts_y = layout.cut_lines()
    marks = pdf_marks(mystique_pdf(paper), 0)
    vertical = [m for m in marks if m[0] == m[2]]
    horizontal = [m for m in marks if m[1] == m[3]]
    assert {m[0] for m in vertical} == {round(x, 3) for x in cuts_x}
    assert {m[1] for m in horizontal} == {round(y, 3) for y in cuts_y}
    margin = layout.printable_margin
    for x0, y0, x1, y1 in marks:
        assert margin - 0.01 <= min(x0, x1) and max(x0, x1) <= layout.page_width - margin + 0.01
        assert margin - 0.01 <= min(y0, y1) and max(y0, y1) <= layout.page_height - margin + 0.01
    for slot in layout.slots:  # no mark touches a trim box
        for x0, y0, x1, y1 in marks:
            inside_x = slot.x - 0.49 < max(x0, x1) and min(x0, x1) < slot.x + POKER.width + 0.49
            inside_y = slot.y - 0.49 < max(y0, y1) and min(y0, y1) < slot.y + POKER.height + 0.49
            assert not (inside_x and inside_y)
    top = [m for m in vertical if min(m[1], m[3]) > cuts_y[-1]]
    assert top and all(abs(m[3] - m[1]) >= 2 for m in top)  # the top marks print at least 2 mm


SHEETS = ["a4-9up", "letter-8up", "a4-8up-bleed", "dtc", "a4", "letter"]


def test_the_built_in_sheets_are_the_shipped_files() -> None:
    from deckgen.model.sheet import sheet_names

    assert sorted(SHEETS) == sheet_names()


@pytest.mark.parametrize("sheet", SHEETS)
@pytest.mark.parametrize("deck_id", ["mystique", "mirror", "mirrorquest", "smoke-and-mirrors", "mismatch",
                                     "standard"])
def test_a_one_millimetre_cutting_error_never_shows_a_neighbours_colour(sheet: str, deck_id: str) -> None:
    """Each card shows at least 1 mm of its own bleed on every side (no neighbour's art
    within 1 mm of a trim), and every trim and mark lies inside the printable area."""
    load_deck(deck_id)  # every shipped deck prints at the default card size
    sizes = ["poker"] if sheet not in ("a4", "letter") else list(CARD_SIZES)
    for size in sizes:
        layout = SheetOptions(sheet=sheet, card_size=size).layout()
        card, margin = layout.card, layout.printable_margin
        for occupied in (layout.per_page, max(1, layout.per_page - 2)):
            for back in (False, True):
                slots = layout.page_slots(occupied, back)
                for s in slots:
                    assert min(s.bleed_left, s.bleed_right, s.bleed_top, s.bleed_bottom) >= 1.0, (sheet, size)
                    assert s.x >= margin and s.x + card.width <= layout.page_width - margin
                    assert s.y >= margin and s.y + card.height <= layout.page_height - margin
                    for o in slots:
                        if o is s:
                            continue
                        apart_x = max(o.x - o.bleed_left - (s.x + card.width), s.x - (o.x + card.width + o.bleed_right))
                        apart_y = max(o.y - o.bleed_bottom - (s.y + card.height),
                                      s.y - (o.y + card.height + o.bleed_top))
                        assert max(apart_x, apart_y) >= 1.0 - 1e-9, (sheet, size)
                lines, _ = mark_lines(layout, slots)
                for x0, y0, x1, y1 in lines:
                    assert margin - 1e-9 <= min(x0, x1) and max(x0, x1) <= layout.page_width - margin + 1e-9
                    assert margin - 1e-9 <= min(y0, y1) and max(y0, y1) <= layout.page_height - margin + 1e-9


def test_a_cut_one_millimetre_outside_the_trim_shows_the_cards_own_colour() -> None:
    """Rasterise Mystique's first A4 page; 1 mm outside the middle of each trim edge the
    colour is the card's own edge colour (0.5 mm inside), never the neighbour's."""
    dpi = 150
    image = pypdfium2.PdfDocument(mystique_pdf())[0].render(scale=dpi / 72).to_pil().convert("RGB")
    px = dpi / 25.4

    def at(x_mm: float, y_mm: float) -> tuple[int, int, int]:  # PDF coordinates, mm
        return image.getpixel((round(x_mm * px), round((297 - y_mm) * px)))

    def close(a: tuple[int, int, int], b: tuple[int, int, int]) -> bool:
        return all(abs(p - q) < 10 for p, q in zip(a, b))

    colours = set()
    for slot in A4.slots:
        cx, cy = slot.x + POKER.width / 2, slot.y + POKER.height / 2
        right, top = slot.x + POKER.width, slot.y + POKER.height
        for inside, outside in (
            ((slot.x + 0.5, cy), (slot.x - 1, cy)), ((right - 0.5, cy), (right + 1, cy)),
            ((cx, slot.y + 0.5), (cx, slot.y - 1)), ((cx, top - 0.5), (cx, top + 1)),
        ):
            own = at(*inside)
            colours.add(own)
            assert close(at(*outside), own), (slot, inside, own, at(*outside))
    assert len(colours) >= 2  # the page has yellow and red cards side by side


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_footers_name_the_deck_page_and_how_to_print_inside_the_printable_area(paper: str) -> None:
    text = PdfReader(io.BytesIO(mystique_pdf(paper))).pages[1].extract_text()
    pages = 14 if paper == "a4" else 16
    for part in (f"The Mystique Deck: page 2 of {pages}, backs", "Print at 100 % (actual size)",
                 "double-sided, flip on the long edge"):
        assert part in text
    layout = SheetOptions(paper=paper).layout()
    size, _, lines = footer_lines(layout, list(layout.slots), ["The Mystique Deck: page 2 of 14, backs",
                                                             "Print at 100 % (actual size)",
                                                             "double-sided, flip on the long edge"])
    assert size >= 5 and lines
    cuts = layout.cut_lines()[0]
    assert all(layout.printable_margin < centre < layout.page_width - layout.printable_margin for centre, _ in lines)
    assert not [x for x in cuts for centre, _ in lines if abs(centre - x) < 3]


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("card_size", ["poker", "bridge", "mini", "tarot", "60x90"])
def test_every_default_sheet_has_room_for_the_footer_on_fronts_and_backs(paper: str, card_size: str) -> None:
    """Auto-fitted sheets keep the footer's room (minis: 4 x 4 on A4, not a footer-less 6 x 3):
    under the cards on fronts, and on backs reflected about the rows, above them."""
    layout = SheetOptions(paper=paper, card_size=card_size).layout()
    parts = ["The Mystique Deck: page 2 of 14, backs", "Print at 100 % (actual size)",
             "double-sided, flip on the long edge"]
    for back in (False, True):
        slots = layout.page_slots(layout.per_page, back)
        size, bottom, lines = footer_lines(layout, slots, parts)
        assert size >= 4.5 and len(lines) >= 1, (paper, card_size, back)
        top = bottom + size / MM_TO_PT
        art_bottom = min(s.y - s.bleed_bottom for s in slots)
        art_top = max(s.y + layout.card.height + s.bleed_top for s in slots)
        assert layout.printable_margin <= bottom and top <= layout.page_height - layout.printable_margin
        assert top <= art_bottom - layout.marks.gap + 1e-6 or bottom >= art_top + layout.marks.gap - 1e-6
    assert SheetOptions(paper="a4", card_size="mini").layout().per_page == 16
    assert SheetOptions(paper="letter", card_size="mini").layout().per_page == 18
    assert SheetOptions(paper="a4", card_size="195x285").layout().per_page == 1  # fits only without the footer


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


def test_same_input_same_bytes() -> None:
    deck = load_deck("smoke-and-mirrors")
    assert render_sheets(deck, SheetOptions()) == render_sheets(deck, SheetOptions())


def test_mismatch_cards_get_their_colour_decks_back() -> None:
    pdf = render_sheets(load_deck("mismatch"), SheetOptions(card_size="mini"))
    reader = PdfReader(io.BytesIO(pdf))
    # 208 cards, 16 minis a page: 4 x 4 upright (6 x 3 turned would leave no room for the footer)
    assert len(reader.pages) == 2 * 13
    assert float(reader.pages[0].mediabox.width) == pytest.approx(210 * MM_TO_PT, abs=0.01)
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


@pytest.mark.parametrize("text", ["0 0 m 10 0 l S\nBT (No. 7) Tj ET", "tab\there\r\n", "caf\u00e9 \u2022", "\x17", ""])
def test_stream_text_is_encoded_exactly_as_reportlabs_pdfdoc_codec_does(text: str) -> None:
    from reportlab.pdfbase import pdfdoc

    new_canvas(io.BytesIO(), (210, 297), "encoding")
    assert pdfdoc.pdfdocEnc(text) == text.encode("extpdfdoc")


def test_characters_pdfdoc_cannot_encode_still_fail_as_reportlab_makes_them() -> None:
    from reportlab.pdfbase import pdfdoc

    new_canvas(io.BytesIO(), (210, 297), "encoding")
    with pytest.raises(UnicodeEncodeError):
        pdfdoc.pdfdocEnc("ok \x18")
