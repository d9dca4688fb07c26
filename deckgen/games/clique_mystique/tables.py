"""What a Clique Mystique game in progress reads from its engine: the board geometry, the
card keys and Group tables, and the start checkerboard. `game` builds on it the states
themselves, so a state never imports its engine."""

from __future__ import annotations

from typing import Final

from deckgen.games.base import Game
from deckgen.games.clique_mystique.board import (
    Geometry,
    attribute_key,
    could_complete,
    group_tables,
)
from deckgen.games.clique_mystique.moves import PASS, PLACE, REPLACE
from deckgen.games.clique_mystique.params import CliqueParams
from deckgen.games.notation.clique_mystique import CliqueNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem

#: The attributes and how many values each must have: Cliques of 3, 4 and 5 and the Motley Crew
#: are read from them.
ATTRIBUTES: Final = (("colour", 3), ("suit", 4), ("number", 5))


class CliqueTables(Game[CliqueParams]):
    """The engine's tables: geometry, card keys, Group tables and their memo."""

    Params = CliqueParams
    grid = "square"

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        params = self.params
        attributes = self.deck.attributes
        counts = [len(attributes[name]) for name, _ in ATTRIBUTES]
        values = [[str(v) for v in attributes[name]] for name, _ in ATTRIBUTES]
        #: akey[card]: one bit for each of its colour, suit and number (see board.py).
        self.akey = [attribute_key(values[0].index(str(c.attrs["colour"])), values[1].index(str(c.attrs["suit"])),
                                   values[2].index(str(c.attrs["number"])), counts[0], counts[1])
                     for c in self.deck.cards]
        self.kinds, self.weights = group_tables(counts[0], counts[1], counts[2])
        self.geometry = Geometry(params.board_radius, tuple(counts))
        self.notation = CliqueNotation(self.cards.ids, params.board_radius, (PLACE, REPLACE, PASS))
        self.hand_size = int(self.rules.setup[2].hand_size or 0)
        self.colours, self.suits = counts[0], counts[1]
        #: The most cards one placement puts down, read per line: a plain attribute, not the model's.
        self.max_placed = params.max_cards_placed
        #: One more than the (cell, card) pairs: a placement's code is its pairs
        #: `cell * cards + card + 1` as the digits of a number in this base (see placement_codes).
        self.pair_base = self.geometry.n_cells * self.cards.size + 1
        #: card_masks[fixed << 6 | count << 3 | size]: card_mask's memo (-1: not worked out yet), a
        #: list so that the hot loop indexes it instead of hashing.
        self.card_masks = [-1] * (len(self.kinds[counts[0]]) << 6)
        #: feasible[size][count][key]: `count` cards (0 < count < size) with that key can still
        #: be part of a Group of `size`; lists indexed by size and count (empty elsewhere).
        self.feasible: list[list[list[bool]]] = [
            [[could_complete(size, key, count, counts[0], counts[1]) for key in range(len(self.kinds[size]))]
             if size in counts and 0 < count < size else [] for count in range(size)]
            for size in range(max(counts) + 1)]

    def card_mask(self, size: int, count: int, fixed: int) -> int:
        """The cards that may join `count` top cards (keys OR-ed to `fixed`) in a line of
        `size`: those completing its Group when one card is missing, else those that keep a
        Group possible (none when the `count` cards already rule a Group out). Memoized: the same partial lines come back all game long."""
        memo_key = fixed << 6 | count << 3 | size  # as State._one_line looks it up
        found = self.card_masks[memo_key]
        if found >= 0:
            return found
        mask = 0
        table = self.kinds[size] if count == size - 1 else self.feasible[size][count + 1]
        for card, key in enumerate(self.akey):
            if table[fixed | key]:
                mask |= 1 << card
        self.card_masks[memo_key] = mask
        return mask

    def rule_problems(self) -> list[str]:
        attributes = self.deck.attributes
        problems = []
        for name, count in ATTRIBUTES:
            if len(attributes.get(name, [])) != count:
                problems.append(problem(self.rules.path, "deck",
                                        f"Groups need a {name} attribute with {count} values"))
        if self.params.start_radius >= self.params.board_radius:
            problems.append(problem(self.rules.path, "params.start_radius", "the start square must fit the board"))
        return problems

    def start_owner(self, col: int, row: int) -> int:
        """The checkerboard: the centre and the cells of its colour are the second player's."""
        first = self.params.first_seat
        return 1 - first if (col + row) % 2 == 0 else first

    def start_cells(self) -> list[int]:
        radius, geo = self.params.start_radius, self.geometry
        return [geo.index(col, row) for row in range(-radius, radius + 1) for col in range(-radius, radius + 1)]
