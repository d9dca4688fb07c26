"""What a Chain of Restraints game in progress reads from its engine: each card's attribute
bits, which cards may follow which, the grid array's cells and the lines through each. `game`
builds on it the states themselves, so a state never imports its engine."""

from __future__ import annotations

from typing import Final

from deckgen.games.base import Game
from deckgen.games.chain_of_restraints.params import RestraintsParams
from deckgen.games.notation.chain_of_restraints import RestraintsNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem

#: The attributes four top cards may share, in the order of the win counters.
ATTRIBUTES: Final = ("colour", "suit", "number")
#: The four directions of a line: along a row, down a column, and the two diagonals.
DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (1, -1))


class RestraintsTables(Game[RestraintsParams]):
    """The engine's tables: card attribute bits, restraints, the grid's cells and lines."""

    Params = RestraintsParams
    grid = "square"

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = RestraintsNotation(self.cards.ids)
        deck = self.deck
        values = [[str(v) for v in deck.attributes[a]] for a in ATTRIBUTES]
        offsets = [sum(len(v) for v in values[:k]) for k in range(len(ATTRIBUTES))]
        #: feat[card]: one bit per attribute value the card has; kind_masks: the bits of each attribute.
        self.feat = [sum(1 << (offsets[k] + values[k].index(str(c.attrs[a]))) for k, a in enumerate(ATTRIBUTES))
                     for c in deck.cards]
        self.kind_masks = [((1 << len(values[k])) - 1) << offsets[k] for k in range(len(ATTRIBUTES))]
        #: allowed[card]: the cards sharing no value with it (those that may follow it).
        self.allowed = [sum(1 << o for o, g in enumerate(self.feat) if not g & f) for f in self.feat]
        self.grid_side: int = self.params.grid_side
        self.line_length: int = self.params.line_length
        side = 2 * self.grid_side - 1
        self.side = side
        self.centre = (self.grid_side - 1) * side + self.grid_side - 1
        cells = range(side * side)
        self.colof = [c % side - (self.grid_side - 1) for c in cells]
        self.rowof = [c // side - (self.grid_side - 1) for c in cells]
        #: near[cell]: the cell's orthogonal neighbours in the array.
        self.near = [sum(1 << (r * side + c) for c, r in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
                         if 0 <= c < side and 0 <= r < side)
                     for x, y in ((cell % side, cell // side) for cell in cells)]
        self.colwin = [[sum(1 << cell for cell in cells if lo <= cell % side <= hi) for hi in range(side)]
                       for lo in range(side)]
        self.rowwin = [[sum(1 << cell for cell in cells if lo <= cell // side <= hi) for hi in range(side)]
                       for lo in range(side)]
        #: windows: every line of line_length cells in the array; lines[cell]: those through
        #: the cell, as the other cells of each.
        length = self.line_length
        self.windows: list[tuple[int, ...]] = []
        for y in range(side):
            for x in range(side):
                for dx, dy in DIRECTIONS:
                    spots = [(x + i * dx, y + i * dy) for i in range(length)]
                    if all(0 <= c < side and 0 <= r < side for c, r in spots):
                        self.windows.append(tuple(r * side + c for c, r in spots))
        self.lines: list[list[tuple[int, ...]]] = [
            [tuple(c for c in w if c != cell) for w in self.windows if cell in w] for cell in cells]
        #: The same as triples of ints when a line is four long (the hot path), else empty.
        self.triples: list[list[tuple[int, int, int]]] = (
            [[(o[0], o[1], o[2]) for o in others] for others in self.lines] if length == 4 else [])
        #: (shift, table): table[byte] lists the cells of the set bits of that byte of a mask.
        self.chunks: list[tuple[int, list[list[int]]]] = [
            (shift, [[shift + b for b in range(8) if byte >> b & 1] for byte in range(256)])
            for shift in range(0, side * side, 8)]

    def rule_problems(self) -> list[str]:
        problems = []
        missing = [a for a in ATTRIBUTES if a not in self.deck.attributes]
        if missing:
            problems.append(problem(self.rules.path, "deck", f"the deck has no {', '.join(missing)} attribute"))
        if self.params.line_length > self.params.grid_side:
            problems.append(problem(self.rules.path, "params.line_length",
                                    f"{self.params.line_length} does not fit a grid of side {self.params.grid_side}"))
        for n, spec in self.rules.setup.items():
            if not spec.hand_size:
                problems.append(problem(self.rules.path, f"setup.{n}.hand_size", "players need a hand to play from"))
        return problems
