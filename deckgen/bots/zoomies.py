"""The `greedy` Zoomies bot: decide whether this trick is wanted, then play to win or lose it.

Zoomies rewards second place, so taking a trick is good only while it keeps the bot below
the leading rival, or while enough points remain for rivals to climb back past it. The
bot sees only its own hand, the trick on the table and the public points.
"""

from __future__ import annotations

import random

from deckgen.bots.registry import register_bot
from deckgen.games.zoomies import ZoomiesState

#: Taking a trick that puts the bot `m` points clear at the top is still fine while at
#: least this many times (m + 1) points remain for the rivals to catch up with.
CATCH_UP_FACTOR = 4
#: Power of a double: flipping the goal is worth keeping, so doubles are discarded last.
DOUBLE_POWER = 100


def strength(value: int, goal: int) -> int:
    """How hard `value` is to beat under `goal` (1 = high wins, 0 = low wins), 1-99."""
    return value if goal else 100 - value


class GreedyZoomiesBot:
    """Wants a trick when behind, avoids one when it would leave it clear at the top late on."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        """The bot is deterministic: `rng` is taken only to fit the bot factory signature."""
        self.seat = seat

    def choose(self, state: ZoomiesState) -> tuple[int, int]:
        moves = state.legal_moves()
        wants = self.wants_trick(state)
        if not state.trick_values:
            return self.lead(state, moves, wants)
        return self.follow(state, moves, wants)

    def wants_trick(self, state: ZoomiesState) -> bool:
        """True when taking the trick in progress helps finish second (or first, without the twist)."""
        if not state.second_place_wins:
            return True
        points = state.points
        seat = self.seat
        worth = state.game.round_trick_points[state.round_index]
        top_rival = max(p for s, p in enumerate(points) if s != seat)
        margin = points[seat] + worth - top_rival
        if margin < 0:
            return True
        later_rounds = range(state.round_index + 1, len(state.game.round_hand_sizes))
        remaining = (state.tricks_left_in_round - 1) * worth + sum(
            state.game.round_hand_sizes[r] * state.game.round_trick_points[r] for r in later_rounds
        )
        return remaining >= CATCH_UP_FACTOR * (margin + 1)

    def power(self, state: ZoomiesState, card: int) -> int:
        """How useful a card is to keep: ordinary cards by their best strength either way."""
        if state.special[card]:
            return DOUBLE_POWER
        low, high = state.readings[card]
        return max(high, 100 - low)

    def lead(self, state: ZoomiesState, moves: list[tuple[int, int]], wants: bool) -> tuple[int, int]:
        """Lead the strongest reading to win, the weakest to lose; a led double names the goal."""
        readings = state.readings

        def lead_strength(move: tuple[int, int]) -> int:
            card, code = move
            return strength(readings[card][code], code)

        if wants:
            return max(moves, key=lead_strength)
        return min(moves, key=lead_strength)

    def follow(self, state: ZoomiesState, moves: list[tuple[int, int]], wants: bool) -> tuple[int, int]:
        """Play the move that wins (or loses) the trick as it stands, using doubles to flip the goal."""
        readings = state.readings
        special = state.special
        values = state.trick_values
        last = len(values) == state.n_players - 1
        # The strongest value already played, under each goal (index LOW / HIGH).
        best_played = (100 - min(values), max(values))
        winning: list[tuple[int, int, int]] = []
        losing: list[tuple[int, int, int]] = []
        for index, (card, code) in enumerate(moves):
            goal = state.goal ^ 1 if special[card] else state.goal
            mine = strength(readings[card][code], goal)
            entry = (mine, self.power(state, card), index)
            (winning if mine > best_played[goal] else losing).append(entry)
        if wants and winning:
            # Last to play: any winner takes it, so spend the least useful card.
            # Otherwise play the hardest value to beat, cheapest card on equal terms.
            pick = min(winning, key=lambda e: e[1]) if last else max(winning, key=lambda e: (e[0], -e[1]))
        elif not wants and losing:
            # Last to play: shed the card hardest to lose with later (the weakest).
            # Otherwise stay as far from the lead as possible, cheapest card on equal terms.
            pick = min(losing, key=lambda e: e[1]) if last else min(losing, key=lambda e: (e[0], e[1]))
        else:
            # The wish cannot be met: give up the least useful card at its weakest.
            pick = min(losing or winning, key=lambda e: (e[1], e[0]))
        return moves[pick[2]]


register_bot("zoomies", "greedy", GreedyZoomiesBot)
