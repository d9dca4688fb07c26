"""The text report and the progress line."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.sim.progress import ProgressLine
from deckgen.sim.report import format_summary, write_plot
from deckgen.sim.runner import GameRecord, SimRun
from deckgen.sim.stats import summarize


def make_summary(records: list[GameRecord]) -> dict:
    return summarize(SimRun("toy", "Toy", 3, 2, ("greedy", "random", "random"), {"fast": True}, 50, records))


def test_report_shows_every_figure() -> None:
    records = [GameRecord(True, (0,), 10, (("draws", 2),))] * 40 + [
        GameRecord(True, (0, 1, 2), 12, ()), GameRecord(False, (), 50, (("draws", 9),))]
    text = format_summary(make_summary(records), "rounds")
    assert text.splitlines()[0] == "Toy: 3 players, 42 games, seed 2, bots greedy, random, random"
    assert "options: fast=true" in text
    assert "finished 41, unfinished 1 (turn cap 50), shared wins 1" in text
    assert "40.3" in text and "0.3" in text  # split thirds shown with a decimal
    assert "p < 1e-12" in text
    assert "length in rounds (finished games): mean 10.0, median 10, p90 10, max 12" in text
    assert "draws       89  2.119" in text  # (40 x 2 + 9) draws over 42 games


def test_report_without_finished_games() -> None:
    text = format_summary(make_summary([GameRecord(False, (), 50, ())]), "moves")
    assert "equal seats (chi-square, finished games): no finished games" in text
    assert "length: no finished games" in text


def test_progress_line_redraws_in_place() -> None:
    stream = io.StringIO()
    bar = ProgressLine("toy 3p", 200, stream)
    bar.advance(50)
    bar.advance(150)
    bar.close()
    drawn = stream.getvalue()
    assert drawn.count("\r") == 3 and drawn.endswith("200/200 games 100%\n")
    assert " 50/200 games  25%" in drawn


def test_plot_is_written_in_the_format_its_suffix_names(tmp_path: Path) -> None:
    records = [GameRecord(True, (seat % 3,), 8 + seat % 5, ()) for seat in range(60)] + [GameRecord(False, (), 50, ())]
    run = SimRun("toy", "Toy", 3, 2, ("random",) * 3, {}, 50, records)
    summaries = [summarize(run)]
    for suffix, magic in (("png", b"\x89PNG\r\n\x1a\n"), ("pdf", b"%PDF"), ("svg", b"<svg")):
        write_plot([run], summaries, tmp_path / f"plot.{suffix}", "turns")
        assert (tmp_path / f"plot.{suffix}").read_bytes().startswith(magic)
    svg = (tmp_path / "plot.svg").read_text()
    assert "3 players: wins by seat" in svg and "length of finished games (1 unfinished)" in svg
    assert "turns (60 finished games)" in svg
    write_plot([run], summaries, tmp_path / "again.svg", "turns")
    assert (tmp_path / "again.svg").read_text() == svg


def test_plot_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    run = SimRun("toy", "Toy", 2, 2, ("random",) * 2, {}, 50, [GameRecord(True, (0,), 5, ())])
    (tmp_path / "file").write_text("")
    with pytest.raises(DeckgenError, match="cannot write"):
        write_plot([run], [summarize(run)], tmp_path / "file" / "plot.png", "turns")
