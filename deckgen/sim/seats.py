"""Wins per seat and their 95% intervals: what the runner's precision stop, the design
metrics and the statistics all read, below each of them so none imports another back."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Protocol

from deckgen.sim.numerics import wilson_bounds


class Outcome(Protocol):
    """What a game record says of who won (runner.GameRecord is one)."""

    @property
    def finished(self) -> bool: ...

    @property
    def winners(self) -> tuple[int, ...]: ...


def seat_wins(records: Sequence[Outcome], n_players: int) -> list[float]:
    """Wins per seat over finished games, shared wins split evenly."""
    wins = [0.0] * n_players
    for record in records:
        if record.finished and record.winners:
            share = 1.0 / len(record.winners)
            for seat in record.winners:
                wins[seat] += share
    # Thirds do not add up exactly in binary; round away the float noise.
    return [round(w, 9) for w in wins]


def wilson_interval(wins: float, trials: int) -> tuple[float, float]:
    """95% Wilson score interval of a win rate.

    Split wins can make the count fractional; then the interval runs from the lower bound at
    the count rounded down to the upper bound at the count rounded up, which contains the
    interval of any whole count in between (conservative, never narrower).
    """
    if trials == 0:
        return (0.0, 1.0)
    low_count, high_count = math.floor(wins + 1e-9), math.ceil(wins - 1e-9)
    return (wilson_bounds(low_count, trials)[0], wilson_bounds(high_count, trials)[1])
