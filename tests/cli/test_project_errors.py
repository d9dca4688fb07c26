"""A designer's mistakes from the command line (issue 16): a bad layout, a bad card list,
missing artwork and a font that does not load are each one line naming the file (and the
row, column or element), exit 2, no traceback, for `validate` and `render cards` alike;
and a failed render writes nothing to output/."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckgen import project
from deckgen.cli import main

LAYOUT = Path("decks/sky/layouts/card.yaml")
CARDS = Path("decks/sky/cards.csv")


def run(*args: str) -> Result:
    """One command, as a fresh process would run it (nothing loaded before the files changed)."""
    project.forget_loaded()
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh `deckgen init` project, the current folder."""
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    assert run("init", str(tmp_path / "game")).exit_code == 0
    monkeypatch.chdir(tmp_path / "game")
    return tmp_path / "game"


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new))


def failed_lines(*args: str) -> list[str]:
    """The error lines of a command that must fail the way bad input fails."""
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.output and isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert lines and all(line.startswith("error: ") for line in lines), lines
    return [line.removeprefix("error: ") for line in lines]


def both_commands(game: Path) -> tuple[list[str], list[str]]:
    """The lines of `validate` and of `render cards sky`, checking the render wrote nothing."""
    checked = failed_lines("validate")
    rendered = failed_lines("render", "cards", "sky")
    assert not [p for p in (game / "output").rglob("*") if p.is_file()]
    return checked, rendered


def test_a_layout_with_an_element_off_the_card_and_an_unknown_key(game: Path) -> None:
    edit(game / LAYOUT, "x: 21%, y: 4.5%, width: 72%", "x: 21%, y: 4.5%, width: 92%")
    checked, rendered = both_commands(game)
    assert checked == rendered == [(f"{LAYOUT}: elements.title: lies 8.3 mm off the 63.5 x 88.9 mm card "
                                   "(keep the box inside the trim; `bleed: true` reaches into the bleed)")]
    edit(game / LAYOUT, "fit: contain}", "fit: contain, size: 3mm}")  # the art and the back's emblem
    edit(game / LAYOUT, "radius: 3mm,", "radius: 3mm, colour: red,")
    checked, rendered = both_commands(game)
    assert checked == rendered == [f"{LAYOUT}: elements.frame.colour: unknown key (not part of the schema)",
                                   f"{LAYOUT}: elements.art.size: unknown key (not part of the schema)",
                                   f"{LAYOUT}: back.emblem.size: unknown key (not part of the schema)"]


def test_text_that_cannot_fit_and_an_unknown_icon_name_card_and_element(game: Path) -> None:
    edit(game / CARDS, "sun-1,Dawn,number,sun,1,emblem.svg,,", "sun-1,Dawn,number,sun,1,emblem.svg,"
         + "A very long rule text that goes on and on. " * 12 + ",")
    edit(game / CARDS, "moon-1,New Moon,number,moon,1,emblem.svg,,", "moon-1,New Moon,number,moon,1,emblem.svg,Gain :rain:,")
    checked, rendered = both_commands(game)
    assert len(checked) == 2
    assert re.fullmatch(rf"deck sky: card sun-1: {LAYOUT}: elements.text: text does not fit: needs \d+ lines, "
                        r"[\d.]+ mm, in a box 12.4 mm high even at 1.6 mm \(shorten the text, enlarge the box or lower "
                        r"min_size\)", checked[0])
    assert checked[1].startswith(f"deck sky: card moon-1: {LAYOUT}: elements.text: unknown icon :rain: in the text")
    assert checked[1].endswith(r"write \:rain: to print the colons)")
    assert rendered == checked  # rendering names every card that fails, as validate does
    edit(game / CARDS, "Gain :rain:", r"Gain \:rain:")
    assert len(failed_lines("validate")) == 1  # escaped, the colons are text


