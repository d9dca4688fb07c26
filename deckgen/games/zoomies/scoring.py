"""Who wins Zoomies from the final points, with or without the rule that second place wins."""

from __future__ import annotations

from typing import Sequence

from deckgen.games.kit.ranking import rank_by_score


def standing(points: Sequence[int], second_place_wins: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners and ranking (best first) for final points.

    With the furniture rule every seat tied for most points is out and the best of the
    rest wins; if nobody is left, all share the win. Ties keep seat order."""
    leaders, by_points = rank_by_score(points)
    if not second_place_wins:
        return leaders, by_points
    rest = by_points[len(leaders):]  # the leaders come first in the ranking, in seat order
    if not rest:
        return by_points, by_points  # every seat tied: seat order
    best = points[rest[0]]
    return tuple([s for s in rest if points[s] == best]), rest + leaders
