"""The engines' own random loops (`State.play_randomly`) play, in the unrecorded games the
simulator plays, exactly the games that the random bot's `apply(random_move(rng))` plays:
the contract suite checks the same on a few recorded games, these on more seeds, every
player count and the options that change what a random move is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.games.registry import get_game
from deckgen.sim.play import game_rngs

#: (game, options, games per player count) whose engines draw random moves in a loop of their
#: own; Mismatch's games are long, and it draws nothing.
CASES = [
    ("up-and-down", {}, 12),
    ("mystique-chain", {}, 12),
    ("mystique-chain", {"exactly_one": "true"}, 12),
    ("mystique-guilds", {}, 12),
    ("mystique-guilds", {"buy_from_both": "true"}, 12),
    ("mismatch", {}, 3),
    ("mismatch", {"length": "long"}, 1),
]


def footprint(game_id: str, n_players: int, index: int, options: dict[str, Any], fast: bool) -> tuple[Any, ...]:
    """What game `index` leaves when played by the engine's loop (`fast`) or move by move."""
    game = get_game(game_id)
    chance, bot_rng = game_rngs(7, index)
    state = game.new_game(n_players, chance, game.rules.resolve_options(options))
    cap = game.rules.turn_cap
    if fast:
        state.play_randomly(bot_rng, cap)
    else:
        while not state.is_over and state.turns < cap:
            state.apply(state.random_move(bot_rng))
    return state.turns, state.card_zones(), state.result().to_json(), state.counters


@pytest.mark.parametrize(("game_id", "options", "games"), CASES)
def test_the_engine_loop_plays_the_random_bots_game(game_id: str, options: dict[str, Any], games: int) -> None:
    players = get_game(game_id).rules.players
    for n_players in players.counts():
        for index in range(games):
            assert footprint(game_id, n_players, index, options, fast=True) == \
                footprint(game_id, n_players, index, options, fast=False), f"{n_players} players, game {index}"


def test_a_capped_game_stops_at_the_cap_in_the_engine_loop() -> None:
    game = get_game("mismatch")
    state = game.new_game(2, random.Random(3), game.rules.resolve_options({"length": "long"}))
    state.play_randomly(random.Random(4), 5)
    assert state.turns == 5 and not state.is_over
