"""What a Mystique Energy game in progress reads from its engine: the colour, suit and number
of every card as value keys, and the keys' names. `game` builds on it the states themselves,
so a state never imports its engine."""

from __future__ import annotations

from typing import Final

from deckgen.games.base import Game
from deckgen.games.mystique_energy.params import EnergyParams
from deckgen.games.notation.mystique_energy import EnergyNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem

#: The attributes scored, in key order: 3 colours, 4 suits, 5 numbers = 12 keys.
ATTRIBUTES: Final = ("colour", "suit", "number")


class EnergyTables(Game[EnergyParams]):
    """The engine's tables: the three value keys of every card and their names."""

    Params = EnergyParams
    grid = "hexagonal"

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = EnergyNotation()
        attributes = self.deck.attributes
        values = [[str(v) for v in attributes[a]] for a in ATTRIBUTES]
        offsets = [sum(len(v) for v in values[:k]) for k in range(len(ATTRIBUTES))]
        #: keys[card]: its colour, suit and number as keys 0-11; key_names: the values' names.
        self.keys: list[tuple[int, int, int]] = [
            (offsets[0] + values[0].index(str(c.attrs["colour"])), offsets[1] + values[1].index(str(c.attrs["suit"])),
             offsets[2] + values[2].index(str(c.attrs["number"])))
            for c in self.deck.cards]
        self.key_mask = [(1 << colour) | (1 << suit) | (1 << number) for colour, suit, number in self.keys]
        self.key_names = [v if k < 2 else f"{v}s" for k in range(len(ATTRIBUTES)) for v in values[k]]

    def rule_problems(self) -> list[str]:
        missing = [a for a in ATTRIBUTES if a not in self.deck.attributes]
        if missing:
            return [problem(self.rules.path, "deck", f"the deck needs the attributes {', '.join(missing)}")]
        problems = []
        if self.params.first_seat >= self.rules.players.min:
            problems.append(problem(self.rules.path, "params.first_seat",
                                    f"seat {self.params.first_seat} is not at a {self.rules.players.min}-player table"))
        if 2 * self.rules.players.max > self.cards.size:
            problems.append(problem(self.rules.path, "players.max",
                                    f"{self.rules.players.max} players need two cards each, the deck has {self.cards.size}"))
        return problems
