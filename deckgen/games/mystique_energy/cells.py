"""Mystique Energy's hexagonal cells: (q, r) in axial coordinates kept as one int, so that
the six neighbours are fixed offsets."""

from __future__ import annotations

from typing import Final

#: Cell encoding: q and r are shifted by OFF into 8 bits each.
OFF: Final = 128
SHIFT: Final = 8
LOW: Final = 255
#: (q+1, r), (q-1, r), (q, r+1), (q, r-1), (q+1, r-1), (q-1, r+1).
NEIGHBOURS: Final = (256, -256, 1, -1, 255, -255)
ORIGIN: Final = (OFF << SHIFT) | OFF
#: The largest |q| or |r| a position may use (play from (0, 0) never passes 59).
LIMIT: Final = 100


def cell_of(q: int, r: int) -> int:
    return ((q + OFF) << SHIFT) | (r + OFF)


def coords_of(cell: int) -> tuple[int, int]:
    return ((cell >> SHIFT) - OFF, (cell & LOW) - OFF)
