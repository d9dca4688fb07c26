"""What a Mystique Domination game in progress reads from its engine: the colour, suit and
number of each card, the pattern tables and the move lists they give. `game` builds on it the
states themselves, so a state never imports its engine."""

from __future__ import annotations

from itertools import combinations, product

from deckgen.games.base import Game, Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.seats import team_of
from deckgen.games.mystique_domination.params import DominationParams
from deckgen.games.mystique_domination.patterns import PASS, PLAYERS, PatternTable
from deckgen.games.notation.card_sets import CardSetsNotation
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class DominationTables(Game[DominationParams]):
    """The engine's tables: colour, suit and number masks, patterns by holding."""

    Params = DominationParams

    def __init__(self, data: GameData) -> None:
        spec = data.rules.setup.get(PLAYERS)
        self.hand_size: int = spec.hand_size or 0 if spec is not None else 0
        super().__init__(data)
        self.notation = CardSetsNotation(self.cards.ids, "give", PASS)
        attributes = self.deck.attributes
        colours = [str(v) for v in attributes["colour"]]
        suits = [str(v) for v in attributes["suit"]]
        self.colour = [colours.index(str(c.attrs["colour"])) for c in self.deck.cards]
        self.suit = [suits.index(str(c.attrs["suit"])) for c in self.deck.cards]
        self.number = [int(str(c.attrs["number"])) for c in self.deck.cards]
        self.colour_masks = [sum(1 << i for i, c in enumerate(self.colour) if c == k) for k in range(len(colours))]
        self.suit_masks = [sum(1 << i for i, s in enumerate(self.suit) if s == k) for k in range(len(suits))]
        self.numbers = sorted(set(self.number))
        #: number_masks[i]: the cards showing numbers[i] (any colour).
        self.number_masks = [sum(1 << i for i, m in enumerate(self.number) if m == n) for n in self.numbers]
        self.lead_card = self.cards.index.get(self.params.lead_card, 0)
        #: Pattern tables by the count of each number held (base 8, the lowest number first).
        self.tables: dict[int, PatternTable] = {}
        #: A colour and suit's cards are the numbers 1-5 in five neighbouring bits (the deck's
        #: numbering): slice_shifts[colour][suit] is where they start; spread[slice] gives the
        #: slice's numbers as base-8 digits of a table key.
        self.slice_shifts = [[min(i for i in range(self.cards.size) if self.colour[i] == c and self.suit[i] == s)
                              for s in range(len(suits))] for c in range(len(colours))]
        self.spread = [sum(8 ** (len(self.numbers) - 1 - i) for i in range(len(self.numbers)) if x >> i & 1)
                       for x in range(1 << len(self.numbers))]

    def side_of(self, seat: int, n_players: int) -> int:
        """Partners sit opposite and win together."""
        return team_of(seat, n_players)

    def rule_problems(self) -> list[str]:
        path = self.rules.path
        problems = []
        if self.params.lead_card not in self.cards.index:
            problems.append(problem(path, "params.lead_card", f"no card {self.params.lead_card!r} in the deck"))
        if self.params.pass_cards > self.hand_size:
            problems.append(problem(path, "params.pass_cards", f"{self.params.pass_cards} is more than a hand"))
        if self.hand_size * PLAYERS != self.cards.size:
            problems.append(problem(path, f"setup.{PLAYERS}.hand_size", "the whole deck is dealt every round"))
        if not self._numbered_like_the_mystique_deck():
            problems.append(problem(path, "deck", "the engine needs three colours, four suits and numbers 1-5, "
                                    "each colour and suit's cards numbered in a row"))
        return problems

    def _numbered_like_the_mystique_deck(self) -> bool:
        """Three colours, four suits, numbers 1-5; each colour and suit's cards are five
        neighbouring card indices in number order (the pattern tables read them as a slice)."""
        attributes = self.deck.attributes
        if not {"colour", "suit", "number"} <= set(attributes):
            return False
        colours = [str(v) for v in attributes["colour"]]
        suits = [str(v) for v in attributes["suit"]]
        if len(colours) != 3 or len(suits) != 4 or [str(v) for v in attributes["number"]] != ["1", "2", "3", "4", "5"]:
            return False
        first: dict[tuple[str, str], int] = {}
        for index, card in enumerate(self.deck.cards):
            key = (str(card.attrs["colour"]), str(card.attrs["suit"]))
            start = first.setdefault(key, index)
            if index - start != int(str(card.attrs["number"])) - 1:
                return False
        return len(first) == 12 and self.cards.size == 60

    def table(self, hand: int, colour: int) -> PatternTable:
        """The pattern table of a hand's cards of one colour, by how many of each number it
        holds (cached: few shapes recur). The key adds up, suit by suit, the numbers held in
        that colour and suit, read as one slice of the hand's bits."""
        spread = self.spread
        shifts = self.slice_shifts[colour]
        key = (spread[hand >> shifts[0] & 31] + spread[hand >> shifts[1] & 31]
               + spread[hand >> shifts[2] & 31] + spread[hand >> shifts[3] & 31])
        table = self.tables.get(key)
        if table is None:
            held = hand & self.colour_masks[colour]
            counts = [(held & number_mask).bit_count() for number_mask in self.number_masks]
            table = self.tables[key] = PatternTable(self.numbers, counts)
        return table

    def pattern_moves(self, held: int, table: PatternTable, start: int) -> list[Move]:
        """Every pattern of `held` from category `start` on, as moves: categories by value,
        each an n of a kind in `combinations` order or a run in `product` order."""
        moves: list[Move] = []
        number_masks = self.number_masks
        for category in range(start, len(table.values)):
            first, second = table.firsts[category], table.seconds[category]
            if table.runs[category]:
                groups = [bits_of(held & number_masks[step]) for step in range(first, second + 1)]
                moves += [tuple(sorted(cards)) for cards in product(*groups)]
            else:
                moves += list(combinations(bits_of(held & number_masks[first]), second))
        return moves

    def value_of(self, mask: int) -> int:
        return sum(self.number[c] for c in bits_of(mask))

    def is_pattern(self, mask: int) -> bool:
        cards = bits_of(mask)
        if not cards or len({self.colour[c] for c in cards}) != 1:
            return False
        numbers = sorted(self.number[c] for c in cards)
        return len(set(numbers)) == 1 or numbers == list(range(numbers[0], numbers[0] + len(numbers)))
