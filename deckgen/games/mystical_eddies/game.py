"""The Mystical Eddies engine: new games, positions and the deal in words, on the tables of
`tables`; registered by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.kit.zones import hand
from deckgen.games.mystical_eddies.state import EddiesState
from deckgen.games.mystical_eddies.tables import EddiesTables


class MysticalEddies(EddiesTables):
    """The Mystical Eddies engine: deals new games and sets up positions."""

    id = "mystical-eddies"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        if event.get("type") != "deal":
            return None
        return (f"round {event['round']}: {len(event['hands'][0])} cards each, {len(event['removed'])} set aside unseen; "
                f"seat {event['leader']} leads")

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> EddiesState:
        self.check_players(n_players)
        state = EddiesState(self, n_players, rng, options, [] if record else None)
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        round_number: int = 1,
        tricks: Sequence[int] | None = None,
        categories: Sequence[Sequence[int]] | None = None,
        rng: random.Random | None = None,
        **details: Any,
    ) -> EddiesState:
        """A position: `hand/<s>`, `won/<s>` (cards of the tricks won this round), `trick` (in
        play order from its leader, `current_player` minus the cards played), `removed`.
        `tricks`: tricks won in the game (default this round's); `categories`: Balance points
        (suit, colour, number) per seat; `rng` deals later rounds (default a fixed seed)."""
        n, placed = self.place_zones(zones, ("hand", "won"), ("trick", "removed"), details)
        trick = placed["trick"]
        if len(trick) >= n:
            raise BadPosition(f"position: the trick holds {len(trick)} cards, at most {n - 1} before it is won")
        leader = (current_player - len(trick)) % n
        played = {(leader + i) % n for i in range(len(trick))}
        sizes = {len(placed[hand(s)]) + (s in played) for s in range(n)}
        if len(sizes) != 1 or sizes == {0}:
            raise BadPosition("position: every hand must hold as many cards (at least 1) before the trick")
        if not 1 <= round_number <= self.rules.turn_cap:
            raise BadPosition(f"position: round_number {round_number} is outside 1-{self.rules.turn_cap}")
        state = EddiesState(self, n, rng or random.Random(0), self.rules.resolve_options(options), None)
        state.hands = [sum([1 << c for c in placed[hand(s)]]) for s in range(n)]
        state.won = [sum([1 << c for c in placed[f"won/{s}"]]) for s in range(n)]
        state.removed = sum([1 << c for c in placed["removed"]])
        state.round_number = round_number
        state.turns = round_number - 1
        state.tricks = list(tricks) if tricks is not None else [len(placed[f"won/{s}"]) // n for s in range(n)]
        if categories is not None:
            state.categories = [list(points) for points in categories]
        state.leader = state.current_player = leader
        for card in trick:  # replay the trick: its cards go back to their players first
            state.hands[state.current_player] |= 1 << card
            state.play_card(card)
        return state
