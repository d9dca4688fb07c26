"""A game of Mystique Circle in progress: the round's hands, holes, trick and tricks won, and
the totals; rounds dealt from the engine's tables."""

from __future__ import annotations

import copy
import random
from itertools import combinations
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.tricks import must_follow
from deckgen.games.kit.zones import hand
from deckgen.games.mystique_circle.tables import CircleTables
from deckgen.games.mystique_circle.tricks import DEAL_TRIES, HOLE_PHASE, TRICK_PHASE


class CircleState(State[Move]):
    """A game in progress: the round's hands, holes, trick and tricks won, and the totals."""

    is_over = False

    def __init__(self, game: CircleTables, n_players: int, rng: random.Random, dealer: int,
                 events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = n_players
        self.rng = rng
        self.colour = game.colour
        self.takes = game.takes
        self.in_colour = game.in_colour
        self.card_moves = game.card_moves
        self.next_seat = next_seats(n_players)
        self.kept = game.kept[n_players]
        self.removed = game.removed[n_players]
        self.hole_size: int = game.params.hole_cards
        self.dealer = dealer
        self.scores = [0] * n_players
        self.turns = 0
        self.is_over = False
        self.events = events
        self.hands: list[list[int]] = [[] for _ in range(n_players)]
        self.holes: list[list[int]] = [[] for _ in range(n_players)]
        #: Each seat's bid this round, -1 until its hole is set.
        self.bids = [-1] * n_players
        self.committed = 0
        self.won: list[list[int]] = [[] for _ in range(n_players)]
        self.tricks = [0] * n_players
        self.trick: list[int] = []
        self.phase = HOLE_PHASE
        self.leader = self.current_player = self.next_seat[dealer]
        self.winner_seat = self.winner_card = -1
        #: Colours each seat has shown it lacks this round (by a toss), as bit masks: public,
        #: and what a determinization keeps out of that seat's hand.
        self.voids = [0] * n_players
        #: The last finished round, public once it is over: bids, tricks won, points scored.
        self.last_round: dict[str, list[int]] | None = None
        self.bids_placed = self.bids_made = self.bid_total = 0
        self.seat_tricks = [0] * n_players
        self.dealer_tricks = self.first_leader_tricks = self.dealer_bids_made = self.first_leader_bids_made = 0

    # -- the round ---------------------------------------------------------------------

    def deal(self) -> None:
        """Shuffle the round's cards and deal them all; the dealer's left sets a hole first."""
        n = self.n_players
        size = len(self.kept) // n
        pile = shuffled(self.kept, self.rng)
        dealt = deal_hands(pile, n, size)
        self.hands = [sorted(hand) for hand in dealt]
        self.holes = [[] for _ in range(n)]
        self.bids = [-1] * n
        self.committed = 0
        self.won = [[] for _ in range(n)]
        self.tricks = [0] * n
        self.trick = []
        self.voids = [0] * n
        self.phase = HOLE_PHASE
        self.leader = self.current_player = self.next_seat[self.dealer]
        if self.events is not None:
            self.events.append(deal_event(self.game.cards, dealt, round=self.turns + 1, dealer=self.dealer,
                                          removed=self.game.cards.ids_of(self.removed)))

    def end_round(self) -> None:
        """Reveal the holes, score, and end the game or deal the next round."""
        game, n = self.game, self.n_players
        points, made = [0] * n, [0] * n
        for seat in range(n):
            won = self.tricks[seat]
            points[seat] = won * game.trick_points
            if won == self.bids[seat]:
                points[seat] += game.bid_bonus
                made[seat] = 1
            self.scores[seat] += points[seat]
            self.seat_tricks[seat] += won
            self.bid_total += self.bids[seat]
        self.bids_placed += n
        self.bids_made += sum(made)
        first = self.next_seat[self.dealer]
        self.dealer_tricks += self.tricks[self.dealer]
        self.first_leader_tricks += self.tricks[first]
        self.dealer_bids_made += made[self.dealer]
        self.first_leader_bids_made += made[first]
        self.turns += 1
        self.last_round = {"bids": list(self.bids), "tricks": list(self.tricks), "points": points}
        if self.events is not None:
            ids = self.game.cards.ids
            self.events.append({"type": "reveal", "round": self.turns,
                                "holes": [[ids[c] for c in hole] for hole in self.holes],
                                "bids": list(self.bids), "tricks": list(self.tricks),
                                "points": points, "scores": list(self.scores)})
        if max(self.scores) >= game.target_score:
            self.is_over = True
            self.current_player = self.next_seat[self.dealer]
            return
        self.dealer = first
        self.deal()

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        hand = self.hands[self.current_player]
        if self.phase == HOLE_PHASE:
            return list(combinations(hand, self.hole_size))
        moves = self.card_moves
        if self.trick:
            hand = must_follow(hand, self.in_colour[self.colour[self.trick[0]]])
        return [moves[c] for c in hand]

    def random_move(self, rng: random.Random) -> Move:
        """Uniform over `legal_moves()` without building it: a hole is three distinct hand
        positions drawn one after another (every set equally likely), sorted; a card is drawn
        from the cards of the led colour, or the whole hand."""
        hand = self.hands[self.current_player]
        rand = rng.random
        if self.phase == HOLE_PHASE:
            pool = list(hand)
            picked = [pool.pop(int(rand() * len(pool))) for _ in range(self.hole_size)]
            picked.sort()
            return tuple(picked)
        if self.trick:
            led = self.colour[self.trick[0]]
            colour = self.colour
            follow = [c for c in hand if colour[c] == led]
            if follow:
                return self.card_moves[follow[int(rand() * len(follow))]]
        return self.card_moves[hand[int(rand() * len(hand))]]

    def apply(self, move: Move) -> None:
        seat = self.current_player
        hand = self.hands[seat]
        if self.phase == HOLE_PHASE:
            bid = 0
            bid_value = self.game.bid_value
            for card in move:
                hand.remove(card)
                bid += bid_value[card]
            self.holes[seat] = list(move)
            self.bids[seat] = bid
            self.committed += 1
            if self.committed == self.n_players:
                self.phase = TRICK_PHASE
                self.current_player = self.leader
            else:
                self.current_player = self.next_seat[seat]
            return
        card = move[0]
        hand.remove(card)
        trick = self.trick
        if trick and self.colour[card] != self.colour[trick[0]]:
            self.voids[seat] |= 1 << self.colour[trick[0]]
        if not trick or self.takes[card][self.winner_card]:
            self.winner_card = card
            self.winner_seat = seat
        trick.append(card)
        if len(trick) < self.n_players:
            self.current_player = self.next_seat[seat]
            return
        winner = self.winner_seat
        self.won[winner] += trick
        self.tricks[winner] += 1
        self.trick = []
        self.leader = self.current_player = winner
        if self.events is not None:
            self.events.append({"type": "trick", "seat": winner, "card": self.game.cards.ids[self.winner_card]})
        if not hand:
            self.end_round()

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`apply(random_move(rng))` until the end or the cap, with the trick phase's draws
        inlined: the same random numbers in the same order as `random_move`."""
        rand, colour, takes, n = rng.random, self.colour, self.takes, self.n_players
        while not self.is_over and self.turns < turn_cap:
            if self.phase == HOLE_PHASE or self.trick or self.events is not None:
                self.apply(self.random_move(rng))
                continue
            hands, next_seat, seat = self.hands, self.next_seat, self.current_player
            hand = hands[seat]
            card = hand[int(rand() * len(hand))]
            hand.remove(card)
            trick = [card]
            winner_card, winner_seat = card, seat
            led = colour[card]
            for _ in range(n - 1):
                seat = next_seat[seat]
                hand = hands[seat]
                follow = [c for c in hand if colour[c] == led]
                if follow:
                    card = follow[int(rand() * len(follow))]
                    if takes[card][winner_card]:
                        winner_card, winner_seat = card, seat
                else:
                    card = hand[int(rand() * len(hand))]
                    self.voids[seat] |= 1 << led
                hand.remove(card)
                trick.append(card)
            self.won[winner_seat] += trick
            self.tricks[winner_seat] += 1
            self.winner_card, self.winner_seat = winner_card, winner_seat
            self.leader = self.current_player = winner_seat
            if not hand:
                self.end_round()

    # -- reporting ---------------------------------------------------------------------

    def standing(self) -> list[float]:
        """Points, what `result()` ranks by:
        read without building the result, as traced games read it before every move."""
        return [float(s) for s in self.scores]

    def result(self) -> Result:
        return scored_result(self.is_over, [float(s) for s in self.scores], self.turns, self.counters)

    @property
    def counters(self) -> dict[str, int]:
        """Totals over the game: divide bids_made by the rounds (game length) for bids made per
        round, bid_total by bids for the mean bid; tricks_seat_<s> are the tricks each seat won."""
        counts = {"bids": self.bids_placed, "bids_made": self.bids_made, "bid_total": self.bid_total,
                  "dealer_tricks": self.dealer_tricks, "first_leader_tricks": self.first_leader_tricks,
                  "dealer_bids_made": self.dealer_bids_made,
                  "first_leader_bids_made": self.first_leader_bids_made}
        for seat, won in enumerate(self.seat_tricks):
            counts[f"tricks_seat_{seat}"] = won
        return counts

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        colours = self.game.colour_names
        shown = self.is_over
        n = self.n_players
        return {
            "seat": player,
            "round": self.turns + (0 if self.is_over else 1),
            "dealer": self.dealer,
            "phase": "hole" if self.phase == HOLE_PHASE else "tricks",
            "hand": [ids[c] for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "committed": [b >= 0 for b in self.bids],
            "holes": [[ids[c] for c in self.holes[s]] if shown or s == player else None for s in range(n)],
            "bids": [self.bids[s] if shown or s == player else None for s in range(n)],
            "leader": self.leader,
            "trick": [{"seat": (self.leader + i) % n, "card": ids[c]} for i, c in enumerate(self.trick)],
            "trick_winner": self.winner_seat if self.trick else None,
            "voids": [[colours[c] for c in range(len(colours)) if v >> c & 1] for v in self.voids],
            "tricks": list(self.tricks),
            "won": [[ids[c] for c in cards] for cards in self.won],
            "scores": list(self.scores),
            "last_round": self.last_round,
            "current_player": self.current_player,
            "over": self.is_over,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.game.cards.ids
        zones: dict[str, list[str]] = {}
        for seat in range(self.n_players):
            zones[hand(seat)] = [ids[c] for c in self.hands[seat]]
            zones[f"hole/{seat}"] = [ids[c] for c in self.holes[seat]]
            zones[f"won/{seat}"] = [ids[c] for c in self.won[seat]]
        zones["trick"] = [ids[c] for c in self.trick]
        zones["removed"] = [ids[c] for c in self.removed]
        return zones

    def hidden_zones(self, player: int) -> list[str]:
        """The other hands and holes until the round ends (the holes of the last round stay
        face up when the game is over); the cards out of play are known: the lowest numbers."""
        if self.is_over:
            return []
        others = [s for s in range(self.n_players) if s != player]
        return [hand(s) for s in others] + [f"hole/{s}" for s in others]

    # -- search ------------------------------------------------------------------------

    def clone(self) -> CircleState:
        """An independent copy for search: its own hands, holes, tricks, scores and chance; the
        card tables are shared. It records no events."""
        twin = self._twin()
        twin.rng = copied(self.rng)
        return twin

    def _twin(self) -> CircleState:
        """A copy with its own lists, sharing the random source (the caller replaces it)."""
        twin = copy.copy(self)
        twin.hands = [h[:] for h in self.hands]
        twin.holes = [h[:] for h in self.holes]
        twin.won = [w[:] for w in self.won]
        twin.bids = self.bids[:]
        twin.tricks = self.tricks[:]
        twin.trick = self.trick[:]
        twin.scores = self.scores[:]
        twin.seat_tricks = self.seat_tricks[:]
        twin.voids = self.voids[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> CircleState:
        """A world `seat` cannot tell from this one: the other hands and holes dealt again from
        their cards, each keeping its size, no hand getting a colour its seat has shown it lacks
        (holes were set aside before any toss, so they may hold it). Zones are filled most
        constrained first from one shuffle; a deal that runs short is shuffled again, and in
        the (rare) case all tries fail the hidden cards stay where they are."""
        twin = self._twin()
        twin.rng = rng
        if self.is_over:
            return twin
        others = [s for s in range(self.n_players) if s != seat]
        colour = self.colour
        every = (1 << len(self.game.colour_names)) - 1
        #: (allowed colours, is a hole, seat), fewest allowed colours first
        zones = sorted([(every & ~self.voids[s], 0, s) for s in others] + [(every, 1, s) for s in others],
                       key=lambda z: z[0].bit_count())
        pool = [c for s in others for c in self.hands[s] + self.holes[s]]
        for _ in range(DEAL_TRIES):
            left = shuffled(pool, rng)
            dealt: list[tuple[int, int, list[int]]] = []
            for allowed, is_hole, s in zones:
                need = len(self.holes[s]) if is_hole else len(self.hands[s])
                taken: list[int] = []
                rest: list[int] = []
                for c in left:
                    if len(taken) < need and allowed >> colour[c] & 1:
                        taken.append(c)
                    else:
                        rest.append(c)
                if len(taken) < need:
                    break
                dealt.append((is_hole, s, taken))
                left = rest
            else:
                for is_hole, s, taken in dealt:
                    taken.sort()
                    if is_hole:
                        twin.holes[s] = taken
                        twin.bids[s] = sum(self.game.bid_value[c] for c in taken) if taken else -1
                    else:
                        twin.hands[s] = taken
                return twin
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """Hands and holes from card ids; a replaced hole's bid follows its cards."""
        index_of = self.game.cards.index_of
        for name, ids in zones.items():
            kind, seat = name.split("/")
            cards = sorted(index_of(c) for c in ids)
            if kind == "hand":
                self.hands[int(seat)] = cards
            else:
                self.holes[int(seat)] = cards
                self.bids[int(seat)] = sum(self.game.bid_value[c] for c in cards) if cards else -1

    def notation(self) -> MoveNotation:
        return self.game.notation.at(self.phase == HOLE_PHASE)

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if self.phase == HOLE_PHASE:
            bid = sum(self.game.bid_value[c] for c in move)
            cards = ", ".join(names[c] for c in move)
            return f"seat {seat} sets its hole face down ({cards}: a bid of {bid})"
        card = move[0]
        if not self.trick:
            return f"seat {seat} leads the {names[card]}"
        if self.colour[card] != self.colour[self.trick[0]]:
            return f"seat {seat} tosses the {names[card]}"
        if self.takes[card][self.winner_card]:
            return f"seat {seat} plays the {names[card]} and takes the lead"
        return f"seat {seat} plays the {names[card]}"
