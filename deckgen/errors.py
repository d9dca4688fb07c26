"""User-facing errors: each carries one or more problem lines and makes the CLI exit 2."""

from __future__ import annotations

from typing import Any


class DeckgenError(Exception):
    """An error the user can act on; every line is printed, no traceback."""

    exit_code = 2

    def __init__(self, *problems: str) -> None:
        self.problems: list[str] = [p for p in problems if p] or ["unknown error"]
        super().__init__("\n".join(self.problems))

    def __reduce__(self) -> tuple[type[DeckgenError], tuple[str, ...]]:
        """Rebuilt with its lines apart when it crosses from a worker process."""
        return (type(self), tuple(self.problems))


class DataError(DeckgenError):
    """A data file (deck or rules) is missing, malformed or inconsistent."""


class UnknownName(DeckgenError):
    """A deck, game, bot or option name that does not exist."""


class BadPlayerCount(UnknownName):
    """A player count the game does not allow; reads the same in every command and game."""

    @classmethod
    def check(cls, game_id: str, counts: int | list[int], least: int, most: int) -> None:
        """Raise unless every count is allowed, naming all the others in one line."""
        if isinstance(counts, int) and least <= counts <= most:
            return  # the common case, once per simulated game
        bad = [n for n in ([counts] if isinstance(counts, int) else counts) if not least <= n <= most]
        if bad:
            allowed = f"{least}" if least == most else f"{least}-{most}"
            raise cls(f"game {game_id}: {', '.join(map(str, bad))} players not allowed (allowed: {allowed})")


class BadOption(UnknownName):
    """A rule option that does not exist or a value it does not take."""


class UnknownCard(UnknownName):
    """A card id that is not in the deck the game is played with."""


class BadPosition(DataError):
    """A set-up position that cannot be: a card placed twice, a zone that does not exist."""


class NoLegalMove(DataError):
    """A position of a described game where the seat to move has no legal move: the
    description must offer one. The simulator adds which game of which seed it was; a
    recorded game keeps the log lines played so far in `log`."""

    log: list[dict[str, Any]] = []


class IllegalMove(DeckgenError):
    """A move that is not legal in the state it was played in, described in words."""
