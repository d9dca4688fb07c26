"""A game of Mystique Maze in progress: hands as masks, the deck and discard pile as lists
(top last), each seat's paths from the engine's tables."""

from __future__ import annotations

import copy
import random
from collections.abc import Mapping
from typing import Any

from deckgen.games.base import Move, Result, State
from deckgen.games.kit.chance import shuffled_order
from deckgen.games.kit.notation import MoveNotation
from deckgen.games.kit.piles import draw_card, reshuffle_event, reshuffle_under_top
from deckgen.games.kit.randomness import copied
from deckgen.games.kit.ranking import scored_result
from deckgen.games.kit.seats import next_seats
from deckgen.games.kit.zones import DeclaredZone, hand, seat_zones, shared_zone
from deckgen.games.mystique_maze.cards import (
    DECK_MOVE,
    FROM_DECK,
    FROM_PILE,
    PHASE_NAMES,
    PILE_MOVE,
    TAKE,
    THROW,
    cards_of,
    nth_card,
)
from deckgen.games.mystique_maze.paths import SeatPaths, best_paths, path_counts
from deckgen.games.mystique_maze.tables import MazeTables


class MazeState(State[Move]):
    """A game in progress: hands as masks, the deck and discard pile as lists (top last)."""

    is_over = False

    def __init__(self, game: MazeTables, hands: list[int], draw: list[int], discard: list[int],
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
            self.hands[seat] |= 1 << draw_card(self.draw, seat, self.events, self.game.cards.ids)
            self.taken = -1
            self.phase = THROW
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
        twin.rng = copied(self.rng)
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
        zones = {hand(s): cards.ids_of_mask(h) for s, h in enumerate(self.hands)}
        for s, seat in enumerate(self.seats):
            zones[f"corners/{s}"] = cards.ids_of(seat.corners)
        zones["draw"] = cards.ids_of(self.draw)
        zones["discard"] = cards.ids_of(self.discard)
        return zones

    def declared_zones(self) -> list[DeclaredZone]:
        """Hands show to their seat only and the draw pile to nobody; the corners and the
        discard pile (every card was seen as it was thrown) are open."""
        n = self.n_players
        return [*seat_zones("hand", n, "owner"), *seat_zones("corners", n, "everyone"), shared_zone("draw", "nobody"),
                shared_zone("discard", "everyone")]

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
