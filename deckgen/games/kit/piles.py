"""Drawing from a pile, and draw piles that run out (the cards under a discard pile's top
become the new pile, shuffled), in one way and with one event shape for every engine.

Piles are lists of card ints with the top at the end (`kit.chance`)."""

from __future__ import annotations

import random
from typing import Any, Sequence

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


def draw_card(pile: list[int], seat: int, events: list[dict[str, Any]] | None, ids: Sequence[str]) -> int:
    """The top card of `pile`, taken off it for `seat`, logged as a draw event when the game
    records (`events` not None; `ids` are the card ids by card int). The pile must not be
    empty: engines check, since running out means something different in each game."""
    card = pile.pop()
    if events is not None:
        events.append(draw_event(seat, ids[card]))
    return card


def draw_cards(pile: list[int], count: int, seat: int, events: list[dict[str, Any]] | None,
               ids: Sequence[str]) -> list[int]:
    """The top `count` cards of `pile` (fewer when it holds fewer), taken off it for `seat` in
    the order they are drawn, each logged as a draw event as `draw_card` logs it."""
    return [draw_card(pile, seat, events, ids) for _ in range(min(count, len(pile)))]
