"""What a Mystique Guilds game in progress reads from its engine: each card's guild and number
and the Influence Cards. `game` builds on it the states themselves, so a state never
imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.mystique_guilds.moves import BUY, DECK, DISCARD
from deckgen.games.mystique_guilds.params import GuildsParams
from deckgen.games.notation.piles import PilesNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class GuildsTables(Game[GuildsParams]):
    """The engine's tables: each card's guild and number, and the Influence Cards."""

    Params = GuildsParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = PilesNotation(self.cards.ids, "buy", (DECK, DISCARD, BUY))
        colours = [str(v) for v in self.deck.attributes["colour"]]
        suits = [str(v) for v in self.deck.attributes["suit"]]
        #: guild[card]: colour index x suits + suit index; value[card]: its number.
        self.guild = [colours.index(str(c.attrs["colour"])) * len(suits) + suits.index(str(c.attrs["suit"]))
                      for c in self.deck.cards]
        self.value = [int(str(c.attrs["number"])) for c in self.deck.cards]
        special = self.params.special_guild
        special_index = colours.index(special.colour) * len(suits) + suits.index(special.suit)
        self.guild_points = [special.points if g == special_index else self.params.guild_points
                             for g in range(len(colours) * len(suits))]

    def rule_problems(self) -> list[str]:
        attributes = self.deck.attributes
        special = self.params.special_guild
        problems = []
        if not {"colour", "suit", "number"} <= set(attributes):
            return [problem(self.rules.path, "deck", "the deck needs colour, suit and number attributes")]
        if special.colour not in attributes["colour"] or special.suit not in attributes["suit"]:
            problems.append(problem(self.rules.path, "params.special_guild",
                                    f"{special.colour} {special.suit} is not a guild of the deck"))
        return problems
