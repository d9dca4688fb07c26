"""The greedy Mystique Circle bot, as MYSTIQUE-GAMES.md outlines it.

Hole: of every possible hole it takes one whose bid is closest to t, the number of high
cards it keeps (numbered 4 or 5; with 2 players, where only 4s and 5s are in play, the 5s),
then the one with the lowest sum of numbers, then one of those at random. Tricks: while it
has won fewer tricks than its bid it plays the lowest card that becomes the current winner
(else the lowest legal card); once it has its bid it plays a card that does not become the
current winner (a toss, the highest, when void in the led colour; else the highest such
card), or else the lowest legal card. "Lowest" and "highest" are by number, then card order.
It reads only its own hand and hole and the trick on the table.
"""

from __future__ import annotations

import random
from itertools import combinations

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_circle import HOLE_PHASE, CircleState


class GreedyCircleBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: CircleState) -> Move:
        if state.phase == HOLE_PHASE:
            return self.choose_hole(state)
        return self.choose_card(state)

    def choose_hole(self, state: CircleState) -> Move:
        game = state.game
        number, bid_value = game.number, game.bid_value
        hand = state.hands[self.seat]
        high = 5 if state.n_players == 2 else 4
        high_in_hand = sum(1 for c in hand if number[c] >= high)
        best: list[tuple[int, ...]] = []
        best_key = (1 << 30, 1 << 30)
        for hole in combinations(hand, state.hole_size):
            kept_high = high_in_hand - sum(1 for c in hole if number[c] >= high)
            key = (abs(sum(bid_value[c] for c in hole) - kept_high), sum(number[c] for c in hole))
            if key < best_key:
                best, best_key = [hole], key
            elif key == best_key:
                best.append(hole)
        return best[int(self.rng.random() * len(best))]

    def choose_card(self, state: CircleState) -> Move:
        number = state.game.number
        legal = [move[0] for move in state.legal_moves()]
        by_number = sorted(legal, key=lambda c: (number[c], c))
        lowest = by_number[0]
        if not state.trick:
            return (lowest,)
        takes, winner = state.takes, state.winner_card
        if state.tricks[self.seat] < state.bids[self.seat]:
            for card in by_number:
                if takes[card][winner]:
                    return (card,)
            return (lowest,)
        losing = [c for c in by_number if not takes[c][winner]]
        return (losing[-1],) if losing else (lowest,)


register_bot("mystique-circle", "greedy", GreedyCircleBot)
