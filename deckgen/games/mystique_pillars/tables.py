"""What a Mystique Pillars game in progress reads from its engine: each card's attributes and
which cards may be built on which. `game` builds on it the states themselves, so a state
never imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.mystique_pillars.moves import BUILD, DRAW
from deckgen.games.mystique_pillars.params import PillarsParams
from deckgen.games.notation.mystique_pillars import PillarsNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class PillarsTables(Game[PillarsParams]):
    """The engine's tables: each card's attributes and which cards may be built on which."""

    Params = PillarsParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = PillarsNotation(self.cards.ids, (DRAW, BUILD))
        values = [(str(c.attrs["colour"]), str(c.attrs["suit"]), str(c.attrs["number"])) for c in self.deck.cards]
        need = self.params.shared_attributes
        #: can_build_on[top]: the cards that share exactly `need` attributes with `top`.
        self.can_build_on = [
            sum(1 << c for c, card in enumerate(values) if sum(a == b for a, b in zip(card, top)) == need)
            for top in values
        ]

    def rule_problems(self) -> list[str]:
        params = self.params
        problems = []
        if self.cards.size % params.pillars:
            problems.append(problem(self.rules.path, "params.pillars",
                                    f"{self.cards.size} cards do not split into {params.pillars} equal pillars"))
        most = self.rules.players.max * params.draft_cards
        if most >= self.cards.size:
            problems.append(problem(self.rules.path, "params.draft_cards",
                                    f"{self.rules.players.max} x {params.draft_cards} drafted cards leave no pillar"))
        return problems
