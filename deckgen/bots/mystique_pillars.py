"""The greedy Mystique Pillars bot, the game's report bot, as MYSTIQUE-GAMES.md outlines it.

Building is the way to win, so it builds whenever it can, preferring a card the next seat
could not build on in turn (no card of that seat's public hand shares exactly two attributes
with it). Otherwise, and throughout the draft, it draws the top card that could be built on
the most other pillar tops, then the one the next seat could build on the most (taking it
away from them); remaining ties, and the pillar to split, are chosen at random. It reads
only what every seat sees: the open hands and the pillar tops, never the cards under them.
The choice itself is the engine package's `greedy_move`, compiled with the engine.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Callable

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_pillars import PillarsState
from deckgen.games.mystique_pillars.greedy import greedy_move


class GreedyPillarsBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat
        #: The engine's compiled choice with this seat and source bound, so that a move costs
        #: the play loop no interpreted call of the bot's own.
        self.choose: Callable[[PillarsState], Move] = partial(greedy_move, seat, rng)


register_bot("mystique-pillars", "greedy", GreedyPillarsBot)
