"""The engines' own random loops (`State.play_randomly`) play, in the unrecorded games the
simulator plays, exactly the games that the random bot's `apply(random_move(rng))` plays:
the contract suite checks the same on a few recorded games, these on more seeds, every
player count and the options that change what a random move is."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.games.base import State, Watched
from deckgen.games.kit.randomness import RunSources
from deckgen.games.registry import get_game
from deckgen.sim.metrics import GameTrace, Tracer
from deckgen.sim.play import Table, game_rngs

#: (game, options, games per player count) whose engines draw random moves in a loop of their
#: own; Mismatch's games are long, and it draws nothing.
CASES = [
    ("zoomies", {}, 12),
    ("zoomies", {"second_place_wins": "false"}, 12),
    ("up-and-down", {}, 12),
    ("mystique-chain", {}, 12),
    ("mystique-chain", {"exactly_one": "true"}, 12),
    ("mystique-guilds", {}, 12),
    ("mystique-guilds", {"buy_from_both": "true"}, 12),
    ("mismatch", {}, 3),
    ("mismatch", {"length": "long"}, 1),
]


def new_game(game_id: str, n_players: int, index: int, options: dict[str, Any]) -> tuple[State, Any, int]:
    """Game `index` of seed 7 dealt (unrecorded), with its bots' random source and turn cap."""
    game = get_game(game_id)
    chance, bot_rng = game_rngs(7, index)
    return game.new_game(n_players, chance, game.rules.resolve_options(options)), bot_rng, game.rules.turn_cap


def footprint(game_id: str, n_players: int, index: int, options: dict[str, Any], fast: bool) -> tuple[Any, ...]:
    """What game `index` leaves when played by the engine's loop (`fast`) or move by move."""
    state, bot_rng, cap = new_game(game_id, n_players, index, options)
    if fast:
        state.play_randomly(bot_rng, cap)
    else:
        while not state.is_over and state.turns < cap:
            state.apply(state.random_move(bot_rng))
    return state.turns, state.card_zones(), state.result().to_json(), state.counters


def watched(game_id: str, n_players: int, index: int, options: dict[str, Any], fast: bool) -> list[Watched]:
    """What a traced game notes before each move, in the engine's loop (`fast`) or State's."""
    state, bot_rng, cap = new_game(game_id, n_players, index, options)
    notes: list[Watched] = []
    if fast:
        state.play_randomly_watched(bot_rng, cap, notes)
    else:
        State.play_randomly_watched(state, bot_rng, cap, notes)
    return notes


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


@pytest.mark.parametrize(("game_id", "options", "games"), CASES)
def test_the_engine_loop_notes_what_a_traced_game_notes(game_id: str, options: dict[str, Any], games: int) -> None:
    n_players = get_game(game_id).rules.players.min
    for index in range(games):
        assert watched(game_id, n_players, index, options, fast=True) == \
            watched(game_id, n_players, index, options, fast=False)


#: Traced games of every kind of standing: level until the end (Mystique Chain), points
#: (Zoomies), teams whose seats share a side (Mystique Domination).
TRACED_CASES = [("mystique-chain", 2), ("zoomies", 4), ("mystique-domination", 4), ("up-and-down", 3)]


@pytest.mark.parametrize(("game_id", "n_players"), TRACED_CASES)
def test_the_compiled_traced_loop_records_what_the_tracer_records(game_id: str, n_players: int) -> None:
    """`Table.play_traced` (the engines' loop, measured in the kit) gives each game the
    outcome and measures that playing it watched and finishing a `Tracer` give."""
    game = get_game(game_id)
    table = Table.of(game, n_players, ["random"] * n_players)
    sides = [game.side_of(seat, n_players) for seat in range(n_players)]
    fast = table.play_traced(7, 0, 8, RunSources(7), sides)
    sources = RunSources(7)
    for index, (finished, winners, turns, counters, trace) in enumerate(fast):
        tracer = Tracer(n_players, sides)
        state = table.play(7, index, watch=tracer.watched, sources=sources)
        result = state.result()
        assert (finished, winners, turns, counters) == \
            (result.finished, tuple(result.winners), result.turns, tuple(result.counters.items()))
        assert GameTrace(*trace) == tracer.finish(state), f"game {index}"
