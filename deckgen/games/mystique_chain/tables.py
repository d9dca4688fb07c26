"""What a Mystique Chain game in progress reads from its engine: each card's attribute values
and the cards sharing each value. `game` builds on it the states themselves, so a state
never imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game, Move
from deckgen.games.mystique_chain.moves import ATTRIBUTES
from deckgen.games.mystique_chain.params import ChainParams
from deckgen.games.notation.mystique_chain import ChainNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class ChainTables(Game[ChainParams]):
    """The engine's tables: each card's attribute values and the cards sharing each value."""

    Params = ChainParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = ChainNotation(self.cards.ids, ATTRIBUTES)
        cards = self.deck.cards
        values = [tuple(self.deck.attributes[a].index(card.attrs[a]) for a in ATTRIBUTES) for card in cards]
        by_value = [
            [sum(1 << c for c, v in enumerate(values) if v[a] == value) for value in range(len(self.deck.attributes[name]))]
            for a, name in enumerate(ATTRIBUTES)
        ]
        #: match_masks[card][a]: the cards sharing the card's value of attribute a.
        self.match_masks = [[by_value[a][v[a]] & ~(1 << c) for a in range(3)] for c, v in enumerate(values)]
        #: exact_masks[card][a]: those of them that differ in both other attributes.
        self.exact_masks = [
            [self.match_masks[c][a] & ~self.match_masks[c][(a + 1) % 3] & ~self.match_masks[c][(a + 2) % 3]
             for a in range(3)]
            for c in range(len(cards))
        ]
        #: plays[card]: the three moves playing it, one per declaration.
        self.plays: list[list[Move]] = [[(c, a) for a in range(3)] for c in range(len(cards))]
        self.card_numbers = [card.number or 0 for card in cards]
        self.pool_size: int = self.params.pool_cards

    def rule_problems(self) -> list[str]:
        """The deck must have the three attributes, and room for the pool and two draws."""
        problems = []
        missing = [a for a in ATTRIBUTES if a not in self.deck.attributes]
        if missing:
            problems.append(problem(self.rules.path, "deck", f"the deck has no {', '.join(missing)} attribute"))
        if self.params.pool_cards + 2 > self.cards.size:
            problems.append(problem(self.rules.path, "params.pool_cards",
                                    f"{self.params.pool_cards} pool cards and 2 draws need more than the "
                                    f"{self.cards.size} cards of the deck"))
        return problems
