"""Mystique Chain's moves declare one of these card attributes by its index."""

from __future__ import annotations

from typing import Final


#: The attributes a player declares, in the order moves number them.
ATTRIBUTES: Final = ("colour", "suit", "number")
