"""The greedy Mystique Circle bot, whose choice is the engine package's compiled `greedy_move`,
against the policy worked out here directly from MYSTIQUE-GAMES.md's wording, over every hole
as a set of cards: at every decision of whole seeded games, at each player count, it makes
the same move and leaves its random source where the direct way leaves it, so seeded greedy
games are the ones the bot played before its choice moved into the engine."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from deckgen.bots.mystique_circle import GreedyCircleBot
from deckgen.games.base import Move
from deckgen.games.mystique_circle import HOLE_PHASE, CircleState, MystiqueCircle
from deckgen.games.registry import get_game
from deckgen.sim.play import play_game


@pytest.fixture(scope="module")
def game() -> MystiqueCircle:
    found = get_game("mystique-circle")
    assert isinstance(found, MystiqueCircle)
    return found


def direct_choice(state: CircleState, rng: random.Random) -> Move:
    """The hole closest in bid to the high cards kept, then lowest in numbers, drawn by one
    `rng.random()`; a card: the lowest that wins while short of the bid, the highest that
    does not win at the bid, else the lowest legal one."""
    seat, number = state.current_player, state.game.number
    hand = state.hands[seat]
    if state.phase == HOLE_PHASE:
        high = 5 if state.n_players == 2 else 4

        def key(hole: tuple[int, ...]) -> tuple[int, int]:
            kept_high = sum(number[c] >= high for c in hand if c not in hole)
            return abs(sum(state.game.bid_value[c] for c in hole) - kept_high), sum(number[c] for c in hole)

        holes = list(combinations(hand, state.hole_size))
        best = min(map(key, holes))
        tied = [hole for hole in holes if key(hole) == best]
        return tied[int(rng.random() * len(tied))]
    by_number = sorted((move[0] for move in state.legal_moves()), key=lambda c: (number[c], c))
    if not state.trick:
        return (by_number[0],)
    wins = [c for c in by_number if state.takes[c][state.winner_card]]
    if state.tricks[seat] < state.bids[seat]:
        return (wins[0] if wins else by_number[0],)
    losing = [c for c in by_number if c not in wins]
    return (losing[-1] if losing else by_number[0],)


@pytest.mark.parametrize("players", [2, 3, 5])
def test_every_greedy_move_is_the_direct_policys_with_the_same_draws(game: MystiqueCircle, players: int) -> None:
    checked = {HOLE_PHASE: 0, "trick": 0}

    def check(state: CircleState, move: Move) -> None:
        ours, theirs = random.Random(state.turns), random.Random(state.turns)
        assert GreedyCircleBot(ours, state.current_player).choose(state) == direct_choice(state, theirs)
        assert ours.getstate() == theirs.getstate()
        checked[HOLE_PHASE if state.phase == HOLE_PHASE else "trick"] += 1

    play_game(game, players, ["greedy"] * players, seed=3, options=None, on_move=check)
    assert checked[HOLE_PHASE] >= players and checked["trick"] > 9 * players
