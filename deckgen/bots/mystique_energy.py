"""The greedy Mystique Energy bot, as MYSTIQUE-GAMES.md's greedy policy outlines it.

For every legal cell it works out the groups the card would join, value by value. It picks
the cell that keeps its own product (the largest groups of its energy card's colour, suit and
number) lowest, then the one joining the smallest groups of its own values (isolating the card
when it can). Among cells equal for itself, which is every cell when the card shares none of
its values, it grows the largest groups of the values opponents seem to avoid: it reads each
opponent's placements, and a card placed touching no card of one of its values counts as a
sign that the opponent holds that value, one placed against such a card as a sign it does not.
The choice itself is the engine package's `GreedyEnergy`, compiled with the engine.
"""

from __future__ import annotations

import random
from typing import Callable

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_energy import EnergyState
from deckgen.games.mystique_energy.greedy import GreedyEnergy


class GreedyEnergyBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat
        #: The engine's compiled policy for this seat, called by the play loop directly.
        self.choose: Callable[[EnergyState], Move] = GreedyEnergy(seat).choose


register_bot("mystique-energy", "greedy", GreedyEnergyBot)
