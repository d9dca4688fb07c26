"""The Mirrorquest engine: typed parameters, the deal and the first Mirrorcard, positions
for scenario tests, and chance events in words."""

from __future__ import annotations

import random
from typing import Any, Mapping, Sequence

from deckgen.errors import BadPosition
from deckgen.games.base import Game
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.mirrorquest.cards import OWED, PHASE_NAMES, PICTURE, CardTable
from deckgen.games.mirrorquest.params import MirrorquestParams
from deckgen.games.mirrorquest.state import MirrorquestState
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class Mirrorquest(Game[MirrorquestParams]):
    """Mirrorquest engine: deals, flips the first Mirrorcard and builds positions for tests."""

    id = "mirrorquest"
    Params = MirrorquestParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.table = CardTable(self)

    def setup_problems(self) -> list[str]:
        """Hands are card masks, so the game is played with one deck."""
        problems = super().setup_problems()
        for n, setup in sorted(self.rules.setup.items()):
            if setup.decks != 1:
                problems.append(problem(self.rules.path, f"setup.{n}.decks",
                                        f"{setup.decks}, but Mirrorquest is played with 1 deck"))
        return problems

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """Which card a draw, a pickup or a penalty brought, and reshuffles."""
        kind = event.get("type")
        if kind == "draw":
            card = self.cards.names[self.cards.index_of(event["card"])]
            if event["reason"] == "pickup":
                return f"seat {event['seat']} picks up {card}"
            if event["reason"] == "penalty":
                return f"seat {event['seat']} draws a penalty card: {card}"
            return f"it is {card}"  # under the move line "seat S draws a card"
        if kind == "called":
            return f"an opponent calls seat {event['seat']}'s name first"
        if kind == "reshuffle":
            return f"the discards under the Mirrorcard are shuffled into a new draw pile of {event['cards']}"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MirrorquestState:
        setup = self.rules.setup_for(n_players)
        state = MirrorquestState(self.table, n_players, rng, options, self.params, record)
        t = self.table
        pile = shuffled_order(len(t.ids), rng)
        hands = deal_hands(pile, n_players, setup.hand_size or 0)
        extra = int(options["first_player_extra_cards"])  # a handicap for going first
        if extra:
            hands[self.params.first_seat % n_players] += pile[-extra:]
            del pile[len(pile) - extra:]
        for seat, dealt in enumerate(hands):
            state.hands[seat] = sum(map(t.bit.__getitem__, dealt))  # distinct cards: their union
            state.counts[seat] = len(dealt)
        returned = []
        while True:
            card = pile.pop()
            if t.kind[card] == PICTURE:
                break
            returned.append(card)
            pile.insert(len(pile) // 2, card)
        state.pile = pile
        state.discard = [card]
        state.top = card
        state.current_player = self.params.first_seat % n_players
        if state.events is not None:
            state.events.append(deal_event(
                self.cards, [sorted(h) for h in hands],
                wildcards_returned=self.cards.ids_of(returned), mirrorcard=t.ids[card],
            ))
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        direction: int = 1,
        declared: str | None = None,
        phase: str = "normal",
        drawn: str | None = None,
        reshuffled: bool = False,
        rng: random.Random | None = None,
        record: bool = False,
        **details: Any,
    ) -> MirrorquestState:
        """A state in a chosen position, for scenario tests, from card ids by zone:
        `hand/<s>`, `draw` (top card last) and `discard` (bottom first; its last card is the
        Mirrorcard). `declared` is the colour named by a pickup wildcard on top; `phase` is
        one of PHASE_NAMES; `drawn` the card just drawn (for the phases after a draw)."""
        n_players, placed = self.place_zones(zones, ("hand",), ("draw", "discard"), details)
        if not placed["discard"]:
            raise BadPosition("position: discard needs at least the Mirrorcard (its last card)")
        if phase not in PHASE_NAMES:
            raise BadPosition(f"position: phase {phase!r} is not one of {', '.join(PHASE_NAMES)}")
        t = self.table
        if declared is not None and declared not in t.colours:
            raise BadPosition(f"position: declared {declared!r} is not one of {', '.join(t.colours)}")
        resolved = self.rules.resolve_options(options)
        state = MirrorquestState(t, n_players, rng or random.Random(0), resolved, self.params, record)
        for seat in range(n_players):
            cards = placed[f"hand/{seat}"]
            state.hands[seat] = sum(t.bit[c] for c in cards)
            state.counts[seat] = len(cards)
        state.pile = placed["draw"]
        state.discard = placed["discard"]
        top = state.top = state.discard[-1]
        state.top_kind = t.kind[top]
        state.declared = t.colours.index(declared) if declared is not None else -1
        state.current_player = current_player
        state.direction = direction
        state.phase = PHASE_NAMES.index(phase)
        state.owed = state.wild_owes if state.phase == OWED else 0
        state.drawn = self.cards.index_of(drawn) if drawn is not None else -1
        state.reshuffled = reshuffled
        return state
