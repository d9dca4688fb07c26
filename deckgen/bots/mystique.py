"""The greedy Mystique bot: shed cards where the others cannot answer, keep the hand flexible.

Every card cast is a card someone else may end up burning, and every card left in hand at
the end is a burn, so the bot casts whenever it can. It counts cards: everything cast so far
was shown face up, so the cards of a value it has not seen bound how many any opponent can
still hold. A card's keep value is how many partners (cards sharing its other values) it
has in hand. The bot opens with a spell no one can answer when it has one, else with its
weakest single card; answers by shutting the round when it can, else with the cheapest
legal spell (the fewest, weakest cards); deflects when it cannot answer or when a palm is
cheaper than the answer; and takes only when nothing else is legal (taking small rounds on
purpose lost more games than it won in measured play against random opponents).
It reads only its own hand and public facts (cards cast so far, the standing spell). In
partnerships it still plays for its own burns; it does not steer rounds to its partner.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.mystique import DEFLECT, TAKE_MOVE, MystiqueState

#: Extra keep value of a palm when deflection is played (it can save a whole round).
PALM_BONUS = 3
#: Keep value removed from an ace under aces scoring (it should leave the hand early).
ACE_DISCOUNT = 3


class GreedyBot:
    """Opens and answers with spells the others cannot match, else the cheapest one."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat

    def choose(self, state: MystiqueState) -> tuple[int, int]:
        hand = state.hands[state.current_player]
        seen = hand | state.pile_mask
        for burns in state.burns:
            seen |= burns
        if state.spell_code < 0:
            return self._open(state, hand, seen)
        return self._answer(state, hand, seen)

    @staticmethod
    def _ranked(state: MystiqueState, hand: int, sizes: list[int], code: int) -> list[tuple[int, int]]:
        """(keep value, bit) of each hand card of value `code`, cheapest first; the value
        counts the card's partners in hand (`sizes`: hand cards per value) through its other
        attributes."""
        table = state.table
        palms = table.deflect_masks
        out = []
        group = hand & table.code_masks[code]
        while group:
            low = group & -group
            group ^= low
            card = low.bit_length() - 1
            value = sum(sizes[c] - 1 for c in table.card_codes[card] if c != code)
            if state.deflection and any(low & palms[c] for c in table.card_codes[card]):
                value += PALM_BONUS
            if state.aces_scoring and low & table.ace_mask:
                value -= ACE_DISCOUNT
            out.append((value, low))
        out.sort()
        return out

    @staticmethod
    def _cards(ranked: list[tuple[int, int]], count: int) -> int:
        mask = 0
        for _, bit in ranked[:count]:
            mask |= bit
        return mask

    def _open(self, state: MystiqueState, hand: int, seen: int) -> tuple[int, int]:
        best: tuple[tuple[int, int, int], int, int] | None = None
        sizes = [(hand & m).bit_count() for m in state.table.code_masks]
        for code, value_mask in enumerate(state.table.code_masks):
            held = sizes[code]
            if not held:
                continue
            unseen = (value_mask & ~seen).bit_count()
            ranked = self._ranked(state, hand, sizes, code)
            count = min(held, state.open_max)
            if count > unseen:
                # No one can answer: shed as many cards as possible, the cheapest ones.
                score = (1, count, -sum(value for value, _ in ranked[:count]))
            else:
                # Else a single weak card, on a value the hand can keep answering.
                count = 1
                score = (0, -ranked[0][0], held - unseen)
            if best is None or score > best[0]:
                best = (score, code, self._cards(ranked, count))
        assert best is not None, "an opening needs a card in hand"
        return (best[1], best[2])

    def _answer(self, state: MystiqueState, hand: int, seen: int) -> tuple[int, int]:
        table = state.table
        code = state.spell_code
        need = state.spell_count
        palm = 0
        if state.deflection:
            palms = hand & table.deflect_masks[code]
            palm = palms & -palms
        held = (hand & table.code_masks[code]).bit_count()
        if held < need:
            return (DEFLECT, palm) if palm else TAKE_MOVE
        ranked = self._ranked(state, hand, [(hand & m).bit_count() for m in table.code_masks], code)
        unseen = (table.code_masks[code] & ~seen).bit_count()
        if unseen < held:
            return (code, self._cards(ranked, max(need, unseen + 1)))
        cost = sum(value for value, _ in ranked[:need])
        palm_cost = next((value for value, bit in ranked if bit == palm), cost)
        if palm and need > 1 and palm_cost < cost:
            return (DEFLECT, palm)
        return (code, self._cards(ranked, need))


register_bot("mystique", "greedy", GreedyBot)
