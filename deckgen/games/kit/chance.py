"""Shuffling and dealing: every engine draws its chance here, from the `random.Random` it
was given, and records deals in one event shape.

Piles are lists of card indices with the top at the end, so drawing is `pop()`."""

from __future__ import annotations

import random
from itertools import repeat, starmap
from typing import Any, Final, Sequence, TypeVar

from deckgen.games.kit.cards import CardIndex
from deckgen.games.kit.randomness import GameRandom

T = TypeVar("T")


#: 0..n-1 for each deck size met so far, copied for each shuffle: compiled, list(range(n))
#: makes its numbers one by one, a twentieth of a short game.
_IN_ORDER: Final[dict[int, list[int]]] = {}


def shuffled_order(n: int, rng: random.Random) -> list[int]:
    """0..n-1 in a uniformly random order. A game's own source (`GameRandom`) shuffles in its
    compiled loop; any other `random.Random` sorts on independent `rng.random()` keys: the
    sort runs in C, about twice as fast as `rng.shuffle` (a Python-level `_randbelow` per
    card), and two equal 53-bit keys are vanishingly rare."""
    if isinstance(rng, GameRandom):
        in_order = _IN_ORDER.get(n)
        if in_order is None:
            in_order = _IN_ORDER[n] = list(range(n))
        order = in_order[:]
        rng.shuffle_ints(order)
        return order
    keys = list(starmap(rng.random, repeat((), n)))  # n calls of rng.random, looped in C
    return sorted(range(n), key=keys.__getitem__)


def shuffled(cards: list[int], rng: random.Random) -> list[int]:
    """The cards in a uniformly random order (a new list; the argument is left alone)."""
    return [cards[i] for i in shuffled_order(len(cards), rng)]


def shuffle_in_place(cards: list[int], rng: random.Random) -> None:
    """Shuffle `cards` where they are, into the very order `shuffled(cards, rng)` returns (each
    card's key is the next `rng.random()` in list order, or the same swaps of a game's own
    source). Compiled, it is the quicker of the two on the short piles some games reshuffle
    over and over."""
    if isinstance(rng, GameRandom):
        rng.shuffle_ints(cards)
        return
    rand = rng.random
    cards.sort(key=lambda _card: rand())


def deal_hands(pile: list[int], n_players: int, hand_size: int) -> list[list[int]]:
    """Deal `hand_size` cards to each seat from the top of `pile` (its end), removing them:
    seat 0's packet is the top `hand_size` cards, then seat 1's, and so on."""
    hands = []
    for _ in range(n_players):
        hands.append(pile[-hand_size:] if hand_size else [])
        del pile[len(pile) - hand_size :]
    return hands


def deal_event(cards: CardIndex, hands: Sequence[Sequence[int]], **details: Any) -> dict[str, Any]:
    """The one shape of a deal in logs: `{"type": "deal", "hands": [[ids] per seat], ...}`,
    with game-specific details (round, dealer, removed cards...) as further keys."""
    ids = cards.ids
    return {"type": "deal", "hands": [[ids[c] for c in hand] for hand in hands], **details}


def choice(items: list[T], rng: random.Random) -> T:
    """`rng.choice(items)`: the same item from the same draws (the standard library's rejection
    loop on `getrandbits`), without its two interpreted calls, which cost a greedy bot that
    breaks a tie on every move more than the rest of its choice once compiled."""
    n = len(items)
    if not n:
        raise IndexError("cannot choose from an empty list")
    k = n.bit_length()
    r = rng.getrandbits(k)
    while r >= n:
        r = rng.getrandbits(k)
    return items[r]
