"""Scores to winners and a ranking, the one way every engine breaks and shares ties."""

from __future__ import annotations

from typing import Sequence

from deckgen.games.kit.result import Result, result_of


def rank_by_score(
    scores: Sequence[float], *, highest_wins: bool = True, tie_break: Sequence[float] | None = None
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners and ranking (best first) of seats by score.

    `tie_break` (higher is better) separates equal scores; seats still equal on both share
    the win and keep seat order in the ranking."""
    n = len(scores)
    sign = 1.0 if highest_wins else -1.0
    keys = [sign * scores[seat] for seat in range(n)]
    breaks = [float(tie_break[seat]) for seat in range(n)] if tie_break is not None else [0.0] * n
    # An insertion sort over the few seats, stable as `sorted` is: each seat goes after every
    # seat whose key is at least its own (compiled, `sorted` with a key cost several times it).
    ranking: list[int] = []
    for seat in range(n):
        at = len(ranking)
        while at and _ahead(keys, breaks, seat, ranking[at - 1]):
            at -= 1
        ranking.insert(at, seat)
    best = ranking[0]
    winners = [seat for seat in range(n) if keys[seat] == keys[best] and breaks[seat] == breaks[best]]
    return tuple(winners), tuple(ranking)


def _ahead(keys: list[float], breaks: list[float], seat: int, other: int) -> bool:
    """Whether `seat` ranks strictly ahead of `other`: a higher key, or an equal key and a
    higher tie break."""
    if keys[seat] != keys[other]:
        return keys[seat] > keys[other]
    return breaks[seat] > breaks[other]


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
    return result_of(finished, winners if finished else (), tuple(scores), ranking, turns, counters)
