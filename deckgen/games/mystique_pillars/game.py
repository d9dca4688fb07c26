"""The Mystique Pillars engine: new games and positions, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.chance import deal_event, shuffled_order
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_pillars.moves import PHASE_NAMES
from deckgen.games.mystique_pillars.state import PillarsState
from deckgen.games.mystique_pillars.tables import PillarsTables


class MystiquePillars(PillarsTables):
    """The Mystique Pillars engine: which cards build on which, the deal, positions."""

    id = "mystique-pillars"

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> PillarsState:
        self.check_players(n_players)
        order = shuffled_order(self.cards.size, rng)
        height = self.cards.size // self.params.pillars
        pillars = [order[p * height:(p + 1) * height] for p in range(self.params.pillars)]
        events = [deal_event(self.cards, [[] for _ in range(n_players)],
                             pillar_tops=[self.cards.ids[pillar[-1]] for pillar in pillars])] if record else None
        return PillarsState(self, pillars, [0] * n_players, options, events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        phase: str = "draft",
        draft_turns: int = 0,
        **details: Any,
    ) -> PillarsState:
        """A position from card ids: `hand/<s>` and `pillar/<p>` (top card last)."""
        shared = tuple(f"pillar/{p}" for p in range(self.params.pillars))
        n_players, placed = self.place_zones(zones, ("hand",), shared, details)
        if phase not in PHASE_NAMES:
            raise BadPosition(f"position: phase {phase!r} is not one of {', '.join(PHASE_NAMES)}")
        hands = [sum(1 << c for c in placed[hand(s)]) for s in range(n_players)]
        state = PillarsState(self, [placed[name] for name in shared], hands, self.rules.resolve_options(options), None)
        state.phase = PHASE_NAMES.index(phase)
        state.draft_turns = draft_turns
        state.current_player = current_player
        return state
