"""Seat rings: who plays next, who is still in, and partners sitting opposite."""

from __future__ import annotations

from typing import Final

#: Clockwise (the usual order) and anticlockwise steps around the table.
CLOCKWISE: Final = 1
ANTICLOCKWISE: Final = -1


def next_seats(n_players: int, direction: int = CLOCKWISE) -> tuple[int, ...]:
    """`next_seats(n)[s]` is the seat after `s`: a table looked up on the hot path."""
    return tuple((seat + direction) % n_players for seat in range(n_players))


def seats_from(first: int, n_players: int, direction: int = CLOCKWISE) -> list[int]:
    """Every seat once, in play order starting with `first`."""
    return [(first + direction * step) % n_players for step in range(n_players)]


def next_seat_in(seat: int, still_in: list[bool], direction: int = CLOCKWISE) -> int:
    """The next seat after `seat` that is still in the game (`seat` itself if it is the only
    one left); ValueError when nobody is. On the hot path of games where seats drop out, so
    typed as a list: compiled, its items are read without a generic sequence call."""
    n_players = len(still_in)
    candidate = (seat + direction) % n_players
    while not still_in[candidate]:
        if candidate == seat:
            raise ValueError("no seat is still in the game")
        candidate = (candidate + direction) % n_players
    return candidate


def partner_of(seat: int, n_players: int) -> int:
    """The seat opposite, a partner in partnership games (an even number of players)."""
    return (seat + n_players // 2) % n_players


def team_of(seat: int, n_players: int) -> int:
    """Team number (0 or 1... up to n/2 - 1) of partners sitting opposite."""
    return seat % (n_players // 2)
