"""Mystical Eddies' typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class EddiesParams(StrictModel):
    """The cards set aside each round and the rankings of suits, colours and numbers."""

    #: Cards set aside unseen at the start of every round, before the deal.
    set_aside: int = Field(ge=0)
    #: Rankings, highest first.
    suit_ranking: list[str] = Field(min_length=1)
    colour_ranking: list[str] = Field(min_length=1)
    number_ranking: list[int] = Field(min_length=1)
