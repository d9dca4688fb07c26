"""Clique Mystique's moves, small tuples of ints (see the package docstring): their kinds,
and the cells a placement covers."""

from __future__ import annotations

from typing import Final

PLACE: Final = 0
REPLACE: Final = 1
PASS: Final = 2
PASS_MOVE: Final[tuple[int]] = (PASS,)


def placed_cells(puts: tuple[int, ...]) -> int:
    """The mask of the cells a placement `(PLACE, cell, card, ...)` puts cards on."""
    placed = 0
    for j in range(1, len(puts), 2):
        placed |= 1 << puts[j]
    return placed
