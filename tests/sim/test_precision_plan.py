"""The batches of a run to a precision: aimed at the games the intervals say it needs."""

from __future__ import annotations

from deckgen.sim.precision_plan import FIRST_BATCH, next_batch


def test_a_run_starts_with_the_first_batch_within_the_most_games() -> None:
    assert next_batch(0, 1.0, 0.02, 8000) == FIRST_BATCH
    assert next_batch(0, 1.0, 0.02, 300) == 300


def test_a_run_is_done_at_its_precision_or_at_the_most_games() -> None:
    assert next_batch(2400, 0.0199, 0.02, 8000) == 0
    assert next_batch(2400, 0.02, 0.02, 8000) == 0
    assert next_batch(8000, 0.05, 0.02, 8000) == 0


def test_the_next_batch_aims_at_the_games_the_widest_interval_needs() -> None:
    # +/-3.1 points after 1,000 games: (3.1 / 2)^2 * 1,000 = 2,402.5 games, so 2,500 in all.
    assert next_batch(1000, 0.031, 0.02, 8000) == 1500
    # Just short of the precision: one small step more, not half as many again.
    assert next_batch(2500, 0.0201, 0.02, 8000) == 100


def test_a_batch_grows_the_run_at_most_threefold_and_never_past_the_most_games() -> None:
    assert next_batch(1000, 0.2, 0.02, 50_000) == 2000
    assert next_batch(1000, 0.2, 0.02, 2400) == 1400
    assert next_batch(1000, 1.0, 0.02, 50_000) == 1000  # no finished game yet: double
