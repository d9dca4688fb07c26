"""The greedy Mystique Circle bot, as MYSTIQUE-GAMES.md outlines it.

Hole: of every possible hole it takes one whose bid is closest to t, the number of high
cards it keeps (numbered 4 or 5; with 2 players, where only 4s and 5s are in play, the 5s),
then the one with the lowest sum of numbers, then one of those at random. Tricks: while it
has won fewer tricks than its bid it plays the lowest card that becomes the current winner
(else the lowest legal card); once it has its bid it plays a card that does not become the
current winner (a toss, the highest, when void in the led colour; else the highest such
card), or else the lowest legal card. "Lowest" and "highest" are by number, then card order.
It reads only its own hand and hole and the trick on the table. The choice itself is the
engine package's `greedy_move`, compiled with the engine.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Callable

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_circle import CircleState
from deckgen.games.mystique_circle.greedy import greedy_move


class GreedyCircleBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat
        #: The engine's compiled choice with this seat and source bound, so that a move costs
        #: the play loop no interpreted call of the bot's own.
        self.choose: Callable[[CircleState], Move] = partial(greedy_move, seat, rng)


register_bot("mystique-circle", "greedy", GreedyCircleBot)
