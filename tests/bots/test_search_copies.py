"""The copies search plays its candidates in: `State.clone_reseeded(rng)` is, in every engine,
the same game as `clone()` then `reseed(rng)` (engines may skip copying a random state the
reseeding drops, never change the game), and leaves the original alone."""

from __future__ import annotations

import random

import pytest

from deckgen.games.registry import game_classes, get_game
from deckgen.sim.contract import positions_along_a_game


@pytest.mark.parametrize("game_id", sorted(game_classes()))
def test_a_reseeded_clone_plays_the_game_a_clone_reseeded_by_hand_plays(game_id: str) -> None:
    game = get_game(game_id)
    cap = game.rules.turn_cap
    checked = 0
    for state in positions_along_a_game(game, game.rules.players.min, stops=3):
        before = (state.card_zones(), state.legal_moves(), state.turns)
        fast = state.clone_reseeded(random.Random(7))
        fast.play_randomly(random.Random(9), state.turns + 60)
        slow = state.clone()
        slow.reseed(random.Random(7))
        slow.play_randomly(random.Random(9), state.turns + 60)
        assert (fast.card_zones(), fast.turns, fast.is_over) == (slow.card_zones(), slow.turns, slow.is_over)
        assert fast.result().scores == slow.result().scores
        assert (state.card_zones(), state.legal_moves(), state.turns) == before, "the copy changed the original"
        assert state.turns < cap
        checked += 1
    assert checked >= 2
