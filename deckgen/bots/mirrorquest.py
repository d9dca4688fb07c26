"""A human-like Mirrorquest policy: shed the most cards, save wildcards, punish a leader.

The bot builds its move directly from its own hand mask and public counts instead of
scanning `legal_moves()`, which keeps simulations fast. It sees only its hand, the
Mirrorcard, the declared colour, the hand sizes and the direction of play.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mirrorquest import (
    AFTER_DRAW,
    ANSWER_AFTER_DRAW,
    DRAW_MOVE,
    FORCED,
    FORCED_AFTER_DRAW,
    OWED,
    PASS_MOVE,
    PICKUP,
    PICKUP_WILD,
    PICTURE,
    PLAY,
    REGULAR_WILD,
    WILD,
    CardTable,
    MirrorquestState,
)
from deckgen.games.kit.cards import bits_of

#: An opponent next in turn holding this many cards or fewer is about to win.
THREAT_CARDS = 2


class GreedyBot:
    """Greedy shedding with a few table habits.

    - Play the largest set it can; location effects send the turn to the opponent holding
      the most cards, or back to itself when the skips go all the way round.
    - Spend a regular wildcard only when no match exists, and keep pickup wildcards for an
      opponent about to go out (next in turn with <= 2 cards) or for its own last cards.
    - Declare the colour it holds most; draw only when nothing else is worth playing.
    """

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: MirrorquestState) -> Move:  # type: ignore[override]
        t = state.table
        hand = state.hands[self.seat]
        phase = state.phase
        if phase == OWED:
            return self._owed_card(state, t, hand)
        if phase == FORCED_AFTER_DRAW:
            drawn = state.drawn
            if drawn >= 0 and (t.kind[drawn] != PICTURE or t.colour[drawn] == state.declared):
                return self._single(t, drawn, hand)
            return PASS_MOVE
        threatened = self._threatened(state)
        pickups = [c for c in bits_of(hand & t.wild_mask) if t.kind[c] == PICKUP_WILD]
        if threatened and pickups:
            return self._pickup(t, pickups, hand)
        answering = phase == FORCED or phase == ANSWER_AFTER_DRAW
        best = self._forced_set(state, t, hand) if answering else self._match_set(state, t, hand)
        if best is not None:
            return best
        wilds = [c for c in bits_of(hand & t.wild_mask) if t.kind[c] == REGULAR_WILD]
        if wilds:
            return (WILD, wilds[0])
        drew = phase == AFTER_DRAW or phase == ANSWER_AFTER_DRAW
        if pickups and (drew or state.counts[self.seat] <= THREAT_CARDS):
            return self._pickup(t, pickups, hand)
        return PASS_MOVE if drew else DRAW_MOVE

    def _threatened(self, state: MirrorquestState) -> bool:
        following = (self.seat + state.direction) % state.n_players
        return state.counts[following] <= THREAT_CARDS

    @staticmethod
    def _favourite_colour(t: CardTable, hand: int) -> int:
        """The colour with most cards in `hand` (lowest index on a tie)."""
        counts = [(hand & mask).bit_count() for mask in t.colour_mask]
        return counts.index(max(counts))

    def _pickup(self, t: CardTable, pickups: list[int], hand: int) -> Move:
        card = max(pickups, key=lambda c: (t.pickup[c], -c))
        return (PICKUP, card, self._favourite_colour(t, hand & ~t.bit[card]))

    def _single(self, t: CardTable, card: int, hand: int) -> Move:
        kind = t.kind[card]
        if kind == PICTURE:
            return (PLAY, 0, 0, card)
        if kind == REGULAR_WILD:
            return (WILD, card)
        return (PICKUP, card, self._favourite_colour(t, hand & ~t.bit[card]))

    def _owed_card(self, state: MirrorquestState, t: CardTable, hand: int) -> Move:
        """The one card owed after a wildcard: the loneliest picture card, else a wildcard."""
        pictures = bits_of(hand & ~t.wild_mask)
        if pictures and not (self._threatened(state) and hand & t.wild_mask):
            symbol_mask, location_mask = t.symbol_mask, t.location_mask
            card = min(
                pictures,
                key=lambda c: (hand & symbol_mask[t.symbol[c]]).bit_count()
                + (hand & location_mask[t.location[c]]).bit_count(),
            )
            return (PLAY, 0, 0, card)
        wilds = bits_of(hand & t.wild_mask)
        pickups = [c for c in wilds if t.kind[c] == PICKUP_WILD]
        if pickups and (self._threatened(state) or len(pickups) == len(wilds)):
            return self._pickup(t, pickups, hand)
        if wilds:
            regular = [c for c in wilds if t.kind[c] == REGULAR_WILD]
            return (WILD, regular[0]) if regular else self._single(t, wilds[0], hand)
        return (PLAY, 0, 0, pictures[0])

    def _set_move(self, t: CardTable, cards: list[int], last_choices: list[int], hand: int) -> Move:
        """Play `cards` with the last card of the colour it keeps most of afterwards."""
        rest = hand
        for c in cards:
            rest &= ~t.bit[c]
        colour_mask = t.colour_mask
        last = max(last_choices, key=lambda c: ((rest & colour_mask[t.colour[c]]).bit_count(), -c))
        return (PLAY, 0, 0, last, *(c for c in cards if c != last))

    def _match_set(self, state: MirrorquestState, t: CardTable, hand: int) -> Move | None:
        """The biggest ordinary match, with location effects chosen for the table."""
        top_kind = state.top_kind
        if top_kind == REGULAR_WILD:
            pictures = bits_of(hand & ~t.wild_mask)
            return (PLAY, 0, 0, pictures[0]) if pictures else None
        limit = state.colour_set_limit()
        if top_kind == PICKUP_WILD:
            colour_cards = bits_of(hand & t.colour_mask[state.declared])[:limit]
            return self._set_move(t, colour_cards, colour_cards, hand) if colour_cards else None
        location_cards = bits_of(hand & t.location_mask[state.top_location])
        symbol_cards = bits_of(hand & t.symbol_mask[state.top_symbol])
        colour_cards = bits_of(hand & t.colour_mask[state.top_colour])[:limit]
        cards = max(location_cards, symbol_cards, colour_cards, key=len)
        if not cards:
            return None
        move = self._set_move(t, cards, cards, hand)
        if cards is location_cards and len(cards) < state.counts[self.seat]:
            reverses, skips = self._effects(state, len(cards))
            move = (PLAY, reverses, skips, *move[3:])
        return move

    def _effects(self, state: MirrorquestState, cards: int) -> tuple[int, int]:
        """Reverse and skip counts for a location match: take another turn when skips go
        round the table, else hand the turn to the opponent holding most cards."""
        n = state.n_players
        seat = self.seat
        counts = state.counts
        best = (0, 0)
        best_score = -1
        for reverses in (0, 1):
            direction = -state.direction if reverses else state.direction
            for skips in range(cards + 1 - reverses):
                following = (seat + direction * (1 + skips)) % n
                score = 1000 if following == seat else counts[following]
                if score > best_score:
                    best, best_score = (reverses, skips), score
        return best

    def _forced_set(self, state: MirrorquestState, t: CardTable, hand: int) -> Move | None:
        """After a pickup: the biggest catch-up set, else cards of the declared colour."""
        declared_mask = t.colour_mask[state.declared]
        colour_cards = bits_of(hand & declared_mask)[: state.colour_set_limit()]
        best: list[int] = colour_cards
        for group_mask in (*t.symbol_mask, *t.location_mask):
            group = hand & group_mask
            if group & declared_mask and group.bit_count() >= max(state.catch_up_min, len(best) + 1):
                best = bits_of(group)
        if not best:
            return None
        return self._set_move(t, best, [c for c in best if t.bit[c] & declared_mask], hand)


register_bot("mirrorquest", "greedy", GreedyBot)
