"""The greedy Mystique bot: shed cards where the others cannot answer, keep the hand flexible.

Every card cast is a card someone else may end up burning, and every card left in hand at
the end is a burn, so the bot casts whenever it can. It counts cards: everything cast so far
was shown face up, so the cards of a value it has not seen bound how many any opponent can
still hold. It prefers spells no one can answer, otherwise answers with the cheapest legal
spell (the fewest cards, those with the fewest partners in hand), deflects when it cannot
answer or when a palm is cheaper than the answer, and takes only when nothing else is legal.
It reads only its own hand and public facts (cards cast so far, the standing spell).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from deckgen.games.mystique import MystiqueState

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

    def _ranked(self, state: MystiqueState, hand: int, code: int) -> list[tuple[int, int]]:
        """(keep value, bit) of each hand card of value `code`, cheapest first; the value
        counts the card's partners in hand through its other attributes."""
        table = state.table
        sizes = [(hand & m).bit_count() for m in table.code_masks]
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
        for code, value_mask in enumerate(state.table.code_masks):
            held = (hand & value_mask).bit_count()
            if not held:
                continue
            unseen = (value_mask & ~seen).bit_count()
            count = min(held, state.open_max)
            ranked = self._ranked(state, hand, code)
            cost = sum(value for value, _ in ranked[:count])
            unanswerable = count > unseen
            # Unanswerable spells first (the most cards), else the value the hand dominates.
            score = (1, count, -cost) if unanswerable else (0, held - unseen, -cost)
            if best is None or score > best[0]:
                best = (score, code, self._cards(ranked, count))
        assert best is not None, "an opening needs a card in hand"
        return (best[1], best[2])

    def _answer(self, state: MystiqueState, hand: int, seen: int) -> tuple[int, int]:
        from deckgen.games.mystique import DEFLECT, TAKE_MOVE

        code = state.spell_code
        need = state.spell_count
        ranked = self._ranked(state, hand, code)
        palm = 0
        if state.deflection:
            palms = hand & state.table.deflect_masks[code]
            palm = palms & -palms
        if len(ranked) >= need:
            unseen = (state.table.code_masks[code] & ~seen).bit_count()
            if unseen < len(ranked):
                return (code, self._cards(ranked, max(need, unseen + 1)))
            cost = sum(value for value, _ in ranked[:need])
            palm_cost = next((value for value, bit in ranked if bit == palm), cost)
            if palm and need > 1 and palm_cost < cost:
                return (DEFLECT, palm)
            return (code, self._cards(ranked, need))
        if palm:
            return (DEFLECT, palm)
        return TAKE_MOVE
