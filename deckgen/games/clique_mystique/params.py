"""Clique Mystique's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class CliqueParams:
    """The board and start sizes, the cards one placement puts down, the first seat."""

    #: Cells from the centre to the board's edge (3: the 7x7 board) and to the start square's.
    board_radius: int = bounded(ge=2, le=6)
    start_radius: int = bounded(ge=1, le=2)
    #: The most hand cards one placement puts on the board.
    max_cards_placed: int = bounded(ge=1, le=5)
    #: The first player (vertical), who owns the edge middles of the start and moves first.
    first_seat: int = bounded(ge=0, le=1)
