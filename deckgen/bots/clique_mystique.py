"""The greedy Clique Mystique bot, as MYSTIQUE-GAMES.md's greedy policy describes it.

With a legal placement it plays the one that turns the most cards (every card of each turned
stack) to it, then the one covering the fewest of its own stacks (leaving the most earlier
stacks uncovered); ties keep the engine's move order. Without one it passes when it leads
and the opponent has just passed (which ends the game with its win), or when the deck is
empty or it has replaced on each of its last three turns; otherwise it replaces the hand
cards that fit no candidate line (a line holding a stack of each player and at most three
empty cells, where the card on one of its empty cells or own stacks could still belong to a
Group), and passes when every card fits one.
The choice itself is the engine package's `greedy_move`, compiled with the engine.
"""

from __future__ import annotations

import random
from functools import partial
from typing import Callable

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.clique_mystique import CliqueState
from deckgen.games.clique_mystique.greedy import greedy_move


class GreedyCliqueBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat
        #: The engine's compiled choice with this seat bound, so that a move costs the play
        #: loop no interpreted call of the bot's own.
        self.choose: Callable[[CliqueState], Move] = partial(greedy_move, seat)


register_bot("clique-mystique", "greedy", GreedyCliqueBot)
