"""Moves as short canonical text and back, so that a rule question can be asked as a position
and a move: a move's ints separated by spaces, each card written as its id (`red-suns-3`,
`gold:red-suns-3` with two decks), every other int as a number (`-1` for pass or stop)."""

from __future__ import annotations

from typing import Sequence

from deckgen.errors import BadPosition


def move_text(move: Sequence[int], card_slots: Sequence[int], ids: Sequence[str]) -> str:
    """The move's text: the ints at `card_slots` are cards, written as their ids."""
    return " ".join(ids[value] if i in card_slots else str(value) for i, value in enumerate(move))


def parse_text(text: str, ids: Sequence[str]) -> tuple[int, ...]:
    """The move a `move_text` wrote: numbers as ints, card ids as the cards' indices. Card ids
    never read as numbers, so the text needs no other marks."""
    index = {card: i for i, card in enumerate(ids)}
    move = []
    for token in text.split():
        if token in index:
            move.append(index[token])
            continue
        try:
            move.append(int(token))
        except ValueError:
            raise BadPosition(f"move {text!r}: {token!r} is neither a number nor a card of this game") from None
    return tuple(move)
