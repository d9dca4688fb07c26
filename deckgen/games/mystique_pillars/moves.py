"""Mystique Pillars' move codes (draw or build) and its two phases (draft, building)."""

from __future__ import annotations

from typing import Final


DRAW: Final = 0
BUILD: Final = 1
DRAFT: Final = 0
BUILDING: Final = 1
PHASE_NAMES: Final = ("draft", "building")
