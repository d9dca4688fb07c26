"""What a Battle for the Suns game in progress reads from its engine: each card's colour and
number and the rule numbers. `game` builds on it the states themselves, so a state never
imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.battle_for_the_suns.moves import STOP
from deckgen.games.battle_for_the_suns.params import SunsParams
from deckgen.games.notation.one_card import OneCardNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class SunsTables(Game[SunsParams]):
    """The engine's tables: each card's colour and number, and the rule numbers."""

    Params = SunsParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = OneCardNotation(self.cards.ids, "bid", ("stop", STOP))
        colours = [str(v) for v in self.deck.attributes["colour"]]
        self.colour = [colours.index(str(c.attrs["colour"])) for c in self.deck.cards]
        self.number = [int(str(c.attrs["number"])) for c in self.deck.cards]
        self.horizon_cards = [i for i, c in enumerate(self.deck.cards) if c.attrs["suit"] == self.params.horizon_suit]
        self.deck_cards = [i for i, c in enumerate(self.deck.cards) if c.attrs["suit"] != self.params.horizon_suit]
        self.colour_bonus: int = self.params.colour_bonus
        self.number_bonus: int = self.params.number_bonus

    def rule_problems(self) -> list[str]:
        suits = [str(v) for v in self.deck.attributes.get("suit", ())]
        if self.params.horizon_suit not in suits:
            return [problem(self.rules.path, "params.horizon_suit", f"{self.params.horizon_suit!r} is not a suit")]
        return []
