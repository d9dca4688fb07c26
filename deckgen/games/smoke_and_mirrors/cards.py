"""Smoke and Mirrors' moves and card values: move codes, turn phases, what totals a set of
cards (mirrors included) can make, and the per-player-count deal layout."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final, Sequence

from deckgen.model.deck_data import Card

CHALLENGE: Final = 0
BREAK: Final = 1
ACT: Final = 2
GIVE: Final = 3

CHALLENGE_MOVE: Final[tuple[int]] = (CHALLENGE,)
BREAK_MOVE: Final[tuple[int]] = (BREAK,)

#: Phases of play: a turn (challenge, act, break), the survivor's card to give in a swap,
#: or the round's opening act (one card claiming the first claim).
PHASE_TURN: Final = 0
PHASE_SWAP: Final = 1
PHASE_OPENING: Final = 2


def totals_mask(values: Sequence[int], mirrors: int) -> int:
    """Bitmask of every total (bit t) numbered cards `values` plus `mirrors` mirrors can make.

    Each mirror adds the sum of a non-empty group of the numbered cards, chosen on its own;
    mirrors without numbered cards make 0.
    """
    if not values:
        return 1 if mirrors else 0
    group_sums = {0}
    for v in values:
        group_sums |= {s + v for s in group_sums}
    group_sums.discard(0)
    totals = {sum(values)}
    for _ in range(mirrors):
        totals = {t + s for t in totals for s in group_sums}
    mask = 0
    for t in totals:
        mask |= 1 << t
    return mask


def card_value(card: Card) -> tuple[bool, int]:
    """(is mirror, face value) of a deck card."""
    if card.get("kind") == "mirror":
        return True, 0
    return False, int(card.get("value"))


def possible_totals(cards: Sequence[Card]) -> dict[int, list[tuple[Card, ...]]]:
    """Every claim (total above 0) the cards can honestly back, with each group of cards that
    makes it, smallest groups first; 0 (mirrors alone) is never a claim so it is left out."""
    out: dict[int, list[tuple[Card, ...]]] = {}
    for size in range(1, len(cards) + 1):
        for group in itertools.combinations(cards, size):
            values = [v for mirror, v in map(card_value, group) if not mirror]
            mask = totals_mask(values, len(group) - len(values))
            total = 1
            mask >>= 1
            while mask:
                if mask & 1:
                    out.setdefault(total, []).append(group)
                mask >>= 1
                total += 1
    return dict(sorted(out.items()))


@dataclass
class DealLayout:
    """Per player count: which cards are removed and the precomputed deals of each type pile."""

    removed: int
    #: For each type pile, every possible deal: (the card bit each seat gets, the set-aside mask).
    pile_deals: list[list[tuple[tuple[int, ...], int]]]
    #: Seat order with everyone in the round.
    next_seat: list[int]
