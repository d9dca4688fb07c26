"""The rule booklet: setup tables from the rule data, contents and bookmarks, fonts,
reproducible bytes, the cover's bleed, the imposed version (A4 and Letter) and the command line."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pypdfium2
import pytest
from click.testing import CliRunner
from pypdf import PdfReader
from reportlab.lib.pagesizes import A5
from reportlab.lib.units import inch, mm

from deckgen.cli import main
from deckgen.errors import DataError, DeckgenError
from deckgen.games.registry import game_classes, get_game
from deckgen.model.common import read_yaml, validate
from deckgen.model.deck import load_deck
from deckgen.model.rules import GameRules, all_rules, load_rules_file
from deckgen.render.booklet import (
    PAPERS,
    BookletStyle,
    booklet_paper,
    composition_rows,
    load_booklet_style,
    metadata_line,
    render_booklet,
    render_imposed,
    sample_cards,
    setup_rows,
    style_path,
    text_blocks,
)
from deckgen.render.imposition import padded_page_count, printing_note

FIXTURE = Path(__file__).parent / "data" / "mystique" / "games" / "lantern-trail.yaml"
HAND_ZONE = re.compile(r"^(?:hand|deck)\W*(\d+)$")


@pytest.fixture(scope="module")
def rules() -> GameRules:
    return load_rules_file(FIXTURE)


@pytest.fixture(scope="module")
def built(rules: GameRules, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return render_booklet(rules, tmp_path_factory.mktemp("booklet"), imposed=True)


@pytest.fixture(scope="module")
def built_letter(rules: GameRules, tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    return render_booklet(rules, tmp_path_factory.mktemp("letter"), imposed=True, paper=PAPERS["letter"])


def shipped_rules() -> list[GameRules]:
    return list(all_rules().values())


def page_texts(path: Path) -> list[str]:
    return [page.extract_text() for page in PdfReader(path).pages]


def _check_setup_rows(rules: GameRules) -> None:
    header, *rows = setup_rows(rules)
    assert [int(r[0]) for r in rows] == list(rules.players.counts())
    for row in rows:
        spec = rules.for_play().setup_for(int(row[0]))
        cells = dict(zip(header, row))
        expected_hand = "\u2013" if spec.hand_size is None else str(spec.hand_size)
        assert cells["Cards each"] == expected_hand
        assert cells.get("Decks", "1") == str(spec.decks)
        assert cells.get("Removed unseen", "0") == str(spec.removed)
        assert cells.get("Notes", "") == spec.note


def test_setup_rows_come_from_the_rule_data(rules: GameRules) -> None:
    header, *rows = setup_rows(rules)
    assert header == ["Players", "Cards each", "Removed unseen", "Notes"]  # one deck throughout
    assert rows[0] == ["2", "10", "0", "Each player also takes a spare lantern card."]
    _check_setup_rows(rules)


@pytest.mark.parametrize("game", sorted(all_rules()))
def test_setup_rows_of_every_shipped_game(game: str) -> None:
    _check_setup_rows(all_rules()[game])


#: Games whose dealt cards leave the hands during the setup itself, with the reason.
PLAYED_AT_SETUP = {"mystique-chain": "each player's drawn card goes straight onto the discard pile"}
#: Games that deal the whole deck: the table's hand size is the smaller hand, and the cards it
#: leaves over go one each to the first seats (its note says so).
WHOLE_DECK_DEALT = {"president"}


@pytest.mark.parametrize("game", sorted(g for g in all_rules() if g in game_classes() and g not in PLAYED_AT_SETUP))
def test_setup_table_matches_what_the_engine_deals(game: str) -> None:
    engine = get_game(game)
    options = engine.rules.resolve_options()
    for row in setup_rows(engine.rules)[1:]:
        players = int(row[0])
        spec = engine.rules.setup_for(players)
        if spec.hand_size is None:
            continue
        state = engine.new_game(players, random.Random(players), options)
        zones = state.card_zones()
        kind = "hand" if "hand/0" in zones else "deck"  # Mismatch deals personal decks, not hands
        hands = {int(m.group(1)): len(cards) for name, cards in zones.items()
                 if (m := HAND_ZONE.match(name)) and name.startswith(kind)}
        left_over = 0
        if game in WHOLE_DECK_DEALT:
            left_over = sum(map(len, zones.values())) - spec.removed - spec.set_aside - players * spec.hand_size
            assert 0 <= left_over < players
        assert hands == {seat: spec.hand_size + (seat < left_over) for seat in range(players)}, \
            f"{game} with {players} players"


def test_contents_and_bookmarks_match_the_headings(rules: GameRules, built: list[Path]) -> None:
    reader = PdfReader(built[0])
    texts = page_texts(built[0])
    outline = []

    def walk(items: list, depth: int) -> None:
        for item in items:
            if isinstance(item, list):
                walk(item, depth + 1)
            else:
                outline.append((depth, item.title, reader.get_destination_page_number(item) + 1))

    walk(reader.outline, 0)
    titles = [title for _, title, _ in outline]
    assert titles == [
        "1 Overview and goal", "2 Components", "2.1 Some of the cards", "2.2 What is in the deck",
        "3 Setup", "4 A turn", "5 Special rules", "5.1 Wildcards", "5.2 Pickup cards",
        "6 End and scoring", "7 Variants", "7.1 Team trail",
        "8 Rulings and questions", "9 How deckgen plays this game", "9.1 Rule options in deckgen",
    ]
    assert [depth for depth, title, _ in outline] == [title.count(".") for title in titles]
    # The contents page extracts as a dotted leader with the page number, then the title.
    listed = [(title.strip(), int(page)) for page, title in re.findall(r"\.\s*(\d+)\n([^\n]+)", texts[1])]
    assert listed == [(title, page) for _, title, page in outline]
    for _, title, page in outline:
        number, name = title.split(" ", 1)
        heading = re.compile(rf"{re.escape(number)}\s+{re.escape(name)}")
        assert heading.search(" ".join(texts[page - 1].split())), f"{title} not on page {page}"


def test_cover_footer_and_sections(rules: GameRules, built: list[Path]) -> None:
    texts = page_texts(built[0])
    cover = " ".join(texts[0].split())
    assert "Lantern Trail" in cover
    assert " ".join(metadata_line(rules).split()) in cover
    assert metadata_line(rules) == (
        "2\u20135 players \u00b7 15\u201325 minutes \u00b7 complexity 2 of 5 \u00b7 "
        "designed by The deckgen test team, 2024"
    )
    for number, text in enumerate(texts[1:], start=2):
        assert text.split()[-1] == str(number) or str(number) in text.split()
    body = " ".join(" ".join(texts).split())
    for needle in ("lantern_bonus", "0 to 5", "short_trail", "Can I draw when I hold a card that fits?",
                   "Shuffle every card under the current lantern", "Put one card back in the box unseen."):
        assert needle in body


def test_pages_are_a5_and_fonts_embedded(built: list[Path]) -> None:
    for path in built:
        reader = PdfReader(path)
        fonts = {}
        for page in reader.pages:
            for name, ref in page["/Resources"].get("/Font", {}).items():
                fonts[name] = ref.get_object()
        assert fonts
        for font in fonts.values():
            descriptor = font.get("/FontDescriptor")
            if descriptor is None:  # composite fonts keep it on the descendant
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            descriptor = descriptor.get_object()
            assert "/FontFile2" in descriptor or "/FontFile" in descriptor, font["/BaseFont"]
            assert "DejaVu" in font["/BaseFont"]
    reading = PdfReader(built[0])
    assert all(
        (round(float(p.trimbox.width)), round(float(p.trimbox.height))) == (420, 595) for p in reading.pages
    )


def box(page, name: str) -> tuple[float, ...]:
    return tuple(round(float(v), 2) for v in page[name])


@pytest.mark.parametrize(("paper", "trim"), [("a4", A5), ("letter", (5.5 * inch, 8.5 * inch))])
def test_pages_have_a_bleed_box_around_the_trim(paper: str, trim: tuple[float, float], built: list[Path],
                                                 built_letter: list[Path]) -> None:
    """Print shops read TrimBox and BleedBox: the trim is the booklet page, the bleed 3 mm more
    on every side, and the media box is the bleed box (nothing outside it to print)."""
    bleed = load_booklet_style().page.bleed_mm * mm
    assert bleed == pytest.approx(3 * mm)
    reading = PdfReader((built if paper == "a4" else built_letter)[0])
    width, height = trim
    expected_trim = tuple(round(v, 2) for v in (bleed, bleed, bleed + width, bleed + height))
    expected_bleed = tuple(round(v, 2) for v in (0, 0, width + 2 * bleed, height + 2 * bleed))
    for page in reading.pages:
        assert box(page, "/TrimBox") == pytest.approx(expected_trim, abs=0.02)
        assert box(page, "/BleedBox") == pytest.approx(expected_bleed, abs=0.02)
        assert box(page, "/MediaBox") == box(page, "/BleedBox")


def rendered(path: Path, index: int, scale: float = 1.0):
    return pypdfium2.PdfDocument(path)[index].render(scale=scale).to_pil().convert("RGB")


def test_cover_panel_runs_into_the_bleed_and_to_the_sheet_edge(built: list[Path]) -> None:
    """The cover panel fills the bleed of the reading-order cover, reaches the cut edge of the
    imposed sheet, and stops at the fold (the back cover beside it stays white)."""
    panel = tuple(int(load_booklet_style().colours.accent_light[i:i + 2], 16) for i in (1, 3, 5))
    cover = rendered(built[0], 0)
    width, height = cover.size
    for x, y in ((0, height - 1), (width - 1, height - 1), (0, height - 60), (width - 1, height - 60)):
        assert cover.getpixel((x, y)) == pytest.approx(panel, abs=3), (x, y)
    assert cover.getpixel((width // 2, 0)) == (255, 255, 255)  # no bleed fill above the panel
    side = rendered(built[1], 0)
    width, height = side.size
    fold = width // 2
    for x, y in ((width - 1, height - 1), (fold + 2, height - 30), (width - 1, height - 100)):
        assert side.getpixel((x, y)) == pytest.approx(panel, abs=3), (x, y)
    assert side.getpixel((fold - 3, height - 30)) == (255, 255, 255)  # the back cover: no spill


def test_imposed_booklet_says_how_to_print_on_its_first_side_only(built: list[Path], built_letter: list[Path]) -> None:
    for path in (built[1], built_letter[1]):
        texts = [" ".join(t.split()) for t in page_texts(path)]
        sheets = len(texts) // 2
        assert printing_note(sheets) in texts[0]
        assert not any("To print" in t or "short edge" in t for t in texts[1:])
    assert not any("short edge" in t for t in page_texts(built[0]))  # the reading order has no note


def test_letter_booklet_is_half_letter_imposed_on_letter(built_letter: list[Path]) -> None:
    reading, imposed = (PdfReader(p) for p in built_letter)
    assert [p.name for p in built_letter] == ["lantern-trail-rules-letter.pdf", "lantern-trail-rules-booklet-letter.pdf"]
    assert {(round(float(p.trimbox.width), 2), round(float(p.trimbox.height), 2)) for p in reading.pages} == {
        (396.0, 612.0)
    }
    assert len(imposed.pages) == padded_page_count(len(reading.pages)) // 2
    assert {(round(float(p.mediabox.width), 2), round(float(p.mediabox.height), 2)) for p in imposed.pages} == {
        (792.0, 612.0)
    }
    # The text reflows for the narrower page: the same headings, in a frame 24 pt narrower.
    letter_text = " ".join(" ".join(page_texts(built_letter[0])).split())
    assert "8 Rulings and questions" in letter_text and "9.1 Rule options in deckgen" in letter_text
    # ... and the narrower setup table still holds every heading word whole.
    words = set(letter_text.split())
    assert {"Players", "Cards", "each", "Removed", "unseen", "Notes"} <= words


def test_letter_booklet_bytes_are_reproducible(rules: GameRules, built_letter: list[Path], tmp_path: Path) -> None:
    again = render_imposed(rules, tmp_path, booklet_paper("letter"))
    assert again.name == built_letter[1].name
    assert again.read_bytes() == built_letter[1].read_bytes()
    assert [p.name for p in (tmp_path / "mystique").iterdir()] == [again.name]  # only the imposed file


def test_unknown_paper_is_refused() -> None:
    with pytest.raises(DeckgenError, match="unknown booklet paper 'a3' \\(expected one of: a4, letter\\)"):
        booklet_paper("a3")


def test_imposed_booklet_has_whole_sheets(built: list[Path]) -> None:
    reading, imposed = (PdfReader(p) for p in built)
    assert built[1].name == "lantern-trail-rules-booklet.pdf"
    assert len(imposed.pages) == padded_page_count(len(reading.pages)) // 2
    page = imposed.pages[0]
    assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (842, 595)


def test_same_input_gives_the_same_bytes(rules: GameRules, built: list[Path], tmp_path: Path) -> None:
    again = render_booklet(rules, tmp_path, imposed=True)
    assert [p.read_bytes() for p in again] == [p.read_bytes() for p in built]
    assert sorted(p.name for p in (tmp_path / "mystique").iterdir()) == [
        "lantern-trail-rules-booklet.pdf", "lantern-trail-rules.pdf"
    ]


def test_rule_text_blocks() -> None:
    body = "First line\njoins here.\n\n- a bullet\n  that continues\n- another\nAfter the list."
    assert text_blocks(body) == [
        ("para", "First line joins here."),
        ("bullet", "a bullet that continues"),
        ("bullet", "another"),
        ("para", "After the list."),
    ]


def test_composition_and_samples_come_from_the_deck() -> None:
    deck = load_deck("mystique")
    rows = dict(composition_rows(deck))
    assert rows["Cards"] == "60"
    assert rows["Suit"] == "moons\u00a0\u00d7\u00a015, suns\u00a0\u00d7\u00a015, arms\u00a0\u00d7\u00a015, crowns\u00a0\u00d7\u00a015"
    samples = sample_cards(deck, 8)
    assert len(samples) == len({c.id for c in samples}) >= 4
    assert {c.attrs["suit"] for c in samples} == set(deck.attributes["suit"])
    mirror = load_deck("mirror")
    assert any(c.fields.get("special") for c in sample_cards(mirror, 6))


def test_style_refuses_body_text_below_nine_and_a_half_points() -> None:
    data = read_yaml(style_path())
    data["sizes"]["body"] = 9
    with pytest.raises(DataError, match="sizes.body"):
        validate(BookletStyle, data, style_path())


def test_rules_without_text_cannot_make_a_booklet(rules: GameRules, tmp_path: Path) -> None:
    with pytest.raises(DeckgenError, match="booklet lantern-trail: the rule data has no text"):
        render_booklet(rules.model_copy(update={"text": None}), tmp_path)
    assert not any(tmp_path.rglob("*.pdf"))


def test_cli_writes_the_booklet(tmp_path: Path) -> None:
    game = "mystique"
    result = CliRunner().invoke(main, ["render", "booklet", game, "--imposed", "--output", str(tmp_path)])
    assert result.exit_code == 0, result.output
    deck = all_rules()[game].deck
    assert (tmp_path / deck / f"{game}-rules.pdf").is_file()
    assert (tmp_path / deck / f"{game}-rules-booklet.pdf").is_file()


def test_cli_letter_booklet_and_help(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["render", "booklet", "battle-for-the-suns", "--imposed", "--paper", "letter",
                                  "--output", str(tmp_path)])
    assert result.exit_code == 0, result.output
    folder = tmp_path / all_rules()["battle-for-the-suns"].deck
    assert sorted(p.name for p in folder.iterdir()) == [
        "battle-for-the-suns-rules-booklet-letter.pdf", "battle-for-the-suns-rules-letter.pdf"
    ]
    help_text = " ".join(runner.invoke(main, ["render", "booklet", "--help"]).output.split())
    for needed in ("both sides", "SHORT edge", "actual size (100 %)", "fold the stack", "staple twice on the fold",
                   "--paper"):
        assert needed in help_text
    bad = runner.invoke(main, ["render", "booklet", "mystique", "--paper", "a3", "--output", str(tmp_path)])
    assert bad.exit_code == 2 and len(bad.output.strip().splitlines()) == 1


def test_cli_unknown_game_is_one_line_and_exit_2(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render", "booklet", "no-such-game", "--output", str(tmp_path)])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown game 'no-such-game'")


def test_no_designer_line_where_nobody_is_credited() -> None:
    rules = all_rules()["mismatch"]
    assert rules.metadata.designer is None
    assert "designed by" not in metadata_line(rules)
    assert "designed by Chip Beauvais" in metadata_line(all_rules()["smoke-and-mirrors"])


@pytest.mark.parametrize("game_id", sorted(g for g, rules in all_rules().items() if rules.same_rules_as is None))
def test_player_facing_text_leaves_the_simulator_to_the_closing_chapter(game_id: str) -> None:
    """Option keys, seat numbers and the simulator appear only in "How deckgen plays this
    game" (text.deckgen and the options table), never in the rules a player reads."""
    rules = all_rules()[game_id]
    assert rules.text is not None and rules.quickref is not None and rules.text.deckgen is not None
    text = rules.text
    player_facing = [text.overview, text.components, text.setup, text.turn, text.end, *text.special, *text.variants]
    strings = [s.body for s in player_facing] + [r.question + " " + r.answer for r in rules.rulings]
    strings += rules.quickref.turn + rules.quickref.legal_plays + rules.quickref.special + rules.quickref.scoring
    strings += [d.title + " " + d.caption for d in rules.diagrams]
    for string in strings:
        assert "simulat" not in string and "seat 0" not in string.lower(), string
        for option in rules.options:  # a key such as call_miss_rate, or "option length"
            assert f"option {option}" not in string and ("_" not in option or option not in string), string


def test_grid_diagrams_get_a_chapter_with_their_titles_and_captions(rules: GameRules, tmp_path: Path) -> None:
    from deckgen.model.rules import Diagram

    diagram = Diagram.model_validate({
        "id": "hex-start", "title": "Where the third card may go", "grid": "hexagonal",
        "caption": "Two cards lie side by side; the dashed cells touch both & take the next card.",
        "cells": [{"at": [0, 0], "cards": ["yellow-moons-1"]}, {"at": [1, 0], "cards": ["red-suns-2", "blue-arms-3"]}],
        "marked": [[0, -1], [1, -1], [0, 1]],
    })
    square = diagram.model_copy(update={"id": "square", "title": "Owned stacks", "grid": "square", "marked": [],
                                        "cells": [diagram.cells[0], diagram.cells[1].model_copy(update={"owner": 1})]})
    path = render_booklet(rules.model_copy(update={"diagrams": [diagram, square]}), tmp_path)[0]
    text = "\n".join(page_texts(path))
    assert "Pictures of play" in text
    assert "Where the third card may go" in text and "Owned stacks" in text
    assert "touch both & take" in text
    assert "x2" in text and "P2" in text
