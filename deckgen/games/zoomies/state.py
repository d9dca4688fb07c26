"""A game of Zoomies in progress: the hands, the deck, the trick and the score piles."""

from __future__ import annotations

import copy
import random
from typing import Any

from deckgen.games.base import Result, State, Watched
from deckgen.games.kit.chance import deal_event, shuffle_in_place
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.randomness import UnitDraws
from deckgen.games.kit.result import result_of
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.zoomies.moves import GOAL_NAMES, HIGH
from deckgen.games.zoomies.scoring import standing
from deckgen.games.zoomies.tables import ZoomiesTables


class ZoomiesState(State[tuple[int, int]]):
    """A Zoomies game in progress; plain lists and ints for speed."""

    #: A plain attribute, not a property, so the play loop reads it cheaply; __init__ sets
    #: it on the instance too, where attribute loads are fastest.
    is_over = False

    def __init__(
        self,
        game: ZoomiesTables,
        n_players: int,
        hands: list[list[int]],
        deck: list[int],
        removed: list[int],
        leader: int,
        second_place_wins: bool,
        events: list[dict[str, Any]] | None,
    ) -> None:
        self.game = game
        # Card tables copied onto the state: the hot path reads them on every turn.
        self.readings = game.readings
        self.special = game.special
        self.lead_moves = game.lead_moves
        self.follow_moves = game.follow_moves
        self.is_over = False
        self.second_place_wins = second_place_wins
        self.n_players = n_players
        self.hands = hands
        #: Undealt cards; the top of the deck is the end of the list.
        self.deck = deck
        self.removed = removed
        self.leader = leader
        self.current_player = leader
        self.round_index = 0
        #: Goal of the trick in progress (HIGH or LOW); meaningless before the lead.
        self.goal = HIGH
        #: Numbers shown in the trick in progress, in play order from the leader. Every
        #: number is on one card, so the numbers also say which cards are on the table.
        self.trick_values: list[int] = []
        #: Each seat's score pile, as the numbers its cards showed when played.
        self.piles: list[list[int]] = [[] for _ in range(n_players)]
        self.points = [0] * n_players
        self.turns = 0
        self.goal_reversals = 0
        self.events = events

    # -- the fast path -------------------------------------------------------------

    def legal_moves(self) -> list[tuple[int, int]]:
        table = self.follow_moves if self.trick_values else self.lead_moves
        moves: list[tuple[int, int]] = []
        for card in self.hands[self.current_player]:
            moves += table[card]
        return moves

    def random_move(self, rng: random.Random) -> tuple[int, int]:
        """A move drawn uniformly from `legal_moves()` without building the list (`_pick`)."""
        return self._pick(UnitDraws(rng))

    def _pick(self, draws: UnitDraws) -> tuple[int, int]:
        """A card and a reading from the hand, drawn again when it is the second reading of a
        double following a lead (not a legal move), so every legal move is equally likely."""
        hand = self.hands[self.current_player]
        choices = 2 * len(hand)
        pick = int(draws.next() * choices)
        if self.trick_values:
            special = self.special
            while pick & 1 and special[hand[pick >> 1]]:
                pick = int(draws.next() * choices)
        return hand[pick >> 1], pick & 1

    def move_count(self) -> int:
        """`len(legal_moves())` without the list: two readings a card when leading, one for a
        double (the goal call comes with the lead) when following."""
        hand = self.hands[self.current_player]
        if not self.trick_values:
            return 2 * len(hand)
        follow = self.follow_moves
        count = 0
        for card in hand:
            count += len(follow[card])
        return count

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`State.play_randomly` in one compiled loop: the card and reading `random_move` draws,
        played with no move built."""
        draws = UnitDraws(rng)
        while not self.is_over and self.turns < turn_cap:
            card, code = self._pick(draws)
            self._play(card, code)

    def play_randomly_watched(self, rng: random.Random, turn_cap: int, watch: list[Watched]) -> None:
        """`State.play_randomly_watched` counting the legal moves rather than listing them. The
        points move only when a trick is taken, so the standing is read at each lead and noted
        as the same list through the trick, which the measures then read once (`kit.standings`)."""
        draws = UnitDraws(rng)
        standing = self.standing()
        while not self.is_over and self.turns < turn_cap:
            card, code = self._pick(draws)
            if not self.trick_values:
                standing = self.standing()
            watch.append((self.current_player, self.move_count(), standing))
            self._play(card, code)

    def apply(self, move: tuple[int, int]) -> None:
        self._play(move[0], move[1])

    def _play(self, card: int, code: int) -> None:
        """The seat to move plays `card` read by `code` (or, leading a double, calling it)."""
        seat = self.current_player
        self.hands[seat].remove(card)
        values = self.trick_values
        if values:
            if self.special[card]:
                self.goal ^= 1
                self.goal_reversals += 1
        else:
            self.goal = code
        reading = self.readings[card]  # a fixed index each: an index in a variable boxes the pair
        values.append(reading[1] if code else reading[0])
        self.turns += 1
        if len(values) < self.n_players:
            self.current_player = (seat + 1) % self.n_players
            return
        self._take_trick(values)

    def _take_trick(self, values: list[int]) -> None:
        """The complete trick goes to the seat that showed the best number for the goal."""
        high = self.goal == HIGH
        best = 0  # a loop rather than max() or min() and index(): numbers never tie
        for at in range(1, len(values)):
            if (values[at] > values[best]) == high:
                best = at
        winner = (self.leader + best) % self.n_players
        self.piles[winner] += values
        self.points[winner] += self.game.round_trick_points[self.round_index]
        if self.events is not None:  # who took the trick, and which goal decided it: public facts
            card_of, ids = self.game.card_of_number, self.game.cards.ids
            self.events.append({"type": "trick", "seat": winner, "cards": [ids[card_of[v]] for v in values],
                                "goal": GOAL_NAMES[self.goal]})
        self.trick_values = []
        self.leader = self.current_player = winner
        if not self.hands[winner]:
            self.round_index += 1
            if self.round_index == len(self.game.round_hand_sizes):
                self.is_over = True
            else:
                self.deal()

    def deal(self) -> None:
        """Deal this round's hands from the top of the deck."""
        size = self.game.round_hand_sizes[self.round_index]
        deck = self.deck
        for seat in range(self.n_players):
            self.hands[seat] = deck[-size:]
            del deck[-size:]
        if self.events is not None:
            self.events.append(deal_event(self.game.cards, self.hands, round=self.round_index + 1))

    # -- reporting -----------------------------------------------------------------

    @property
    def trick_cards(self) -> list[int]:
        """The cards of the trick in progress, in play order from the leader."""
        card_of = self.game.card_of_number
        return [card_of[v] for v in self.trick_values]

    @property
    def tricks_left_in_round(self) -> int:
        """Tricks still to finish in this round, counting the one in progress."""
        return len(self.hands[self.current_player])

    def result(self) -> Result:
        winners, ranking = standing(self.points, self.second_place_wins)
        return result_of(self.is_over, winners if self.is_over else (), tuple(self.points), ranking, self.turns,
                         self.counters)

    @property
    def counters(self) -> dict[str, int]:
        return {"goal_reversals": self.goal_reversals}

    def observation(self, player: int) -> dict[str, Any]:
        ids = self.game.cards.ids
        return {
            "seat": player,
            "hand": [ids[c] for c in self.hands[player]],
            "hand_sizes": [len(h) for h in self.hands],
            "round": self.round_index + 1,
            "leader": self.leader,
            "current_player": self.current_player,
            "goal": GOAL_NAMES[self.goal] if self.trick_values else None,
            "trick": [
                {"seat": (self.leader + i) % self.n_players, "card": ids[c], "value": v}
                for i, (c, v) in enumerate(zip(self.trick_cards, self.trick_values))
            ],
            "points": list(self.points),
            "score_pile_sizes": [len(p) for p in self.piles],
            "deck_size": len(self.deck),
            "removed_count": len(self.removed),
            "second_place_wins": self.second_place_wins,
        }

    def card_zones(self) -> dict[str, list[str]]:
        ids = self.game.cards.ids
        card_of = self.game.card_of_number
        zones: dict[str, list[str]] = {
            "draw": [ids[c] for c in self.deck],
            "removed": [ids[c] for c in self.removed],
            "trick": [ids[c] for c in self.trick_cards],
        }
        for seat in range(self.n_players):
            zones[hand(seat)] = [ids[c] for c in self.hands[seat]]
            zones[f"won/{seat}"] = [ids[card_of[v]] for v in self.piles[seat]]
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands show to their seat only, the deck and the removed cards to nobody; tricks and
        score piles are face up."""
        n = self.n_players
        return [shared_zone("draw", "nobody"), shared_zone("removed", "nobody"), shared_zone("trick", "everyone"),
                *seat_zones("hand", n, "owner"), *seat_zones("won", n, "everyone")]

    def clone(self) -> ZoomiesState:
        """A copy for search: own hands, deck, trick and scores; the card tables are shared."""
        twin = copy.copy(self)
        twin.hands = [hand[:] for hand in self.hands]
        twin.deck = self.deck[:]
        twin.trick_values = self.trick_values[:]
        twin.piles = [pile[:] for pile in self.piles]
        twin.points = self.points[:]
        twin.events = None
        return twin

    def determinize(self, seat: int, rng: random.Random) -> ZoomiesState:
        """`State.determinize` on the card ints: the other hands, the deck and the removed
        cards dealt again, each keeping its size (any card may follow a lead, so no seat
        shows a void). The deck's order is all the chance left."""
        twin = self.clone()
        others = [s for s in range(self.n_players) if s != seat]
        pool = self.deck + self.removed
        for s in others:
            pool += self.hands[s]
        shuffle_in_place(pool, rng)
        for s in others:
            count = len(self.hands[s])
            twin.hands[s] = pool[len(pool) - count:]
            del pool[len(pool) - count:]
        twin.removed = pool[len(pool) - len(self.removed):]
        del pool[len(pool) - len(self.removed):]
        twin.deck = pool
        return twin

    def standing(self) -> list[float]:
        """Points; under the furniture rule a seat tied for most stands below the lowest by
        its lead, since that rule puts it out."""
        points = self.points
        # One loop rather than max() and min(): compiled, each builtin call costs more than
        # the loop, and traced games read the standing before every move.
        top = lowest = points[0]
        for p in points:
            if p > top:
                top = p
            elif p < lowest:
                lowest = p
        if not self.second_place_wins or top == lowest:
            return [float(p) for p in points]
        return [float(lowest - p if p == top else p) for p in points]

    def notation(self) -> MoveNotation:
        return self.game.notation.at(not self.trick_values)

    def describe_move(self, move: tuple[int, int]) -> str:
        card, code = move
        seat = self.current_player
        label = self.game.card_labels[card]
        if not self.trick_values:
            if self.special[card]:
                return f"seat {seat} leads {label} and calls {GOAL_NAMES[code]}"
            value = self.readings[card][code]
            return f"seat {seat} leads {label} as {value:02d}: {GOAL_NAMES[code]} wins"
        if self.special[card]:
            return f"seat {seat} plays {label}: the goal flips to {GOAL_NAMES[self.goal ^ 1]}"
        return f"seat {seat} plays {label} as {self.readings[card][code]:02d}"
