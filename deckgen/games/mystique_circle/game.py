"""The Mystique Circle engine: new games, positions and its events in words, on the tables of
`tables`; registered by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.kit.tricks import take_over_winner
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_circle.state import CircleState
from deckgen.games.mystique_circle.tables import CircleTables
from deckgen.games.mystique_circle.tricks import TRICK_PHASE


class MystiqueCircle(CircleTables):
    """The Mystique Circle engine: deals new games and sets up positions."""

    id = "mystique-circle"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """The deal's round and dealer, trick winners and the end-of-round reveal, in words."""
        kind = event.get("type")
        if kind == "deal":
            return f"round {event['round']}: seat {event['dealer']} deals"
        if kind == "trick":
            return f"seat {event['seat']} wins the trick with the {self.cards.names[self.cards.index_of(event['card'])]}"
        if kind == "reveal":
            parts = [f"seat {s} bid {b}, won {t}: +{p} = {total}" for s, (b, t, p, total)
                     in enumerate(zip(event["bids"], event["tricks"], event["points"], event["scores"]))]
            return f"round {event['round']} ends, holes revealed: " + "; ".join(parts)
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> CircleState:
        if n_players not in self.kept:
            self.check_players(n_players)
        dealer = rng.randrange(n_players)
        events: list[dict[str, Any]] | None = [{"type": "first_dealer", "seat": dealer}] if record else None
        state = CircleState(self, n_players, rng, dealer, events)
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        dealer: int | None = None,
        scores: Sequence[int] | None = None,
        rounds: int = 0,
        rng: random.Random | None = None,
        **details: Any,
    ) -> CircleState:
        """A position from card ids: `hand/<s>`, `hole/<s>`, `won/<s>` (this round's tricks),
        `trick` (in play order) and `removed`. While some hole is empty it is the hole phase
        (`current_player` sets next; the seats with holes are the ones after the dealer),
        else the trick phase (`current_player` plays next; the trick was led by the seat
        len(trick) before). `dealer` defaults to what that implies, `scores` to zeros,
        `rounds` (rounds played) to 0; `rng` deals the later rounds. Empty hands with the
        holes set are a finished game."""
        n, placed = self.place_zones(zones, ("hand", "hole", "won"), ("trick", "removed"), details)
        hole_size = self.params.hole_cards
        holes = [sorted(placed[f"hole/{s}"]) for s in range(n)]
        if any(len(h) not in (0, hole_size) for h in holes):
            raise BadPosition(f"position: a hole holds 0 or {hole_size} cards")
        won = [placed[f"won/{s}"] for s in range(n)]
        if any(len(w) % n for w in won):
            raise BadPosition(f"position: won/<seat> holds whole tricks of {n} cards")
        trick = placed["trick"]
        if len(trick) >= n:
            raise BadPosition("position: the trick holds fewer cards than there are players")
        committed = sum(1 for h in holes if h)
        hole_phase = committed < n
        if hole_phase and (trick or any(won)):
            raise BadPosition("position: no trick is played before every hole is set")
        if dealer is None:
            dealer = (current_player - 1 - (committed if hole_phase else len(trick))) % n
        state = CircleState(self, n, rng or random.Random(0), dealer, None)
        state.hands = [sorted(placed[hand(s)]) for s in range(n)]
        state.holes = holes
        state.bids = [sum(self.bid_value[c] for c in h) if h else -1 for h in holes]
        state.committed = committed
        state.won = won
        state.tricks = [len(w) // n for w in won]
        state.trick = trick
        state.removed = placed["removed"]
        state.scores = list(scores) if scores is not None else [0] * n
        state.turns = rounds
        state.current_player = current_player
        if hole_phase:
            state.leader = state.next_seat[dealer]
            return state
        state.phase = TRICK_PHASE
        state.leader = (current_player - len(trick)) % n
        if trick:
            state.winner_card = trick[take_over_winner(trick, self.takes)]
            state.winner_seat = (state.leader + trick.index(state.winner_card)) % n
        if not any(state.hands) and not trick:
            state.is_over = True
        return state
