"""Zoomies: four-player trick taking with the Mirror Deck, where second place wins.

Cards are ints (indices into the deck's card list) and every card's two readings are
precomputed, so a turn is a list removal, a lookup and an append. A move is
`(card, code)`: for an ordinary card `code` picks its LOW or HIGH reading; for a double
led to a trick it names the goal (LOW or HIGH); a double played later has one move,
code LOW, and flips the goal.

Rulings the sources leave open (also in the rule data):
- a led double sets the goal by its player's call and does not flip it as well;
- a double's own number competes for the trick like any other;
- values in a trick never tie, since every number 1-99 is on a single card;
- if all players tie for most points nobody is eliminated and all share the win.
"""

from __future__ import annotations

import copy
import random
from typing import Any, Final, Mapping, Sequence

from pydantic import Field

from deckgen.errors import BadPosition, UnknownCard
from deckgen.games.base import Game, Move, Result, State
from deckgen.games.registry import register
from deckgen.games.kit.chance import deal_event, shuffle_in_place, shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.notation.zoomies import ZoomiesNotation
from deckgen.model.common import StrictModel, problem
from deckgen.model.rules import GameRules

#: Reading / goal codes: the smaller number (lowest wins) and the larger (highest wins).
LOW: Final = 0
HIGH: Final = 1
GOAL_NAMES: Final = ("low", "high")


