"""Two engines compared by their games: an engine agrees with itself, engines that differ are
told apart, and degenerate samples give a documented answer instead of a crash."""

from __future__ import annotations

import math
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from scipy import stats as scipy_stats

from deckgen.games.base import Game
from deckgen.sim.agreement import (
    NO_WINNER,
    SHARED,
    UNFINISHED,
    compare_engines,
    compare_runs,
    length_check,
    outcome_check,
    unfinished_check,
)
from deckgen.sim.runner import GameRecord, SimRun, SimulationError
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


@pytest.fixture(autouse=True)
def in_temp_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Whatever a comparison might write lands in a temp folder, never in the checkout."""
    monkeypatch.chdir(tmp_path)
    yield


def record(winners: tuple[int, ...], turns: int = 10, finished: bool = True) -> GameRecord:
    return GameRecord(finished, winners, turns, ())


def run(records: list[GameRecord], players: int = 2, game_id: str = "toy", seed: int = 0,
        sides: tuple[int, ...] = ()) -> SimRun:
    return SimRun(game_id, game_id, players, seed, ("random",) * players, {}, 100, records,
                  sides or tuple(range(players)))


# --- real engines ---------------------------------------------------------------------


def test_an_engine_agrees_with_itself_on_other_seeds() -> None:
    agreement = compare_engines("up-and-down", "up-and-down", 2, 200, seed=7)
    assert agreement.seeds == (14, 15)  # the two sides never share a seed...
    assert agreement.counts_a != agreement.counts_b or agreement.mean_length_a != agreement.mean_length_b  # ...or games
    assert agreement.agrees, "\n".join(agreement.lines())
    assert sum(agreement.counts_a) == agreement.games_a == 200
    assert agreement.outcomes[:2] == ("seat 0 wins", "seat 1 wins")
    assert all(check.p_value is not None and check.p_value >= 0.001
               for check in (agreement.seat_wins, agreement.unfinished, agreement.length))


def test_a_longer_game_is_told_apart_by_its_length() -> None:
    """Mystical Eddies to a target of 8 points lasts about 1.4 rounds with 3 random players,
    to 20 points about 3: the lengths vary, and Welch's test rejects."""
    agreement = compare_engines("mystical-eddies", "mystical-eddies", 3, 150, seed=1,
                                options_a={"target": 8}, options_b={"target": 20})
    assert not agreement.length.agrees and not agreement.agrees
    assert agreement.length.p_value is not None and agreement.length.p_value < 0.001
    assert agreement.length.statistic is not None and math.isfinite(agreement.length.statistic)
    assert agreement.mean_length_a is not None and agreement.mean_length_b is not None
    assert agreement.mean_length_b > agreement.mean_length_a + 1
    assert agreement.options_a == {"target": 8}
    text = "\n".join(agreement.lines())
    assert "target=8" in text and "target=20" in text and "DIFFER" in text


def test_set_round_counts_are_told_apart_though_each_is_constant() -> None:
    agreement = compare_engines("mystical-eddies", "mystical-eddies", 3, 60, seed=1,
                                options_a={"rounds": 1}, options_b={"rounds": 3})
    assert (agreement.mean_length_a, agreement.mean_length_b) == (1.0, 3.0)
    assert agreement.length.p_value == 0.0 and agreement.length.statistic == -math.inf
    assert not agreement.length.agrees


def test_a_game_that_cannot_stall_is_told_apart_by_its_unfinished_share(toy_game: Game) -> None:  # noqa: F811
    """The toy game's passes run random bots into the turn cap; without passes every game ends."""
    agreement = compare_engines("toy", "toy", 2, 300, seed=3, options_b={"pass_allowed": False})
    assert agreement.unfinished_share_a > 0.1 and agreement.unfinished_share_b == 0
    assert not agreement.unfinished.agrees and agreement.unfinished.p_value is not None
    assert agreement.unfinished.p_value < 0.001
    assert not agreement.seat_wins.agrees  # the unfinished column is part of the outcomes too


def test_records_and_verdicts_do_not_depend_on_processes(toy_game: Game) -> None:  # noqa: F811
    one = compare_engines("toy", "toy", 3, 120, seed=5, jobs=1)
    two = compare_engines("toy", "toy", 3, 120, seed=5, jobs=2)
    assert one == two


def test_bad_requests_are_errors(toy_game: Game) -> None:  # noqa: F811
    with pytest.raises(SimulationError):
        compare_engines("toy", "toy", 2, 0, seed=1)
    with pytest.raises(SimulationError):
        compare_runs(run([record((0,))], players=2), run([record((0,))], players=3))
    with pytest.raises(SimulationError):
        compare_runs(run([record((0,))]), run([record((0,))]), alpha=0)


# --- the tests against scipy and the degenerate cases ------------------------------------


def test_outcomes_match_scipy_on_a_plain_table() -> None:
    check = outcome_check([60, 30, 10], [45, 40, 15], ["seat 0 wins", "seat 1 wins", SHARED], 0.05)
    expected = scipy_stats.chi2_contingency([[60, 30, 10], [45, 40, 15]])
    assert check.statistic == pytest.approx(expected.statistic)
    assert check.p_value == pytest.approx(expected.pvalue)
    assert check.agrees == (expected.pvalue >= 0.05) and check.note == "2 df"


