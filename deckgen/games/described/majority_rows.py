"""`majorities` read from rows by card: when the worth, the points and every key of a
`majorities(zone, worth, points, key, ...)` depend on the card alone (Mystique Guilds: a
card's number, its guild's points, its colour and suit), each card's group and worth are
computed once, and scoring a seat costs one look-up per card held instead of evaluating
every key of every card (`deckgen.games.described.scoring.Majorities` does that otherwise)."""

from __future__ import annotations

from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.layout import CardRows
from deckgen.games.described.program import Expression, Fn
from deckgen.games.described.rows import fixed_rows, it_as_card
from deckgen.games.described.state import DescribedState
from deckgen.model.play_nodes import Node


def majorities_by_rows(node: Node, t: Tables) -> Fn | None:
    """`node` compiled as `MajoritiesByRows` when it is a `majorities` whose worth, points
    and keys read the card alone; None for any other expression."""
    if node.op != "majorities":
        return None
    rows = [fixed_rows(it_as_card(arg), t) for arg in node.args[1:]]
    fixed = [row for row in rows if row is not None]
    if len(fixed) < len(rows):
        return None
    return MajoritiesByRows(t.zones[str(node.args[0].data)], compile_expr(node.args[0], t), fixed[0], fixed[1],
                            fixed[2:])


class MajoritiesByRows(Expression):
    """`majorities` as `Majorities` reads it (a group's points those of the first of its
    cards found, seat by seat), each card's group number and worth taken from rows."""

    def __init__(self, base: int, zone: Fn, worth: CardRows[DescribedState], points: CardRows[DescribedState],
                 keys: list[CardRows[DescribedState]]) -> None:
        self.base, self.zone, self.worth, self.points, self.keys = base, zone, worth, points, keys
        #: By card int: its group's number (cards equal on every key share one), at first use.
        self.group: list[int] = []
        self.groups = 0

    def grouped(self, state: DescribedState) -> list[int]:
        if not self.group:
            columns = [key.of(state) for key in self.keys]
            numbers: dict[tuple[int, ...], int] = {}
            self.group = [numbers.setdefault(tuple([column[c] for column in columns]), len(numbers))
                          for c in range(len(self.worth.of(state)))]
            self.groups = len(numbers)
        return self.group

    def ev(self, state: DescribedState, card: int) -> int:
        base, n_players = self.base, state.n_players
        seat = self.zone.ev(state, card) - base
        group, worth, points = self.grouped(state), self.worth.of(state), self.points.of(state)
        totals = [0] * (self.groups * n_players)
        #: Per group: whether a card of it was found, and the points of the first one.
        seen = [False] * self.groups
        first = [0] * self.groups
        found: list[int] = []
        for owner in range(n_players):
            for c in state.zones[base + owner]:
                g = group[c]
                if not seen[g]:
                    seen[g], first[g] = True, points[c]
                    found.append(g)
                totals[g * n_players + owner] += worth[c]
        won = 0
        for g in found:
            row = g * n_players
            mine, most = totals[row + seat], True
            for owner in range(n_players):
                if owner != seat and totals[row + owner] >= mine:
                    most = False
                    break
            if most:
                won += first[g]
        return won
