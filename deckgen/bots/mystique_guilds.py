"""The greedy Mystique Guilds bot, as MYSTIQUE-GAMES.md outlines a sensible beginner.

It buys with its highest-numbered hand card (3 or more) that it can spare: one whose guild it
still leads alone without that card, or one in a guild where another player already holds
more than it does; it draws as many cards as the card allows. Otherwise it takes the top
discard when that makes it the single leader of a guild it did not lead; otherwise it draws
from the Draw Deck. It reads the hands, which are public (with hidden hands it still reads
only its own and plays as if the others held nothing).
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.mystique_guilds import BUY, DECK_MOVE, DISCARD_MOVE, GuildsState

#: Influence Cards below this number are kept.
LEAST_TO_SPEND = 3


class GreedyGuildsBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: GuildsState) -> Move:
        game = state.game
        totals = self._visible_totals(state)
        me = self.seat
        spare = []
        for card in bits_of(state.hands[me]):
            number = game.value[card]
            if number < LEAST_TO_SPEND:
                continue
            guild = totals[game.guild[card]]
            rivals = max(t for s, t in enumerate(guild) if s != me)
            if guild[me] - number > rivals or rivals > guild[me]:
                spare.append(card)
        if spare:
            card = max(spare, key=lambda c: (game.value[c], -c))
            return (BUY, card, min(game.value[card], len(state.draw)), 0)
        if state.discard:
            top = state.discard[-1]
            guild = totals[game.guild[top]]
            rivals = max(t for s, t in enumerate(guild) if s != me)
            if guild[me] <= rivals < guild[me] + game.value[top]:
                return DISCARD_MOVE
        return DECK_MOVE

    def _visible_totals(self, state: GuildsState) -> list[list[int]]:
        totals = state.guild_totals()
        if state.hidden_hands:
            for guild in totals:
                for seat in range(len(guild)):
                    if seat != self.seat:
                        guild[seat] = 0
        return totals


register_bot("mystique-guilds", "greedy", GreedyGuildsBot)
