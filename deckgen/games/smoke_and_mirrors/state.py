"""A game of Smoke and Mirrors in progress: the current round plus round wins."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event, shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.smoke_and_mirrors.cards import (
    ACT,
    BREAK,
    CHALLENGE,
    GIVE,
    PHASE_OPENING,
    PHASE_SWAP,
    PHASE_TURN,
)
from deckgen.games.smoke_and_mirrors.tables import SmokeTables


class SmokeState(State[Move]):
    """A game of Smoke and Mirrors: the current round plus round wins."""

    def __init__(self, game: SmokeTables, n_players: int, rng: random.Random,
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
        self.clear_round()

    def clear_round(self) -> None:
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
        self.act_seat = -1
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
        self.clear_round()
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
        standing = self.act_seat
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
            self.act_seat = p
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
        actor = self.act_seat
        self.act_seat = -1
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
        self.put_out(loser, self.acts[loser])
        self.acts[loser] = 0
        if self.n_active == 1:
            self.put_out(loser, self.hands[loser])
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
            self.put_out(loser, loser_hand)
            self.hands[loser] = 0
            self.current_player = next_player

    def _give(self, card: int) -> None:
        survivor = self.current_player
        bit = 1 << card
        self.hands[survivor] &= ~bit
        self.refresh_turn_key(survivor)
        self.known_out[survivor] |= bit
        loser = self.swap_loser
        self.put_out(loser, self.hands[loser] | bit)
        self.hands[loser] = 0
        self.phase = PHASE_TURN
        self.swap_loser = -1
        self.current_player = self.after_swap

    def put_out(self, loser: int, mask: int) -> None:
        """These cards of the eliminated `loser` leave the round: the `out` zone is open to
        every seat, so the log names them."""
        self.out |= mask
        if self.events is not None and mask:
            self.events.append({"type": "out", "round": self.round_no, "seat": loser,
                                "cards": self.game.cards.ids_of_mask(mask)})

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

    def standing(self) -> list[float]:
        """Rounds won, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(w) for w in self.round_wins]

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
            "standing_act_by": self.act_seat if self.act_seat >= 0 else None,
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
            zones[hand(seat)] = self._ids(self.hands[seat])
            zones[f"act/{seat}"] = self._ids(self.acts[seat])
        zones["aside"] = self._ids(self.set_aside)
        zones["out"] = self._ids(self.out)
        zones["removed"] = self._ids(self.layout.removed)
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands and acts lie face down before their seat, and so does the set-aside pile; the
        cards removed for the player count are announced, and cards out of the round were shown
        when a bluff was caught (each seat remembers those it saw)."""
        n = self.n_players
        return [*seat_zones("hand", n, "owner"), *seat_zones("act", n, "owner"), shared_zone("aside", "nobody"),
                shared_zone("out", "everyone"), shared_zone("removed", "everyone")]

    def clone(self) -> SmokeState:
        """A copy for search: own hands, acts, seat lists and chance; the caches are shared."""
        twin = self._twin()
        twin.rng = copied(self.rng)
        return twin

    def _twin(self) -> SmokeState:
        """A copy with its own lists, sharing the random source (the caller replaces it)."""
        twin = copy.copy(self)
        twin.round_wins = self.round_wins[:]
        twin.hands = self.hands[:]
        twin.acts = self.acts[:]
        twin.active = self.active[:]
        twin.breaks_left = self.breaks_left[:]
        twin.known_out = self.known_out[:]
        twin.next_seat = self.next_seat[:]
        twin.turn_keys = self.turn_keys[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> SmokeState:
        """`State.determinize` on the card masks, type by type: every seat was dealt one card
        of each type and the rest set aside, so each holder keeps its count of every type.
        Each other seat's act is then drawn at random from what it holds, keeping its size,
        and the standing act's honesty follows its new cards."""
        twin = self._twin()
        card_type = self.game.card_type
        others = [s for s in range(self.n_players) if s != seat and self.hands[s] | self.acts[s]]
        holdings = [self.hands[s] | self.acts[s] for s in others] + [self.set_aside]
        by_type: list[list[int]] = [[] for _ in self.game.type_values]
        for held in holdings:
            for c in bits_of(held):
                by_type[card_type[c]].append(c)
        for cards in by_type:
            shuffle_in_place(cards, rng)
        dealt = [sum(1 << by_type[card_type[c]].pop() for c in bits_of(held)) for held in holdings]
        twin.set_aside = dealt.pop()
        for s, held in zip(others, dealt):
            cards = bits_of(held)
            shuffle_in_place(cards, rng)
            twin.hands[s] = held
            twin.acts[s] = 0
            twin.place_act(s, sum(1 << c for c in cards[: self.acts[s].bit_count()]))
        twin.rng = rng
        return twin

    def place_act(self, seat: int, act: int) -> None:
        """Lay `seat`'s face-down act as these cards of what it holds (hand and act), the rest
        in its hand; the standing act's honesty follows its cards. Determinizations deal acts
        with it: `determinize` at random, a search's opponent model as that seat would have
        played them."""
        held = self.hands[seat] | self.acts[seat]
        self.acts[seat] = act
        self.hands[seat] = held & ~act
        self.refresh_turn_key(seat)
        if seat == self.act_seat:
            self.act_honest = self.game.totals(act) >> self.claim & 1 == 1

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        p = self.current_player
        code = move[0]
        if code == CHALLENGE:
            return f"seat {p} challenges seat {self.act_seat}'s act (claim {self.claim})"
        if code == BREAK:
            return f"seat {p} takes a break (the claim to beat stays {self.claim})"
        names = self.game.cards.names
        if code == GIVE:
            return f"seat {p} gives {names[move[1]]} to seat {self.swap_loser}"
        cards = ", ".join(names[c] for c in move[1:])
        return f"seat {p} plays {len(move) - 1} card(s) face down claiming {self.next_claim()} ({cards})"
