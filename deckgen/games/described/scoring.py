"""Scoring constructs of the play language compiled into `Expr` objects: `majorities(zone, worth,
points, key, ...)`, the points of every group of cards (cards equal on each key) in which a
seat's zone holds more worth than each other seat's same zone (Mystique Guilds' guilds: a
colour and a suit, the numbers added up, the single highest total scoring the guild)."""

from __future__ import annotations

from deckgen.games.described.program import Expression, Fn
from deckgen.games.described.state import DescribedState


class Majorities(Expression):
    """`majorities`: `zone` gives the scored seat's zone (`base` + its seat); `worth`,
    `points` and `keys` read each card as `it`. A group's points are read on the first of its
    cards found, so they should depend on the keys alone."""

    def __init__(self, base: int, zone: Fn, worth: Fn, points: Fn, keys: list[Fn]) -> None:
        self.base, self.zone, self.worth, self.points, self.keys = base, zone, worth, points, keys

    def ev(self, state: DescribedState, card: int) -> int:
        base = self.base
        seat = self.zone.ev(state, card) - base
        n_players = state.n_players
        saved = state.bound_it
        totals: dict[tuple[int, ...], list[int]] = {}
        worth_of: dict[tuple[int, ...], int] = {}
        for owner in range(n_players):
            for it in state.zones[base + owner]:
                state.bound_it = it
                key = tuple([read.ev(state, card) for read in self.keys])
                row = totals.get(key)
                if row is None:
                    row = totals[key] = [0] * n_players
                    worth_of[key] = self.points.ev(state, card)
                row[owner] += self.worth.ev(state, card)
        state.bound_it = saved
        won = 0
        for key, row in totals.items():
            mine = row[seat]
            if all(mine > other for owner, other in enumerate(row) if owner != seat):
                won += worth_of[key]
        return won
