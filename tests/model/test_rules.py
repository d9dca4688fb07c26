"""Game rule data: schema errors, option handling and the shipped files."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckgen.errors import BadPlayerCount, DataError, UnknownName
from deckgen.model.rules import all_rules, load_rules, load_rules_file
from deckgen.paths import decks_dir


def rules_data(**overrides: object) -> dict:
    data = {
        "id": "toy",
        "name": "Toy Game",
        "deck": "toydeck",
        "players": {"min": 2, "max": 3},
        "metadata": {"minutes": "10", "complexity": 1, "designer": "Someone", "year": 2020},
        "setup": {2: {"hand_size": 5}, 3: {"hand_size": 4, "removed": 1}},
        "options": {
            "rate": {"type": "float", "default": 0.0, "min": 0, "max": 1, "description": "A rate."},
            "fast": {"type": "bool", "default": False, "description": "Play fast."},
            "length": {"type": "choice", "default": "short", "choices": ["short", "long"], "description": "How long."},
        },
        "turn_cap": 100,
    }
    data.update(overrides)
    return data


def write(tmp_path: Path, data: object, name: str = "toy") -> Path:
    path = tmp_path / "toydeck" / "games" / f"{name}.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data))
    return path


def problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_rules_file(path)
    return info.value.problems


def test_valid_rules_load(tmp_path: Path):
    rules = load_rules_file(write(tmp_path, rules_data()))
    assert rules.for_play().setup_for(3).removed == 1
    assert list(rules.players.counts()) == [2, 3]


def test_setup_must_cover_every_player_count(tmp_path: Path):
    (line,) = problems(write(tmp_path, rules_data(setup={2: {"hand_size": 5}})))
    assert "setup is missing player counts [3]" in line


def test_unknown_key_and_bad_option_default(tmp_path: Path):
    data = rules_data(colour="red")
    data["options"]["rate"]["default"] = 2.0
    lines = problems(write(tmp_path, data))
    assert any(line.endswith("colour: unknown key (not part of the schema)") for line in lines)
    assert any("options.rate" in line and "above the maximum" in line for line in lines)


def test_turn_unit_names_what_the_turns_are(tmp_path: Path):
    assert load_rules_file(write(tmp_path, rules_data())).for_play().turns_text(1) == "1 move"  # the default
    rules = load_rules_file(write(tmp_path, rules_data(turn_unit="round")))
    assert (rules.for_play().turns_are, rules.for_play().turns_text(7)) == ("round", "7 rounds")
    (line,) = problems(write(tmp_path, rules_data(turn_unit="hand")))
    assert "turn_unit" in line and "'move', 'turn', 'trick', 'round' or 'reveal'" in line
    described = yaml.safe_load((decks_dir() / "standard" / "games" / "crazy-eights.yaml").read_text())
    (line,) = problems(write(tmp_path, {**described, "turn_unit": "move"}, "crazy-eights"))
    assert "turn_unit is declared twice" in line


def test_file_name_and_deck_folder_must_agree(tmp_path: Path):
    (line,) = problems(write(tmp_path, rules_data(), name="other"))
    assert line.endswith("id: 'toy' does not match the file name (expected 'other')")
    (line,) = problems(write(tmp_path, rules_data(deck="elsewhere")))
    assert "deck: 'elsewhere' is not the deck folder it lives in" in line


def test_options_resolve_and_reject(tmp_path: Path):
    rules = load_rules_file(write(tmp_path, rules_data()))
    assert rules.for_play().resolve_options({"rate": "0.25", "fast": "yes"}) == {"rate": 0.25, "fast": True, "length": "short"}
    with pytest.raises(UnknownName) as info:
        rules.for_play().resolve_options({"speed": "1", "rate": "2", "length": "medium", "fast": "maybe"})
    assert info.value.problems == [
        "game toy: unknown option 'speed' (options: fast, length, rate)",
        "game toy: option rate: 2.0 is above the maximum 1",
        "game toy: option length: found 'medium' (expected one of 'short', 'long')",
        "game toy: option fast: found 'maybe' (expected true or false)",
    ]


def test_wrong_player_count(tmp_path: Path):
    rules = load_rules_file(write(tmp_path, rules_data()))
    with pytest.raises(BadPlayerCount, match=r"game toy: 5 players not allowed \(allowed: 2-3\)"):
        rules.for_play().setup_for(5)


def test_unknown_game_lists_known_games():
    with pytest.raises(UnknownName, match="unknown game 'nosuchgame'"):
        load_rules("nosuchgame")


def test_shipped_rules_are_valid_and_name_a_shipped_deck():
    from deckgen.model.deck import deck_ids

    for rules in all_rules().values():
        assert rules.deck in deck_ids()
        if rules.same_rules_as is None:  # an alternate engine's text is its twin's
            assert rules.text is not None and rules.quickref is not None, rules.id
        else:
            assert all_rules()[rules.same_rules_as].play is None, rules.id


def test_a_game_named_by_id_reads_its_own_rule_file_only(monkeypatch: pytest.MonkeyPatch):
    """A command about one game does not parse the other games' files (about a second)."""
    from deckgen import project
    from deckgen.model import rules as rules_module

    project.forget_loaded()
    read: list[str] = []
    original = rules_module.load_rules_file
    monkeypatch.setattr(rules_module, "load_rules_file",
                        lambda path, *a, **k: read.append(path.stem) or original(path, *a, **k))
    assert load_rules("zoomies").id == "zoomies" and read == ["zoomies"]
    assert load_rules("mq").id == "mirrorquest" and sorted(read) == sorted(all_rules())  # an alias: all, once each
    assert load_rules("zoomies") is all_rules()["zoomies"]  # read once, the same rules either way
