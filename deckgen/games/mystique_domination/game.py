"""The Mystique Domination engine: new games, positions and its events in words, on the
tables of `tables`; registered by the package."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.kit.seats import partner_of
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_domination.patterns import PLAYERS
from deckgen.games.mystique_domination.state import DominationState
from deckgen.games.mystique_domination.tables import DominationTables


class MystiqueDomination(DominationTables):
    """The Mystique Domination engine: deals new games and sets up positions."""

    id = "mystique-domination"

    def describe_event(self, event: dict[str, Any]) -> str | None:
        kind = event.get("type")
        names = self.cards.names
        index = self.cards.index
        if kind == "pass":
            return "the passes are handed over: " + "; ".join(
                f"seat {s} gives {', '.join(names[index[c]] for c in cards)}" for s, cards in enumerate(event["cards"]))
        if kind == "lead":
            return f"seat {event['seat']} leads the first trick"
        if kind == "trick":
            return f"seat {event['seat']} wins the trick and takes {len(event['cards'])} cards: " + ", ".join(
                names[index[c]] for c in event["cards"])
        if kind == "round":
            points, scores = event["points"], event["scores"]
            return (f"seat {event['went_out']} goes out; the round scores {points[0]}-{points[1]} "
                    f"(seats 0+2 against 1+3), total {scores[0]}-{scores[1]}")
        if kind == "deal":
            return f"round {event['round']} is dealt"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> DominationState:
        self.check_players(n_players)
        state = DominationState(self, rng, options, [] if record else None)
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        passing: bool | None = None,
        passes: int = 0,
        scores: Sequence[int] = (0, 0),
        rounds_played: int = 0,
        went_out: int = -1,
        first_leader: int = -1,
        rng: random.Random | None = None,
        **details: Any,
    ) -> DominationState:
        """A position from card ids by zone: `hand/<s>` and `received/<s>` (the cards her
        partner passed her this round, also in her hand), `pass/<s>` (a pending commit),
        `table` (the play pile without the last play), `trick` (the last play of the trick
        under way, empty when a trick is to be led), `won/<t>` (team t's score pile; `won/2`
        and `won/3` are added to teams 0 and 1). `passing` (inferred when None: no card played,
        passed or won) says the pass is under way; `passes` counts passes since the last play,
        whose player is the seat `passes + 1` before `current_player`; `went_out` is the seat
        that went out in the previous round; `rounds_played` the rounds already scored."""
        _, placed = self.place_zones(zones, ("hand", "received", "pass", "won"), ("table", "trick"), details)
        state = DominationState(self, rng or random.Random(0), self.rules.resolve_options(options), None)

        def mask(name: str) -> int:
            return sum(1 << c for c in placed[name])

        received = [mask(f"received/{s}") for s in range(PLAYERS)]
        state.hands = [mask(hand(s)) | received[s] for s in range(PLAYERS)]
        state.given = [received[partner_of(s, PLAYERS)] for s in range(PLAYERS)]
        state.pending = [mask(f"pass/{s}") for s in range(PLAYERS)]
        state.committed = [bool(m) for m in state.pending]
        state.won = [mask("won/0") | mask("won/2"), mask("won/1") | mask("won/3")]
        trick = mask("trick")
        state.pile = mask("table") | trick
        if trick and not self.is_pattern(trick):
            raise BadPosition("position: the trick's last play is not a pattern")
        if passing is None:
            passing = (self.params.pass_cards > 0 and not (state.pile or any(received) or any(state.won))
                       and all((h | p).bit_count() == self.hand_size for h, p in zip(state.hands, state.pending)))
        state.passing = passing
        state.last = trick
        state.last_value = self.value_of(trick)
        state.lead_colour = self.colour[(trick & -trick).bit_length() - 1] if trick else -1
        state.passes = passes
        state.last_player = (current_player - 1 - passes) % PLAYERS if trick else -1
        state.scores = list(scores)
        state.turns = rounds_played
        state.went_out = went_out
        state.first_leader = first_leader
        state.current_player = current_player
        return state
