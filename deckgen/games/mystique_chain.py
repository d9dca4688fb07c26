"""Mystique Chain: two players take turns carrying a chain of matches out of a face-up pool.

The opener declares an attribute of the top card (colour, suit or number); the player to move
takes a pool card with that value, lays it on top and declares one of its attributes for the
next player. Whoever cannot follow loses. Everything is public after the setup draw.

Cards are ints; the pool is a bit mask. Moves are small tuples:

- `(attribute,)`: the opener's setup declaration (0 colour, 1 suit, 2 number);
- `(card, attribute)`: play a matching pool card and declare one of its attributes.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Final, Mapping, Sequence

from pydantic import Field

from deckgen.errors import BadPosition
from deckgen.games.base import Game, Move, Result, State
from deckgen.games.registry import register
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.ranking import scored_result
from deckgen.games.notation.mystique_chain import ChainNotation
from deckgen.model.common import StrictModel, problem
from deckgen.model.rules import GameRules

#: The attributes a player declares, in the order moves number them.
ATTRIBUTES: Final = ("colour", "suit", "number")


class ChainParams(StrictModel):
    #: Cards laid face up as the pool at the start.
    pool_cards: int = Field(ge=1)


class ChainState(State):
    """A game in progress: the pool as a mask, the discard pile (top last), the declaration."""

    is_over = False  # a plain attribute, set when the player to move cannot follow

    def __init__(self, game: MystiqueChain, pool: int, discard: list[int], opener: int,
                 exactly_one: bool, events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = 2
        self.pool = pool
        self.discard = discard
        self.opener = opener
        #: The declared attribute (an index into ATTRIBUTES), or -1 before the opener declares.
        self.declared = -1
        self.current_player = opener
        self.turns = 0
        self.is_over = False
        self.loser = -1
        self.exactly_one = exactly_one
        self.events = events
        self.declarations = [0, 0, 0]
        #: Pool cards at the start, for the chain length.
        self.pool_start = pool.bit_count()

    def clone(self) -> ChainState:
        """An independent copy (no event log), for bots that look ahead."""
        twin = copy.copy(self)
        twin.discard = self.discard[:]
        twin.declarations = self.declarations[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> ChainState:
        """Nothing is hidden after the setup draw and no chance is left: a clone."""
        return self.clone()

    def matching(self, attribute: int) -> int:
        """The pool cards that may follow the top card on `attribute`."""
        masks = self.game.exact_masks if self.exactly_one else self.game.match_masks
        return self.pool & masks[self.discard[-1]][attribute]

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        if self.declared < 0:
            return [(a,) for a in range(len(ATTRIBUTES)) if self.matching(a)]
        moves: list[Move] = []
        plays = self.game.plays
        for card in bits_of(self.matching(self.declared)):
            moves += plays[card]
        return moves

    def random_move(self, rng: random.Random) -> Move:
        """Uniform over `legal_moves()` without building it: a matching card, then one of
        its three declarations, each equally likely."""
        if self.declared < 0:
            return super().random_move(rng)
        cards = bits_of(self.matching(self.declared))
        pick = int(rng.random() * 3 * len(cards))
        return self.game.plays[cards[pick // 3]][pick % 3]

    def apply(self, move: Move) -> None:
        self.turns += 1
        if len(move) == 1:
            self.declared = move[0]
        else:
            card, attribute = move
            self.pool ^= 1 << card
            self.discard.append(card)
            self.declared = attribute
        self.declarations[self.declared] += 1
        self.current_player = 1 - self.current_player
        if not self.matching(self.declared):
            self.loser = self.current_player
            self.is_over = True

    def standing(self) -> list[float]:
        """1 for the winner once the game is over, else 0, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(self.is_over and seat != self.loser) for seat in (0, 1)]

    def result(self) -> Result:
        scores = [0.0, 0.0]
        if self.is_over:
            scores[1 - self.loser] = 1.0
        return scored_result(self.is_over, scores, self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        played = self.pool_start - self.pool.bit_count()
        opener_won = int(self.is_over and self.loser != self.opener)
        return {
            "chain_length": played,
            "declared_colour": self.declarations[0],
            "declared_suit": self.declarations[1],
            "declared_number": self.declarations[2],
            "opener_wins": opener_won,
            "follower_wins": int(self.is_over) - opener_won,
        }

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        return {
            "seat": player,
            "pool": self.game.cards.ids_of_mask(self.pool),
            "discard": [ids[c] for c in self.discard],
            "top": ids[self.discard[-1]],
            "declared": ATTRIBUTES[self.declared] if self.declared >= 0 else None,
            "opener": self.opener,
            "current_player": self.current_player,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        """The pool is the table; the drawn cards went onto the discard pile at once, so the
        hands stay empty."""
        ids = self.game.cards.ids
        return {
            "hand/0": [],
            "hand/1": [],
            "table": self.game.cards.ids_of_mask(self.pool),
            "discard": [ids[c] for c in self.discard],
        }

    def hidden_zones(self, player: int) -> list[str]:
        """Nothing is hidden after the setup draw."""
        return []

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        if len(move) == 1:
            top = self.game.cards.names[self.discard[-1]]
            return f"seat {seat} declares {ATTRIBUTES[move[0]]} on the {top}"
        card, attribute = move
        return f"seat {seat} plays the {self.game.cards.names[card]} and declares {ATTRIBUTES[attribute]}"


class MystiqueChain(Game):
    """The Mystique Chain engine: match tables per card, the setup draw and positions."""

    id = "mystique-chain"
    Params = ChainParams

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
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

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> ChainState:
        self.check_players(n_players)
        exactly_one = bool(options["exactly_one"])
        while True:  # under exactly_one a setup with no possible declaration is dealt again
            order = shuffled_order(self.cards.size, rng)
            size = self.pool_size
            pool = sum(1 << c for c in order[:size])
            drawn = order[size : size + 2]
            opener = 0 if self.card_numbers[drawn[0]] > self.card_numbers[drawn[1]] else 1
            follower_card, opener_card = drawn[1 - opener], drawn[opener]
            discard = [follower_card, *order[size + 2 :], opener_card]
            events = [deal_event(self.cards, [[drawn[0]], [drawn[1]]], pool=self.cards.ids_of(order[:size]),
                                 opener=opener, discard=self.cards.ids_of(discard))] if record else None
            state = ChainState(self, pool, discard, opener, exactly_one, events)
            if state.legal_moves():
                return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        declared: str | None = None,
        opener: int | None = None,
        **details: Any,
    ) -> ChainState:
        """A position from card ids: `table` (the pool) and `discard` (top card last); the
        hands stay empty. Without `declared` the opener, `current_player`, is to declare."""
        n_players, placed = self.place_zones(zones, ("hand",), ("table", "discard"), details)
        if placed["hand/0"] or placed["hand/1"]:
            raise BadPosition("position: the drawn cards lie on the discard pile, so the hands are empty")
        if not placed["discard"]:
            raise BadPosition("position: the discard pile needs at least its top card")
        if declared is not None and declared not in ATTRIBUTES:
            raise BadPosition(f"position: declared {declared!r} is not one of {', '.join(ATTRIBUTES)}")
        resolved = self.rules.resolve_options(options)
        if opener is None:
            opener = current_player if declared is None else 1 - current_player
        state = ChainState(self, sum(1 << c for c in placed["table"]), placed["discard"], opener,
                           bool(resolved["exactly_one"]), None)
        state.current_player = current_player
        if declared is not None:
            state.declared = ATTRIBUTES.index(declared)
            if not state.matching(state.declared):
                state.loser, state.is_over = current_player, True
        return state


register(MystiqueChain)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
