"""The Mystique Domination engine: card tables, pattern tables, new games and positions."""

from __future__ import annotations

import random
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from itertools import combinations, product
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.base import Game, Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.seats import partner_of, team_of
from deckgen.games.mystique_domination.patterns import (
    COMBOS,
    PASS,
    PLAYERS,
    DominationParams,
    PatternTable,
    nth_bit,
)
from deckgen.games.mystique_domination.state import DominationState
from deckgen.games.notation.card_sets import CardSetsNotation
from deckgen.model.common import problem
from deckgen.model.rules import GameRules


class MystiqueDomination(Game):
    """The Mystique Domination engine: colour, suit and number tables, patterns, positions."""

    id = "mystique-domination"
    Params = DominationParams

    def __init__(self, rules: GameRules) -> None:
        spec = rules.setup.get(PLAYERS)
        self.hand_size: int = spec.hand_size or 0 if spec is not None else 0
        super().__init__(rules)
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

    def unrank(self, held: int, table: PatternTable, index: int, state: DominationState) -> int:
        """The index-th pattern of `held` (in `pattern_moves` order) as a mask; its value goes
        to `state.picked_value`."""
        category = bisect_right(table.starts, index) - 1
        offset = index - table.starts[category]
        state.picked_value = table.values[category]
        first, second = table.firsts[category], table.seconds[category]
        number_masks = self.number_masks
        if table.runs[category]:
            mask = 0
            for step in range(second, first - 1, -1):
                group = held & number_masks[step]
                size = group.bit_count()
                mask |= nth_bit(group, offset % size)
                offset //= size
            return mask
        group = held & number_masks[first]
        size = group.bit_count()
        if second == size:
            return group
        if second == 1:
            return nth_bit(group, offset)
        cards = bits_of(group)
        mask = 0
        for position in COMBOS[size][second][offset]:
            mask |= 1 << cards[position]
        return mask

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

    def describe_event(self, event: dict[str, Any]) -> str | None:
        kind = event.get("type")
        names = self.cards.names
        index = self.cards.index
        if kind == "pass":
            return "the passes are handed over: " + "; ".join(
                f"seat {s} gives {', '.join(names[index[c]] for c in cards)}" for s, cards in enumerate(event["cards"]))
        if kind == "lead":
            return f"seat {event['seat']} leads the first trick"
        if kind == "trick":
            return f"seat {event['seat']} wins the trick and takes {len(event['cards'])} cards: " + ", ".join(
                names[index[c]] for c in event["cards"])
        if kind == "round":
            points, scores = event["points"], event["scores"]
            return (f"seat {event['went_out']} goes out; the round scores {points[0]}-{points[1]} "
                    f"(seats 0+2 against 1+3), total {scores[0]}-{scores[1]}")
        if kind == "deal":
            return f"round {event['round']} is dealt"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> DominationState:
        self.check_players(n_players)
        state = DominationState(self, rng, options, [] if record else None)
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        passing: bool | None = None,
        passes: int = 0,
        scores: Sequence[int] = (0, 0),
        rounds_played: int = 0,
        went_out: int = -1,
        first_leader: int = -1,
        rng: random.Random | None = None,
        **details: Any,
    ) -> DominationState:
        """A position from card ids by zone: `hand/<s>` and `received/<s>` (the cards her
        partner passed her this round, also in her hand), `pass/<s>` (a pending commit),
        `table` (the play pile without the last play), `trick` (the last play of the trick
        under way, empty when a trick is to be led), `won/<t>` (team t's score pile; `won/2`
        and `won/3` are added to teams 0 and 1). `passing` (inferred when None: no card played,
        passed or won) says the pass is under way; `passes` counts passes since the last play,
        whose player is the seat `passes + 1` before `current_player`; `went_out` is the seat
        that went out in the previous round; `rounds_played` the rounds already scored."""
        _, placed = self.place_zones(zones, ("hand", "received", "pass", "won"), ("table", "trick"), details)
        state = DominationState(self, rng or random.Random(0), self.rules.resolve_options(options), None)

        def mask(name: str) -> int:
            return sum(1 << c for c in placed[name])

        received = [mask(f"received/{s}") for s in range(PLAYERS)]
        state.hands = [mask(f"hand/{s}") | received[s] for s in range(PLAYERS)]
        state.given = [received[partner_of(s, PLAYERS)] for s in range(PLAYERS)]
        state.pending = [mask(f"pass/{s}") for s in range(PLAYERS)]
        state.committed = [bool(m) for m in state.pending]
        state.won = [mask("won/0") | mask("won/2"), mask("won/1") | mask("won/3")]
        trick = mask("trick")
        state.pile = mask("table") | trick
        if trick and not self.is_pattern(trick):
            raise BadPosition("position: the trick's last play is not a pattern")
        if passing is None:
            passing = (self.params.pass_cards > 0 and not (state.pile or any(received) or any(state.won))
                       and all((h | p).bit_count() == self.hand_size for h, p in zip(state.hands, state.pending)))
        state.passing = passing
        state.last = trick
        state.last_value = self.value_of(trick)
        state.lead_colour = self.colour[(trick & -trick).bit_length() - 1] if trick else -1
        state.passes = passes
        state.last_player = (current_player - 1 - passes) % PLAYERS if trick else -1
        state.scores = list(scores)
        state.turns = rounds_played
        state.went_out = went_out
        state.first_leader = first_leader
        state.current_player = current_player
        return state
