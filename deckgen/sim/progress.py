"""Progress lines on stderr for commands that play many games: one line per part of the
command, redrawn in place, never touching stdout. Apart from the reports (sim.report), which
a command that prints JSON never loads."""

from __future__ import annotations

import sys
from typing import Any, TextIO


class ProgressLine:
    """A one-line progress display on stderr, redrawn in place; never touches stdout."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self._draw()

    def _draw(self) -> None:
        width = 30
        filled = width * self.done // self.total if self.total else width
        percent = 100 * self.done // self.total if self.total else 100
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total} games {percent:3d}%"
        )
        self.stream.flush()

    def advance(self, games: int) -> None:
        self.done += games
        self._draw()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class ProgressLines:
    """A progress line per part of a long command (a variant, a match), each closing the one
    before; nothing when not shown."""

    def __init__(self, show: bool) -> None:
        self.show = show
        self.current: ProgressLine | None = None

    def start(self, label: str, total: int) -> Any:
        """The progress callback of a new part (None when not shown)."""
        if not self.show:
            return None
        self.close()
        self.current = ProgressLine(label, total)
        return self.current.advance

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
            self.current = None
