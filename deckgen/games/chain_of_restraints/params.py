"""Chain of Restraints' typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class RestraintsParams(StrictModel):
    """The grid's side and the line that wins."""

    #: The cards must always fit in a box of grid_side columns by grid_side rows.
    grid_side: int = Field(ge=2, le=6)
    #: Top cards in a line that must share a value to win.
    line_length: int = Field(ge=2, le=6)