def standing(points: Sequence[int], second_place_wins: bool) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Winners and ranking (best first) for final points.

    With the furniture rule every seat tied for most points is out and the best of the
    rest wins; if nobody is left, all share the win. Ties keep seat order."""
    seats = range(len(points))
    # A stable sort, reversed or not, keeps tied seats in seat order.
    by_points = sorted(seats, key=points.__getitem__, reverse=True)
    top = points[by_points[0]]
    if not second_place_wins:
        return tuple([s for s in seats if points[s] == top]), tuple(by_points)
    rest = [s for s in by_points if points[s] != top]
    if not rest:
        return tuple(seats), tuple(seats)
    best = points[rest[0]]
    out = [s for s in seats if points[s] == top]
    return tuple([s for s in rest if points[s] == best]), tuple(rest + out)


class ZoomiesState(State):
    """A Zoomies game in progress; plain lists and ints for speed."""

    #: A plain attribute, not a property, so the play loop reads it cheaply; __init__ sets
    #: it on the instance too, where attribute loads are fastest.
    is_over = False

    def __init__(
        self,
        game: Zoomies,
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
        """A move drawn uniformly from `legal_moves()` without building the list: a card
        and a reading from the hand, drawn again when it is the second reading of a double
        following a lead (not a legal move), so every legal move is equally likely."""
        hand = self.hands[self.current_player]
        rand = rng.random
        choices = 2 * len(hand)
        if not self.trick_values:
            pick = int(rand() * choices)
            return self.lead_moves[hand[pick >> 1]][pick & 1]
        special = self.special
        while True:
            pick = int(rand() * choices)
            card = hand[pick >> 1]
            if not (pick & 1 and special[card]):
                return self.follow_moves[card][pick & 1]

    def apply(self, move: tuple[int, int]) -> None:
        card, code = move
        seat = self.current_player
        self.hands[seat].remove(card)
        values = self.trick_values
        if values:
            if self.special[card]:
                self.goal ^= 1
                self.goal_reversals += 1
        else:
            self.goal = code
        values.append(self.readings[card][code])
        self.turns += 1
        if len(values) < self.n_players:
            self.current_player = (seat + 1) % self.n_players
            return
        # The trick is complete (inline: a method call per trick shows in profiles).
        best = max(values) if self.goal else min(values)
        winner = (self.leader + values.index(best)) % self.n_players
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
        return Result(
            finished=self.is_over,
            winners=winners if self.is_over else (),
            scores=tuple(self.points),
            ranking=ranking,
            turns=self.turns,
            counters=self.counters,
        )

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
            zones[f"hand/{seat}"] = [ids[c] for c in self.hands[seat]]
            zones[f"won/{seat}"] = [ids[card_of[v]] for v in self.piles[seat]]
        return zones

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
        top, lowest = max(points), min(points)
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


class ZoomiesParams(StrictModel):
    #: Cards dealt to each player at the start of each round.
    round_hand_sizes: list[int] = Field(min_length=1)
    #: Points for each trick taken in each round.
    round_trick_points: list[int] = Field(min_length=1)


class Zoomies(Game):
    """The Zoomies engine: card tables built once per rules, states built per game."""

    id = "zoomies"
    Params = ZoomiesParams

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
        cards = self.deck.cards
        self.removed_count = {n: spec.removed for n, spec in rules.setup.items()}
        #: readings[card] = (smaller, larger); a double reads (v, v).
        self.readings: list[tuple[int, int]] = []
        self.special: list[bool] = []
        self.card_labels: list[str] = []
        for card in cards:
            numbers = card.fields["readings"]
            self.readings.append((numbers[0], numbers[-1]))
            self.special.append(bool(card.fields["special"]))
            self.card_labels.append(
                f"{numbers[0]:02d} (double)" if card.fields["special"] else f"{numbers[0]:02d} / {numbers[-1]:02d}"
            )
        #: The card and code showing each number 1-99 (for a double, code LOW).
        self.move_of_number = {
            self.readings[c][code]: (c, code) for c in range(len(cards)) for code in (HIGH, LOW)
        }
        #: card_of_number[n] is the card showing n (index 0 unused: no card shows 0).
        self.card_of_number = [0] * (max(self.move_of_number) + 1)
        for number, (index, _) in self.move_of_number.items():
            self.card_of_number[number] = index
        self.lead_moves = [[(c, LOW), (c, HIGH)] for c in range(len(cards))]
        self.follow_moves = [[(c, LOW)] if self.special[c] else [(c, LOW), (c, HIGH)] for c in range(len(cards))]
        self.notation = ZoomiesNotation(self.cards.ids, self.readings, self.special, GOAL_NAMES)
        self.round_hand_sizes: list[int] = self.params.round_hand_sizes
        self.round_trick_points: list[int] = self.params.round_trick_points

    def rule_problems(self) -> list[str]:
        """Rounds the engine cannot play: empty hands, points not one per round."""
        params = self.rules.params
        sizes, points = params["round_hand_sizes"], params["round_trick_points"]
        problems = []
        if min(sizes) < 1:
            problems.append(problem(self.rules.path, "params.round_hand_sizes",
                                    f"every round deals at least 1 card (got {sizes})"))
        if len(points) != len(sizes):
            problems.append(problem(self.rules.path, "params.round_trick_points",
                                    f"one value per round ({len(sizes)} rounds), got {points}"))
        return problems

    def setup_problems(self) -> list[str]:
        """Every round is dealt from one deck, and the setup's hand size is round 1's."""
        sizes = self.rules.params["round_hand_sizes"]
        problems = []
        for n, spec in self.rules.setup.items():
            needed = spec.removed + n * sum(sizes)
            if needed > self.cards.size:
                problems.append(problem(self.rules.path, f"setup.{n}",
                                        f"{spec.removed} removed + {n} x {sum(sizes)} dealt = {needed} cards, "
                                        f"the deck has {self.cards.size}"))
            if spec.hand_size != sizes[0]:
                problems.append(problem(self.rules.path, f"setup.{n}.hand_size",
                                        f"{spec.hand_size} differs from the first round's {sizes[0]} "
                                        "in params.round_hand_sizes"))
        return problems

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> ZoomiesState:
        removed_count = self.removed_count.get(n_players)
        if removed_count is None:
            self.check_players(n_players)
            removed_count = 0
        order = shuffled_order(self.cards.size, rng)
        leader = rng.randrange(n_players)
        events: list[dict[str, Any]] | None = None
        if record:
            ids = self.cards.ids
            events = [
                {"type": "remove", "cards": [ids[c] for c in order[:removed_count]]},
                {"type": "first_leader", "seat": leader},
            ]
        state = ZoomiesState(
            self,
            n_players,
            [[] for _ in range(n_players)],
            order[removed_count:],
            order[:removed_count],
            leader,
            bool(options["second_place_wins"]),
            events,
        )
        state.deal()
        return state

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        round_index: int = 0,
        points: Sequence[int] | None = None,
        **details: Any,
    ) -> ZoomiesState:
        """A state at the start of a trick led by `current_player`, from card ids by zone:
        `hand/<s>`, `won/<s>` (score piles), `draw` (undealt, bottom to top: the last is dealt
        first), `removed`; an empty `trick` is accepted. For scenario tests and puzzles."""
        n_players, placed = self.place_zones(zones, ("hand", "won"), ("draw", "removed", "trick"), details)
        if placed["trick"]:
            raise BadPosition("position: starts before a trick is led, so the trick zone must be empty")
        if not 0 <= round_index < len(self.round_hand_sizes):
            raise BadPosition(f"position: round_index {round_index} is outside 0-{len(self.round_hand_sizes) - 1}")
        state = ZoomiesState(
            self,
            n_players,
            [placed[f"hand/{s}"] for s in range(n_players)],
            placed["draw"],
            placed["removed"],
            current_player,
            bool(self.rules.resolve_options(options)["second_place_wins"]),
            None,
        )
        state.round_index = round_index
        if points is not None:
            state.points = list(points)
        state.piles = [[self.readings[c][LOW] for c in placed[f"won/{s}"]] for s in range(n_players)]
        return state

    def move_showing(self, number: int, goal: int | None = None) -> tuple[int, int]:
        """The move that plays the card showing `number`; `goal` is the call when leading a double."""
        if number not in self.move_of_number:
            raise UnknownCard(f"no Mirror Deck card shows {number} (numbers run 1-99)")
        card, code = self.move_of_number[number]
        if goal is None:
            return (card, code)
        if not self.special[card]:
            raise BadPosition(f"{number} is not on a double: only a led double takes a goal call")
        return (card, goal)


register(Zoomies)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
