"""Mismatch's one move: the current player turns up their top card."""

from __future__ import annotations

from typing import Final


#: The only move: the current player starts their duel by turning up their top card.
REVEAL: Final[tuple[int]] = (0,)
