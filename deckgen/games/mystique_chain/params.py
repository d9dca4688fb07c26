"""Mystique Chain's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class ChainParams(StrictModel):
    #: Cards laid face up as the pool at the start.
    pool_cards: int = Field(ge=1)
