"""The greedy Mystique Chain bot: break the chain now if it can, else leave the fewest ways on.

Everything is public, so the bot reads the whole state. Among its legal moves it takes one
after which no pool card matches (a win); otherwise one that leaves the opponent the fewest
matching pool cards; ties go to the move that keeps its own next turn safest (over every
reply, the fewest moves it would then have, made as large as possible), then at random.
The choice itself is the engine package's `greedy_move`, compiled with the engine.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Callable

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_chain import ChainState
from deckgen.games.mystique_chain.greedy import greedy_move


class GreedyChainBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat
        #: The engine's compiled choice with this bot's source bound, so that a move costs the
        #: play loop no interpreted call of the bot's own.
        self.choose: Callable[[ChainState], Move] = partial(greedy_move, rng)


register_bot("mystique-chain", "greedy", GreedyChainBot)