def test_a_card_list_with_an_empty_row_an_undeclared_value_and_a_duplicate_id(game: Path) -> None:
    edit(game / CARDS, "sun-2,Morning,number,sun,2,", "sun-2,Morning,number,sun,8,")
    edit(game / CARDS, "sun-3,Noon Glare,number,sun,3,emblem.svg,,\n", "sun-3,Noon Glare,number,sun,3,emblem.svg,,\n,,,,,,,\n")
    edit(game / CARDS, "sun-4,Long Shadows", "sun-1,Long Shadows")
    checked, rendered = both_commands(game)
    assert checked == rendered
    assert f"{CARDS}: row 3, column value: value '8' is not declared (expected one of 1, 2, 3, 4, 5, 6)" in checked
    assert f"{CARDS}: row 5: empty row (delete it, or fill it in)" in checked
    assert any(line.startswith(f"{CARDS}: row 6") and "sun-1" in line for line in checked), checked


def test_missing_artwork_names_each_card_and_file(game: Path) -> None:
    edit(game / CARDS, "moon-2,Crescent,number,moon,2,emblem.svg", "moon-2,Crescent,number,moon,2,crescent.png")
    edit(game / CARDS, "star-5,Crown of Stars,number,star,5,emblem.svg", "star-5,Crown of Stars,number,star,5,crown.png")
    checked, rendered = both_commands(game)
    missing = "file not found (paths are relative to the project folder)"
    assert checked == [f"deck sky: card moon-2: {LAYOUT}: elements.art: image 'art/crescent.png': {missing}",
                       f"deck sky: card star-5: {LAYOUT}: elements.art: image 'art/crown.png': {missing}"]
    assert rendered == checked


def test_a_font_that_does_not_load_or_is_missing(game: Path) -> None:
    (game / "fonts" / "Title.ttf").write_bytes(b"\x00\x01\x00\x00" + b"not a font" * 10)
    edit(game / LAYOUT, "# fonts:\n#   title: fonts/YourFont.ttf", "fonts:\n  title: fonts/Title.ttf")
    edit(game / LAYOUT, 'text: "{name}", bold: true,', 'text: "{name}", font: title, bold: true,')
    checked, rendered = both_commands(game)
    assert checked == rendered and len(checked) == 1
    assert checked[0].startswith(f"{LAYOUT}: fonts.title: fonts/Title.ttf: font does not load (")
    edit(game / LAYOUT, "fonts/Title.ttf", "fonts/Gone.ttf")
    checked, rendered = both_commands(game)
    assert checked == rendered == [(f"{LAYOUT}: fonts.title: file 'fonts/Gone.ttf' not found in the project (copy the "
                                   "font there or correct the path, which is relative to the project folder)")]


def test_a_failed_render_keeps_the_previous_pdf(game: Path) -> None:
    assert run("render", "cards", "sky").exit_code == 0
    pdf = game / "output" / "sky" / "sky-pnp.pdf"
    before = pdf.read_bytes()
    edit(game / CARDS, "moon-2,Crescent,number,moon,2,emblem.svg", "moon-2,Crescent,number,moon,2,crescent.png")
    failed_lines("render", "cards", "sky")
    assert pdf.read_bytes() == before
    assert sorted(p.name for p in (game / "output").rglob("*") if p.is_file()) == ["sky-pnp.pdf"]


def test_validate_reports_a_project_deck_with_a_shipped_id_at_the_projects_file(game: Path) -> None:
    """What render, check and build refuse, validate reports too, naming the project's file
    first (the one the designer can rename)."""
    (game / "decks" / "sky" / "games" / "comet-chase.yaml").unlink()
    (game / "decks" / "sky").rename(game / "decks" / "mirror")
    edit(game / "decks" / "mirror" / "deck.yaml", "id: sky", "id: mirror")
    for command in (("validate",), ("render", "cards", "mirror")):
        (line,) = failed_lines(*command)
        assert line.startswith("decks/mirror/deck.yaml: deck id 'mirror' is also a deck deckgen ships ("), line
        assert line.endswith("(rename yours: every deck needs its own id)")
