"""Up and Down's pass move and the centre pile's two directions."""

from __future__ import annotations

from typing import Final


PASS: Final = -1
PASS_MOVE: Final[tuple[int]] = (PASS,)
UPHILL: Final = 1
DOWNHILL: Final = -1
DIRECTION_NAMES: Final = {UPHILL: "uphill", DOWNHILL: "downhill"}
