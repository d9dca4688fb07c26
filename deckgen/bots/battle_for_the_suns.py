"""The greedy Battle for the Suns bot, as MYSTIQUE-GAMES.md outlines a sensible beginner.

A sun numbered 3 or more is worth fighting for. In the first round it commits its best card
on such a sun and its weakest on any other; later it stops on an unwanted sun, and on a
wanted one commits its best card while its total does not lead the others' revealed totals.
It sees only its hand and what has been revealed.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.battle_for_the_suns import STOP_MOVE, SunsState
from deckgen.games.kit.cards import bits_of

#: Suns numbered this high or higher are wanted.
WANTED_FROM = 3


class GreedySunsBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: SunsState) -> Move:
        cards = bits_of(state.hands[self.seat])
        wanted = state.game.number[state.sun] >= WANTED_FROM
        if state.round == 1:
            if not cards:
                return STOP_MOVE
            pick = max if wanted else min
            return (pick(cards, key=lambda c: (state.value(c), -c)),)
        if not wanted or not cards:
            return STOP_MOVE
        mine = state.bid_total(self.seat)
        others = max(state.bid_total(s) for s in range(state.n_players) if s != self.seat)
        if mine > others:
            return STOP_MOVE
        return (max(cards, key=lambda c: (state.value(c), -c)),)


register_bot("battle-for-the-suns", "greedy", GreedySunsBot)
