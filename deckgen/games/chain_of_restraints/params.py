"""Chain of Restraints' typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class RestraintsParams:
    """The grid's side and the line that wins."""

    #: The cards must always fit in a box of grid_side columns by grid_side rows.
    grid_side: int = bounded(ge=2, le=6)
    #: Top cards in a line that must share a value to win.
    line_length: int = bounded(ge=2, le=6)
