"""What a Mystical Eddies game in progress reads from its engine: per card, the attributes it
shares with every other, its ranking key in each context and the cards that follow it. `game`
builds on it the states themselves, so a state never imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.mystical_eddies.params import EddiesParams
from deckgen.games.mystical_eddies.tricks import MASKS, follows, ranking_key, shared_attributes
from deckgen.games.notation.one_card import OneCardNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class EddiesTables(Game[EddiesParams]):
    """The engine's tables: match, follow and ranking tables per card."""

    Params = EddiesParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = OneCardNotation(self.cards.ids)
        params = self.params
        suits = [str(v) for v in self.deck.attributes["suit"]]
        colours = [str(v) for v in self.deck.attributes["colour"]]
        values: list[tuple[int, int, int]] = []
        ranks: list[tuple[int, int, int]] = []
        for c in self.deck.cards:
            suit, colour, number = str(c.attrs["suit"]), str(c.attrs["colour"]), int(str(c.attrs["number"]))
            values.append((suits.index(suit), colours.index(colour), number))
            ranks.append((len(params.suit_ranking) - params.suit_ranking.index(suit),
                          len(params.colour_ranking) - params.colour_ranking.index(colour),
                          len(params.number_ranking) - params.number_ranking.index(number)))
        size = len(values)
        #: match[a * size + b]: the attributes cards a and b share.
        self.match = [shared_attributes(values[a], values[b]) for a in range(size) for b in range(size)]
        #: keys[established * size + c]: card c's ranking key in that context.
        self.keys = [ranking_key(e, ranks[c]) for e in range(MASKS) for c in range(size)]
        #: following[lead * MASKS + established]: the mask of cards that follow.
        self.following = [sum([1 << c for c in range(size) if c != lead and follows(self.match[c * size + lead], e)])
                          for lead in range(size) for e in range(MASKS)]
        #: The same tables as rows: match_rows[lead][card], key_rows[established][card].
        self.match_rows = [self.match[lead * size: (lead + 1) * size] for lead in range(size)]
        self.key_rows = [self.keys[e * size: (e + 1) * size] for e in range(MASKS)]
        self.moves: list[tuple[int]] = [(c,) for c in range(size)]
        self.ranks = ranks

    def rule_problems(self) -> list[str]:
        params, path = self.params, self.rules.path
        attributes = self.deck.attributes
        if not {"colour", "suit", "number"} <= set(attributes):
            return [problem(path, "deck", "the deck needs colour, suit and number attributes")]
        problems = []
        for field, given, known in (("suit_ranking", params.suit_ranking, attributes["suit"]),
                                    ("colour_ranking", params.colour_ranking, attributes["colour"]),
                                    ("number_ranking", [str(v) for v in params.number_ranking],
                                     [str(v) for v in attributes["number"]])):
            if sorted(map(str, given)) != sorted(map(str, known)):
                problems.append(problem(path, f"params.{field}", f"must rank each of {list(known)} once"))
        for n, spec in self.rules.setup.items():
            dealt = (self.cards.size - params.set_aside) // n
            if spec.hand_size != dealt or spec.removed != self.cards.size - n * dealt:
                problems.append(problem(path, f"setup.{n}",
                                        f"{n} players get {dealt} cards each and {self.cards.size - n * dealt} "
                                        f"are set aside (got hand_size {spec.hand_size}, removed {spec.removed})"))
        return problems
