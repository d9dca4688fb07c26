"""The Up and Down engine: new games and positions, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.kit.zones import hand
from deckgen.games.up_and_down.moves import DOWNHILL, UPHILL
from deckgen.games.up_and_down.state import UpAndDownState
from deckgen.games.up_and_down.tables import UpAndDownTables


class UpAndDown(UpAndDownTables):
    """The Up and Down engine: card tables for one or two decks, the deal, positions."""

    id = "up-and-down"

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> UpAndDownState:
        self.check_players(n_players)  # compiled: the rules' setup_for checks in an interpreted call a game
        table = self.table(self.rules.setup[n_players].decks)
        order = shuffled_order(table.cards.size, rng)
        piles = deal_hands(order, n_players, table.cards.size // n_players)
        hands = [[pile.pop() for _ in range(self.params.hand_cards)] for pile in piles]
        events = [deal_event(table.cards, hands, pile_cards=[len(pile) for pile in piles])] if record else None
        state = UpAndDownState(self, table, piles, hands, [], events)
        state.start()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        direction: str = "uphill",
        passes_in_row: int = 0,
        flipped: bool = False,
        **details: Any,
    ) -> UpAndDownState:
        """A position from card ids: `hand/<s>`, `deck/<s>` (piles, top card last) and `table`
        (the centre pile, top card last, at least one card). Two-deck ids (gold:...) for the
        player counts that use two decks."""
        setup = self.rules.setup_for(sum(1 for name in zones if name.startswith("hand/")))
        table = self.table(setup.decks)
        n_players, placed = self.place_zones(zones, ("hand", "deck"), ("table",), details, table.cards)
        if not placed["table"]:
            raise BadPosition("position: the centre pile (table) needs at least its top card")
        if direction not in ("uphill", "downhill"):
            raise BadPosition(f"position: direction {direction!r} is not uphill or downhill")
        state = UpAndDownState(self, table, [placed[f"deck/{s}"] for s in range(n_players)],
                               [placed[hand(s)] for s in range(n_players)], placed["table"], None)
        state.current_player = current_player
        state.direction = UPHILL if direction == "uphill" else DOWNHILL
        state.passes_in_row, state.flipped = passes_in_row, flipped
        return state
