"""Mystique Maze: collect a chain of connected cards between your two corner cards.

The three attributes are three lines (colour, suit, number; none wraps), so the deck is a
3 x 4 x 5 box and each seat owns two opposite corners of it. Two cards are connected when
they share two attributes and the third takes neighbouring values on its line. Each turn a
player takes the top card of the deck or of the discard pile, then discards one of the nine
cards held; a player whose eight hand cards then form a chain from one of her corner cards
to the other wins. The corners are hand size + 1 steps apart, so a winning hand is exactly
the inner cards of one shortest path between them.

Cards are ints, hands bit masks. Each seat's shortest paths (avoiding the other seats'
corner cards) are precomputed per player count: a set of hand masks for the win test, and
per card a bit mask over the paths, so that the most hand cards on one path is a handful of
big-int operations (`path_counts`). A turn is two moves: `(FROM_DECK,)` or `(FROM_PILE,)`,
then `(DISCARD, card)`, which ends the turn (win test, then reshuffle).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from pydantic import Field

from deckgen.errors import BadPosition
from deckgen.games.base import Game, Move, Result, State, register
from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.chance import deal_event, deal_hands, shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import reshuffle_event, reshuffle_under_top
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.notation.piles import PilesNotation
from deckgen.model.common import StrictModel, problem
from deckgen.model.rules import GameRules

FROM_DECK: Final = 0
FROM_PILE: Final = 1
DISCARD: Final = 2
DECK_MOVE: Final[tuple[int]] = (FROM_DECK,)
PILE_MOVE: Final[tuple[int]] = (FROM_PILE,)
#: The two halves of a turn.
TAKE: Final = 0
THROW: Final = 1
PHASE_NAMES: Final = ("take", "discard")
ATTRIBUTES: Final = ("colour", "suit", "number")


#: _CHUNK_BITS[v]: the set bits of a 12-bit value, lowest first (for `nth_card`).
_CHUNK_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(i for i in range(12) if v >> i & 1) for v in range(4096))


#: _CHUNK_CARDS[j][v]: the cards of the 12-bit value v in bits 12j .. 12j + 11.
_CHUNK_CARDS: tuple[tuple[tuple[int, ...], ...], ...] = tuple(
    tuple(tuple(12 * j + i for i in bits) for bits in _CHUNK_BITS) for j in range(5))


def cards_of(mask: int) -> list[int]:
    """The cards of a mask of up to 60 cards, lowest first: `bits_of`, a table look-up per
    twelve cards."""
    t = _CHUNK_CARDS
    return list(t[0][mask & 4095] + t[1][mask >> 12 & 4095] + t[2][mask >> 24 & 4095]
                + t[3][mask >> 36 & 4095] + t[4][mask >> 48 & 4095])


def nth_card(mask: int, k: int) -> int:
    """The k-th card (from 0, lowest first) of a mask with more than k cards: what
    `bits_of(mask)[k]` is, twelve bits at a time."""
    base = 0
    while True:
        bits = _CHUNK_BITS[mask & 4095]
        if k < len(bits):
            return base + bits[k]
        k -= len(bits)
        mask >>= 12
        base += 12


class MazeParams(StrictModel):
    #: The three lines, in order along each; no line wraps.
    colour_line: list[str] = Field(min_length=2)
    suit_line: list[str] = Field(min_length=2)
    number_line: list[int] = Field(min_length=2)
    #: The two corner card ids of each seat, seat 0 first.
    corners: list[tuple[str, str]] = Field(min_length=2)
    #: Seat step of play (-1: anticlockwise, seat - 1).
    turn_direction: int
    #: Seat that takes the first turn.
    first_seat: int = Field(ge=0)


class SeatPaths:
    """One seat's own paths: the shortest paths between its corners whose inner cards include
    no corner card of another seat in play. `paths[i]` is the mask of path i's inner cards,
    `member[card]` the mask (over path numbers) of the paths through `card`."""

    def __init__(self, corners: tuple[int, int], paths: list[int], n_cards: int) -> None:
        self.corners = corners
        self.paths = paths
        self.wins: frozenset[int] = frozenset(paths)
        self.full = (1 << len(paths)) - 1
        member = [0] * n_cards
        for number, mask in enumerate(paths):
            bit = 1 << number
            for card in bits_of(mask):
                member[card] |= bit
        self.member = member


def path_counts(member: list[int], cards: list[int]) -> tuple[int, int, int, int]:
    """How many of `cards` lie on each path, as four bit planes over the paths (a bit-sliced
    counter: path i holds p0_i + 2 p1_i + 4 p2_i + 8 p3_i of the cards)."""
    p0 = p1 = p2 = p3 = 0
    for card in cards:
        m = member[card]
        c0 = p0 & m
        p0 ^= m
        c1 = p1 & c0
        p1 ^= c0
        p3 |= p2 & c1
        p2 ^= c1
    return p0, p1, p2, p3


def best_paths(p0: int, p1: int, p2: int, p3: int, full: int) -> tuple[int, int]:
    """The highest count of the planes and the mask of the paths that reach it."""
    best, score = full, 0
    t = best & p3
    if t:
        best, score = t, 8
    t = best & p2
    if t:
        best, score = t, score + 4
    t = best & p1
    if t:
        best, score = t, score + 2
    t = best & p0
    if t:
        best, score = t, score + 1
    return score, best


class MazeState(State):
    """A game in progress: hands as masks, the deck and discard pile as lists (top last)."""

    is_over = False

    def __init__(self, game: MystiqueMaze, hands: list[int], draw: list[int], discard: list[int],
                 first: int, options: Mapping[str, Any], rng: random.Random,
                 events: list[dict[str, Any]] | None) -> None:
        self.game = game
        self.n_players = len(hands)
        self.seats: list[SeatPaths] = game.seat_paths(self.n_players)
        self.wins = [seat.wins for seat in self.seats]
        self.hands = hands
        self.draw = draw
        self.discard = discard
        self.current_player = first
        self.next_seat = next_seats(self.n_players, game.params.turn_direction)
        self.turns = 0
        self.phase = TAKE
        #: The card taken from the discard pile this turn, else -1.
        self.taken = -1
        self.winner = -1
        self.is_over = False
        self.no_return_discard = bool(options["no_return_discard"])
        self.rng = rng
        self.events = events
        self.reshuffles = 0
        self.pile_draws = 0
        #: `score` keeps, per seat, the hand last scored, its score and its counts per path.
        self.scored_hands = [-1] * self.n_players
        self.hand_scores = [0] * self.n_players
        self.score_planes: list[tuple[int, int, int, int]] = [(0, 0, 0, 0)] * self.n_players

    # -- moves -------------------------------------------------------------------------

    def legal_moves(self) -> list[Move]:
        if self.is_over:
            return []
        if self.phase == TAKE:
            moves: list[Move] = []
            if self.draw:
                moves.append(DECK_MOVE)
            if self.discard:
                moves.append(PILE_MOVE)
            return moves
        throw = self.game.discard_moves
        return [throw[card] for card in cards_of(self.discardable())]

    def discardable(self) -> int:
        """The hand cards that may be discarded (not the card just taken back, with the option)."""
        hand = self.hands[self.current_player]
        if self.no_return_discard and self.taken >= 0:
            hand &= ~(1 << self.taken)
        return hand

    def random_move(self, rng: random.Random) -> Move:
        """`legal_moves()[int(rng.random() * len)]` without building the list."""
        if self.phase == TAKE:
            r = rng.random()
            if self.draw and self.discard:
                return DECK_MOVE if r < 0.5 else PILE_MOVE
            return DECK_MOVE if self.draw else PILE_MOVE
        cards = self.discardable()
        return self.game.discard_moves[nth_card(cards, int(rng.random() * cards.bit_count()))]

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """`State.play_randomly` drawing the same moves, a whole turn per loop."""
        if self.events is not None or self.phase == THROW:
            apply, random_move = self.apply, self.random_move
            while not self.is_over and self.turns < turn_cap and (self.events is not None or self.phase == THROW):
                apply(random_move(rng))
        rand = rng.random
        hands, wins, next_seat = self.hands, self.wins, self.next_seat
        no_return = self.no_return_discard
        seat = self.current_player
        while not self.is_over and self.turns < turn_cap:
            draw, discard = self.draw, self.discard
            r = rand()
            if discard and (r >= 0.5 or not draw):
                card = discard.pop()
                self.pile_draws += 1
                hand = hands[seat] | 1 << card
                throwable = hand ^ (1 << card) if no_return else hand
            else:
                card = draw.pop()
                hand = throwable = hands[seat] | 1 << card
            card = nth_card(throwable, int(rand() * throwable.bit_count()))
            hand ^= 1 << card
            hands[seat] = hand
            discard.append(card)
            self.turns += 1
            if hand in wins[seat]:
                self.winner = seat
                self.is_over = True
                break
            if not draw:
                self._reshuffle()
            seat = self.current_player = next_seat[seat]
        self.taken = -1

    def apply(self, move: Move) -> None:
        seat = self.current_player
        code = move[0]
        if code == FROM_DECK:
            card = self.draw.pop()
            self.hands[seat] |= 1 << card
            self.taken = -1
            self.phase = THROW
            if self.events is not None:
                self.events.append({"type": "draw", "seat": seat, "card": self.game.cards.ids[card]})
            return
        if code == FROM_PILE:
            card = self.discard.pop()
            self.hands[seat] |= 1 << card
            self.taken = card
            self.pile_draws += 1
            self.phase = THROW
            return
        card = move[1]
        hand = self.hands[seat] ^ (1 << card)
        self.hands[seat] = hand
        self.discard.append(card)
        self.phase = TAKE
        self.taken = -1
        self.turns += 1
        if hand in self.wins[seat]:
            self.winner = seat
            self.is_over = True
            return
        if not self.draw:
            self._reshuffle()
        self.current_player = self.next_seat[seat]

    def _reshuffle(self) -> None:
        """The discards under the top one become the new deck, shuffled."""
        self.draw = reshuffle_under_top(self.discard, 1, self.rng)
        self.reshuffles += 1
        if self.events is not None:
            self.events.append(reshuffle_event(len(self.draw)))

    # -- search: copies and determinizations -------------------------------------------

    def clone(self) -> MazeState:
        """An independent copy sharing the engine and its path tables; its own chance."""
        twin = copy.copy(self)
        twin.hands = self.hands[:]
        twin.draw = self.draw[:]
        twin.discard = self.discard[:]
        twin.scored_hands = self.scored_hands[:]
        twin.hand_scores = self.hand_scores[:]
        twin.score_planes = self.score_planes[:]
        twin.events = None
        twin.rng = random.Random()
        twin.rng.setstate(self.rng.getstate())
        return twin

    def determinize(self, seat: int, rng: random.Random) -> MazeState:
        """A clone with the other hands and the deck dealt again among themselves, chance from
        `rng`; a card just taken from the discard pile was seen, so it stays in that hand."""
        twin = self.clone()
        known = 1 << self.taken if self.taken >= 0 and seat != self.current_player else 0
        pool = self.draw[:]
        sizes = []
        for other in range(self.n_players):
            if other != seat:
                cards = cards_of(self.hands[other] & ~known)
                pool += cards
                sizes.append((other, len(cards)))
        dealt = [pool[i] for i in shuffled_order(len(pool), rng)]
        start = len(self.draw)
        twin.draw = dealt[:start]
        for other, size in sizes:
            twin.hands[other] = sum(1 << c for c in dealt[start:start + size]) | (known if other == self.current_player else 0)
            start += size
        twin.rng = rng
        return twin

    # -- scoring -----------------------------------------------------------------------

    def score(self, seat: int) -> int:
        """The most hand cards of `seat` on one of its own paths; its counts per path are kept
        and moved by the one card a move changes (traced games read standings every move)."""
        hand = self.hands[seat]
        last = self.scored_hands[seat]
        if last != hand:
            paths = self.seats[seat]
            changed = last ^ hand
            if last >= 0 and changed & (changed - 1) == 0:
                p0, p1, p2, p3 = self.score_planes[seat]
                m = paths.member[changed.bit_length() - 1]
                if hand & changed:
                    c0 = p0 & m
                    c1 = p1 & c0
                    p0, p1, p2, p3 = p0 ^ m, p1 ^ c0, p2 ^ c1, p3 | (p2 & c1)
                else:
                    b0 = m ^ (m & p0)
                    b1 = b0 ^ (b0 & p1)
                    p0, p1, p2, p3 = p0 ^ m, p1 ^ b0, p2 ^ b1, p3 ^ (b1 ^ (b1 & p2))
            else:
                p0, p1, p2, p3 = path_counts(paths.member, cards_of(hand))
            self.score_planes[seat] = (p0, p1, p2, p3)
            self.scored_hands[seat] = hand
            self.hand_scores[seat] = best_paths(p0, p1, p2, p3, paths.full)[0]
        return self.hand_scores[seat]

    def standing(self) -> list[float]:
        """Each seat's score: the most hand cards on one of its own paths."""
        return [float(self.score(seat)) for seat in range(self.n_players)]

    def scores(self) -> list[int]:
        """Per seat, the most hand cards on any one of its own paths."""
        return [self.score(seat) for seat in range(self.n_players)]

    def result(self) -> Result:
        scores = self.scores()
        winner = [1.0 if seat == self.winner else 0.0 for seat in range(self.n_players)]
        return scored_result(self.is_over, [float(s) for s in scores], self.turns, self._counters(scores),
                             tie_break=winner)

    @property
    def counters(self) -> dict[str, int]:
        return self._counters(self.scores())

    def _counters(self, scores: list[int]) -> dict[str, int]:
        """Reshuffles, discard-pile draws; `rival_missing`: the fewest cards a non-winner (any
        seat if unfinished) lacks for an own path; `missing_total`: all seats' lack, added."""
        length = self.game.path_length(self.n_players)
        missing = [length - score for score in scores]
        return {
            "reshuffles": self.reshuffles,
            "pile_draws": self.pile_draws,
            "rival_missing": min(m for seat, m in enumerate(missing) if seat != self.winner),
            "missing_total": sum(missing),
        }

    # -- what seats see ----------------------------------------------------------------

    def observation(self, player: int) -> dict[str, Any]:
        cards = self.game.cards
        return {
            "seat": player,
            "hand": cards.ids_of_mask(self.hands[player]),
            "hand_sizes": [h.bit_count() for h in self.hands],
            "corners": [cards.ids_of(seat.corners) for seat in self.seats],
            "discard": cards.ids_of(self.discard),
            "draw_size": len(self.draw),
            "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            # the card taken from the pile is in a hidden hand now: the others see the taking
            "took_from_pile": self.taken >= 0,
            "taken": cards.ids[self.taken] if self.taken >= 0 and player == self.current_player else None,
            "over": self.is_over,
            "winner": self.winner if self.winner >= 0 else None,
        }

    def card_zones(self) -> dict[str, list[str]]:
        cards = self.game.cards
        zones = {f"hand/{s}": cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        for s, seat in enumerate(self.seats):
            zones[f"corners/{s}"] = cards.ids_of(seat.corners)
        zones["draw"] = cards.ids_of(self.draw)
        zones["discard"] = cards.ids_of(self.discard)
        return zones

    def notation(self) -> MoveNotation:
        return self.game.notation

    def describe_move(self, move: Move) -> str:
        seat = self.current_player
        names = self.game.cards.names
        if move[0] == FROM_DECK:
            return f"seat {seat} draws from the deck"
        if move[0] == FROM_PILE:
            return f"seat {seat} takes the {names[self.discard[-1]]} from the discard pile"
        card = move[1]
        text = f"seat {seat} discards the {names[card]}"
        if self.hands[seat] ^ (1 << card) in self.wins[seat]:
            first, last = self.seats[seat].corners
            text += f" and wins: a chain from the {names[first]} to the {names[last]}"
        return text


class MystiqueMaze(Game):
    """The Mystique Maze engine: card coordinates on the three lines, the corner cards, each
    seat's own paths per player count, the setup and positions."""

    id = "mystique-maze"
    Params = MazeParams

    def __init__(self, rules: GameRules) -> None:
        super().__init__(rules)
        self.notation = PilesNotation(self.cards.ids, "discard", (FROM_DECK, FROM_PILE, DISCARD))
        #: coords[card]: its place on the colour, suit and number lines.
        self.coords: list[tuple[int, int, int]] = [self._coords_of(card.attrs) for card in self.deck.cards]
        self.at = {xyz: card for card, xyz in enumerate(self.coords)}
        self.corner_cards: list[tuple[int, int]] = [
            (self.cards.index_of(a), self.cards.index_of(b)) for a, b in self.params.corners]
        self.discard_moves: tuple[tuple[int, int], ...] = tuple((DISCARD, c) for c in range(self.cards.size))
        self._seat_paths: dict[int, list[SeatPaths]] = {}

    def _coords_of(self, attrs: Mapping[str, object]) -> tuple[int, int, int]:
        p = self.params
        return (p.colour_line.index(str(attrs["colour"])), p.suit_line.index(str(attrs["suit"])),
                p.number_line.index(int(str(attrs["number"]))))

    def rule_problems(self) -> list[str]:
        p = self.params
        path = self.rules.path
        attributes = self.deck.attributes
        if not set(ATTRIBUTES) <= set(attributes):
            return [problem(path, "deck", "the deck needs colour, suit and number attributes")]
        problems = []
        if self.cards.size > 12 * len(_CHUNK_CARDS):
            problems.append(problem(path, "deck", f"{self.cards.size} cards; the engine takes at most "
                                                  f"{12 * len(_CHUNK_CARDS)}"))
        lines = {"colour": [str(v) for v in p.colour_line], "suit": [str(v) for v in p.suit_line],
                 "number": [str(v) for v in p.number_line]}
        for name, line in lines.items():
            values = [str(v) for v in attributes[name]]
            if sorted(line) != sorted(values):
                problems.append(problem(path, f"params.{name}_line",
                                        f"must hold each {name} of the deck once ({', '.join(values)})"))
        if len(p.corners) < self.rules.players.max:
            problems.append(problem(path, "params.corners", f"{len(p.corners)} seats, but the game seats "
                                                            f"up to {self.rules.players.max}"))
        named = [card for pair in p.corners for card in pair]
        unknown = [card for card in named if card not in self.cards.index]
        if unknown:
            problems.append(problem(path, "params.corners", f"unknown cards {', '.join(unknown)}"))
        elif len(set(named)) != len(named):
            problems.append(problem(path, "params.corners", "a card is the corner of two seats"))
        if problems:
            return problems
        by_id = {card.id: card for card in self.deck.cards}
        for n, spec in sorted(self.rules.setup.items()):
            for seat, (a, b) in enumerate(p.corners[:n]):
                ca, cb = self._coords_of(by_id[a].attrs), self._coords_of(by_id[b].attrs)
                steps = sum(abs(x - y) for x, y in zip(ca, cb))
                if spec.hand_size != steps - 1:
                    problems.append(problem(path, f"setup.{n}.hand_size",
                                            f"{spec.hand_size}, but seat {seat}'s corners are {steps} steps "
                                            f"apart: a hand must be exactly one shortest chain ({steps - 1} cards)"))
            if spec.decks != 1 or n * ((spec.hand_size or 0) + 2) > self.cards.size:
                problems.append(problem(path, f"setup.{n}", "one deck must hold the corners and the hands"))
        return problems

    def connected(self, a: int, b: int) -> bool:
        """Two cards share two attributes and the third is neighbouring on its line."""
        return sum(abs(x - y) for x, y in zip(self.coords[a], self.coords[b])) == 1

    def path_length(self, n_players: int) -> int:
        """Inner cards of a shortest chain: the hand size."""
        return self.rules.setup[n_players].hand_size or 0

    def shortest_paths(self, first: int, last: int, blocked: int = 0) -> list[int]:
        """Inner-card masks of the shortest paths from `first` to `last` (each step moves one
        attribute one value towards `last`), leaving out paths through `blocked` cards."""
        end = self.coords[last]
        at = self.at
        out = []
        stack: list[tuple[tuple[int, int, int], int]] = [(self.coords[first], 0)]
        while stack:
            here, mask = stack.pop()
            if here == end:
                out.append(mask)
                continue
            for axis in range(3):
                if here[axis] != end[axis]:
                    step = 1 if end[axis] > here[axis] else -1
                    there = (here[0] + step * (axis == 0), here[1] + step * (axis == 1), here[2] + step * (axis == 2))
                    if there == end:
                        stack.append((there, mask))
                    elif not blocked >> at[there] & 1:
                        stack.append((there, mask | 1 << at[there]))
        return sorted(out)

    def seat_paths(self, n_players: int) -> list[SeatPaths]:
        """Each seat's own paths with `n_players` in play (computed once per count)."""
        tables = self._seat_paths.get(n_players)
        if tables is None:
            corners = self.corner_cards[:n_players]
            tables = []
            for seat, (a, b) in enumerate(corners):
                blocked = sum(1 << c for s, pair in enumerate(corners) if s != seat for c in pair)
                tables.append(SeatPaths((a, b), self.shortest_paths(a, b, blocked), self.cards.size))
            self._seat_paths[n_players] = tables
        return tables

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """The card a deck draw brought, and reshuffles."""
        kind = event.get("type")
        if kind == "draw":
            return f"it is the {self.cards.names[self.cards.index_of(event['card'])]}"
        if kind == "reshuffle":
            return f"the deck is empty: the discards under the top one become a new deck of {event['cards']}"
        return None

    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> MazeState:
        setup = self.rules.setup_for(n_players)
        corners = 0
        for a, b in self.corner_cards[:n_players]:
            corners |= 1 << a | 1 << b
        rest = [c for c in range(self.cards.size) if not corners >> c & 1]
        pile = [rest[i] for i in shuffled_order(len(rest), rng)]
        dealt = deal_hands(pile, n_players, setup.hand_size or 0)
        hands = [sum(1 << c for c in hand) for hand in dealt]
        events: list[dict[str, Any]] | None = None
        if record:
            events = [{"type": "shuffle", "cards": len(rest)},
                      deal_event(self.cards, [sorted(h) for h in dealt],
                                 corners=[self.cards.ids_of(pair) for pair in self.corner_cards[:n_players]])]
        return MazeState(self, hands, pile, [], self.params.first_seat % n_players, options, rng, events)

    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        phase: str = "take",
        taken: str | None = None,
        rng: random.Random | None = None,
        **details: Any,
    ) -> MazeState:
        """A position from card ids: `hand/<s>`, `corners/<s>` (each seat's own two, or left
        out), `draw` and `discard` (top cards last). `phase` is "take" (the turn starts) or
        "discard" (the card is taken); `taken` the card taken from the discard pile this turn."""
        n_players, placed = self.place_zones(zones, ("hand", "corners"), ("draw", "discard"), details)
        if phase not in PHASE_NAMES:
            raise BadPosition(f"position: phase {phase!r} is not one of {', '.join(PHASE_NAMES)}")
        if not 0 <= current_player < n_players:
            raise BadPosition(f"position: current_player {current_player} is not a seat")
        names = self.cards.ids
        for seat, pair in enumerate(self.corner_cards[:n_players]):
            given = placed[f"corners/{seat}"]
            if given and sorted(given) != sorted(pair):
                raise BadPosition(f"position: corners/{seat} must be {names[pair[0]]} and {names[pair[1]]}")
            elsewhere = [names[c] for zone, cards in placed.items() if not zone.startswith("corners/")
                         for c in cards if c in pair]
            if elsewhere:
                raise BadPosition(f"position: {', '.join(elsewhere)} is seat {seat}'s corner card, not in play")
        hands = [sum(1 << c for c in placed[f"hand/{s}"]) for s in range(n_players)]
        state = MazeState(self, hands, placed["draw"], placed["discard"], current_player,
                          self.rules.resolve_options(options), rng or random.Random(0), None)
        state.phase = PHASE_NAMES.index(phase)
        if taken is not None:
            card = self.cards.index_of(taken)
            if state.phase != THROW or not hands[current_player] >> card & 1:
                raise BadPosition(f"position: the taken card {taken} must be in the hand of seat "
                                  f"{current_player}, in the discard phase")
            state.taken = card
        if state.phase == TAKE and not state.draw and not state.discard:
            raise BadPosition("position: the deck and the discard pile are both empty")
        return state


register(MystiqueMaze)  # a call: mypyc compiles a decorated class as a plain one (see base.register)
