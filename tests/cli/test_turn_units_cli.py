"""Lengths are reported in the game's own turn unit (its rule file's `turn_unit`), as the
transcripts give them: Mystique Circle counts rounds, Zoomies moves (each card played)."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main


@pytest.mark.parametrize(("game", "players", "units"), [("mystique-circle", "3", "rounds"), ("zoomies", "4", "moves")])
def test_simulate_reports_length_in_the_games_unit(tmp_path: Path, game: str, players: str, units: str) -> None:
    result = CliRunner().invoke(main, ["simulate", game, "--games", "6", "--players", players, "--traced", "0",
                                       "--no-store", "--output", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert f"length in {units} (finished games): mean" in result.output
    assert "length in turns" not in result.output
