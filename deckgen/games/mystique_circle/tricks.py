"""Mystique Circle's phases and its trick rule as a small pure function: which card takes a
trick over from which (the suit cycle). Who wins a trick by it is the kit's
`take_over_winner`, the follow rule its `must_follow`."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

HOLE_PHASE: Final = 0
TRICK_PHASE: Final = 1
#: Shuffles a determinization tries before it leaves the hidden cards where they are.
DEAL_TRIES: Final = 20


def build_takes(colour: Sequence[int], suit: Sequence[int], number: Sequence[int],
                beaten: Sequence[int]) -> list[list[bool]]:
    """takes[card][winner]: a card played takes the trick over from the current winner (always
    a card of the led colour): same colour, and its suit beats the winner's suit
    (`beaten[s]` is the one suit s beats) or it is the same suit and a higher number."""
    cards = range(len(colour))
    return [[colour[c] == colour[w] and (beaten[suit[c]] == suit[w] or (suit[c] == suit[w] and number[c] > number[w]))
             for w in cards] for c in cards]
