"""The Smoke and Mirrors engine: typed parameters, the caches of move lists and totals per
card mask, the deal layouts and positions for scenario tests."""

from __future__ import annotations

import itertools
import random
from typing import Any, Mapping, Sequence

from pydantic import Field

from deckgen.errors import BadPosition
from deckgen.games.base import Game, Move
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.seats import next_seats
from deckgen.games.notation.smoke_and_mirrors import SmokeNotation
from deckgen.games.smoke_and_mirrors.cards import (
    ACT,
    BREAK,
    BREAK_MOVE,
    CHALLENGE,
    CHALLENGE_MOVE,
    GIVE,
    PHASE_TURN,
    _card_value,
    _Layout,
    _totals_mask,
)
from deckgen.games.smoke_and_mirrors.state import SmokeState
from deckgen.model.common import StrictModel, problem


class SmokeParams(StrictModel):
    #: The attribute whose piles deal one card of each value to every player.
    deal_by: str
    #: Cards taken out before dealing, by player count.
    removed_cards: dict[int, list[str]] = {}
    #: The opening act of a round is exactly this many cards claiming first_claim.
    opening_cards: int = Field(ge=1)
    first_claim: int = Field(ge=0)
    #: Every later act claims the standing claim plus claim_step.
    claim_step: int = Field(ge=1)
    breaks_per_round: int = Field(ge=0)


class SmokeAndMirrors(Game):
    """Engine for Smoke and Mirrors; caches move lists and totals per card mask."""

    id = "smoke-and-mirrors"
    Params = SmokeParams

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        self.notation = SmokeNotation(self.cards.ids, (CHALLENGE, BREAK, ACT, GIVE))
        params: SmokeParams = self.params
        self.first_claim = params.first_claim
        self.claim_step = params.claim_step
        self.breaks_per_round = params.breaks_per_round
        self.opening_cards = params.opening_cards
        self.deal_by = params.deal_by
        self.removed_cards: dict[int, list[str]] = params.removed_cards
        cards = self.deck.cards
        values = [_card_value(c) for c in cards]
        self.is_mirror = [m for m, _ in values]
        self.value = [v for _, v in values]
        self.type_values = list(self.deck.attributes[self.deal_by])
        self.card_type = [self.type_values.index(c.get(self.deal_by)) for c in cards]
        self._totals: dict[int, int] = {}
        self._bits: dict[int, list[int]] = {}
        self._give_moves: dict[int, list[Move]] = {}
        self._opening_moves: dict[int, list[Move]] = {}
        self.turn_moves_cache: dict[int, list[Move]] = {}
        #: Every act move seen so far -> (its card mask, the totals its cards can make).
        self.act_info: dict[Move, tuple[int, int]] = {}
        self._layouts: dict[int, _Layout] = {}

    def rule_problems(self) -> list[str]:
        """Removed cards must exist and agree with the setup; piles must deal everyone."""
        params: SmokeParams = self.params
        where = self.rules.path
        if params.deal_by not in self.deck.attributes:
            return [problem(where, "params.deal_by", f"{params.deal_by!r} is not an attribute of the deck")]
        types = list(self.deck.attributes[params.deal_by])
        problems = []
        for n in self.rules.players.counts():
            setup = self.rules.setup[n]
            removed_ids = params.removed_cards.get(n, [])
            unknown = [c for c in removed_ids if c not in self.cards.index]
            if unknown:
                problems.append(problem(where, f"params.removed_cards.{n}", f"no cards {unknown} in the deck"))
                continue
            if len(removed_ids) != setup.removed:
                problems.append(problem(where, f"params.removed_cards.{n}",
                                        f"lists {len(removed_ids)} card(s) but setup.{n}.removed is {setup.removed}"))
            if setup.hand_size != len(types):
                problems.append(problem(where, f"setup.{n}.hand_size",
                                        f"{setup.hand_size} but one card of each {params.deal_by} is dealt "
                                        f"({len(types)})"))
            for value in types:
                pile = [c for c in self.deck.cards if c.get(params.deal_by) == value and c.id not in removed_ids]
                if len(pile) < n:
                    problems.append(problem(where, f"setup.{n}", f"{len(pile)} {value} card(s) for {n} players"))
        unplayable = sorted(set(params.removed_cards) - set(self.rules.players.counts()))
        if unplayable:
            problems.append(problem(where, "params.removed_cards", f"player counts {unplayable} the game does not allow"))
        return problems

    # ----------------------------------------------------------------- caches
    def totals(self, mask: int) -> int:
        """Bitmask of the totals the cards of `mask` can make (cached)."""
        found = self._totals.get(mask)
        if found is None:
            cards = bits_of(mask)
            numbered = [self.value[c] for c in cards if not self.is_mirror[c]]
            found = _totals_mask(numbered, len(cards) - len(numbered))
            self._totals[mask] = found
        return found

    def bits(self, mask: int) -> list[int]:
        found = self._bits.get(mask)
        if found is None:
            found = self._bits[mask] = bits_of(mask)
        return found

    def act_move(self, mask: int) -> Move:
        move = (ACT, *bits_of(mask))
        self.act_info[move] = (mask, self.totals(mask))
        return move

    def give_moves(self, hand: int) -> list[Move]:
        found = self._give_moves.get(hand)
        if found is None:
            found = self._give_moves[hand] = [(GIVE, c) for c in bits_of(hand)]
        return found

    def opening_moves(self, hand: int) -> list[Move]:
        found = self._opening_moves.get(hand)
        if found is None:
            found = [self.act_move(sum(1 << c for c in group))
                     for group in itertools.combinations(bits_of(hand), self.opening_cards)]
            self._opening_moves[hand] = found
        return found

    def turn_moves(self, key: int) -> list[Move]:
        """Moves at the start of a turn for key = (available cards << 2 | can challenge << 1 | can break)."""
        available = key >> 2
        moves: list[Move] = [CHALLENGE_MOVE] if key & 2 else []
        cards = bits_of(available)
        for size in range(1, len(cards) + 1):
            for group in itertools.combinations(cards, size):
                moves.append(self.act_move(sum(1 << c for c in group)))
        if key & 1:
            moves.append(BREAK_MOVE)
        self.turn_moves_cache[key] = moves
        return moves

    def layout(self, n_players: int) -> _Layout:
        """Removed cards and every possible deal of each type pile for this player count."""
        found = self._layouts.get(n_players)
        if found is not None:
            return found
        self.check_players(n_players)
        removed = self.cards.mask_of(self.removed_cards.get(n_players, []))
        pile_deals = []
        for type_index, type_value in enumerate(self.type_values):
            pile = [i for i, t in enumerate(self.card_type) if t == type_index and not removed >> i & 1]
            pile_mask = sum(1 << c for c in pile)
            deals = []
            for dealt in itertools.permutations(pile, n_players):
                seat_bits = tuple(1 << c for c in dealt)
                deals.append((seat_bits, pile_mask & ~sum(seat_bits)))
            pile_deals.append(deals)
        next_seat = list(next_seats(n_players))
        found = self._layouts[n_players] = _Layout(removed, pile_deals, next_seat)
        return found

    # ----------------------------------------------------------------- states
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
        state._clear_round()
        state.round_no = 1

        def mask(name: str) -> int:
            return sum(1 << c for c in placed[name])

        state.hands = [mask(f"hand/{s}") for s in range(n)]
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
