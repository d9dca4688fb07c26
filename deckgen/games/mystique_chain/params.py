"""Mystique Chain's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class ChainParams:
    """Mystique Chain's rule numbers: the face-up pool."""

    #: Cards laid face up as the pool at the start.
    pool_cards: int = bounded(ge=1)
