"""Smoke and Mirrors: rising face-down claims, bluffs, challenges and mirror cards.

Hot paths work on bitmasks of card indices (bit i = card i of the deck's card list): hands,
acts on the table and the out pile are ints, the totals a set of cards can make are an int
bitmask cached per card mask, and legal move lists are cached per (cards, flags) key.

Moves (tuples of ints):
- (CHALLENGE,)              challenge the standing act
- (BREAK,)                  rest this turn; the claim stays
- (ACT, c1, c2, ...)        take back your previous act, play these cards claiming one more
- (GIVE, c)                 after a challenge, the survivor hands card c to the eliminated player
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from pydantic import Field

from deckgen.errors import BadPosition, problem
from deckgen.games.base import Game, Move, Result, State, register
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event
from deckgen.games.kit.seats import next_seats
from deckgen.model.common import StrictModel
from deckgen.model.deck import Card

CHALLENGE = 0
BREAK = 1
ACT = 2
GIVE = 3

CHALLENGE_MOVE: tuple[int] = (CHALLENGE,)
BREAK_MOVE: tuple[int] = (BREAK,)

#: Phases of play: a turn (challenge, act, break), the survivor's card to give in a swap,
#: or the round's opening act (one card claiming the first claim).
PHASE_TURN = 0
PHASE_SWAP = 1
PHASE_OPENING = 2


def _totals_mask(values: Sequence[int], mirrors: int) -> int:
    """Bitmask of every total (bit t) numbered cards `values` plus `mirrors` mirrors can make.

    Each mirror adds the sum of a non-empty group of the numbered cards, chosen on its own;
    mirrors without numbered cards make 0.
    """
    if not values:
        return 1 if mirrors else 0
    group_sums = {0}
    for v in values:
        group_sums |= {s + v for s in group_sums}
    group_sums.discard(0)
    totals = {sum(values)}
    for _ in range(mirrors):
        totals = {t + s for t in totals for s in group_sums}
    mask = 0
    for t in totals:
        mask |= 1 << t
    return mask


def _card_value(card: Card) -> tuple[bool, int]:
    """(is mirror, face value) of a deck card."""
    if card.get("kind") == "mirror":
        return True, 0
    return False, int(card.get("value"))


def possible_totals(cards: Sequence[Card]) -> dict[int, list[tuple[Card, ...]]]:
    """Every claim (total above 0) the cards can honestly back, with each group of cards that
    makes it, smallest groups first; 0 (mirrors alone) is never a claim so it is left out."""
    out: dict[int, list[tuple[Card, ...]]] = {}
    for size in range(1, len(cards) + 1):
        for group in itertools.combinations(cards, size):
            values = [v for mirror, v in map(_card_value, group) if not mirror]
            mask = _totals_mask(values, len(group) - len(values))
            total = 1
            mask >>= 1
            while mask:
                if mask & 1:
                    out.setdefault(total, []).append(group)
                mask >>= 1
                total += 1
    return dict(sorted(out.items()))


@dataclass
class _Layout:
    """Per player count: which cards are removed and the precomputed deals of each type pile."""

    removed: int
    #: For each type pile, every possible deal: (the card bit each seat gets, the set-aside mask).
    pile_deals: list[list[tuple[tuple[int, ...], int]]]
    #: Seat order with everyone in the round.
    next_seat: list[int]


class SmokeState(State):
    """A game of Smoke and Mirrors: the current round plus round wins."""

    def __init__(self, game: SmokeAndMirrors, n_players: int, rng: random.Random,
                 rounds_to_win: int, record: bool) -> None:
        self.game = game
        self.act_info = game.act_info
        self.turn_moves_cache = game.turn_moves_cache
        self.first_claim = game.first_claim
        self.claim_step = game.claim_step
        self.breaks_per_round = game.breaks_per_round
        self.n_players = n_players
        self.rng = rng
        self.rounds_to_win = rounds_to_win
        self.layout = game.layout(n_players)
        self.events: list[dict[str, Any]] | None = [] if record else None
        self.turns = 0
        self.round_no = 0
        self.round_wins = [0] * n_players
        self.winner = -1
        self.is_over = False
        self.bluffs = 0
        self.challenges_won = 0
        self.challenges_lost = 0
        self.starter = 0
        self._clear_round()

    def _clear_round(self) -> None:
        """Empty table for a new round (cards are placed by the deal or a test position)."""
        n = self.n_players
        self.hands = [0] * n
        self.acts = [0] * n
        self.active = [True] * n
        self.n_active = n
        self.breaks_left = [self.breaks_per_round] * n
        self.out = 0
        self.set_aside = 0
        #: The claim to beat. Before the opening act it is one step below the first claim,
        #: so every act, the opening included, claims `claim + claim_step`.
        self.claim = self.first_claim - self.claim_step
        #: Seat whose act is the standing act that may be challenged, or -1 when there is none.
        self.standing = -1
        self.act_honest = True
        self.phase = PHASE_OPENING
        self.swap_loser = -1
        self.after_swap = -1
        #: Per seat, cards it knows have left the round (seen in a caught bluff, given away).
        self.known_out = [0] * n
        #: Per seat: the seat that plays after it, and its move-cache key (see legal_moves).
        self.next_seat = self.layout.next_seat[:]
        self.turn_keys = [0] * n
        self.current_player = self.starter

    # ----------------------------------------------------------------- dealing
    def deal_round(self) -> None:
        """Shuffle each type pile, give every seat one card of each type, set the rest aside."""
        self._clear_round()
        rng = self.rng
        hands = self.hands
        set_aside = 0
        for deals in self.layout.pile_deals:
            seat_bits, aside = deals[int(rng.random() * len(deals))]
            hands = [h | b for h, b in zip(hands, seat_bits)]
            set_aside |= aside
        self.hands = hands
        self.set_aside = set_aside
        can_break = self.breaks_per_round > 0
        self.turn_keys = [h << 2 | can_break for h in hands]
        self.round_no += 1
        if self.events is not None:
            ids_of_mask = self.game.cards.ids_of_mask
            self.events.append(deal_event(
                self.game.cards, [bits_of(h) for h in hands],
                round=self.round_no,
                starter=self.starter,
                set_aside=ids_of_mask(set_aside),
                removed=ids_of_mask(self.layout.removed),
            ))

    # ----------------------------------------------------------------- contract
    #: A plain attribute rather than a property: the simulator reads it every move.
    is_over = False

    def legal_moves(self) -> list[Move]:
        if self.phase:
            if self.phase == PHASE_SWAP:
                return self.game.give_moves(self.hands[self.current_player])[:]
            return self.game.opening_moves(self.hands[self.current_player])[:]
        p = self.current_player
        key = self.turn_keys[p]
        standing = self.standing
        if standing != p and standing >= 0:
            key |= 2
        try:
            return self.turn_moves_cache[key][:]
        except KeyError:
            return self.game.turn_moves(key)[:]

    def apply(self, move: Move) -> None:
        code = move[0]
        if code == ACT:
            # The most frequent move, inlined: take back the previous act, play the new one.
            p = self.current_player
            mask, totals = self.act_info[move]
            hands = self.hands
            hands[p] = (hands[p] | self.acts[p]) & ~mask
            self.acts[p] = mask
            claim = self.claim + self.claim_step
            self.claim = claim
            if totals >> claim & 1:
                self.act_honest = True
            else:
                self.act_honest = False
                self.bluffs += 1
            self.standing = p
            self.phase = PHASE_TURN
            self.turns += 1
            self.current_player = self.next_seat[p]
        elif code == CHALLENGE:
            self._challenge()
        elif code == BREAK:
            p = self.current_player
            self.breaks_left[p] -= 1
            self.refresh_turn_key(p)
            self.turns += 1
            self.current_player = self.next_seat[p]
        else:
            self._give(move[1])

    def refresh_turn_key(self, seat: int) -> None:
        """Recompute the seat's move-cache key: its cards (hand and act) and whether it may break."""
        self.turn_keys[seat] = (self.hands[seat] | self.acts[seat]) << 2 | (self.breaks_left[seat] > 0)

    def refresh_seats(self) -> None:
        """Recompute every seat's next seat in the round and its move-cache key."""
        self.next_seat = [self.next_active(seat) for seat in range(self.n_players)]
        for seat in range(self.n_players):
            self.refresh_turn_key(seat)

    def next_claim(self) -> int:
        """The number the current player must announce if they act."""
        return self.claim + self.claim_step

    def _challenge(self) -> None:
        challenger = self.current_player
        actor = self.standing
        self.standing = -1
        if self.act_honest:
            self.challenges_lost += 1
            self.turns += 1
            self._eliminate(challenger, actor, self.next_seat[challenger])
        else:
            self.challenges_won += 1
            self.known_out[challenger] |= self.acts[actor]
            self._eliminate(actor, challenger, challenger)

    def _eliminate(self, loser: int, survivor: int, next_player: int) -> None:
        """Take `loser` out of the round; start the survivor's swap or end the round."""
        self.active[loser] = False
        self.n_active -= 1
        next_seat = self.next_seat
        for seat in range(self.n_players):
            if next_seat[seat] == loser:
                next_seat[seat] = next_seat[loser]
        self.out |= self.acts[loser]
        self.acts[loser] = 0
        if self.n_active == 1:
            self.out |= self.hands[loser]
            self.hands[loser] = 0
            self._end_round(survivor)
            return
        loser_hand = self.hands[loser]
        if loser_hand and self.hands[survivor]:
            cards = self.game.bits(loser_hand)
            taken = cards[int(self.rng.random() * len(cards))]
            bit = 1 << taken
            self.hands[loser] = loser_hand & ~bit
            self.hands[survivor] |= bit
            self.refresh_turn_key(survivor)
            if self.events is not None:
                self.events.append({"type": "swap_draw", "round": self.round_no, "seat": survivor,
                                    "from": loser, "card": self.game.cards.ids[taken]})
            self.phase = PHASE_SWAP
            self.swap_loser = loser
            self.after_swap = next_player
            self.current_player = survivor
        else:
            self.out |= loser_hand
            self.hands[loser] = 0
            self.current_player = next_player

    def _give(self, card: int) -> None:
        survivor = self.current_player
        bit = 1 << card
        self.hands[survivor] &= ~bit
        self.refresh_turn_key(survivor)
        self.known_out[survivor] |= bit
        loser = self.swap_loser
        self.out |= self.hands[loser] | bit
        self.hands[loser] = 0
        self.phase = PHASE_TURN
        self.swap_loser = -1
        self.current_player = self.after_swap

    def _end_round(self, survivor: int) -> None:
        self.round_wins[survivor] += 1
        if self.round_wins[survivor] >= self.rounds_to_win:
            self.winner = survivor
            self.is_over = True
            self.current_player = survivor
            return
        self.starter = (self.starter + 1) % self.n_players
        self.deal_round()

    def next_active(self, seat: int) -> int:
        """The next seat after `seat` still in the round."""
        n = self.n_players
        active = self.active
        seat += 1
        if seat == n:
            seat = 0
        while not active[seat]:
            seat += 1
            if seat == n:
                seat = 0
        return seat

    # ----------------------------------------------------------------- reporting
    @property
    def counters(self) -> dict[str, int]:
        return {"bluffs": self.bluffs, "challenges_won": self.challenges_won,
                "challenges_lost": self.challenges_lost}

    def result(self) -> Result:
        ranking = tuple(sorted(range(self.n_players), key=lambda s: (-self.round_wins[s], s)))
        return Result(
            finished=self.is_over,
            winners=(self.winner,) if self.is_over else (),
            scores=tuple(float(w) for w in self.round_wins),
            ranking=ranking,
            turns=self.turns,
            counters=self.counters,
        )

    def _ids(self, mask: int) -> list[str]:
        return self.game.cards.ids_of_mask(mask)

    def observation(self, player: int) -> dict[str, Any]:
        return {
            "seat": player,
            "round": self.round_no,
            "current_player": self.current_player,
            "phase": ("turn", "swap", "opening")[self.phase],
            "hand": self._ids(self.hands[player]),
            "my_act": self._ids(self.acts[player]),
            "known_out": self._ids(self.known_out[player]),
            "removed": self._ids(self.layout.removed),
            "claim": self.claim,
            "standing_act_by": self.standing if self.standing >= 0 else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "act_sizes": [a.bit_count() for a in self.acts],
            "in_round": list(self.active),
            "breaks_left": list(self.breaks_left),
            "round_wins": list(self.round_wins),
            "rounds_to_win": self.rounds_to_win,
        }

    def card_zones(self) -> dict[str, list[str]]:
        zones: dict[str, list[str]] = {}
        for seat in range(self.n_players):
            zones[f"hand/{seat}"] = self._ids(self.hands[seat])
            zones[f"act/{seat}"] = self._ids(self.acts[seat])
        zones["aside"] = self._ids(self.set_aside)
        zones["out"] = self._ids(self.out)
        zones["removed"] = self._ids(self.layout.removed)
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """Other hands and acts lie face down, and so does the set-aside pile; the cards removed
        for the player count are announced, and cards out of the round were shown when a bluff
        was caught (each seat remembers those it saw)."""
        others = [s for s in range(self.n_players) if s != player]
        return [f"hand/{s}" for s in others] + [f"act/{s}" for s in others] + ["aside"]

    def describe_move(self, move: Move) -> str:
        p = self.current_player
        code = move[0]
        if code == CHALLENGE:
            return f"seat {p} challenges seat {self.standing}'s act (claim {self.claim})"
        if code == BREAK:
            return f"seat {p} takes a break (the claim to beat stays {self.claim})"
        names = self.game.cards.names
        if code == GIVE:
            return f"seat {p} gives {names[move[1]]} to seat {self.swap_loser}"
        cards = ", ".join(names[c] for c in move[1:])
        return f"seat {p} plays {len(move) - 1} card(s) face down claiming {self.next_claim()} ({cards})"


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
        if details:
            raise BadPosition(f"position: unknown details {sorted(details)}")
        n = sum(1 for name in zones if name.startswith("hand/"))
        self.check_players(n)
        known = {f"{kind}/{s}" for kind in ("hand", "act") for s in range(n)} | {"out", "aside", "removed"}
        unknown = sorted(set(zones) - known)
        if unknown:
            raise BadPosition(f"position: unknown zones {unknown} (zones: hand/<seat>, act/<seat>, out, aside, removed)")
        placed = self.cards.place(zones)
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
            return sum(1 << c for c in placed.get(name, []))

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
        state.standing = standing
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


register(SmokeAndMirrors)  # a call: mypyc compiles a decorated class as a plain one (see base.register)
