"""The Battle for the Suns engine: new games and positions, on the tables of `tables`; registered
by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.battle_for_the_suns.moves import NOT_YET
from deckgen.games.battle_for_the_suns.state import SunsState
from deckgen.games.battle_for_the_suns.tables import SunsTables
from deckgen.games.kit.chance import deal_event, shuffled
from deckgen.games.kit.zones import hand


class BattleForTheSuns(SunsTables):
    """The Battle for the Suns engine: card numbers and colours, the deal, positions."""

    id = "battle-for-the-suns"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """Sunrises, the revealed bids and the award, in words."""
        kind = event.get("type")
        if kind == "sunrise":
            return f"the {self.cards.names[self.cards.index_of(event['card'])]} rises"
        if kind == "reveal":
            shown = [f"seat {s}: {self.cards.names[self.cards.index_of(c)]}" if c else f"seat {s} stops"
                     for s, c in enumerate(event["cards"]) if c or s in event["stopped"]]
            return f"round {event['round']} revealed: " + "; ".join(shown)
        if kind == "award":
            totals = ", ".join(map(str, event["totals"]))
            if event["seat"] is None:
                return f"bids {totals}: a tie, the sun leaves the game"
            return f"bids {totals}: seat {event['seat']} wins the sun"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> SunsState:
        self.check_players(n_players)
        horizon = shuffled(self.horizon_cards, rng)
        draw = shuffled(self.deck_cards, rng)
        size = self.params.hand_cards
        dealt = [draw[len(draw) - size * (s + 1): len(draw) - size * s] for s in range(n_players)]
        del draw[len(draw) - size * n_players:]
        events = [deal_event(self.cards, dealt)] if record else None
        state = SunsState(self, n_players, rng, horizon, draw, [sum(1 << c for c in h) for h in dealt], events)
        state.sunrise()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        bidding_round: int = 1,
        active: Sequence[bool] | None = None,
        rng: random.Random | None = None,
        **details: Any,
    ) -> SunsState:
        """A position from card ids by zone (`hand/<s>`, `commit/<s>`, `bids/<s>`, `won/<s>`,
        `horizon`, `table` (the current sun), `draw`, `discard`, `removed`; piles top card
        last); `bidding_round` is the round (1 to 3) and `active` who is still bidding."""
        shared = ("horizon", "table", "draw", "discard", "removed")
        n_players, placed = self.place_zones(zones, ("hand", "commit", "bids", "won"), shared, details)
        if len(placed["table"]) > 1:
            raise BadPosition("position: the table holds only the sun being fought for")
        if any(len(placed[f"commit/{s}"]) > 1 for s in range(n_players)):
            raise BadPosition("position: a seat commits at most one card a round")
        state = SunsState(self, n_players, rng or random.Random(0), placed["horizon"], placed["draw"],
                          [sum(1 << c for c in placed[hand(s)]) for s in range(n_players)], None)
        state.discard = placed["discard"]
        state.removed = placed["removed"]
        state.won = [placed[f"won/{s}"] for s in range(n_players)]
        state.bids = [sum(1 << c for c in placed[f"bids/{s}"]) for s in range(n_players)]
        state.pending = [placed[f"commit/{s}"][0] if placed[f"commit/{s}"] else NOT_YET for s in range(n_players)]
        state.round = bidding_round
        state.active = list(active) if active is not None else [True] * n_players
        state.current_player = current_player
        if placed["table"]:
            state.sun = placed["table"][0]
        else:
            state.is_over = True
        return state
