"""The Mismatch engine: new games and positions, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.mismatch.state import MismatchState
from deckgen.games.mismatch.tables import MismatchTables


class MismatchGame(MismatchTables):
    """Builds Mismatch states; card values and the bonus cycle come from the rule data."""

    id = "mismatch"

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MismatchState:
        self.check_players(n_players)
        length = options["length"]
        hand, removed = self.deal_sizes(n_players, length)
        pool = self.short_cards if length == "short" else self.long_cards
        cards = [pool[i] for i in shuffled_order(len(pool), rng)]
        removed_cards = cards[:removed]
        pile = cards[removed:]
        decks = deal_hands(pile, n_players, hand)
        state = MismatchState(self, rng, decks, [[] for _ in decks], removed_cards, 0, record)
        if state.events is not None:
            state.events.append(
                deal_event(self.cards, decks, length=length, removed=self.cards.ids_of(removed_cards))
            )
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        rng: random.Random | None = None,
        record: bool = False,
        **details: Any,
    ) -> MismatchState:
        """A state set up by hand for scenario tests: `deck/<s>` (top card first) and
        `won/<s>` (capture piles) as card ids, `removed`. Seats holding no cards at all start
        out of the game."""
        n_players, placed = self.place_zones(zones, ("deck", "won"), ("removed",), details)
        decks = [placed[f"deck/{s}"] for s in range(n_players)]
        captured = [placed[f"won/{s}"] for s in range(n_players)]
        if not any(decks) and not any(captured):
            raise BadPosition(f"game {self.id}: a position needs at least one seat holding cards")
        return MismatchState(
            self, rng or random.Random(0), decks, captured, placed["removed"], current_player, record
        )
