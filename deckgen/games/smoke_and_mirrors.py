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
from typing import Any, Sequence

from deckgen.bots.random_bot import RandomBot
from deckgen.errors import DataError
from deckgen.games.base import Game, Move, Result, State, check_players, lazy_bot, register
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


def bits_of(mask: int) -> list[int]:
    """Card indices set in a mask, lowest first."""
    out = []
    i = 0
    while mask:
        if mask & 1:
            out.append(i)
        mask >>= 1
        i += 1
    return out


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
            ids = self.game.card_ids
            self.events.append({
                "event": "deal",
                "round": self.round_no,
                "starter": self.starter,
                "hands": [[ids[c] for c in bits_of(h)] for h in hands],
                "set_aside": [ids[c] for c in bits_of(set_aside)],
                "removed": [ids[c] for c in bits_of(self.layout.removed)],
            })

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
                self.events.append({"event": "swap_draw", "round": self.round_no, "seat": survivor,
                                    "from": loser, "card": self.game.card_ids[taken]})
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
        ids = self.game.card_ids
        return [ids[c] for c in bits_of(mask)]

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

    def card_zones(self) -> dict[str, list[Any]]:
        zones: dict[str, list[Any]] = {}
        for seat in range(self.n_players):
            zones[f"hand:{seat}"] = self._ids(self.hands[seat])
            zones[f"act:{seat}"] = self._ids(self.acts[seat])
        zones["set_aside"] = self._ids(self.set_aside)
        zones["out"] = self._ids(self.out)
        zones["removed"] = self._ids(self.layout.removed)
        return zones

    def describe_move(self, move: Move) -> str:
        p = self.current_player
        code = move[0]
        if code == CHALLENGE:
            return f"seat {p} challenges seat {self.standing}'s act (claim {self.claim})"
        if code == BREAK:
            return f"seat {p} takes a break (the claim to beat stays {self.claim})"
        names = self.game.card_names
        if code == GIVE:
            return f"seat {p} gives {names[move[1]]} to seat {self.swap_loser}"
        cards = ", ".join(names[c] for c in move[1:])
        return f"seat {p} plays {len(move) - 1} card(s) face down claiming {self.next_claim()} ({cards})"


class SmokeAndMirrors(Game):
    """Engine for Smoke and Mirrors; caches move lists and totals per card mask."""

    id = "smoke-and-mirrors"
    bots = {"random": RandomBot, "greedy": lazy_bot("deckgen.bots.smoke_and_mirrors", "GreedyBot")}

    def __init__(self, rules: Any) -> None:
        super().__init__(rules)
        params = rules.params
        self.first_claim = int(params["first_claim"])
        self.claim_step = int(params["claim_step"])
        self.breaks_per_round = int(params["breaks_per_round"])
        self.opening_cards = int(params["opening_cards"])
        self.deal_by = str(params["deal_by"])
        self.removed_cards: dict[int, list[str]] = {int(k): list(v) for k, v in params["removed_cards"].items()}
        cards = self.deck.cards
        self.cards = cards
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
        setup = self.rules.setup_for(n_players)
        removed_ids = self.removed_cards.get(n_players, [])
        unknown = [c for c in removed_ids if c not in self.index_of]
        if unknown:
            raise DataError(f"{self.rules.path}: params.removed_cards.{n_players}: unknown card ids {unknown}")
        if len(removed_ids) != setup.removed:
            raise DataError(f"{self.rules.path}: params.removed_cards.{n_players}: lists {len(removed_ids)} "
                            f"card(s) but setup.{n_players}.removed is {setup.removed}")
        if setup.hand_size != len(self.type_values):
            raise DataError(f"{self.rules.path}: setup.{n_players}.hand_size: {setup.hand_size} but one card "
                            f"of each {self.deal_by} is dealt ({len(self.type_values)})")
        removed = 0
        for card_id in removed_ids:
            removed |= 1 << self.index_of[card_id]
        pile_deals = []
        for type_index, type_value in enumerate(self.type_values):
            pile = [i for i, t in enumerate(self.card_type) if t == type_index and not removed >> i & 1]
            if len(pile) < n_players:
                raise DataError(f"{self.rules.path}: {len(pile)} {type_value} card(s) for {n_players} players")
            pile_mask = sum(1 << c for c in pile)
            deals = []
            for dealt in itertools.permutations(pile, n_players):
                seat_bits = tuple(1 << c for c in dealt)
                deals.append((seat_bits, pile_mask & ~sum(seat_bits)))
            pile_deals.append(deals)
        next_seat = [(seat + 1) % n_players for seat in range(n_players)]
        found = self._layouts[n_players] = _Layout(removed, pile_deals, next_seat)
        return found

    # ----------------------------------------------------------------- states
    def new_game(self, n_players: int, rng: random.Random, options: dict[str, Any],
                 record: bool = False) -> SmokeState:
        check_players(self, n_players)
        state = SmokeState(self, n_players, rng, int(options["rounds_to_win"]), record)
        state.starter = int(rng.random() * n_players)
        if state.events is not None:
            state.events.append({"event": "first_starter", "seat": state.starter})
        state.deal_round()
        return state

    def position(
        self,
        hands: Sequence[Sequence[str]],
        *,
        acts: Sequence[Sequence[str]] | None = None,
        claim: int | None = None,
        standing: int = -1,
        current_player: int = 0,
        starter: int = 0,
        active: Sequence[bool] | None = None,
        breaks_left: Sequence[int] | None = None,
        round_wins: Sequence[int] | None = None,
        out: Sequence[str] = (),
        rounds_to_win: int | None = None,
        rng: random.Random | None = None,
        record: bool = False,
    ) -> SmokeState:
        """A state in a chosen position for scenario tests; cards are given by id and every
        card not placed (nor removed for this player count) is set aside. Without a claim the
        round is at its opening act; `claim` is the claim to beat and `standing` the seat whose
        act may be challenged."""
        n = len(hands)
        check_players(self, n)
        wins = rounds_to_win if rounds_to_win is not None else int(self.rules.options["rounds_to_win"].default)
        state = SmokeState(self, n, rng or random.Random(0), wins, record)
        state.starter = starter
        state._clear_round()
        state.round_no = 1

        def mask_of(ids: Sequence[str]) -> int:
            return sum(1 << self.index_of[c] for c in ids)

        state.hands = [mask_of(h) for h in hands]
        state.acts = [mask_of(a) for a in acts] if acts is not None else [0] * n
        state.out = mask_of(out)
        placed = state.out | state.layout.removed
        for mask in state.hands + state.acts:
            placed |= mask
        state.set_aside = ((1 << len(self.cards)) - 1) & ~placed
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
