"""The quick-reference player aid: faces from rules.quickref, fixed type sizes, overflow
errors naming the section, sheets with mirrored backs, embedded fonts, same bytes."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from deckgen.cli import main
from deckgen.errors import DataError, DeckgenError
from deckgen.model.common import read_yaml, validate
from deckgen.model.geometry import CARD_SIZES, CardGeometry, parse_paper, plan_sheet
from deckgen.model.rules import GameRules, load_rules_file
from deckgen.render.quickref import (
    MIN_TEXT_PT,
    QuickrefStyle,
    load_quickref_style,
    quickref_faces,
    render_quickref,
    style_path,
)

FIXTURE = Path(__file__).parent / "data" / "mystique" / "games" / "lantern-trail.yaml"


@pytest.fixture(scope="module")
def rules() -> GameRules:
    return load_rules_file(FIXTURE)


def with_quickref(rules: GameRules, **changes: list[str]) -> GameRules:
    assert rules.quickref is not None
    return rules.model_copy(update={"quickref": rules.quickref.model_copy(update=changes)})


def text_runs(page) -> list[tuple[str, float, float, float]]:
    """(text, x, y, font size) of every text run, in page space."""
    runs: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm, tm, _font, size: float) -> None:
        if text.strip():
            scale = (tm[0] * cm[0] + tm[1] * cm[2])
            runs.append((text.strip(), tm[4] * cm[0] + tm[5] * cm[2] + cm[4],
                         tm[4] * cm[1] + tm[5] * cm[3] + cm[5], size * abs(scale)))

    page.extract_text(visitor_text=visit)
    return runs


@pytest.mark.parametrize("size", ["poker", "tarot"])
def test_sheet_of_fronts_and_mirrored_backs(rules: GameRules, size: str, tmp_path: Path) -> None:
    path = render_quickref(rules, tmp_path, size=size)
    assert path == tmp_path / "mystique" / "lantern-trail-quickref.pdf"
    reader = PdfReader(path)
    assert len(reader.pages) == 2
    layout = plan_sheet(parse_paper("a4"), CardGeometry(*CARD_SIZES[size], bleed=3.0))
    front, back = (" ".join(p.extract_text().split()) for p in reader.pages)
    assert front.count("Lantern Trail") == layout.per_page + 1 >= 5  # every aid, and the footer
    assert back.count("Lantern Trail") == layout.per_page + 1
    assert "Lantern Trail: quick reference, fronts" in front and "Lantern Trail: quick reference, backs" in back
    assert "Print at 100 % (actual size)" in front and "double-sided, flip on the long edge" in back
    assert "Suit: any number of cards." in front and "Pickups never add up." not in front
    assert "Pickups never add up." in back and "Wildcard left in hand: 3 points." in back
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (595, 842)
        on_aids = [size for text, _, _, size in text_runs(page) if "quick reference," not in text
                   and not text.startswith(("Print at", "double-sided"))]  # the footer is the sheet's, not the aid's
        assert min(on_aids) >= MIN_TEXT_PT - 0.01


def test_fonts_embedded_and_same_bytes(rules: GameRules, tmp_path: Path) -> None:
    first = render_quickref(rules, tmp_path / "a").read_bytes()
    second = render_quickref(rules, tmp_path / "b").read_bytes()
    assert first == second
    reader = PdfReader(tmp_path / "a" / "mystique" / "lantern-trail-quickref.pdf")
    fonts = [ref.get_object() for page in reader.pages for ref in page["/Resources"]["/Font"].values()]
    assert fonts
    for font in fonts:
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor or "/FontFile" in descriptor, font["/BaseFont"]


def test_overflow_fails_naming_the_game_and_section(rules: GameRules, tmp_path: Path) -> None:
    long_lines = [f"Rule line {i}: a card may be played when it matches in some way." for i in range(14)]
    with pytest.raises(DeckgenError) as caught:
        render_quickref(with_quickref(rules, legal_plays=long_lines), tmp_path)
    message = str(caught.value)
    assert message.startswith("quickref lantern-trail: section 'legal_plays' does not fit on a poker card (needs ")
    assert message.endswith(" mm more)")
    needed = int(message.split("needs ")[1].split(" mm")[0])
    assert needed >= 1
    assert not any(tmp_path.rglob("*.pdf"))


def test_overflow_on_the_back_names_its_section(rules: GameRules) -> None:
    style = load_quickref_style()
    geometry = CardGeometry(*CARD_SIZES["poker"], bleed=3.0)
    crowded = with_quickref(rules, scoring=["Each card left in hand scores one point for the winner."] * 20)
    with pytest.raises(DeckgenError, match="section 'scoring' does not fit on a poker card"):
        quickref_faces(crowded, geometry, style, "poker")


def test_the_same_text_fits_a_tarot_card(rules: GameRules) -> None:
    style = load_quickref_style()
    lines = [f"Rule line {i}: a card may be played when it matches." for i in range(12)]
    roomy = with_quickref(rules, legal_plays=lines)
    with pytest.raises(DeckgenError, match="legal_plays"):
        quickref_faces(roomy, CardGeometry(*CARD_SIZES["poker"], bleed=3.0), style, "poker")
    front, _ = quickref_faces(roomy, CardGeometry(*CARD_SIZES["tarot"], bleed=3.0), style, "tarot")
    assert [s.key for s in front.sections] == ["turn", "legal_plays"]


def test_back_without_special_lines_has_only_scoring(rules: GameRules) -> None:
    _, back = quickref_faces(with_quickref(rules, special=[]), CardGeometry(*CARD_SIZES["poker"]),
                             load_quickref_style(), "poker")
    assert [s.key for s in back.sections] == ["scoring"]


def test_missing_quickref_and_unknown_size_are_errors(rules: GameRules, tmp_path: Path) -> None:
    with pytest.raises(DeckgenError, match="quickref lantern-trail: the rule data has no quickref"):
        render_quickref(rules.model_copy(update={"quickref": None}), tmp_path)
    with pytest.raises(DeckgenError, match=r"unknown quickref size 'huge' \(expected one of: poker, tarot\)"):
        render_quickref(rules, tmp_path, size="huge")


def test_style_refuses_text_below_seven_and_a_half_points() -> None:
    data = read_yaml(style_path())
    data["sizes"]["body"] = 7
    with pytest.raises(DataError, match="sizes.body"):
        validate(QuickrefStyle, data, style_path())


def test_cli_quickref_and_its_errors(tmp_path: Path) -> None:
    runner = CliRunner()
    ok = runner.invoke(main, ["render", "quickref", "mystique", "--size", "tarot", "--output", str(tmp_path)])
    assert ok.exit_code == 0, ok.output
    assert (tmp_path / "mystique" / "mystique-quickref.pdf").is_file()
    for args, start in (
        (["render", "quickref", "mystique", "--size", "huge"], "error: unknown quickref size 'huge'"),
        (["render", "quickref", "no-such-game"], "error: unknown game 'no-such-game'"),
    ):
        result = runner.invoke(main, [*args, "--output", str(tmp_path)])
        assert result.exit_code == 2
        lines = result.output.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(start), result.output


def test_letter_paper_gets_its_own_file_with_the_footer(rules: GameRules, tmp_path: Path) -> None:
    """--paper letter: -quickref-letter.pdf beside the A4 one, on the page (here landscape)
    that holds the most aids with room for the footer, the backs reflected for a long-edge flip."""
    a4 = render_quickref(rules, tmp_path)
    letter = render_quickref(rules, tmp_path, paper="letter")
    assert (a4.name, letter.name) == ("lantern-trail-quickref.pdf", "lantern-trail-quickref-letter.pdf")
    reader = PdfReader(letter)
    for page in reader.pages:
        assert (round(float(page.mediabox.width)), round(float(page.mediabox.height))) == (792, 612)
        assert "Print at 100 % (actual size)" in page.extract_text()
    with pytest.raises(DeckgenError, match="unknown paper 'a5'"):
        render_quickref(rules, tmp_path, paper="a5")
