"""What a Mystique Circle game in progress reads from its engine: each card's colour, suit,
number and bid, which card takes over from which, the cards in play per player count and the
scoring numbers. `game` builds on it the states themselves, so a state never imports its
engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.mystique_circle.params import CircleParams
from deckgen.games.mystique_circle.tricks import build_takes
from deckgen.games.notation.card_sets import CardSetsNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class CircleTables(Game[CircleParams]):
    """The engine's tables: card attributes, takes, the cards in play per count."""

    Params = CircleParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = CardSetsNotation(self.cards.ids, "hole")
        params = self.params
        colours = [str(v) for v in self.deck.attributes["colour"]]
        suits = [str(v) for v in self.deck.attributes["suit"]]
        cards = self.deck.cards
        self.colour_names = colours
        self.colour = [colours.index(str(c.attrs["colour"])) for c in cards]
        self.suit = [suits.index(str(c.attrs["suit"])) for c in cards]
        self.number = [int(str(c.attrs["number"])) for c in cards]
        cycle = [suits.index(s) for s in params.suit_cycle]
        #: beaten[s]: the one suit that suit s beats (the next one in the cycle).
        self.beaten = [0] * len(suits)
        for i, s in enumerate(cycle):
            self.beaten[s] = cycle[(i + 1) % len(cycle)]
        self.takes = build_takes(self.colour, self.suit, self.number, self.beaten)
        #: in_colour[colour][card]: whether the card is of that colour (follows a lead in it).
        self.in_colour = [[c == k for c in self.colour] for k in range(len(colours))]
        self.bid_value = [params.bid_values[suits[s]] for s in self.suit]
        self.card_moves: list[tuple[int]] = [(c,) for c in range(len(cards))]
        self.kept: dict[int, list[int]] = {}
        self.removed: dict[int, list[int]] = {}
        for n, numbers in params.removed_numbers.items():
            self.kept[n] = [c for c in range(len(cards)) if self.number[c] not in numbers]
            self.removed[n] = [c for c in range(len(cards)) if self.number[c] in numbers]
        self.trick_points: int = params.trick_points
        self.bid_bonus: int = params.bid_bonus
        self.target_score: int = params.target_score

    def rule_problems(self) -> list[str]:
        path = self.rules.path
        params = self.rules.params
        suits = [str(v) for v in self.deck.attributes.get("suit", ())]
        problems = []
        if sorted(params["suit_cycle"]) != sorted(suits):
            problems.append(problem(path, "params.suit_cycle", f"must name every suit once ({', '.join(suits)})"))
        if sorted(params["bid_values"]) != sorted(suits):
            problems.append(problem(path, "params.bid_values", f"needs one value per suit ({', '.join(suits)})"))
        for n in self.rules.players.counts():
            if n not in params["removed_numbers"]:
                problems.append(problem(path, "params.removed_numbers", f"no entry for {n} players"))
        return problems

    def setup_problems(self) -> list[str]:
        """Every card left after the removal is dealt, hand_size to each player, and the
        setup's removed count is the removed numbers' cards."""
        problems = []
        params = self.rules.params
        numbers = [int(str(c.attrs["number"])) for c in self.deck.cards]
        for n, spec in self.rules.setup.items():
            gone = params.get("removed_numbers", {}).get(n, [])
            removed = sum(1 for x in numbers if x in gone)
            kept = len(numbers) - removed
            if spec.removed != removed:
                problems.append(problem(self.rules.path, f"setup.{n}.removed",
                                        f"{spec.removed}, but the numbers removed ({gone}) are {removed} cards"))
            if spec.hand_size is None or n * spec.hand_size != kept:
                problems.append(problem(self.rules.path, f"setup.{n}.hand_size",
                                        f"{spec.hand_size}: all {kept} cards left are dealt to {n} players"))
            elif spec.hand_size <= int(params.get("hole_cards", 0)):
                problems.append(problem(self.rules.path, f"setup.{n}.hand_size", "must be more than the hole"))
        return problems
