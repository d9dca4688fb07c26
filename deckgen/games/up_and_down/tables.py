"""What an Up and Down game in progress reads from its engine: the cards of one or two decks
(`CardTable`), built once per deck count. `game` builds on it the states themselves, so a
state never imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.kit.cards import CardIndex
from deckgen.games.up_and_down.cards import CardTable
from deckgen.games.up_and_down.params import UpAndDownParams
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class UpAndDownTables(Game[UpAndDownParams]):
    """The engine's tables: the cards of one or two decks, built once per deck count."""

    Params = UpAndDownParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self._tables: dict[int, CardTable] = {}

    def rule_problems(self) -> list[str]:
        problems = []
        for n, spec in self.rules.setup.items():
            total = spec.decks * self.cards.size - spec.removed
            if total % n or total // n < self.params.hand_cards:
                problems.append(problem(self.rules.path, f"setup.{n}",
                                        f"{total} cards do not make {n} equal piles of at least "
                                        f"{self.params.hand_cards}"))
            if spec.hand_size != self.params.hand_cards:
                problems.append(problem(self.rules.path, f"setup.{n}.hand_size",
                                        f"{spec.hand_size}, but params.hand_cards is {self.params.hand_cards}"))
        return problems

    def table(self, decks: int) -> CardTable:
        """The cards of one or two decks, built once per deck count."""
        if decks not in self._tables:
            index = CardIndex.of_deck(self.deck, decks)
            attributes = self.deck.attributes
            colours = [str(v) for v in attributes["colour"]]
            suits = [str(v) for v in attributes["suit"]]
            base = self.deck.cards * decks
            size = len(self.deck.cards)
            colour = [colours.index(str(c.attrs["colour"])) for c in base]
            suit = [suits.index(str(c.attrs["suit"])) for c in base]
            number = [int(str(c.attrs["number"])) for c in base]
            alike = [[c for c in range(len(base)) if colour[c] == colour[top] or suit[c] == suit[top]]
                     for top in range(len(base))]
            self._tables[decks] = CardTable(
                cards=index,
                colour=colour,
                suit=suit,
                number=number,
                rank=[2 * (c.number or 0) + (1 if i < size else 0) for i, c in enumerate(base)],
                uphill=[sum(1 << c for c in alike[top] if number[c] >= number[top]) for top in range(len(base))],
                downhill=[sum(1 << c for c in alike[top] if number[c] <= number[top]) for top in range(len(base))],
            )
        return self._tables[decks]
