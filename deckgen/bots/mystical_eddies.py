"""The greedy Mystical Eddies bot, the "Greedy policy" of MYSTIQUE-GAMES.md.

A card's strength is its number + colour rank + suit rank (each 1 for the lowest), the
cheapest card the one of lowest strength (ties: the lower card index). The leader plays the
cheapest card while fewer than half of the round's tricks are played, then the strongest.
The establisher plays, of the matching cards that beat the led card in the context they
set, the one with the fewest unseen cards that would beat it there (none when she plays
last), then the cheapest; if none beats the led card, the cheapest matching card. A later
player who can follow plays the lowest candidate that beats the best so far, else the
lowest candidate. A toss is the cheapest card. Unseen cards are all but the bot's hand and
the cards played this round (the set-aside cards are unseen too).
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.mystical_eddies import MASKS, EddiesState


def strength(state: EddiesState, card: int) -> int:
    return sum(state.game.ranks[card])


def cheapest(state: EddiesState, cards: list[int]) -> int:
    return min(cards, key=lambda c: (strength(state, c), c))


def strongest(state: EddiesState, cards: list[int]) -> int:
    return max(cards, key=lambda c: (strength(state, c), -c))


class GreedyEddiesBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        """Deterministic: `rng` only fits the bot factory signature."""
        self.seat = seat

    def choose(self, state: EddiesState) -> Move:
        moves = state.game.moves
        hand = state.hands[state.current_player]
        if not state.trick:
            cards = bits_of(hand)
            played = state.hand_size - len(cards)
            pick = cheapest if 2 * played < state.hand_size else strongest
            return moves[pick(state, cards)]
        following = hand & state.following[state.lead * MASKS + state.established]
        if not following:
            return moves[cheapest(state, bits_of(hand))]
        if state.established == 0:
            return moves[self.establish(state, bits_of(following))]
        return moves[self.follow(state, bits_of(following))]

    def establish(self, state: EddiesState, cards: list[int]) -> int:
        """The matching card that beats the led card with the fewest unseen cards able to
        beat it in its context, then the cheapest; else the cheapest matching card."""
        size, lead, keys = state.size, state.lead, state.keys
        last = len(state.trick) == state.n_players - 1
        seen = state.hands[state.current_player] | state.trick_mask
        for won in state.won:
            seen |= won
        unseen = state.game.cards.full_mask & ~seen
        winning: list[tuple[int, int, int]] = []
        for card in cards:
            context = state.match[card * size + lead]
            key = keys[context * size + card]
            if key <= keys[context * size + lead]:
                continue
            threats = 0
            if not last:
                rivals = unseen & state.following[lead * MASKS + context]
                threats = sum(1 for other in bits_of(rivals) if keys[context * size + other] > key)
            winning.append((threats, strength(state, card), card))
        if winning:
            return min(winning)[2]
        return cheapest(state, cards)

    def follow(self, state: EddiesState, cards: list[int]) -> int:
        """The lowest candidate above the best so far, else the lowest candidate."""
        base = state.established * state.size
        keys = state.keys
        ranked = sorted(cards, key=lambda c: keys[base + c])
        for card in ranked:
            if keys[base + card] > state.best_key:
                return card
        return ranked[0]


register_bot("mystical-eddies", "greedy", GreedyEddiesBot)
