"""What a Zoomies game in progress reads from its engine: each card's readings, the card
showing each number, the moves per card and the rounds' sizes and points. `game` builds on
it the states themselves, so a state never imports its engine."""

from __future__ import annotations

from deckgen.games.base import Game
from deckgen.games.notation.zoomies import ZoomiesNotation
from deckgen.games.zoomies.moves import GOAL_NAMES, HIGH, LOW
from deckgen.games.zoomies.params import ZoomiesParams
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class ZoomiesTables(Game[ZoomiesParams]):
    """The engine's tables: each card's two readings, the card showing each number, the
    moves per card and the rounds."""

    Params = ZoomiesParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        cards = self.deck.cards
        self.removed_count = {n: spec.removed for n, spec in self.rules.setup.items()}
        #: readings[card] = (smaller, larger); a double reads (v, v).
        self.readings: list[tuple[int, int]] = []
        self.special: list[bool] = []
        self.card_labels: list[str] = []
        for card in cards:
            numbers = card.fields["readings"]
            self.readings.append((numbers[0], numbers[-1]))
            self.special.append(bool(card.fields["special"]))
            self.card_labels.append(
                f"{numbers[0]:02d} (double)" if card.fields["special"] else f"{numbers[0]:02d} / {numbers[-1]:02d}"
            )
        #: The card and code showing each number 1-99 (for a double, code LOW).
        self.move_of_number = {
            self.readings[c][code]: (c, code) for c in range(len(cards)) for code in (HIGH, LOW)
        }
        #: card_of_number[n] is the card showing n (index 0 unused: no card shows 0).
        self.card_of_number = [0] * (max(self.move_of_number) + 1)
        for number, (index, _) in self.move_of_number.items():
            self.card_of_number[number] = index
        self.lead_moves = [[(c, LOW), (c, HIGH)] for c in range(len(cards))]
        self.follow_moves = [[(c, LOW)] if self.special[c] else [(c, LOW), (c, HIGH)] for c in range(len(cards))]
        self.notation = ZoomiesNotation(self.cards.ids, self.readings, self.special, GOAL_NAMES)
        self.round_hand_sizes: list[int] = self.params.round_hand_sizes
        self.round_trick_points: list[int] = self.params.round_trick_points

    def rule_problems(self) -> list[str]:
        """Rounds the engine cannot play: empty hands, points not one per round."""
        params = self.rules.params
        sizes, points = params["round_hand_sizes"], params["round_trick_points"]
        problems = []
        if min(sizes) < 1:
            problems.append(problem(self.rules.path, "params.round_hand_sizes",
                                    f"every round deals at least 1 card (got {sizes})"))
        if len(points) != len(sizes):
            problems.append(problem(self.rules.path, "params.round_trick_points",
                                    f"one value per round ({len(sizes)} rounds), got {points}"))
        return problems

    def setup_problems(self) -> list[str]:
        """Every round is dealt from one deck, and the setup's hand size is round 1's."""
        sizes = self.rules.params["round_hand_sizes"]
        problems = []
        for n, spec in self.rules.setup.items():
            needed = spec.removed + n * sum(sizes)
            if needed > self.cards.size:
                problems.append(problem(self.rules.path, f"setup.{n}",
                                        f"{spec.removed} removed + {n} x {sum(sizes)} dealt = {needed} cards, "
                                        f"the deck has {self.cards.size}"))
            if spec.hand_size != sizes[0]:
                problems.append(problem(self.rules.path, f"setup.{n}.hand_size",
                                        f"{spec.hand_size} differs from the first round's {sizes[0]} "
                                        "in params.round_hand_sizes"))
        return problems
