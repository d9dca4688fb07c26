"""The greedy bot for Mismatch."""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mismatch import MismatchState


class GreedyMismatchBot:
    """Mismatch gives players no decisions: every duel is settled by the order of the
    decks, so the greedy bot plays the one legal move (turning up the top card). It exists so
    that every game offers the same pair of bots to the simulator."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: MismatchState) -> Move:
        return state.legal_moves()[0]


register_bot("mismatch", "greedy", GreedyMismatchBot)
