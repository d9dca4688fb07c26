"""The greedy Mystique Pillars bot, the game's report bot, as MYSTIQUE-GAMES.md outlines it.

Building is the way to win, so it builds whenever it can, preferring a card the next seat
could not build on in turn (no card of that seat's public hand shares exactly two attributes
with it). Otherwise, and throughout the draft, it draws the top card that could be built on
the most other pillar tops, then the one the next seat could build on the most (taking it
away from them); remaining ties, and the pillar to split, are chosen at random. It reads
only what every seat sees: the open hands and the pillar tops, never the cards under them.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_pillars import BUILD, DRAW, PillarsState


class GreedyPillarsBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: PillarsState) -> Move:
        moves = state.legal_moves()
        can_build_on = state.game.can_build_on
        following = state.hands[state.next_seat[self.seat]]
        builds = [m for m in moves if m[0] == BUILD]
        if builds:
            safe = [m for m in builds if not following & can_build_on[m[1]]]
            return self.rng.choice(safe or builds)
        tops = [pillar[-1] if pillar else -1 for pillar in state.pillars]

        def rating(move: Move) -> tuple[int, int]:
            top = tops[move[1]]
            on_others = sum(1 for p, other in enumerate(tops)
                            if p != move[1] and other >= 0 and can_build_on[other] >> top & 1)
            return on_others, (following & can_build_on[top]).bit_count()

        draws = [m for m in moves if m[0] == DRAW]
        best = max(rating(m) for m in draws)
        pillar = self.rng.choice(sorted({m[1] for m in draws if rating(m) == best}))
        return self.rng.choice([m for m in draws if m[1] == pillar])


register_bot("mystique-pillars", "greedy", GreedyPillarsBot)
