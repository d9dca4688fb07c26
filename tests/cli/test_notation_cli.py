"""Moves in their notation at the command line: a log replayed from its notation alone."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckgen.cli import main


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


@pytest.mark.parametrize("game_id", ["mystique-guilds", "crazy-eights"])
def test_replay_from_text_replays_a_log_from_its_notation_alone(game_id: str, tmp_path: Path) -> None:
    """Every move of the log says in words what it is (`take from discard`, `play clubs-9`), and
    a log whose JSON moves are all wrong still replays from them."""
    log = tmp_path / "game.jsonl"
    assert run("play", game_id, "--seed", "3", "--log", str(log)).exit_code == 0
    lines = [json.loads(line) for line in log.read_text().splitlines()]
    moves = [line for line in lines if line["type"] == "move"]
    assert all(line["notation"].split()[0] in ("draw", "take", "buy", "play", "pass") for line in moves)
    log.write_text("".join(json.dumps({**line, "move": [999]} if line["type"] == "move" else line) + "\n"
                           for line in lines))
    assert run("replay", str(log)).exit_code == 2
    replayed = run("replay", str(log), "--from-text")
    assert replayed.exit_code == 0, replayed.output
