"""What a Smoke and Mirrors game in progress reads from its engine: the typed parameters,
the card values, the caches of move lists and totals per card mask, and the deal layouts.
`game` builds on it the states themselves, so a state never imports its engine."""

from __future__ import annotations

import itertools

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
    DealLayout,
    card_value,
    totals_mask,
)
from deckgen.games.smoke_and_mirrors.params import SmokeParams
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem


class SmokeTables(Game[SmokeParams]):
    """The engine's tables; caches move lists and totals per card mask."""

    Params = SmokeParams

    def __init__(self, data: GameData) -> None:
        super().__init__(data)
        self.notation = SmokeNotation(self.cards.ids, (CHALLENGE, BREAK, ACT, GIVE))
        params = self.params
        self.first_claim = params.first_claim
        self.claim_step = params.claim_step
        self.breaks_per_round = params.breaks_per_round
        self.opening_cards = params.opening_cards
        self.deal_by = params.deal_by
        self.removed_cards: dict[int, list[str]] = params.removed_cards
        cards = self.deck.cards
        values = [card_value(c) for c in cards]
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
        self._layouts: dict[int, DealLayout] = {}

    def rule_problems(self) -> list[str]:
        """Removed cards must exist and agree with the setup; piles must deal everyone."""
        params = self.params
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
            found = totals_mask(numbered, len(cards) - len(numbered))
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

    def layout(self, n_players: int) -> DealLayout:
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
        found = self._layouts[n_players] = DealLayout(removed, pile_deals, next_seat)
        return found
