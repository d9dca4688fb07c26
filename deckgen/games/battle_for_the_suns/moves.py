"""Battle for the Suns' moves and commits: the stop move, and what a seat's commit holds
before it is revealed."""

from __future__ import annotations

from typing import Final


STOP: Final = -1
STOP_MOVE: Final[tuple[int]] = (STOP,)
#: A seat's commit this round: none yet, or stopped (else the committed card).
NOT_YET: Final = -2
STOPPED: Final = -1
