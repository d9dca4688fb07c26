"""The greedy Mystique Maze bot, as MYSTIQUE-GAMES.md's greedy policy describes it.

A seat's own paths are the shortest paths between its corner cards that avoid the corner
cards of the other seats in play; a hand's score is the most hand cards on any one own path.
The bot takes the top discard if and only if that raises its score, else draws from the deck.
Holding nine cards, it looks at the best paths (the own paths that reach the nine-card
score) and discards the card lying on the fewest of them, uniformly among ties.

The engine precomputes, per card, the bit mask of the own paths through it. The bot keeps a
bit-sliced count of its hand cards on every path (four big ints, see `path_counts`) and the
mask of its best paths, and updates them by one card in and one card out per turn, so a
decision is a few dozen big-int operations, never a walk over the paths. A card raises the
score exactly when it lies on a best path, which makes the draw decision one AND.
"""

from __future__ import annotations

import random
from bisect import insort

from deckgen.bots.registry import register_bot
from deckgen.games.base import Move
from deckgen.games.mystique_maze import (
    DECK_MOVE,
    PILE_MOVE,
    TAKE,
    MazeState,
    SeatPaths,
    best_paths,
    cards_of,
    path_counts,
)


class GreedyMazeBot:
    def __init__(self, rng: random.Random, seat: int) -> None:
        self.rng = rng
        self.seat = seat
        #: The hand (a mask) the counts below are of, its cards in order, and the paths.
        self.hand = -1
        self.cards: list[int] = []
        self.paths: SeatPaths | None = None
        #: Hand cards per path as bit planes, and the mask of the best paths (0: not known).
        self.planes: tuple[int, int, int, int] = (0, 0, 0, 0)
        self.best = 0

    def choose(self, state: MazeState) -> Move:
        seat = self.seat
        paths = state.seats[seat]
        hand = state.hands[seat]
        if hand != self.hand or paths is not self.paths:
            self._count(hand, paths)
        best = self.best
        if not best:
            best = self.best = best_paths(*self.planes, paths.full)[1]
        member = paths.member
        if state.phase == TAKE:
            if not state.discard:
                return DECK_MOVE
            if not state.draw:
                return PILE_MOVE
            return PILE_MOVE if member[state.discard[-1]] & best else DECK_MOVE
        # holding nine: the card on the fewest best paths goes; any card on none of them
        # is one of the fewest, and needs no counting
        taken = state.taken if state.no_return_discard else -1
        ties = [card for card in self.cards if not member[card] & best and card != taken]
        if not ties:
            fewest = -1
            for card in self.cards:
                if card == taken:
                    continue
                on = (member[card] & best).bit_count()
                if on < fewest or fewest < 0:
                    fewest = on
                    ties = [card]
                elif on == fewest:
                    ties.append(card)
        card = ties[0] if len(ties) == 1 else ties[int(self.rng.random() * len(ties))]
        # the counts without that card: a bit-sliced decrement (m & ~p written m ^ (m & p))
        p0, p1, p2, p3 = self.planes
        m = member[card]
        b0 = m ^ (m & p0)
        b1 = b0 ^ (b0 & p1)
        b2 = b1 ^ (b1 & p2)
        self.planes = (p0 ^ m, p1 ^ b0, p2 ^ b1, p3 ^ b2)
        self.best = 0
        self.hand = hand ^ (1 << card)
        self.cards.remove(card)
        return state.game.discard_moves[card]

    def _count(self, hand: int, paths: SeatPaths) -> None:
        """Counts and best paths for `hand`: one card added to those held, or from scratch."""
        added = hand ^ self.hand
        if paths is self.paths and self.hand >= 0 and added & self.hand == 0 and added & (added - 1) == 0:
            card = added.bit_length() - 1
            p0, p1, p2, p3 = self.planes
            m = paths.member[card]
            c0 = p0 & m
            c1 = p1 & c0
            self.planes = (p0 ^ m, p1 ^ c0, p2 ^ c1, p3 | (p2 & c1))
            best = self.best or best_paths(p0, p1, p2, p3, paths.full)[1]
            raised = best & m
            # on a best path, the card raises the score and the best paths are those through
            # it; else the best paths are found again
            self.best = raised if raised else 0
            insort(self.cards, card)
        else:
            self.planes = path_counts(paths.member, cards_of(hand))
            self.best = 0
            self.cards = cards_of(hand)
        self.hand = hand
        self.paths = paths


register_bot("mystique-maze", "greedy", GreedyMazeBot)
