"""Mystique Guilds' move codes: draw from the Draw Deck, take from the discard pile, or buy."""

from __future__ import annotations

from typing import Final


DECK: Final = 0
DISCARD: Final = 1
BUY: Final = 2
DECK_MOVE: Final[tuple[int]] = (DECK,)
DISCARD_MOVE: Final[tuple[int]] = (DISCARD,)
