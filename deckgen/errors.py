"""User-facing errors: each carries one or more problem lines and makes the CLI exit 2."""

from __future__ import annotations

from pathlib import Path


class DeckgenError(Exception):
    """An error the user can act on; every line is printed, no traceback."""

    exit_code = 2

    def __init__(self, *problems: str) -> None:
        self.problems: list[str] = [p for p in problems if p] or ["unknown error"]
        super().__init__("\n".join(self.problems))


class DataError(DeckgenError):
    """A data file (deck or rules) is missing, malformed or inconsistent."""


class UnknownName(DeckgenError):
    """A deck, game, bot or option name that does not exist."""


def problem(path: Path | str, field: str, message: str) -> str:
    """Format one problem as `path: field.path: what is wrong (what was expected)`."""
    return f"{path}: {field or '<root>'}: {message}"
