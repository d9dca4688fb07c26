"""Mystical Eddies' typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class EddiesParams:
    """The cards set aside each round and the rankings of suits, colours and numbers."""

    #: Cards set aside unseen at the start of every round, before the deal.
    set_aside: int = bounded(ge=0)
    #: Rankings, highest first.
    suit_ranking: list[str] = bounded(min_length=1)
    colour_ranking: list[str] = bounded(min_length=1)
    number_ranking: list[int] = bounded(min_length=1)
