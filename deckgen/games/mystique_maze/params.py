"""Mystique Maze's typed parameters: the rule data's `params`."""

from __future__ import annotations

from typing import Annotated

from pydantic import Field

from deckgen.model.common import StrictModel


class MazeParams(StrictModel):
    """The three lines, the corners of each seat, the turn order and the first seat."""

    #: The three lines, in order along each; no line wraps.
    colour_line: list[str] = Field(min_length=2)
    suit_line: list[str] = Field(min_length=2)
    number_line: list[int] = Field(min_length=2)
    #: The two corner card ids of each seat, seat 0 first. Lists, not tuples: the compiled build
    #: erases this module's annotations, so pydantic hands back the YAML lists as they are.
    corners: list[Annotated[list[str], Field(min_length=2, max_length=2)]] = Field(min_length=2)
    #: Seat step of play (-1: anticlockwise, seat - 1).
    turn_direction: int
    #: Seat that takes the first turn.
    first_seat: int = Field(ge=0)
