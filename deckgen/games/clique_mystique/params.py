"""Clique Mystique's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class CliqueParams(StrictModel):
    """The board and start sizes, the cards one placement puts down, the first seat."""

    #: Cells from the centre to the board's edge (3: the 7x7 board) and to the start square's.
    board_radius: int = Field(ge=2, le=6)
    start_radius: int = Field(ge=1, le=2)
    #: The most hand cards one placement puts on the board.
    max_cards_placed: int = Field(ge=1, le=5)
    #: The first player (vertical), who owns the edge middles of the start and moves first.
    first_seat: int = Field(ge=0, le=1)
