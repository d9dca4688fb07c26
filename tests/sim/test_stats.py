"""Statistics against scipy and against numbers worked out by hand."""

from __future__ import annotations

import math

import pytest
from scipy import stats as scipy_stats

from deckgen.sim.runner import GameRecord, SimRun
from deckgen.sim.stats import (
    counter_summary,
    equal_seats_p_value,
    length_summary,
    seat_wins,
    summarize,
    wilson_interval,
)


def record(winners: tuple[int, ...], turns: int = 10, finished: bool = True, **counters: int) -> GameRecord:
    return GameRecord(finished, winners, turns, tuple(counters.items()))


def test_wilson_interval_matches_scipy_and_the_textbook_value() -> None:
    low, high = wilson_interval(30, 100)
    ci = scipy_stats.binomtest(30, 100).proportion_ci(0.95, method="wilson")
    assert (low, high) == (pytest.approx(ci.low), pytest.approx(ci.high))
    # 30 of 100 at 95%: the Wilson score interval is 0.2189 to 0.3958.
    assert low == pytest.approx(0.2189, abs=1e-4)
    assert high == pytest.approx(0.3958, abs=1e-4)


def test_wilson_interval_of_split_wins_spans_the_neighbouring_whole_counts() -> None:
    low, high = wilson_interval(30.5, 100)
    assert low == pytest.approx(scipy_stats.binomtest(30, 100).proportion_ci(method="wilson").low)
    assert high == pytest.approx(scipy_stats.binomtest(31, 100).proportion_ci(method="wilson").high)


def test_wilson_interval_edges() -> None:
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 20)
    assert low == pytest.approx(0.0, abs=1e-12) and 0 < high < 0.2
    low, high = wilson_interval(20, 20)
    assert 0.8 < low < 1 and high == pytest.approx(1.0)


def test_chi_square_p_value_matches_scipy_and_closed_form() -> None:
    # Observed 10, 20, 30 against 20 each: chi-square 10 with 2 degrees of freedom, p = e^-5.
    p_value = equal_seats_p_value([10, 20, 30])
    assert p_value == pytest.approx(math.exp(-5))
    assert p_value == pytest.approx(scipy_stats.chisquare([10, 20, 30]).pvalue)
    assert equal_seats_p_value([25, 25, 25, 25]) == pytest.approx(1.0)
    assert equal_seats_p_value([0, 0]) is None


def test_ties_are_split_and_unfinished_games_never_win() -> None:
    records = [record((0,)), record((0, 1)), record((0, 1, 2)), record((), finished=False), record((1,))]
    wins = seat_wins(records, 3)
    assert wins == pytest.approx([1 + 1 / 2 + 1 / 3, 1 / 2 + 1 / 3 + 1, 1 / 3])
    assert sum(wins) == pytest.approx(4)


def test_length_uses_finished_games_only() -> None:
    records = [record((0,), turns=t) for t in (10, 20, 30, 40)] + [record((), turns=500, finished=False)]
    length = length_summary(records)
    assert length == {"games": 4, "mean": 25.0, "sd": pytest.approx(12.9099445), "median": 25.0,
                      "p90": pytest.approx(37.0), "max": 40}
    assert length_summary([record((), finished=False)]) is None


def test_counters_give_totals_and_per_game_means_over_every_game() -> None:
    records = [record((0,), draws=3, reshuffles=1), record((1,), draws=5), record((), finished=False, draws=4)]
    assert counter_summary(records) == {
        "draws": {"total": 12, "mean": 4.0},
        "reshuffles": {"total": 1, "mean": pytest.approx(1 / 3)},
    }


def test_counters_sum_alike_whatever_order_the_games_report_them_in() -> None:
    same_order = [record((0,), draws=3, passes=1), record((1,), draws=5, passes=0)]
    other_order = [record((0,), draws=3, passes=1), record((1,), passes=0, draws=5)]
    assert counter_summary(same_order) == counter_summary(other_order) == {
        "draws": {"total": 8, "mean": 4.0},
        "passes": {"total": 1, "mean": 0.5},
    }


def test_summarize_reports_unfinished_games_apart() -> None:
    records = [record((0,)), record((0,)), record((1,)), record((0, 1)), record((), turns=99, finished=False)]
    run = SimRun("toy", "Toy", 2, 5, ("random", "random"), {}, 99, records)
    summary = summarize(run)
    assert (summary["games"], summary["finished"], summary["unfinished"], summary["shared_wins"]) == (5, 4, 1, 1)
    assert summary["seat_wins"] == [2.5, 1.5]
    assert [r["rate"] for r in summary["seat_win_rate"]] == [0.625, 0.375]
    assert summary["seat_win_rate"][0]["ci95"] == list(wilson_interval(2.5, 4))
    assert summary["seat_p_value"] == pytest.approx(scipy_stats.chisquare([2.5, 1.5]).pvalue)
    assert summary["length"]["games"] == 4


def test_summarize_without_finished_games_has_no_rates() -> None:
    run = SimRun("toy", "Toy", 2, 5, ("random", "random"), {}, 9, [record((), finished=False)])
    summary = summarize(run)
    assert summary["seat_p_value"] is None and summary["length"] is None
    assert [r["rate"] for r in summary["seat_win_rate"]] == [None, None]
