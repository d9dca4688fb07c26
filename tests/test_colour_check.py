"""The colour-vision check: CIEDE2000 as published, simulated deficiencies, second cues, and
the report of `deckgen check`."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.colour_check import (
    FLAG_BELOW,
    VISIONS,
    colour_vision,
    delta_e_2000,
    format_colour_vision,
    hex_to_rgb,
    simulate,
    to_lab,
)
from deckgen.errors import DeckgenError
from deckgen.model.deck import deck_from_data, load_deck
from deckgen.model.deck_data import Colours
from tests.fresh_process import python_output

# Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula", table 1: pairs 1, 7,
# 13, 17, 19, 25 and 34 (hue rotation, achromatic, large differences, blue region).
SHARMA = [
    ((50.0, 2.6772, -79.7751), (50.0, 0.0, -82.7485), 2.0425),
    ((50.0, 0.0, 0.0), (50.0, -1.0, 2.0), 2.3669),
    ((50.0, 2.4900, -0.0010), (50.0, -2.4900, 0.0011), 7.2195),
    ((50.0, 2.5, 0.0), (73.0, 25.0, -18.0), 27.1492),
    ((50.0, 2.5, 0.0), (50.0, 3.1736, 0.5854), 1.0),
    ((60.2574, -34.0099, 36.2677), (60.4626, -34.1751, 39.4387), 1.2644),
    ((22.7233, 20.0904, -46.6940), (23.0331, 14.9730, -42.5619), 2.0373),
]


@pytest.mark.parametrize(("first", "second", "expected"), SHARMA)
def test_ciede2000_matches_sharmas_data(first: tuple[float, float, float], second: tuple[float, float, float],
                                        expected: float) -> None:
    assert delta_e_2000(first, second) == pytest.approx(expected, abs=1e-4)
    assert delta_e_2000(second, first) == pytest.approx(expected, abs=1e-4)


def test_red_and_green_merge_for_red_green_deficiencies_only() -> None:
    red, green = hex_to_rgb("#d63a2f"), hex_to_rgb("#2f9a4b")
    seen = {v: delta_e_2000(to_lab(simulate(red, v)), to_lab(simulate(green, v))) for v in VISIONS}
    assert seen["normal"] > 60 and seen["tritanopia"] > 40
    assert seen["deuteranopia"] < FLAG_BELOW < seen["protanopia"]
    assert simulate((1.0, 1.0, 1.0), "protanopia") == pytest.approx((1.0, 1.0, 1.0), abs=1e-3)


def deck_with(colours: dict[str, object]) -> dict[str, object]:
    return {
        "id": "lights",
        "name": "Lights",
        "attributes": {"colour": {"values": ["red", "green", "blue"],
                                  "fields": {"hex": {"red": "#d63a2f", "green": "#2f9a4b", "blue": "#2f6fc4"}},
                                  "colours": colours}},
        "groups": [{"product": ["colour"], "id": "{colour}"}],
    }


def test_a_close_pair_without_a_second_cue_is_flagged(tmp_path) -> None:
    path = tmp_path / "lights.yaml"
    bare = {(r.first, r.second): r for r in colour_vision(deck_from_data(deck_with({"fields": ["hex"]}), path))}
    assert bare[("red", "green")].flagged and bare[("red", "green")].cue is None
    assert not bare[("red", "blue")].flagged
    dotted = {(r.first, r.second): r for r in colour_vision(deck_from_data(
        deck_with({"fields": ["hex"], "marks": {"dot": ["green"]}}), path))}
    assert not dotted[("red", "green")].flagged and dotted[("red", "green")].cue == "dot"
    assert dotted[("red", "blue")].cue is None  # the dot tells neither from the other
    worded = colour_vision(deck_from_data(deck_with({"fields": ["hex"], "cues": ["word"]}), path))
    assert not any(r.flagged for r in worded)
    assert "1 pair(s) flagged" in format_colour_vision(list(bare.values()))
    assert "red / green" in format_colour_vision(list(bare.values()))


@pytest.mark.parametrize(("colours", "message"), [
    ({"fields": ["rgb"]}, "colours.fields names 'rgb', which is not one of fields"),
    ({"fields": ["hex"], "marks": {"dot": ["purple"]}}, "'purple' is not a declared value"),
    ({"fields": ["hex"], "cues": ["smell"]}, "cues"),
])
def test_bad_colour_declarations_name_the_field(tmp_path, colours: dict[str, object], message: str) -> None:
    with pytest.raises(DeckgenError, match=message):
        deck_from_data(deck_with(colours), tmp_path / "lights.yaml")


def test_a_colour_field_must_hold_colours(tmp_path) -> None:
    data = deck_with({"fields": ["hex"]})
    data["attributes"]["colour"]["fields"]["hex"]["blue"] = "blue"  # type: ignore[index]
    with pytest.raises(DeckgenError, match=r"fields.hex.blue: found 'blue' \(expected a colour like"):
        deck_from_data(data, tmp_path / "lights.yaml")


def test_shipped_decks_declare_their_colours_and_give_second_cues() -> None:
    for deck_id in ("mystique", "mirrorquest", "mismatch", "smoke-and-mirrors", "standard"):
        spec = next(s for s in load_deck(deck_id).specs.values() if s.colours is not None)
        assert isinstance(spec.colours, Colours)
    rows = colour_vision(load_deck("mirrorquest"))
    red_green = next(r for r in rows if (r.first, r.second, r.field) == ("red", "green", "hex"))
    assert red_green.differences["deuteranopia"] < FLAG_BELOW and red_green.cue == "word, dot"
    assert not any(r.flagged for r in rows)


def test_check_prints_the_table_and_json() -> None:
    text = CliRunner().invoke(main, ["check", "mirrorquest"])
    assert text.exit_code == 0
    assert "colour vision (CIEDE2000" in text.stdout and "colour: red / green" in text.stdout
    result = CliRunner().invoke(main, ["check", "mystique", "--json"])
    data = json.loads(result.stdout)
    first = data["colour_vision"][0]
    assert first["values"] == ["yellow", "red"] and set(first["ciede2000"]) == set(VISIONS)
    assert first["flagged"] is False and first["second_cue"] == "word"
    plain = CliRunner().invoke(main, ["check", "mirror"])
    assert "no attribute declares its colours" in plain.stdout


def test_colours_seen_before_come_from_the_data_cache(tmp_path: Path) -> None:
    """A second check of the same colours loads neither colorspacious nor numpy, and finds
    the same differences."""
    script = ("import json, sys\n"
              "from deckgen.colour_check import colour_vision\n"
              "from deckgen.model.deck import load_deck\n"
              "rows = [row.to_json() for row in colour_vision(load_deck('mystique'))]\n"
              "print(json.dumps({'rows': rows, 'loaded': 'colorspacious' in sys.modules or 'numpy' in sys.modules}))\n")
    first, again = (json.loads(python_output(script, tmp_path)) for _ in range(2))
    assert first["loaded"] and not again["loaded"]
    assert again["rows"] == first["rows"] and first["rows"]
