"""Scores to winners and a ranking, the one way every engine breaks and shares ties."""

from __future__ import annotations

from typing import Sequence

from deckgen.games.kit.result import Result


def rank_by_score(
    scores: Sequence[float], *, highest_wins: bool = True, tie_break: Sequence[float] | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners and ranking (best first) of seats by score.

    `tie_break` (higher is better) separates equal scores; seats still equal on both share
    the win and keep seat order in the ranking."""
    seats = range(len(scores))
    sign = 1 if highest_wins else -1
    breaks = tie_break if tie_break is not None else [0] * len(scores)
    # Each seat's key made once, for the sort and the winners alike (no closure): once a game.
    keys = [(sign * scores[seat], breaks[seat]) for seat in seats]
    ranking = sorted(seats, key=keys.__getitem__, reverse=True)  # stable: equal keys keep seat order
    best = keys[ranking[0]]
    return tuple(s for s in seats if keys[s] == best), tuple(ranking)


def fewest_first(values: Sequence[float]) -> list[float]:
    """A standing where fewer is better (cards left, burns): the values negated, as
    `State.standing` reads a result ranked fewest first (level values stay as they are)."""
    if min(values) == max(values):
        return list(values)
    return [-value for value in values]


def scored_result(
    finished: bool,
    scores: Sequence[float],
    turns: int,
    counters: dict[str, int],
    *,
    highest_wins: bool = True,
    tie_break: Sequence[float] | None = None,
) -> Result:
    """A `Result` ranking seats by score: the winners are the best seats when the game is
    finished and nobody when it stopped at the turn cap."""
    winners, ranking = rank_by_score(scores, highest_wins=highest_wins, tie_break=tie_break)
    return Result(finished, winners if finished else (), tuple(scores), ranking, turns, counters)
