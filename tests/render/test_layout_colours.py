"""Colours on decks drawn from layouts: a colour from a card's field, the 3:1 text contrast
and the colour-vision check, in `validate` and `check`, each problem naming card and element."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen import project
from deckgen.cli import main
from deckgen.colour_check import colour_vision, layout_colour_problems
from deckgen.errors import DataError
from deckgen.model.geometry import CardGeometry
from deckgen.render.layout import layout_face_svg
from deckgen.validate import check_deck_looks
from tests.render.layout_project import deck_with, make_project

POKER = CardGeometry(63.5, 88.9, 3.0)


def band(fill: object, extra: dict | None = None) -> dict:
    """A band across the top in `fill` with a white title on it, and any `extra` elements."""
    return {"elements": {"band": {"type": "rect", "fill": fill, "height": "20%", "bleed": True},
                         "title": {"type": "text", "text": "{name}", "colour": "white", "x": "10%", "y": "5%",
                                   "width": "80%", "height": "10%"}, **(extra or {})}}


def test_white_on_yellow_fails_naming_card_and_element(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, band("#ffe066"), [{"n": 1}, {"n": 2}, {"n": 3}])
    (line,) = check_deck_looks(deck)
    assert line.startswith("deck d: card c1 (and 2 more): ") and "main.yaml: elements.title: text 'Card 1' is " \
        "#ffffff on #ffe066, contrast 1.3:1 (expected at least 3:1" in line
    assert check_deck_looks(deck_with(tmp_path / "dark", band("#1f3a93"))) == []


def test_validate_and_check_refuse_faint_text(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    deck_file = make_project(tmp_path, band("#ffe066"))
    monkeypatch.chdir(tmp_path)
    for command in (["validate"], ["check", str(deck_file.parent)]):
        project.forget_loaded()
        result = CliRunner().invoke(main, command)
        assert result.exit_code == 2, result.output
        assert "elements.title: text 'Card 1' is #ffffff on #ffe066, contrast 1.3:1" in result.output


def test_a_colour_from_a_card_field(tmp_path: Path) -> None:
    cards = [{"n": 1, "colour": "#1f3a93"}, {"n": 2, "colour": "#8a1c1c"}]
    deck = deck_with(tmp_path, band("{colour}", extra={"name": {"type": "text", "text": "{n}", "x": "10%",
                                                               "y": "50%", "width": "80%", "height": "10%"}}), cards)
    assert 'fill="#8a1c1c"' in layout_face_svg(deck, deck.cards[1], POKER)
    assert check_deck_looks(deck) == []


def test_a_field_that_is_not_a_colour_is_one_line_naming_card_element_and_key(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, band("{colour}"), [{"n": 1, "colour": "#1f3a93"}, {"n": 2, "colour": "purpel"}])
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[1], POKER)
    (line,) = caught.value.problems
    assert line.startswith("deck d: card c2: ") and "main.yaml: elements.band: fill: {colour} gives 'purpel' on this " \
        "card, not a colour" in line
    bad = deck_with(tmp_path / "bad", band("{col our}"))
    with pytest.raises(DataError, match=r"elements.band.fill: found '\{col our\}': placeholder"):
        layout_face_svg(bad, bad.cards[0], POKER)


def test_colours_only_colour_tells_apart_are_flagged_unless_the_layout_shows_the_field(tmp_path: Path) -> None:
    palette = {"palettes": {"n_colour": {"1": "#1f3a93", "2": "#6b2a86"}}}  # blue and purple: alike without red
    layout = {**palette, **band({"palette": "n_colour", "by": "n"})}
    deck = deck_with(tmp_path, layout)
    (line,) = layout_colour_problems(deck)
    assert line.startswith("deck d: cards c1 and c2: ") and "main.yaml: elements.band.fill: n '1' and '2' are " in line
    assert "with protanopia" in line and "show {n} as an icon or a text" in line
    assert any(row.flagged and row.field == "band.fill" for row in colour_vision(deck))
    shown = {**palette, **band({"palette": "n_colour", "by": "n"},
                               extra={"number": {"type": "text", "text": "{n}", "x": "10%", "y": "50%",
                                                 "width": "80%", "height": "10%"}})}
    cued = deck_with(tmp_path / "cued", shown)
    assert layout_colour_problems(cued) == []
    assert {row.cue for row in colour_vision(cued)} == {"text number"}
