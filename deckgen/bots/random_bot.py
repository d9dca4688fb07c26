"""The `random` bot: uniform over the legal moves, for every game."""

from __future__ import annotations

import random

from deckgen.games.base import Move, State


class RandomBot:
    """Picks uniformly among legal moves with its own random source, through the state's
    `random_move`, which some games implement without building the move list."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: State) -> Move:
        return state.random_move(self.rng)
