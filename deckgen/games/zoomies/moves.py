"""Zoomies' moves: the reading codes a move carries, which are also the trick's goals."""

from __future__ import annotations

from typing import Final


#: Reading / goal codes: the smaller number (lowest wins) and the larger (highest wins).
LOW: Final = 0
HIGH: Final = 1
GOAL_NAMES: Final = ("low", "high")
