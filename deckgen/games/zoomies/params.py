"""Zoomies' typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class ZoomiesParams:
    """Zoomies' rule numbers: the hand and the trick points of each round."""

    #: Cards dealt to each player at the start of each round.
    round_hand_sizes: list[int] = bounded(min_length=1)
    #: Points for each trick taken in each round.
    round_trick_points: list[int] = bounded(min_length=1)
