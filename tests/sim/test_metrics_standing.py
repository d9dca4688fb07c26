"""The standing contract: `State.standing()` (read before every move of a traced game) agrees
with `result()`. Engines that rank by their result's scores give exactly what the default
standing reads from a full result (in a level position, any level standing: there the
default cannot tell which way is best, and the described engine negates where lowest wins); engines with a measure of their own (cards left, the
furniture rule...) have every winner of a finished game standing at the top."""

from __future__ import annotations

import random

import pytest

from deckgen.games.base import State
from deckgen.games.registry import game_classes, get_game

#: Games whose standing is a measure of their own rather than their result's scores.
OWN_MEASURE = {"up-and-down", "zoomies", "mystique-pillars", "mystique-energy", "mystique-maze", "mystical-eddies"}
#: Moves watched per game: enough to pass through scoring, few enough to stay fast.
MOVES = 400


@pytest.mark.parametrize("game_id", sorted(game_classes()))
def test_standing_agrees_with_the_result(game_id: str) -> None:
    game = get_game(game_id)
    options = game.rules.resolve_options()
    for n_players in sorted({game.rules.players.min, game.rules.players.max}):
        for index in range(2):
            rng = random.Random(f"{game_id}/{n_players}/{index}")
            state = game.new_game(n_players, rng, options)
            for _ in range(MOVES):
                standing = state.standing()
                assert len(standing) == n_players
                if game_id not in OWN_MEASURE:
                    default = State.standing(state)
                    if len(set(default)) == 1:  # level: no ranking tells the default which way is best
                        assert len(set(standing)) == 1, f"{game_id} at turn {state.turns}"
                    else:
                        assert standing == default, f"{game_id} at turn {state.turns}"
                if state.is_over or state.turns >= game.rules.turn_cap:
                    break
                state.apply(state.random_move(rng))
            result = state.result()
            if result.finished and result.winners:
                final = state.standing()
                assert all(final[seat] == max(final) for seat in result.winners), f"{game_id}: {final} {result}"
