"""The greedy Mystique Domination bot, as MYSTIQUE-GAMES.md outlines a sensible beginner.

- Pass: the three highest cards of its own longest colour (the partner's hand is hidden, so
  "her longest colour" is read as the passer's own).
- Lead: the pattern with the most cards (a long run sheds most), the lowest value among
  those, keeping its high three- and four-of-a-kinds (3+ cards of a number of 4 or more
  in one colour) unless nothing else is left.
- Follow: pass when the partner made the last play; otherwise the lowest-value pattern that
  beats it, preferring among equal values the one whose suits capture most pile cards; a
  pattern that breaks into a kept high kind only when it captures a valuable pile.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.seats import partner_of
from deckgen.games.mystique_domination import PASS_MOVE, DominationState

#: A kind of this many cards or more, of this number or higher, is kept for valuable piles.
KEPT_KIND_SIZE = 3
KEPT_KIND_NUMBER = 4
#: Pile cards a play must capture to spend cards of a kept kind on it.
VALUABLE_PILE = 6


class GreedyDominationBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat

    def choose(self, state: DominationState) -> Move:
        if state.passing:
            return self.pass_cards(state)
        moves = state.legal_moves()
        if state.last == 0:
            return self.lead(state, moves)
        return self.follow(state, moves)

    def pass_cards(self, state: DominationState) -> Move:
        game = state.game
        hand = state.hands[self.seat]
        longest = max(range(len(game.colour_masks)), key=lambda c: ((hand & game.colour_masks[c]).bit_count(), -c))
        cards = sorted(bits_of(hand & game.colour_masks[longest]), key=lambda c: (-game.number[c], c))
        chosen = cards[: game.params.pass_cards]
        if len(chosen) < game.params.pass_cards:  # a short colour: fill up with the highest others
            rest = sorted((c for c in bits_of(hand) if c not in chosen), key=lambda c: (-game.number[c], c))
            chosen += rest[: game.params.pass_cards - len(chosen)]
        return tuple(sorted(chosen))

    def kept_cards(self, state: DominationState) -> int:
        """The cards of high three- and four-of-a-kinds in hand."""
        game = state.game
        hand = state.hands[self.seat]
        kept = 0
        for colour_mask in game.colour_masks:
            for number, number_mask in zip(game.numbers, game.number_masks):
                group = hand & colour_mask & number_mask
                if number >= KEPT_KIND_NUMBER and group.bit_count() >= KEPT_KIND_SIZE:
                    kept |= group
        return kept

    def lead(self, state: DominationState, moves: list[Move]) -> Move:
        kept = self.kept_cards(state)
        number = state.game.number
        free = [m for m in moves if not any(kept >> c & 1 for c in m)] or moves
        return min(free, key=lambda m: (-len(m), sum(number[c] for c in m), m))

    def follow(self, state: DominationState, moves: list[Move]) -> Move:
        plays = [m for m in moves if m != PASS_MOVE]
        if not plays or state.last_player == partner_of(self.seat, state.n_players):
            return PASS_MOVE
        game = state.game
        kept = self.kept_cards(state)

        def captured(move: Move) -> int:
            mask = 0
            for card in move:
                mask |= 1 << card
            suits = 0
            for suit_mask in game.suit_masks:
                if mask & suit_mask:
                    suits |= suit_mask
            return ((state.pile | mask) & suits).bit_count()

        allowed = [m for m in plays if not any(kept >> c & 1 for c in m) or captured(m) >= VALUABLE_PILE]
        if not allowed:
            return PASS_MOVE
        return min(allowed, key=lambda m: (game.value_of(sum(1 << c for c in m)), -captured(m), m))


register_bot("mystique-domination", "greedy", GreedyDominationBot)
