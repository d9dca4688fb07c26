"""The Zoomies engine: new games and positions, on the tables of `tables`; registered by the
package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition, UnknownCard
from deckgen.games.kit.chance import shuffled_order
from deckgen.games.kit.zones import hand
from deckgen.games.zoomies.moves import LOW
from deckgen.games.zoomies.state import ZoomiesState
from deckgen.games.zoomies.tables import ZoomiesTables


class Zoomies(ZoomiesTables):
    """The Zoomies engine: card tables built once per rules, states built per game."""

    id = "zoomies"

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> ZoomiesState:
        removed_count = self.removed_count.get(n_players)
        if removed_count is None:
            self.check_players(n_players)
            removed_count = 0
        order = shuffled_order(self.cards.size, rng)
        leader = rng.randrange(n_players)
        events: list[dict[str, Any]] | None = None
        if record:
            ids = self.cards.ids
            events = [
                {"type": "remove", "cards": [ids[c] for c in order[:removed_count]]},
                {"type": "first_leader", "seat": leader},
            ]
        state = ZoomiesState(
            self,
            n_players,
            [[] for _ in range(n_players)],
            order[removed_count:],
            order[:removed_count],
            leader,
            bool(options["second_place_wins"]),
            events,
        )
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        round_index: int = 0,
        points: Sequence[int] | None = None,
        **details: Any,
    ) -> ZoomiesState:
        """A state at the start of a trick led by `current_player`, from card ids by zone:
        `hand/<s>`, `won/<s>` (score piles), `draw` (undealt, bottom to top: the last is dealt
        first), `removed`; an empty `trick` is accepted. For scenario tests and puzzles."""
        n_players, placed = self.place_zones(zones, ("hand", "won"), ("draw", "removed", "trick"), details)
        if placed["trick"]:
            raise BadPosition("position: starts before a trick is led, so the trick zone must be empty")
        if not 0 <= round_index < len(self.round_hand_sizes):
            raise BadPosition(f"position: round_index {round_index} is outside 0-{len(self.round_hand_sizes) - 1}")
        state = ZoomiesState(
            self,
            n_players,
            [placed[hand(s)] for s in range(n_players)],
            placed["draw"],
            placed["removed"],
            current_player,
            bool(self.rules.resolve_options(options)["second_place_wins"]),
            None,
        )
        state.round_index = round_index
        if points is not None:
            state.points = list(points)
        state.piles = [[self.readings[c][LOW] for c in placed[f"won/{s}"]] for s in range(n_players)]
        return state

    def move_showing(self, number: int, goal: int | None = None) -> tuple[int, int]:
        """The move that plays the card showing `number`; `goal` is the call when leading a double."""
        if number not in self.move_of_number:
            raise UnknownCard(f"no Mirror Deck card shows {number} (numbers run 1-99)")
        card, code = self.move_of_number[number]
        if goal is None:
            return (card, code)
        if not self.special[card]:
            raise BadPosition(f"{number} is not on a double: only a led double takes a goal call")
        return (card, goal)
