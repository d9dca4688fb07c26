"""Mystique Energy's greedy policy (MYSTIQUE-GAMES.md), the choice of the greedy bot
(deckgen/bots/mystique_energy.py), kept with the engine so that it is compiled with it:
interpreted, weighing every legal cell against the groups of each value made a greedy game
cost some 19 times a random one. The bot makes one per seat; an engine never uses it itself.
"""

from __future__ import annotations

from deckgen.games.base import Move
from deckgen.games.mystique_energy.cells import NEIGHBOURS, coords_of
from deckgen.games.mystique_energy.state import EnergyState


class GreedyEnergy:
    """One seat's choices through a game, and what it has read of the others' placements."""

    def __init__(self, seat: int) -> None:
        self.seat = seat
        #: Placements read so far, and where each placed cell is in the placement order.
        self.read = 0
        self.placed_at: dict[int, int] = {}
        #: avoided[seat][key]: how much that seat seems to keep the value's groups small.
        self.avoided: list[list[int]] = []

    def choose(self, state: EnergyState) -> Move:
        """The cell that keeps this seat's own product (the largest groups of its energy card's
        values) lowest, then joins the smallest groups of its own values; then the one growing
        most the groups of the values the opponents seem to avoid, weighted by how much; the
        first such cell in the legal order."""
        cells = state.legal_cells()
        if len(cells) == 1:
            return coords_of(cells[0])
        game = state.game
        self.read_placements(state)
        card = state.hands[self.seat]
        mine = game.keys[state.energy[self.seat]]
        best = state.largest_groups()
        card_keys = game.keys[card]
        labels = [components(state, key) for key in card_keys]
        weight = [1 + sum(max(0, row[key]) for seat, row in enumerate(self.avoided) if seat != self.seat)
                  for key in range(len(best))]
        choice = cells[0]
        chosen: tuple[int, int, int, int] | None = None
        for cell in cells:
            own_join = damage = damage_join = 0
            grown = list(best)
            for key, (label, sizes) in zip(card_keys, labels):
                joined = {label[near] for near in (cell + step for step in NEIGHBOURS) if near in label}
                size = 1
                for group in joined:
                    size += sizes[group]
                grown[key] = max(best[key], size)
                if key in mine:
                    own_join += size
                else:
                    damage += weight[key] * (grown[key] - best[key])
                    damage_join += weight[key] * size
            product = 1
            for key in mine:
                product *= max(1, grown[key])
            rank = (product, own_join, -damage, -damage_join)
            if chosen is None or rank < chosen:
                choice, chosen = cell, rank
        return coords_of(choice)

    def read_placements(self, state: EnergyState) -> None:
        """Update the signs of what each opponent avoids from the placements made since: a card
        touching no card of one of its values is a sign its placer holds that value, one
        placed against such a card a sign it does not."""
        keys = state.game.keys
        if not self.avoided:
            self.avoided = [[0] * len(state.game.key_names) for _ in range(state.n_players)]
        for number in range(self.read, len(state.order)):
            cell, card, seat = state.order[number], state.table[number], state.placers[number]
            if seat != self.seat:
                neighbours = [state.table[self.placed_at[cell + step]] for step in NEIGHBOURS
                              if cell + step in self.placed_at]
                for key in keys[card]:
                    touches = any(key in keys[other] for other in neighbours)
                    self.avoided[seat][key] += -1 if touches else 1
            self.placed_at[cell] = number
        self.read = len(state.order)


def components(state: EnergyState, key: int) -> tuple[dict[int, int], list[int]]:
    """The groups of one value: a label per placed cell with it, and each label's size."""
    keys = state.game.keys
    members = {cell for cell, card in state.cells.items() if key in keys[card]}
    label: dict[int, int] = {}
    sizes: list[int] = []
    for start in members:
        if start in label:
            continue
        group = len(sizes)
        label[start] = group
        stack = [start]
        size = 1
        while stack:
            cell = stack.pop()
            for step in NEIGHBOURS:
                near = cell + step
                if near in members and near not in label:
                    label[near] = group
                    stack.append(near)
                    size += 1
        sizes.append(size)
    return label, sizes
