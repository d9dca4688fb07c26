"""What a Mismatch game in progress reads from its engine: card values, the strength
differences between cards and the deals per length. `game` builds on it the states
themselves, so a state never imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.mismatch.moves import REVEAL
from deckgen.games.mismatch.params import MismatchParams
from deckgen.games.notation.mismatch import MismatchNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class MismatchTables(Game[MismatchParams]):
    """The engine's tables: card values, the strength differences and the deals."""

    Params = MismatchParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = MismatchNotation(REVEAL)
        params = self.params
        cards = self.deck.cards
        cycle = params.colour_cycle
        bonus = params.colour_bonus
        self.tie_pot_cards: int = params.tie_pot_cards
        colour_index = [cycle.index(str(c.attrs["colour"])) for c in cards]
        values: list[int] = [int(c.fields[params.value_field]) for c in cards]
        n_colours = len(cycle)

        def strength(card: int, against: int) -> int:
            beats_next = colour_index[against] == (colour_index[card] + 1) % n_colours
            return values[card] + (bonus if beats_next else 0)

        #: diff[a][b] > 0 when card a beats card b, 0 on a tie.
        self.diff: list[list[int]] = [
            [strength(a, b) - strength(b, a) for b in range(len(cards))] for a in range(len(cards))
        ]
        self.short_cards: tuple[int, ...] = self._short_cards(params.short_game_suit)
        self.long_cards: tuple[int, ...] = tuple(range(len(cards)))

    def _short_cards(self, suit: str) -> tuple[int, ...]:
        return tuple(i for i, c in enumerate(self.deck.cards) if c.attrs.get("suit") == suit)

    def rule_problems(self) -> list[str]:
        """Colours, the value field and the short game's suit must be the deck's."""
        params = self.params
        where = self.rules.path
        problems = []
        colours = {str(c.attrs.get("colour")) for c in self.deck.cards}
        if sorted(params.colour_cycle) != sorted(colours):
            problems.append(problem(where, "params.colour_cycle",
                                    f"must name each colour of the deck once ({', '.join(sorted(colours))})"))
        if any(params.value_field not in c.fields for c in self.deck.cards):
            problems.append(problem(where, "params.value_field",
                                    f"{params.value_field!r} is not a field of every card"))
        short = len(self._short_cards(params.short_game_suit))
        if short != params.short_game_cards:
            problems.append(problem(where, "params.short_game_cards",
                                    f"the suit {params.short_game_suit!r} gives {short} cards, "
                                    f"not {params.short_game_cards}"))
        if params.long_game.cards != self.cards.size:
            problems.append(problem(where, "params.long_game.cards",
                                    f"{params.long_game.cards}, but the deck has {self.cards.size} cards"))
        return problems

    def setup_problems(self) -> list[str]:
        """Each length's deal must use every one of its cards exactly once."""
        params = self.params
        problems = []
        for n in self.rules.players.counts():
            spec = self.rules.setup_for(n)
            if spec.hand_size is None or spec.hand_size * n + spec.removed != params.short_game_cards:
                problems.append(problem(self.rules.path, f"setup.{n}",
                                        f"{n} x {spec.hand_size} + {spec.removed} removed does not deal the "
                                        f"short game's {params.short_game_cards} cards"))
            hand, removed = params.long_game.hand_size.get(n), params.long_game.removed.get(n)
            if hand is None or removed is None or hand * n + removed != params.long_game.cards:
                problems.append(problem(self.rules.path, f"params.long_game.hand_size.{n}",
                                        f"{n} x {hand} + {removed} removed does not deal the long game's "
                                        f"{params.long_game.cards} cards"))
        return problems

    def deal_sizes(self, n_players: int, length: str) -> tuple[int, int]:
        """(cards per player, cards removed unseen) for a player count and game length."""
        if length == "long":
            long_game = self.params.long_game
            return long_game.hand_size[n_players], long_game.removed[n_players]
        setup = self.rules.setup_for(n_players)
        return setup.hand_size or 0, setup.removed
