"""Mystique Maze's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class MazeParams:
    """The three lines, the corners of each seat, the turn order and the first seat."""

    #: The three lines, in order along each; no line wraps.
    colour_line: list[str] = bounded(min_length=2)
    suit_line: list[str] = bounded(min_length=2)
    number_line: list[int] = bounded(min_length=2)
    #: The two corner card ids of each seat, seat 0 first (the engine checks that each seat
    #: has two).
    corners: list[list[str]] = bounded(min_length=2)
    #: Seat step of play (-1: anticlockwise, seat - 1).
    turn_direction: int
    #: Seat that takes the first turn.
    first_seat: int = bounded(ge=0)
