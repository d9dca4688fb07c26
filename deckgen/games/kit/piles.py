"""Draw piles that run out: the cards under a discard pile's top become the new pile,
shuffled, in one way and with one event shape for every engine.

Piles are lists of card ints with the top at the end (`kit.chance`)."""

from __future__ import annotations

import random
from typing import Any

from deckgen.games.kit.chance import shuffle_in_place


def reshuffle_under_top(discard: list[int], keep_top: int, rng: random.Random) -> list[int]:
    """The discard pile's cards but its top `keep_top`, shuffled (the new draw pile); they
    leave `discard`, which keeps its top cards. Empty when there is nothing under them."""
    cut = len(discard) - keep_top
    if cut <= 0:
        return []
    pile = discard[:cut]
    del discard[:cut]
    shuffle_in_place(pile, rng)
    return pile


def reshuffle_event(cards: int, **details: Any) -> dict[str, Any]:
    """The one shape of a reshuffle in logs: `{"type": "reshuffle", "cards": n, ...}`."""
    return {"type": "reshuffle", "cards": cards, **details}


def draw_event(seat: int, card_id: str, **details: Any) -> dict[str, Any]:
    """The one shape of a draw in logs: `{"type": "draw", "seat": s, "card": id, ...}`."""
    return {"type": "draw", "seat": seat, "card": card_id, **details}
