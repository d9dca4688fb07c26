"""The greedy Up and Down bot, as MYSTIQUE-GAMES.md outlines a sensible beginner.

Hands are public, so the bot looks at what each play leaves the others: it plays the legal
card after which the next seat has the fewest legal cards, breaking ties by the seat after
that and so on round the table; then by the card that leaves the most of its own hand
sharing a colour or suit with it (cards it can follow itself); then at random.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.up_and_down import PASS_MOVE, UpAndDownState


class GreedyUpAndDownBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: UpAndDownState) -> Move:
        cards = state.legal_cards(self.seat)
        if not cards:
            return PASS_MOVE
        scored = [(self._score(state, card), card) for card in cards]
        best = min(score for score, _ in scored)
        return (self.rng.choice([card for score, card in scored if score == best]),)

    def _score(self, state: UpAndDownState, card: int) -> tuple[int, ...]:
        """(legal cards of each following seat in turn order, minus own hand cards that share
        colour or suit with the card): smaller is better."""
        t = state.table
        top = state.centre
        top.append(card)
        try:
            others = []
            seat = state.next_seat[self.seat]
            while seat != self.seat:
                others.append(len(state.legal_cards(seat)))
                seat = state.next_seat[seat]
        finally:
            top.pop()
        own = sum(1 for c in state.hands[self.seat]
                  if c != card and (t.colour[c] == t.colour[card] or t.suit[c] == t.suit[card]))
        return (*others, -own)


register_bot("up-and-down", "greedy", GreedyUpAndDownBot)
