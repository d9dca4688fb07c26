"""The Smoke and Mirrors engine: new games and positions for scenario tests, on the tables
of `tables`; registered by the package."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.base import Move
from deckgen.games.kit.zones import hand
from deckgen.games.smoke_and_mirrors.cards import ACT, PHASE_TURN
from deckgen.games.smoke_and_mirrors.state import SmokeState
from deckgen.games.smoke_and_mirrors.tables import SmokeTables


class SmokeAndMirrors(SmokeTables):
    """Engine for Smoke and Mirrors: deals new games and sets up positions."""

    id = "smoke-and-mirrors"

    def new_game(self, n_players: int, rng: random.Random, options: dict[str, Any],
                 record: bool = False) -> SmokeState:
        self.check_players(n_players)
        state = SmokeState(self, n_players, rng, int(options["rounds_to_win"]), record)
        state.starter = int(rng.random() * n_players)
        if state.events is not None:
            state.events.append({"type": "first_starter", "seat": state.starter})
        state.deal_round()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        claim: int | None = None,
        standing: int = -1,
        starter: int = 0,
        active: Sequence[bool] | None = None,
        breaks_left: Sequence[int] | None = None,
        round_wins: Sequence[int] | None = None,
        rng: random.Random | None = None,
        record: bool = False,
        **details: Any,
    ) -> SmokeState:
        """A state in a chosen position for scenario tests, from card ids by zone: `hand/<s>`,
        `act/<s>`, `out`, and optionally `aside` and `removed` (which must be the cards removed
        for the player count). Every card not placed is set aside. Without a claim the round is
        at its opening act; `claim` is the claim to beat and `standing` the seat whose act may
        be challenged."""
        n, placed = self.place_zones(zones, ("hand", "act"), ("out", "aside", "removed"), details)
        resolved = self.rules.resolve_options(options)
        state = SmokeState(self, n, rng or random.Random(0), int(resolved["rounds_to_win"]), record)
        removed = state.layout.removed
        if "removed" in zones and sum(1 << c for c in placed["removed"]) != removed:
            raise BadPosition(f"position: removed must be the cards removed for {n} players: "
                              f"{self.cards.ids_of_mask(removed)}")
        state.starter = starter
        state.clear_round()
        state.round_no = 1

        def mask(name: str) -> int:
            return sum(1 << c for c in placed[name])

        state.hands = [mask(hand(s)) for s in range(n)]
        state.acts = [mask(f"act/{s}") for s in range(n)]
        state.out = mask("out")
        held = state.out
        for cards in state.hands + state.acts:
            held |= cards
        if removed & (held | mask("aside")):
            raise BadPosition(f"position: cards removed for {n} players are placed elsewhere: "
                              f"{self.cards.ids_of_mask(removed & (held | mask('aside')))}")
        state.set_aside = self.cards.full_mask & ~(held | removed)
        if claim is not None:
            state.claim = claim
            state.phase = PHASE_TURN
        state.act_seat = standing
        if standing >= 0:
            state.act_honest = (self.totals(state.acts[standing]) >> state.claim) & 1 == 1
        state.current_player = current_player
        if active is not None:
            state.active = list(active)
            state.n_active = sum(state.active)
        if breaks_left is not None:
            state.breaks_left = list(breaks_left)
        if round_wins is not None:
            state.round_wins = list(round_wins)
        state.refresh_seats()
        return state

    def move_to_json(self, move: Move) -> Any:
        return list(move)

    def move_from_json(self, data: Any) -> Move:
        move = tuple(int(x) for x in data)
        if move[0] == ACT:
            self.act_move(sum(1 << c for c in move[1:]))
        return move
