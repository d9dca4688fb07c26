"""`deckgen analyse --output`: the analysis lands beside the game's other outputs and in its
design report; a folder that cannot take it is refused before any game is played."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from deckgen.cli import main
from tests.html_check import parse_page

SMALL = ["analyse", "zoomies", "--players", "4", "--games", "2", "--ladder", "2", "--search-budget", "2",
         "--metrics-games", "4", "--jobs", "1"]


def test_output_writes_the_analysis_and_the_report(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, [*SMALL, "--json", "--output", str(tmp_path)])
    assert result.exit_code == 0, result.output
    written = tmp_path / "mirror" / "zoomies-analysis.json"
    assert json.loads(result.stdout) == json.loads(written.read_text(encoding="utf-8"))
    assert f"wrote {written}" in result.stderr
    # The plan and its estimate come first on stderr; the time taken last.
    assert result.stderr.startswith("plan: 2 games per match without search") and "estimated" in result.stderr
    assert "analysed in" in result.stderr
    data = json.loads(result.stdout)
    assert data["verdict"].startswith(("Skill", "The greedy bot")) and data["plan"]["ladder"] == [2]
    assert "seat_win_rate" not in data  # the metrics run's seats are not the search bots' (results lists none)
    page = parse_page(tmp_path / "mirror" / "zoomies-report.html")
    text = " ".join(page.text)
    assert "Skill ladder" in text and "search:2" in text and data["verdict"] in text
    assert page.tags.count("svg") == 1  # the ladder: no fairness report in this folder yet
    assert not (tmp_path / "index.html").exists()


def test_an_output_that_is_a_file_is_refused_first(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("not a folder")
    result = CliRunner().invoke(main, [*SMALL, "--output", str(target)])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {target}: output folder is a file, not a folder (give a folder with --output)"]


def test_a_bad_budget_is_one_line() -> None:
    result = CliRunner().invoke(main, ["analyse", "zoomies", "--budget", "0"])
    assert result.exit_code == 2 and result.stderr == "error: --budget 0: give 1 to 604800 seconds\n"
