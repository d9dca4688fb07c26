"""Who wins Zoomies from the final points, with or without the rule that second place wins."""

from __future__ import annotations

from typing import Sequence


def standing(points: Sequence[int], second_place_wins: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners and ranking (best first) for final points.

    With the furniture rule every seat tied for most points is out and the best of the
    rest wins; if nobody is left, all share the win. Ties keep seat order."""
    seats = range(len(points))
    # A stable sort, reversed or not, keeps tied seats in seat order.
    by_points = sorted(seats, key=points.__getitem__, reverse=True)
    top = points[by_points[0]]
    if not second_place_wins:
        return tuple([s for s in seats if points[s] == top]), tuple(by_points)
    rest = [s for s in by_points if points[s] != top]
    if not rest:
        return tuple(seats), tuple(seats)
    best = points[rest[0]]
    out = [s for s in seats if points[s] == top]
    return tuple([s for s in rest if points[s] == best]), tuple(rest + out)
