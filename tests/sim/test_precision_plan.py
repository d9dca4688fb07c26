"""The batches of a run to a precision: aimed at the games the intervals say it needs, and
the intervals at the end of such a run still covering the true rates."""

from __future__ import annotations

import numpy as np
import pytest

from deckgen.sim.precision_plan import FIRST_BATCH, STEP, next_batch
from deckgen.sim.seats import wilson_interval


def test_a_run_starts_with_the_first_batch_within_the_most_games() -> None:
    assert next_batch(0, 1.0, 0.02, 8000) == FIRST_BATCH
    assert next_batch(0, 1.0, 0.02, 60) == 60


def test_a_run_is_done_at_its_precision_or_at_the_most_games() -> None:
    assert next_batch(2400, 0.0199, 0.02, 8000) == 0
    assert next_batch(2400, 0.02, 0.02, 8000) == 0
    assert next_batch(8000, 0.05, 0.02, 8000) == 0


def test_a_rate_near_one_is_known_to_two_points_after_the_first_batch() -> None:
    low, high = wilson_interval(FIRST_BATCH, FIRST_BATCH)  # the greedy bot won every game
    assert next_batch(FIRST_BATCH, (high - low) / 2, 0.02, 8000) == 0


def test_the_next_batch_aims_at_the_games_the_widest_interval_needs() -> None:
    # +/-3.1 points after 1,000 games: (3.1 / 2)^2 * 1,000 = 2,402.5 games, so 2,450 in all.
    assert next_batch(1000, 0.031, 0.02, 8000) == 1450
    # Just short of the precision: one small step more, not half as many again.
    assert next_batch(2500, 0.0201, 0.02, 8000) == STEP


def test_a_batch_grows_the_run_at_most_threefold_and_never_past_the_most_games() -> None:
    assert next_batch(1000, 0.2, 0.02, 50_000) == 2000
    assert next_batch(1000, 0.2, 0.02, 2400) == 1400
    assert next_batch(1000, 1.0, 0.02, 50_000) == 1000  # no finished game yet: double


def planned_run(rates: list[float], rng: np.random.Generator, precision: float = 0.02,
                max_games: int = 8000) -> tuple[int, list[bool]]:
    """One run to a precision as runner.run_to_precision plays it (batches by next_batch, the
    widest seat's Wilson interval tested after each), on games whose seat win rates are known:
    the games played, and whether each seat's final interval holds its rate."""
    wins = np.zeros(len(rates), dtype=np.int64)
    played, widest = 0, 1.0
    while batch := next_batch(played, widest, precision, max_games):
        wins += rng.multinomial(batch, rates)
        played += batch
        widest = max((high - low) / 2 for low, high in (wilson_interval(int(w), played) for w in wins))
    intervals = [wilson_interval(int(w), played) for w in wins]
    return played, [low <= rate <= high for rate, (low, high) in zip(rates, intervals)]


@pytest.mark.parametrize("rates", [
    [0.5, 0.5],  # a fair two-player game: its games are fixed by the precision
    [0.25, 0.25, 0.25, 0.25],
    [0.05, 0.95 / 3, 0.95 / 3, 0.95 / 3],  # a weak seat 0, as the greedy bot in Battle for the Suns
    [0.97, 0.03],  # a greedy bot near certain: the run may stop after the first batch
    [0.995, 0.005],
])
def test_stopping_on_the_width_keeps_every_seats_interval_at_95_percent(rates: list[float]) -> None:
    """Stopping as soon as every interval is narrow enough lets a rate's luck choose when the
    run ends (near 0 or 1 a lucky run stops early); over 600 runs each seat's final 95%
    interval must still hold its rate about 95% of the time (at least 92.5%: 600 runs
    estimate a coverage of 95% to +/-1.8 points)."""
    rng = np.random.default_rng(29)
    runs = [planned_run(rates, rng) for _ in range(600)]
    coverage = np.mean([covered for _, covered in runs], axis=0)
    assert coverage.min() >= 0.925, coverage
    assert coverage.mean() <= 0.99, coverage  # an interval this wide would waste games


def test_a_near_certain_rate_stops_far_sooner_than_an_even_one() -> None:
    rng = np.random.default_rng(3)
    assert planned_run([1.0, 0.0], rng)[0] == FIRST_BATCH
    assert 2350 <= planned_run([0.5, 0.5], rng)[0] <= 2450
