"""A game of Up and Down in progress: the piles, the four face-up hand cards and the centre."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Move, Result, State, Watched
from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.notation import MoveNotation, made_once
from deckgen.games.kit.piles import draw_card
from deckgen.games.kit.randomness import UnitDraws
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.notation.one_card import OneCardNotation
from deckgen.games.up_and_down.cards import CardTable
from deckgen.games.up_and_down.moves import DIRECTION_NAMES, PASS, PASS_MOVE, UPHILL
from deckgen.games.up_and_down.tables import UpAndDownTables


class UpAndDownState(State[Move]):
    """A game in progress: piles and hands as lists (pile tops last), the centre pile."""

    is_over = False

    def __init__(self, game: UpAndDownTables, table: CardTable, piles: list[list[int]], hands: list[list[int]],
                 centre: list[int], events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.table = table
        self.n_players = len(piles)
        self.next_seat = next_seats(self.n_players)
        self.piles = piles
        self.hands = hands
        self.centre = centre
        self.direction = UPHILL
        #: Seats that passed in a row, and whether the direction flipped since the last play.
        self.passes_in_row = 0
        self.flipped = False
        self.current_player = 0
        self.turns = 0
        self.is_over = False
        self.winner = -1
        self.events = events
        self.flips = 0
        self.restarts = 0
        self.passes = 0

    def legal_cards(self, seat: int) -> list[int]:
        """The cards of a seat's hand that may go on the centre pile now, in hand order."""
        t = self.table
        follows = (t.uphill if self.direction == UPHILL else t.downhill)[self.centre[-1]]
        return [c for c in self.hands[seat] if follows >> c & 1]

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        cards = self.legal_cards(self.current_player)
        return [(c,) for c in cards] if cards else [PASS_MOVE]

    def random_move(self, rng: random.Random) -> Move:
        """The move one draw picks from `legal_moves()`, read off the playable cards."""
        cards = self.legal_cards(self.current_player)
        pick = rng.random()
        return (cards[int(pick * len(cards))],) if cards else PASS_MOVE

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`State.play_randomly` in one loop: each turn draws the same number `random_move`
        draws (one, a lone pass included) and plays the card it picks straight from the hand,
        with no list of playable cards and no move built."""
        draws = UnitDraws(rng)
        unread: list[float] = []  # no turn is noted, so no standing is read
        while not self.is_over and self.turns < turn_cap:
            self._random_turn(draws.next(), None, unread)

    def play_randomly_watched(self, rng: random.Random, turn_cap: int, watch: list[Watched]) -> None:
        """`State.play_randomly_watched` in the loop of `play_randomly`: the legal moves are the
        playable cards (or the one pass), counted, not listed as moves. The standing (the piles'
        sizes) is noted as the same list until a pile changes, and the measures then read it
        once (`kit.standings`)."""
        draws = UnitDraws(rng)
        standing = self.standing()
        while not self.is_over and self.turns < turn_cap:
            if self._piles_changed(standing):
                standing = self.standing()
            self._random_turn(draws.next(), watch, standing)

    def _piles_changed(self, standing: list[float]) -> bool:
        """Whether some pile's size is no longer the one `standing` was read from."""
        piles = self.piles
        for seat in range(len(piles)):
            if -float(len(piles[seat])) != standing[seat]:
                return True
        return False

    def _random_turn(self, pick: float, watch: list[Watched] | None, standing: list[float]) -> None:
        """The turn `random_move` picks with the draw `pick`: the playable card at that share
        of the playable ones in hand order, or the pass; noted first in `watch` if given, with
        `standing`."""
        t = self.table
        follows = (t.uphill if self.direction == UPHILL else t.downhill)[self.centre[-1]]
        hand = self.hands[self.current_player]
        places = count = 0  # the playable cards' places in the hand, as bits, and how many
        for at in range(len(hand)):
            if follows >> hand[at] & 1:
                places |= 1 << at
                count += 1
        if watch is not None:
            watch.append((self.current_player, count or 1, standing))
        if not count:
            self._pass()
            return
        skip = int(pick * count)
        while skip:
            places &= places - 1
            skip -= 1
        self._play_turn((places & -places).bit_length() - 1)

    def apply(self, move: Move) -> None:
        card = move[0]
        if card == PASS:
            self._pass()
        else:
            self._play_turn(self.hands[self.current_player].index(card))

    def _pass(self) -> None:
        """The seat to move passes: after a full round of passes the direction flips, after
        two the game restarts."""
        seat = self.current_player
        self.turns += 1
        self.passes += 1
        self.passes_in_row += 1
        if self.passes_in_row == self.n_players:
            self.passes_in_row = 0
            if self.flipped:
                self._restart()
                return
            self.flipped = True
            self.flips += 1
            self.direction = -self.direction
            if self.events is not None:
                self.events.append({"type": "direction", "direction": DIRECTION_NAMES[self.direction]})
        self.current_player = self.next_seat[seat]

    def _play_turn(self, at: int) -> None:
        """The seat to move plays the card at `at` in its hand, a legal one, as its turn."""
        seat = self.current_player
        self.turns += 1
        self.passes_in_row = 0
        self.flipped = False
        self._play(seat, at)
        if not self.is_over:
            self.current_player = self.next_seat[seat]

    def _play(self, seat: int, at: int) -> None:
        """Put the card at `at` in the seat's hand on the centre pile and refill the hand at its
        end; an empty pile wins. The cards after it move up one, as `list.remove` would move
        them, but without its search and compares (the caller knows the place)."""
        held = self.hands[seat]
        self.centre.append(held[at])
        last = len(held) - 1
        while at < last:
            held[at] = held[at + 1]
            at += 1
        pile = self.piles[seat]
        if not pile:
            del held[last]
            self.winner = seat
            self.is_over = True
        elif self.events is None:
            held[last] = pile.pop()
        else:
            held[last] = draw_card(pile, seat, self.events, self.table.cards.ids)

    def start(self, kind: str = "start") -> None:
        """The start or a restart (`kind`, the event's type): the highest card in any hand is
        played automatically (not a turn), the direction becomes uphill, and the next seat moves."""
        rank = self.table.rank
        seat, at, card = -1, -1, -1
        for s, held in enumerate(self.hands):  # a loop: cheaper than max() over pairs, once a game
            for i in range(len(held)):
                if card < 0 or rank[held[i]] > rank[card]:
                    seat, at, card = s, i, held[i]
        if self.events is not None:
            self.events.append({"type": kind, "seat": seat, "card": self.table.cards.ids[card]})
        self.direction = UPHILL
        self._play(seat, at)
        if not self.is_over:
            self.current_player = self.next_seat[seat]

    def _restart(self) -> None:
        self.restarts += 1
        self.flipped = False
        self.start("restart")

    def result(self) -> Result:
        scores = [1.0 if seat == self.winner else 0.0 for seat in range(self.n_players)]
        return scored_result(self.is_over, scores, self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        return {"direction_flips": self.flips, "restarts": self.restarts, "passes": self.passes}

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.table.cards.ids
        return {
            "seat": player,
            "hands": [[ids[c] for c in hand] for hand in self.hands],
            "pile_sizes": [len(pile) for pile in self.piles],
            "centre": [ids[c] for c in self.centre],
            "direction": DIRECTION_NAMES[self.direction],
            "passes_in_row": self.passes_in_row,
            "current_player": self.current_player,
            "winner": self.winner if self.is_over else None,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.table.cards.ids
        zones = {hand(s): [ids[c] for c in held] for s, held in enumerate(self.hands)}
        zones.update({f"deck/{s}": [ids[c] for c in pile] for s, pile in enumerate(self.piles)})
        zones["table"] = [ids[c] for c in self.centre]
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands are public; every pile is face down, the player's own included."""
        n = self.n_players
        return [*seat_zones("hand", n, "everyone"), *seat_zones("deck", n, "nobody"), shared_zone("table", "everyone")]

    def clone(self) -> UpAndDownState:
        """A copy for search: own piles, hands and centre pile; the card table is shared."""
        twin = copy.copy(self)
        twin.piles = [pile[:] for pile in self.piles]
        twin.hands = [hand[:] for hand in self.hands]
        twin.centre = self.centre[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> UpAndDownState:
        """`State.determinize` on the card ints: every face-down pile dealt again, each keeping
        its size. The piles' order is all the chance left."""
        twin = self.clone()
        pool = [c for pile in self.piles for c in pile]
        shuffle_in_place(pool, rng)
        start = 0
        for s, pile in enumerate(self.piles):
            twin.piles[s] = pool[start:start + len(pile)]
            start += len(pile)
        return twin

    def standing(self) -> list[float]:
        """Minus the cards left in each pile: the first to refill from an empty pile wins."""
        return [-float(len(pile)) for pile in self.piles]

    def notation(self) -> MoveNotation:
        ids = self.table.cards.ids
        return made_once(("up-and-down", ids), lambda: OneCardNotation(ids, other=("pass", PASS)))

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        if move[0] == PASS:
            return f"seat {seat} cannot play and passes"
        return f"seat {seat} plays the {self.table.cards.names[move[0]]}"
