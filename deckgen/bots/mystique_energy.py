"""The greedy Mystique Energy bot, as MYSTIQUE-GAMES.md's greedy policy outlines it.

For every legal cell it works out the groups the card would join, value by value. It picks
the cell that keeps its own product (the largest groups of its energy card's colour, suit and
number) lowest, then the one joining the smallest groups of its own values (isolating the card
when it can). Among cells equal for itself, which is every cell when the card shares none of
its values, it grows the largest groups of the values opponents seem to avoid: it reads each
opponent's placements, and a card placed touching no card of one of its values counts as a
sign that the opponent holds that value, one placed against such a card as a sign it does not.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_energy import NEIGHBOURS, EnergyState, coords_of


class GreedyEnergyBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat
        #: Placements read so far, and where each placed cell is in the placement order.
        self.read = 0
        self.placed_at: dict[int, int] = {}
        #: avoided[seat][key]: how much that seat seems to keep the value's groups small.
        self.avoided: list[list[int]] = []

    def choose(self, state: EnergyState) -> Move:
        cells = state.legal_cells()
        if len(cells) == 1:
            return coords_of(cells[0])
        game = state.game
        self._read_placements(state)
        card = state.hands[self.seat]
        mine = set(game.keys[state.energy[self.seat]])
        best = state.largest_groups()
        labels = {key: self._components(state, key) for key in game.keys[card]}
        weight = [1 + sum(max(0, row[key]) for seat, row in enumerate(self.avoided) if seat != self.seat)
                  for key in range(len(best))]
        choice, choice_key = cells[0], None
        for cell in cells:
            product = 1
            own_join = damage = damage_join = 0
            grown = {}
            for key, (label, sizes) in labels.items():
                joined = {label[near] for near in (cell + step for step in NEIGHBOURS) if near in label}
                size = 1 + sum(sizes[g] for g in joined)
                grown[key] = max(best[key], size)
                if key in mine:
                    own_join += size
                else:
                    damage += weight[key] * (grown[key] - best[key])
                    damage_join += weight[key] * size
            for key in mine:
                product *= max(1, grown.get(key, best[key]))
            rank = (product, own_join, -damage, -damage_join)
            if choice_key is None or rank < choice_key:
                choice, choice_key = cell, rank
        return coords_of(choice)

    @staticmethod
    def _components(state: EnergyState, key: int) -> tuple[dict[int, int], list[int]]:
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

    def _read_placements(self, state: EnergyState) -> None:
        """Update the signs of what each opponent avoids from the placements made since."""
        keys = state.game.keys
        if not self.avoided:
            self.avoided = [[0] * len(state.game.key_names) for _ in range(state.n_players)]
        for number in range(self.read, len(state.order)):
            cell, card, seat = state.order[number], state.table[number], state.placers[number]
            if seat != self.seat:
                neighbours = [state.table[self.placed_at[near]] for near in (cell + step for step in NEIGHBOURS)
                              if near in self.placed_at]
                for key in keys[card]:
                    touches = any(key in keys[other] for other in neighbours)
                    self.avoided[seat][key] += -1 if touches else 1
            self.placed_at[cell] = number
        self.read = len(state.order)


register_bot("mystique-energy", "greedy", GreedyEnergyBot)
