"""Compiled expressions that bind a name while they run: folds over a zone's cards (`it`)
and over the seats (`seat`), the seat holding a card, the search for the next seat for
which something holds; and the number a card was played as.
"""

from __future__ import annotations

from deckgen.games.described.program import Expression, Fn
from deckgen.games.described.state import DescribedState


class ZoneFold(Expression):
    """`any`, `all`, `count` or `sum` of `body` over a zone's cards, each bound as `it`."""

    def __init__(self, op: str, zone: Fn, body: Fn) -> None:
        self.op, self.zone, self.body = op, zone, body

    def ev(self, state: DescribedState, card: int) -> int:
        op, body = self.op, self.body
        saved = state.bound_it
        total = 1 if op == "zone_all" else 0
        for it in state.zones[self.zone.ev(state, card)]:
            state.bound_it = it
            value = body.ev(state, card)
            if op == "zone_any" and value:
                total = 1
                break
            if op == "zone_all" and not value:
                total = 0
                break
            if op == "zone_count":
                total += 1 if value else 0
            elif op == "zone_sum":
                total += value
        state.bound_it = saved
        return total


class Holder(Expression):
    """The first seat (from seat 0) whose zone holds a card for which `body` holds, or -1."""

    def __init__(self, base: int, body: Fn) -> None:
        self.base, self.body = base, body

    def ev(self, state: DescribedState, card: int) -> int:
        saved = state.bound_it
        found = -1
        for seat in range(state.n_players):
            for it in state.zones[self.base + seat]:
                state.bound_it = it
                if self.body.ev(state, card):
                    found = seat
                    break
            if found >= 0:
                break
        state.bound_it = saved
        return found


class SeatTest(Expression):
    """`any_seat` or `all_seats` (`seat` bound to each, from seat 0), stopping at the first
    seat that decides it."""

    def __init__(self, op: str, body: Fn) -> None:
        self.decides, self.body = 1 if op == "any_seat" else 0, body

    def ev(self, state: DescribedState, card: int) -> int:
        saved = state.bound_seat
        found = 1 - self.decides
        for seat in range(state.n_players):
            state.bound_seat = seat
            if (1 if self.body.ev(state, card) else 0) == self.decides:
                found = self.decides
                break
        state.bound_seat = saved
        return found


class SeatFold(Expression):
    """The sum, highest or lowest of `body` over the seats (`seat` bound to each)."""

    def __init__(self, op: str, body: Fn) -> None:
        self.op, self.body = op, body

    def ev(self, state: DescribedState, card: int) -> int:
        saved = state.bound_seat
        values = []
        for seat in range(state.n_players):
            state.bound_seat = seat
            values.append(self.body.ev(state, card))
        state.bound_seat = saved
        if self.op == "sum_seats":
            return sum(values)
        return max(values) if self.op == "max_seats" else min(values)


def seat_fold(op: str, body: Fn) -> Fn:
    """A fold over the seats (`seat` bound to each, from seat 0)."""
    return SeatTest(op, body) if op in ("any_seat", "all_seats") else SeatFold(op, body)


class SeatStep(Expression):
    """The seat to the left or right of a seat, or next in the direction of play."""

    def __init__(self, op: str, seat: Fn) -> None:
        self.step, self.seat = {"left": 1, "right": -1}.get(op, 0), seat

    def ev(self, state: DescribedState, card: int) -> int:
        by = self.step or state.direction
        return (self.seat.ev(state, card) + by) % state.n_players


class Reading(Expression):
    """The number a card was last played as by a play with `readings` (0 for none)."""

    def __init__(self, card: Fn) -> None:
        self.card = card

    def ev(self, state: DescribedState, bound: int) -> int:
        c = self.card.ev(state, bound)
        return state.played_as[c] if c >= 0 else 0


class SeatSearch(Expression):
    """The first seat after `seat`, going round the table (`seat` itself last), for which
    `body` holds with `seat` bound to it; -1 when none does."""

    def __init__(self, op: str, seat: Fn, body: Fn) -> None:
        self.step, self.seat, self.body = {"left": 1, "right": -1}.get(op, 0), seat, body

    def ev(self, state: DescribedState, card: int) -> int:
        by = self.step or state.direction
        start, saved, found = self.seat.ev(state, card), state.bound_seat, -1
        for k in range(1, state.n_players + 1):
            state.bound_seat = (start + by * k) % state.n_players
            if self.body.ev(state, card):
                found = state.bound_seat
                break
        state.bound_seat = saved
        return found
