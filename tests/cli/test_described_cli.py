"""A designer's described game that goes wrong, from the command line: one line naming the
file, the phase, the seat, the turn and the seeded game, exit 2, and the moves so far kept."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner, Result

from deckgen.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh project whose Comet Chase can neither draw nor pass: a seat gets stuck."""
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    assert run("init", str(tmp_path / "game")).exit_code == 0
    monkeypatch.chdir(tmp_path / "game")
    path = tmp_path / "game" / "decks" / "sky" / "games" / "comet-chase.yaml"
    rules = yaml.safe_load(path.read_text(encoding="utf-8"))
    rules["play"]["phases"]["turn"] = rules["play"]["phases"]["turn"][:1]  # play only
    path.write_text(yaml.safe_dump(rules, sort_keys=False), encoding="utf-8")
    return tmp_path / "game"


def test_validate_names_a_description_that_leaves_a_seat_without_a_move(game: Path) -> None:
    result = run("validate")
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 3  # one per player count
    for players, line in zip((2, 3, 4), lines):
        assert "comet-chase.yaml: play.phases.turn: seat " in line and f"({players} players)" in line
        assert "has no legal move at turn" in line and "of the validation trial)" in line


def test_play_names_the_seeded_game_and_keeps_its_log(game: Path) -> None:
    result = run("play", "comet-chase", "--players", "2", "--seed", "3", "--log", "stuck.jsonl")
    assert result.exit_code == 2 and "Traceback" not in result.output
    error = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(error) == 1
    assert "play.phases.turn: seat " in error[0] and "; game 0 of seed 3 with bots random, random" in error[0]
    assert "deckgen play comet-chase --players 2 --seed 3 --game-index 0 --bots random,random" in error[0]
    lines = [json.loads(line) for line in (game / "stuck.jsonl").read_text(encoding="utf-8").splitlines()]
    assert lines[0]["type"] == "header" and any(line["type"] == "move" for line in lines)


def test_simulate_stops_with_the_same_line(game: Path) -> None:
    result = run("simulate", "comet-chase", "--games", "20", "--players", "2")
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert "play.phases.turn: seat " in result.stderr and " of seed " in result.stderr
