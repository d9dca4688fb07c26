"""Stored runs as numbers, and two runs compared with tests (deckgen.sim.results)."""

from __future__ import annotations

from typing import Any

import pytest
from scipy import stats

from deckgen.errors import DeckgenError
from deckgen.sim.results import compare, find_run, numbers


def _run(key: str, players: int, stats_data: dict[str, Any]) -> dict[str, Any]:
    return {"key": key, "recorded": "2026-01-01T00:00:00", "kind": "simulate", "game": "zoomies",
            "players": players, "games": 100, "seed": 1, "bots": ["random"] * players, "options": {},
            "stats": stats_data}


def _stats(seat0: float, turns: float, sd: float) -> dict[str, Any]:
    return {"games": 100, "finished": 100, "seat_win_rate": [{"rate": seat0, "ci95": [0, 1]}, {"rate": 1 - seat0}],
            "length": {"games": 100, "mean": turns, "sd": sd, "median": turns},
            "metrics": {"lead_change": {"mean": 0.3, "ci95": [0.25, 0.35], "games": 50}}}


def test_every_number_of_a_run_has_a_dotted_path() -> None:
    assert dict(numbers({"a": [1, {"b": 2.5}], "c": True, "d": "text", "e": None})) == {"a.0": 1, "a.1.b": 2.5,
                                                                                        "c": 1.0}


def test_two_runs_are_compared_by_two_proportion_and_welch_tests_holm_corrected() -> None:
    a, b = _run("aaaa1", 2, _stats(0.5, 20, 4)), _run("bbbb2", 2, _stats(0.7, 22, 4))
    rows = {row["statistic"]: row for row in compare(a, b, "rounds")["rows"]}
    assert rows["seat 0 win rate"]["difference"] == pytest.approx(0.2)
    assert rows["seat 0 win rate"]["p"] == pytest.approx(stats.chi2_contingency([[50, 50], [70, 30]]).pvalue)
    assert rows["mean length (rounds)"]["p"] == pytest.approx(
        stats.ttest_ind_from_stats(20, 4, 100, 22, 4, 100, equal_var=False).pvalue)
    assert rows["lead_change"]["p"] == pytest.approx(1.0)  # the same mean and spread
    assert all(row["p_holm"] >= row["p"] for row in rows.values())


def test_runs_are_found_by_a_unique_start_of_their_key_and_must_match() -> None:
    runs = [_run("aaaa1", 2, {}), _run("aaab2", 4, {})]
    assert find_run(runs, "aaaa")["key"] == "aaaa1"
    with pytest.raises(DeckgenError, match="2 stored runs start with it"):
        find_run(runs, "aaa")
    with pytest.raises(DeckgenError, match="compare runs of one game at one player count"):
        compare(runs[0], runs[1], "moves")
