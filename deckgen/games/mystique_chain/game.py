"""The Mystique Chain engine: new games and positions, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.mystique_chain.moves import ATTRIBUTES
from deckgen.games.mystique_chain.state import ChainState
from deckgen.games.mystique_chain.tables import ChainTables


class MystiqueChain(ChainTables):
    """The Mystique Chain engine: match tables per card, the setup draw and positions."""

    id = "mystique-chain"

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
            if state.matching(0) or state.matching(1) or state.matching(2):  # the opener can declare
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
