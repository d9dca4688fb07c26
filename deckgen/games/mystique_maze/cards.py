"""Mystique Maze's moves and phases, and the cards of a hand mask read twelve bits at a time
(`cards_of`, `nth_card`: the hot paths' `bits_of`)."""

from __future__ import annotations

from typing import Final

FROM_DECK: Final = 0
FROM_PILE: Final = 1
DISCARD: Final = 2
DECK_MOVE: Final[tuple[int]] = (FROM_DECK,)
PILE_MOVE: Final[tuple[int]] = (FROM_PILE,)
#: The two halves of a turn.
TAKE: Final = 0
THROW: Final = 1
PHASE_NAMES: Final = ("take", "discard")
ATTRIBUTES: Final = ("colour", "suit", "number")


#: _CHUNK_BITS[v]: the set bits of a 12-bit value, lowest first (for `nth_card`).
_CHUNK_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(12) if v >> i & 1) for v in range(4096))


#: _CHUNK_CARDS[j][v]: the cards of the 12-bit value v in bits 12j .. 12j + 11.
_CHUNK_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(12 * j + i for i in bits) for bits in _CHUNK_BITS) for j in range(5))


def cards_of(mask: int) -> list[int]:
    """The cards of a mask of up to 60 cards, lowest first: `bits_of`, a table look-up per
    twelve cards."""
    t = _CHUNK_CARDS
    return list(t[0][mask & 4095] + t[1][mask >> 12 & 4095] + t[2][mask >> 24 & 4095]
                + t[3][mask >> 36 & 4095] + t[4][mask >> 48 & 4095])


def nth_card(mask: int, k: int) -> int:
    """The k-th card (from 0, lowest first) of a mask with more than k cards: what
    `bits_of(mask)[k]` is, twelve bits at a time."""
    base = 0
    while True:
        bits = _CHUNK_BITS[mask & 4095]
        if k < len(bits):
            return base + bits[k]
        k -= len(bits)
        mask >>= 12
        base += 12


#: The most cards `cards_of` reads from a mask.
MAX_CARDS: Final = 12 * len(_CHUNK_CARDS)
