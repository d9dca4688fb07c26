"""The Mystique Guilds engine: new games and positions, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.games.kit.chance import shuffled_order
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_guilds.state import GuildsState
from deckgen.games.mystique_guilds.tables import GuildsTables


class MystiqueGuilds(GuildsTables):
    """The Mystique Guilds engine: guild and value tables per card, the setup, positions."""

    id = "mystique-guilds"

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> GuildsState:
        self.check_players(n_players)
        draw = shuffled_order(self.cards.size, rng)
        events: list[dict[str, Any]] | None = [{"type": "shuffle", "cards": len(draw)}] if record else None
        return GuildsState(self, [0] * n_players, draw, [], self.params.first_seat % n_players, options, events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        **details: Any,
    ) -> GuildsState:
        """A position from card ids: `hand/<s>`, `draw` and `discard` (top cards last); an
        empty Draw Deck is a finished game."""
        n_players, placed = self.place_zones(zones, ("hand",), ("draw", "discard"), details)
        hands = [sum(1 << c for c in placed[hand(s)]) for s in range(n_players)]
        return GuildsState(self, hands, placed["draw"], placed["discard"], current_player,
                           self.rules.resolve_options(options), None)
