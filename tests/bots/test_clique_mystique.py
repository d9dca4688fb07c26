"""The greedy Clique Mystique bot, whose choice is the engine package's compiled `greedy_move`:
at every decision of whole seeded greedy games it places as the policy says, worked out here
from the placements and their gains (the most cards turned, then the fewest own stacks
covered, the first such in the engine's order), and without a placement it passes or replaces
only as the policy allows."""

from __future__ import annotations

import random

from deckgen.bots.clique_mystique import GreedyCliqueBot
from deckgen.games.base import Move
from deckgen.games.clique_mystique import PASS_MOVE, REPLACE, CliqueState
from deckgen.games.registry import get_game
from deckgen.sim.play import play_game


def best_placement(state: CliqueState) -> Move:
    mine = state.own[state.current_player]
    scored = [(turned, -sum(mine >> move[j] & 1 for j in range(1, len(move), 2)), -index, move)
              for index, (move, turned) in enumerate(zip(state.placements(), state.placement_gains()))]
    return max(scored)[3]


def test_every_greedy_move_follows_the_policy() -> None:
    game = get_game("clique-mystique")
    seen = {"place": 0, "pass": 0, "replace": 0}

    def check(state: CliqueState, move: Move) -> None:
        seat = state.current_player
        assert GreedyCliqueBot(random.Random(0), seat).choose(state) == move
        if state.placements():
            assert move == best_placement(state)
            seen["place"] += 1
        elif move == PASS_MOVE:
            seen["pass"] += 1
        else:
            assert move[0] == REPLACE and state.draw and state.replace_streak[seat] < 3
            assert all(state.hands[seat] >> card & 1 for card in move[1:])
            seen["replace"] += 1

    for index in range(3):
        play_game(game, 2, ["greedy", "greedy"], seed=4, index=index, on_move=check)
    assert seen["place"] > 20 and seen["pass"] and seen["replace"]
