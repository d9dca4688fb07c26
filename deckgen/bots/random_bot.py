"""The `random` bot: uniform over the legal moves, for every game."""

from __future__ import annotations

import random

from deckgen.games.base import Move, State


class RandomBot:
    """Picks uniformly among legal moves with its own random source.

    A state may offer `random_move(rng)`, drawing uniformly from exactly its legal moves
    without building the list; the bot uses it when present, since listing every move is
    most of the cost of a random game where move lists are long."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: State) -> Move:
        sample = getattr(state, "random_move", None)
        if sample is not None:
            return sample(self.rng)  # type: ignore[no-any-return]
        moves = state.legal_moves()
        return moves[int(self.rng.random() * len(moves))]
