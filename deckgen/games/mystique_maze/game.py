"""The Mystique Maze engine: new games, positions and its events in words, on the tables of
`tables`; registered by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_maze.cards import PHASE_NAMES, TAKE, THROW
from deckgen.games.mystique_maze.state import MazeState
from deckgen.games.mystique_maze.tables import MazeTables


class MystiqueMaze(MazeTables):
    """The Mystique Maze engine: deals new games and sets up positions."""

    id = "mystique-maze"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """The card a deck draw brought, and reshuffles."""
        kind = event.get("type")
        if kind == "draw":
            return f"it is the {self.cards.names[self.cards.index_of(event['card'])]}"
        if kind == "reshuffle":
            return f"the deck is empty: the discards under the top one become a new deck of {event['cards']}"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MazeState:
        setup = self.rules.setup_for(n_players)
        corners = 0
        for a, b in self.corner_cards[:n_players]:
            corners |= 1 << a | 1 << b
        rest = [c for c in range(self.cards.size) if not corners >> c & 1]
        pile = [rest[i] for i in shuffled_order(len(rest), rng)]
        dealt = deal_hands(pile, n_players, setup.hand_size or 0)
        hands = [sum(1 << c for c in hand) for hand in dealt]
        events: list[dict[str, Any]] | None = None
        if record:
            events = [{"type": "shuffle", "cards": len(rest)},
                      deal_event(self.cards, [sorted(h) for h in dealt],
                                 corners=[self.cards.ids_of(pair) for pair in self.corner_cards[:n_players]])]
        return MazeState(self, hands, pile, [], self.params.first_seat % n_players, options, rng, events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        phase: str = "take",
        taken: str | None = None,
        rng: random.Random | None = None,
        **details: Any,
    ) -> MazeState:
        """A position from card ids: `hand/<s>`, `corners/<s>` (each seat's own two, or left
        out), `draw` and `discard` (top cards last). `phase` is "take" (the turn starts) or
        "discard" (the card is taken); `taken` the card taken from the discard pile this turn."""
        n_players, placed = self.place_zones(zones, ("hand", "corners"), ("draw", "discard"), details)
        if phase not in PHASE_NAMES:
            raise BadPosition(f"position: phase {phase!r} is not one of {', '.join(PHASE_NAMES)}")
        if not 0 <= current_player < n_players:
            raise BadPosition(f"position: current_player {current_player} is not a seat")
        names = self.cards.ids
        for seat, pair in enumerate(self.corner_cards[:n_players]):
            given = placed[f"corners/{seat}"]
            if given and sorted(given) != sorted(pair):
                raise BadPosition(f"position: corners/{seat} must be {names[pair[0]]} and {names[pair[1]]}")
            elsewhere = [names[c] for zone, cards in placed.items() if not zone.startswith("corners/")
                         for c in cards if c in pair]
            if elsewhere:
                raise BadPosition(f"position: {', '.join(elsewhere)} is seat {seat}'s corner card, not in play")
        hands = [sum(1 << c for c in placed[hand(s)]) for s in range(n_players)]
        state = MazeState(self, hands, placed["draw"], placed["discard"], current_player,
                          self.rules.resolve_options(options), rng or random.Random(0), None)
        state.phase = PHASE_NAMES.index(phase)
        if taken is not None:
            card = self.cards.index_of(taken)
            if state.phase != THROW or not hands[current_player] >> card & 1:
                raise BadPosition(f"position: the taken card {taken} must be in the hand of seat "
                                  f"{current_player}, in the discard phase")
            state.taken = card
        if state.phase == TAKE and not state.draw and not state.discard:
            raise BadPosition("position: the deck and the discard pile are both empty")
        return state
