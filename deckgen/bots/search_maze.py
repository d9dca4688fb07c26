"""How the search bot judges an unfinished Mystique Maze game, where the standing (the most hand
cards on one own path) is too coarse: two hands with seven cards on their best path stand
level, though one holds seven cards on a dozen paths and the other on one, and the first has
many more draws that complete it.

Each seat's hand is read as a race: every own path is a way to win, missing the path's
length less the hand cards on it. A hand's potential adds, over the paths, `PATH_BASE` to the
power of minus the cards a path misses, so one path missing one card is worth as much as
`PATH_BASE` paths missing two; a seat's chance to complete first is its potential's share of
all seats' potentials, each raised to `RACE_POWER`. It reads the world it is handed (a
determinization: the other hands dealt again) and the seats' paths, which every player knows.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: search's settings load with the bot registry, before any engine
    from deckgen.games.mystique_maze import MazeState, SeatPaths

#: How many paths missing one card more are worth as much as one path missing one card less
#: (e squared: a card is two units of the race's log scale).
PATH_BASE = math.exp(2)
#: The exponent on each seat's potential in the race (1: shares in proportion to potentials).
RACE_POWER = 0.5
#: Potentials worked out, by the paths' id and the hand (with the paths, so that the id is
#: not reused while the entry stands): a decision meets its own hands again and again, in
#: every sample of every candidate. Emptied when it holds `CACHE_SIZE` hands.
_POTENTIALS: dict[tuple[int, int], tuple[SeatPaths, float]] = {}
CACHE_SIZE = 1 << 16


def count_histogram(planes: tuple[int, int, int, int], full: int, most: int) -> list[int]:
    """How many paths hold 0, 1, ... `most` hand cards, from the bit planes of their counts
    (`paths.path_counts`: path i holds p0_i + 2 p1_i + 4 p2_i + 8 p3_i cards)."""
    p0, p1, p2, p3 = planes
    bits = ((p0, full ^ p0), (p1, full ^ p1), (p2, full ^ p2), (p3, full ^ p3))
    histogram = []
    for count in range(most + 1):
        mask = full
        for plane, (on, off) in enumerate(bits):
            mask &= on if count >> plane & 1 else off
        histogram.append(mask.bit_count())
    return histogram


def maze_potential(world: MazeState, seat: int) -> float:
    """The seat's hand's ways to win: over its own paths, `PATH_BASE` to the power of minus
    the cards each misses (1 for a complete path)."""
    paths, hand = world.seats[seat], world.hands[seat]
    entry = _POTENTIALS.get((id(paths), hand))
    if entry is not None and entry[0] is paths:
        return entry[1]
    length = world.game.path_length(world.n_players)
    world.score(seat)  # brings the seat's counts per path up to date
    histogram = count_histogram(world.score_planes[seat], paths.full, length)
    potential = sum(ways * PATH_BASE ** (count - length) for count, ways in enumerate(histogram) if ways)
    if len(_POTENTIALS) >= CACHE_SIZE:
        _POTENTIALS.clear()
    _POTENTIALS[(id(paths), hand)] = (paths, potential)
    return potential


def maze_value(world: MazeState, seat: int) -> float:
    """An unfinished game's worth to `seat`: its share of the race by the seats' potentials."""
    weights = [maze_potential(world, other) ** RACE_POWER for other in range(world.n_players)]
    return weights[seat] / sum(weights)
