"""The greedy bot of every described game: one plain preference per move kind, so a designer
can read what it does without reading code (docs/rules-format.md, "The greedy bot").

- It plays a card when it can, else gives, buys, declares, takes or draws, and passes last
  (`search_shedding.KIND_ORDER`).
- Of the cards it may play or give, it picks the one the description's `greedy` expression
  rates highest, or without one the card worth most (its number attributes and table
  numbers added up): it sheds what would cost it most. A set or run is worth its cards'
  worth added up, so it sheds the most it can.
- When a move declares a value, it names the value most of its remaining hand shares.
- Equal choices are broken at random, from the bot's own random source.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import GREEDY, register_described_bot
from deckgen.bots.search_shedding import most_wanted
from deckgen.games.base import Move
from deckgen.games.described.state import DescribedState


class GreedyDescribedBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: DescribedState) -> Move:
        layout = state.layout
        moves = most_wanted(state.legal_moves(), layout.move_kinds)
        scored = [(self.worth(state, move), move) for move in moves]
        top = max(score for score, _ in scored)
        return self.rng.choice([move for score, move in scored if score == top])

    def worth(self, state: DescribedState, move: Move) -> tuple[int, int]:
        """(how much the cards are worth shedding, how many hand cards share the declared value)."""
        card, value = move[1], move[2]
        layout = state.layout
        cards = (card, *move[3:]) if card >= 0 else ()
        if layout.greedy is not None:
            worth = sum(layout.greedy(state, c) for c in cards)
        else:
            worth = sum(layout.card_worth[c] for c in cards)
        shared = 0
        column = layout.declared_columns[move[0]]
        if value >= 0 and column:  # a declared value (a play's reading is not one)
            source = layout.move_sources[move[0]](state, -1)
            shared = sum(1 for c in state.zones[source] if c not in cards and column[c] == value)
        return worth, shared


register_described_bot(GREEDY, GreedyDescribedBot)
