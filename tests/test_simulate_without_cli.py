"""benchmarks/simulate_without_cli.py makes `deckgen simulate`'s calls without its command
line, so that reference_bench can show what the command line's start-up costs: it must keep
printing exactly what the command prints."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "simulate_without_cli.py"


@pytest.mark.parametrize("game_id", ["mystique-chain", "zoomies"])
def test_the_same_statistics_as_the_command(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game_id: str) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    runs = [[sys.executable, str(SCRIPT), game_id, "40"],
            [sys.executable, "-m", "deckgen", "simulate", game_id, "--games", "40", "--jobs", "1", "--json"]]
    printed = [subprocess.run(command, capture_output=True, text=True, check=True).stdout for command in runs]
    assert json.loads(printed[0]) == json.loads(printed[1])
    assert json.loads(printed[0])["games"] == 40
    assert (tmp_path / "output" / "results.sqlite").is_file()  # both record their run, as the command does