def test_empty_columns_are_dropped_and_thin_ones_pooled() -> None:
    labels = ["seat 0 wins", "seat 1 wins", SHARED, NO_WINNER, UNFINISHED]
    # no game without a winner; 4 shared and 3 unfinished games: thin, pooled into one column
    check = outcome_check([50, 46, 3, 0, 1], [48, 48, 1, 0, 2], labels, 0.001)
    expected = scipy_stats.chi2_contingency([[50, 46, 4], [48, 48, 3]])
    assert check.p_value == pytest.approx(expected.pvalue)
    assert check.note == f"2 df; pooled as rare outcomes: {SHARED}, {UNFINISHED}"
    # one thin column alone is kept as it is
    alone = outcome_check([50, 46, 3], [48, 48, 0], labels[:3], 0.001)
    assert alone.p_value == pytest.approx(scipy_stats.chi2_contingency([[50, 46, 3], [48, 48, 0]]).pvalue)


def test_a_single_outcome_on_both_sides_agrees_without_a_test() -> None:
    check = outcome_check([0, 20, 0], [0, 35, 0], ["seat 0 wins", "seat 1 wins", UNFINISHED], 0.001)
    assert (check.statistic, check.p_value, check.agrees) == (0.0, 1.0, True)
    # the same with every column thin, pooled into one
    thin = outcome_check([1, 2, 0], [0, 1, 1], ["seat 0 wins", "seat 1 wins", UNFINISHED], 0.001)
    assert (thin.p_value, thin.agrees) == (1.0, True)


def test_unfinished_share_is_fishers_exact_test() -> None:
    check = unfinished_check(12, 100, 3, 100, 0.05)
    expected = scipy_stats.fisher_exact([[12, 88], [3, 97]])
    assert check.p_value == pytest.approx(expected.pvalue) and check.statistic == pytest.approx(expected.statistic)
    assert not check.agrees
    none = unfinished_check(0, 50, 0, 80, 0.001)
    assert (none.statistic, none.p_value, none.agrees) == (None, 1.0, True)  # odds ratio undefined
    every = unfinished_check(50, 50, 80, 80, 0.001)
    assert (every.p_value, every.agrees) == (1.0, True)
    assert unfinished_check(0, 0, 1, 5, 0.001).p_value is None


def test_lengths_are_welchs_test_with_rules_for_constant_and_missing_lengths() -> None:
    a, b = [10, 12, 11, 13, 9, 10], [14, 15, 13, 16, 15, 14, 17]
    check = length_check(a, b, 0.001)
    expected = scipy_stats.ttest_ind(a, b, equal_var=False)
    assert check.statistic == pytest.approx(expected.statistic) and check.p_value == pytest.approx(expected.pvalue)
    same = length_check([5, 5, 5], [5, 5], 0.001)
    assert (same.statistic, same.p_value, same.agrees) == (0.0, 1.0, True)
    apart = length_check([6, 6, 6], [5, 5], 0.001)
    assert (apart.statistic, apart.p_value, apart.agrees) == (math.inf, 0.0, False)
    one_constant = length_check([5, 5, 5, 5], [4, 6, 5, 5, 6], 0.001)  # one side's variance is enough
    assert one_constant.p_value is not None and math.isfinite(one_constant.p_value) and one_constant.agrees
    few = length_check([5], [5, 6, 7], 0.001)
    assert (few.statistic, few.p_value, few.agrees) == (None, None, True)
    assert "fewer than 2" in few.note


def test_runs_that_never_finish_compare_without_a_crash() -> None:
    stalled = [record((), turns=100, finished=False)] * 30
    agreement = compare_runs(run(stalled), run(stalled[:20], seed=1))
    assert agreement.agrees
    assert (agreement.mean_length_a, agreement.mean_length_b) == (None, None)
    assert agreement.unfinished_share_a == agreement.unfinished_share_b == 1.0
    assert agreement.seat_wins.p_value == 1.0 and agreement.length.p_value is None
    text = "\n".join(agreement.lines())
    assert "unfinished" in text and "100.00%" in text and "the engines agree" in text


def test_one_game_a_side_compares_without_a_crash() -> None:
    agreement = compare_runs(run([record((0,), turns=4)]), run([record((1,), turns=9)]))
    assert agreement.length.p_value is None and agreement.agrees
    assert agreement.shares_a == (1.0, 0.0, 0.0, 0.0, 0.0)
    assert len(agreement.lines()) > 3


def test_outcome_columns_count_each_game_once() -> None:
    records = [record((0,)), record((1,)), record((0, 1)), record(()), record((), finished=False)]
    agreement = compare_runs(run(records * 4), run(records * 4, seed=1))
    assert agreement.outcomes == ("seat 0 wins", "seat 1 wins", SHARED, NO_WINNER, UNFINISHED)
    assert agreement.counts_a == (4, 4, 4, 4, 4) and sum(agreement.shares_a) == pytest.approx(1)
    assert agreement.seat_wins.p_value == pytest.approx(1.0)


def test_partners_winning_together_is_one_sides_win() -> None:
    sides = (0, 1, 0, 1)
    records = [record((0, 2)), record((1, 3)), record((0, 1))]
    agreement = compare_runs(run(records, 4, sides=sides), run(records, 4, seed=1, sides=sides))
    assert agreement.outcomes[:2] == ("side 0 wins", "side 1 wins")
    assert agreement.counts_a == (1, 1, 1, 0, 0)


def test_importing_the_module_loads_no_scipy() -> None:
    """scipy loads when a test runs, not when the module is imported."""
    script = "import sys, deckgen.sim.agreement; print('scipy' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"
