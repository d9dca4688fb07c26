"""The player aid's "Your turn" lines from a play description: the moves' `says` lines, in
phase order, when the rule file leaves `quickref.turn` out; placeholders filled; a clear
problem when there is nothing to print."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from pypdf import PdfReader

from deckgen.errors import DataError
from deckgen.model.play import PlaySpec
from deckgen.model.play_text import said_lines
from deckgen.model.rules import load_rules_file
from deckgen.render.quickref import render_quickref

#: A small shedding game with two phases; every key the quick reference needs but `turn`.
GAME: dict[str, Any] = {
    "id": "toy",
    "name": "Toy Game",
    "deck": "sky",
    "players": {"min": 2, "max": 3},
    "metadata": {"minutes": "10", "complexity": 1},
    "setup": {2: {"hand_size": 5, "set_aside": 1}, 3: {"hand_size": 4, "set_aside": 1}},
    "turn_cap": 500,
    "params": {"comet_points": 10},
    "quickref": {
        "legal_plays": ["Same suit or same number."],
        "scoring": ["Each comet left: {{ params.comet_points }} points."],
    },
    "play": {
        "zones": {"stock": {"visible": "nobody"}, "hand": {"owner": "seat", "visible": "owner"},
                  "discard": {}},
        "phases": {
            "turn": [
                {"play": {"from": "hand", "to": "discard", "says": "Play a card that fits."}},
                {"draw": {"from": "stock", "to": "hand", "then": [{"phase": "drawn"}]}},
                {"pass": {"otherwise": True, "says": "Nothing to do:\n  pass."}},
            ],
            "drawn": [
                {"play": {"from": "hand", "to": "discard", "if": "card == drawn",
                          "says": "Play the drawn card, or keep it ({{ setup[2].hand_size }} cards to start)."}},
                {"pass": True},
            ],
        },
    },
}


def write(tmp_path: Path, data: dict[str, Any]) -> Path:
    path = tmp_path / "sky" / "games" / f"{data['id']}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def game(**changes: Any) -> dict[str, Any]:
    data = copy.deepcopy(GAME)
    data.update(changes)
    return data


def test_said_lines_follow_phases_then_moves_and_name_their_field() -> None:
    play = PlaySpec.model_validate(GAME["play"])
    assert said_lines(play) == [
        ("play.phases.turn.0.play.says", "Play a card that fits."),
        ("play.phases.turn.2.pass.says", "Nothing to do: pass."),  # a move without says is left out
        ("play.phases.drawn.0.play.says", "Play the drawn card, or keep it ({{ setup[2].hand_size }} cards to start)."),
    ]


def test_the_quick_reference_turn_comes_from_says_with_placeholders_filled(tmp_path: Path) -> None:
    rules = load_rules_file(write(tmp_path, game()))
    assert rules.quickref is not None
    assert rules.quickref.turn == ["Play a card that fits.", "Nothing to do: pass.",
                                   "Play the drawn card, or keep it (5 cards to start)."]
    assert rules.quickref.scoring == ["Each comet left: 10 points."]  # the rest is filled as before


def test_lines_the_file_writes_win_over_says(tmp_path: Path) -> None:
    data = game()
    data["quickref"]["turn"] = ["Play or draw."]
    rules = load_rules_file(write(tmp_path, data))
    assert rules.quickref is not None and rules.quickref.turn == ["Play or draw."]


def test_without_any_says_the_turn_lines_are_required(tmp_path: Path) -> None:
    data = game()
    for moves in data["play"]["phases"].values():
        for move in moves:
            details = next(iter(move.values()))
            if isinstance(details, dict):
                details.pop("says", None)
    with pytest.raises(DataError) as caught:
        load_rules_file(write(tmp_path, data))
    (line,) = caught.value.problems
    assert line.endswith("toy.yaml: quickref.turn: required: no move of the play section has a says: line "
                         "to print instead")


def test_without_a_play_section_the_turn_lines_are_required(tmp_path: Path) -> None:
    data = game()
    del data["play"]
    with pytest.raises(DataError) as caught:
        load_rules_file(write(tmp_path, data))
    (line,) = caught.value.problems
    assert line.endswith("toy.yaml: quickref.turn: required key is missing")


def test_an_empty_turn_list_is_still_refused(tmp_path: Path) -> None:
    data = game()
    data["quickref"]["turn"] = []
    with pytest.raises(DataError, match=r"quickref\.turn"):
        load_rules_file(write(tmp_path, data))


def test_a_bad_placeholder_in_says_names_the_move(tmp_path: Path) -> None:
    data = game()
    data["play"]["phases"]["turn"][0]["play"]["says"] = "Play {{ params.nope }} cards."
    with pytest.raises(DataError) as caught:
        load_rules_file(write(tmp_path, data))
    (line,) = caught.value.problems
    assert "toy.yaml: play.phases.turn.0.play.says: placeholder: " in line and "nope" in line


def test_a_game_without_a_quick_reference_needs_no_says(tmp_path: Path) -> None:
    data = game()
    del data["quickref"]
    for moves in data["play"]["phases"].values():
        for move in moves:
            details = next(iter(move.values()))
            if isinstance(details, dict):
                details.pop("says", None)
    assert load_rules_file(write(tmp_path, data)).quickref is None


def test_the_player_aid_prints_the_says_lines(tmp_path: Path) -> None:
    rules = load_rules_file(write(tmp_path, game()))
    pdf = render_quickref(rules, tmp_path / "out")
    front = " ".join(PdfReader(pdf).pages[0].extract_text().split())
    assert "Play a card that fits." in front
    assert front.index("Play a card that fits.") < front.index("Nothing to do: pass.") < front.index(
        "Play the drawn card, or keep it (5 cards to start).")
