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
from deckgen.games.kit.cards import bits_of
from deckgen.games.mystique_pillars import BUILD, BUILDING, PillarsState


class GreedyPillarsBot:
    """Decides from the pillar tops and the hands directly: the builds it may make are listed
    without the draws, and each pillar's draw is rated once, not once per move."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: PillarsState) -> Move:
        can_build_on = state.game.can_build_on
        following = state.hands[state.next_seat[self.seat]]
        pillars = state.pillars
        if state.phase == BUILDING:
            hand = state.hands[self.seat]
            # in legal_moves' order: pillar by pillar, cards lowest first
            builds = [(BUILD, card, p) for p, pillar in enumerate(pillars) if pillar
                      for card in bits_of(hand & can_build_on[pillar[-1]])]
            if builds:
                safe = [m for m in builds if not following & can_build_on[m[1]]]
                return self.rng.choice(safe or builds)
        tops = [pillar[-1] if pillar else -1 for pillar in pillars]
        ratings = {}
        for p, top in enumerate(tops):
            if top >= 0:
                on_others = sum(1 for q, other in enumerate(tops) if q != p and other >= 0
                                and can_build_on[other] >> top & 1)
                ratings[p] = (on_others, (following & can_build_on[top]).bit_count())
        best = max(ratings.values())
        pillar = self.rng.choice([p for p, rating in ratings.items() if rating == best])
        return self.rng.choice([m for m in state.legal_moves() if m[1] == pillar])


register_bot("mystique-pillars", "greedy", GreedyPillarsBot)
