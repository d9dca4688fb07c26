"""Zoomies' typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class ZoomiesParams(StrictModel):
    #: Cards dealt to each player at the start of each round.
    round_hand_sizes: list[int] = Field(min_length=1)
    #: Points for each trick taken in each round.
    round_trick_points: list[int] = Field(min_length=1)
