"""The greedy Mystique Chain bot, whose choice is the engine package's compiled `greedy_move`
reading the pool masks, against the policy worked out here the slow way, through copies of
the state two moves ahead: at every decision of whole seeded games, under both matching
rules, it makes the same move and leaves its random source where the slow way leaves it, so
seeded greedy games are the ones the bot played before its choice moved into the engine."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystique_chain import GreedyChainBot
from deckgen.games.base import Move
from deckgen.games.mystique_chain import ChainState, MystiqueChain
from deckgen.games.registry import get_game
from deckgen.sim.play import play_game


@pytest.fixture(scope="module")
def game() -> MystiqueChain:
    found = get_game("mystique-chain")
    assert isinstance(found, MystiqueChain)
    return found


def after(state: ChainState, move: Move) -> ChainState:
    twin = state.clone()
    twin.apply(move)
    return twin


def slow_choice(state: ChainState, rng: random.Random) -> Move:
    """The policy through copies: a winning move, else the fewest moves left to the opponent,
    then the most left to this seat after its worst reply, then `rng.choice`."""
    scored: list[tuple[int, int, Move]] = []
    for move in state.legal_moves():
        next_state = after(state, move)
        if next_state.is_over:
            return move
        replies = next_state.legal_moves()
        worst = min(0 if after(next_state, reply).is_over else len(after(next_state, reply).legal_moves())
                    for reply in replies)
        scored.append((len(replies) // 3, -worst, move))
    best = min(score[:2] for score in scored)
    return rng.choice([move for *score, move in scored if tuple(score) == best])


@pytest.mark.parametrize("exactly_one", [False, True])
def test_every_greedy_move_is_the_slow_policys_with_the_same_draws(game: MystiqueChain, exactly_one: bool) -> None:
    checked = ties = 0

    def check(state: ChainState, move: Move) -> None:
        nonlocal checked, ties
        for seed in range(2):
            ours, theirs = random.Random(seed), random.Random(seed)
            assert GreedyChainBot(ours, state.current_player).choose(state) == slow_choice(state, theirs)
            assert ours.getstate() == theirs.getstate()
            ties += ours.getstate() != random.Random(seed).getstate()
        checked += 1

    for index in range(3):
        play_game(game, 2, ["greedy", "random"], seed=5, index=index, options={"exactly_one": exactly_one},
                  on_move=check)
    assert checked > 3 * 4
    assert ties  # some decisions were broken at random, and drew what rng.choice draws
