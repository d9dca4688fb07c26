"""How the search bot judges an unfinished Mystique Energy game, where the standing's verdict
(who has the lower product now) is too coarse: a product of 12 against 13 and one of 4
against 40 both count as a lead, so a move that keeps one's groups far smaller than the
other's counts no more than one that keeps them level, and most playouts end the same way
whatever the candidate.

A seat's worth is graded by how far its product lies below each other seat's: a logistic of
the ratio of the two products, `RATIO_SCALE` in natural log for a factor e in odds (so a
product half the other's is worth about 0.8), averaged over the other seats. It reads the
products of the world it is handed (a determinization: the others' energy cards dealt again
at random), as the standing does.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # annotations only: search's settings load with the bot registry, before any engine
    from deckgen.games.mystique_energy import EnergyState

#: Natural log of the ratio of two products that makes a factor e in the odds of the lower.
RATIO_SCALE = 0.5


def energy_value(world: EnergyState, seat: int) -> float:
    """An unfinished game's worth to `seat`: how far its product lies below each other seat's,
    as a logistic of their log ratio, averaged over the other seats."""
    logs = [math.log(max(1, product)) for product in world.scores()]
    mine = logs[seat]
    shares = [1 / (1 + math.exp((mine - other) / RATIO_SCALE)) for index, other in enumerate(logs) if index != seat]
    return sum(shares) / len(shares)
