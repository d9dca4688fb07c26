"""Playing one game with bots, seeded so that game i of a run is the same game whatever
process or machine plays it."""

from __future__ import annotations

import random
from typing import Any, Callable, Sequence

from deckgen.bots.registry import RANDOM, check_bot_names, make_bot
from deckgen.errors import NoLegalMove
from deckgen.games.base import Game, Move, State


def game_rngs(seed: int, index: int) -> tuple[random.Random, random.Random]:
    """Chance and bot random sources for game `index` of a run, independent of process count."""
    return random.Random(f"{seed}/{index}/chance"), random.Random(f"{seed}/{index}/bots")


def play_game(
    game: Game,
    n_players: int,
    bot_names: list[str],
    seed: int,
    index: int = 0,
    options: dict[str, Any] | None = None,
    record: bool = False,
    on_move: Callable[[State, Move], None] | None = None,
    opening: Sequence[str] = (),
) -> State:
    """Play one game with bots to its end or the rules' turn cap; returns the final state.
    `on_move(state, move)` is called before each move is applied. `opening`: the first moves
    in their notation (`State.parse_move`), played before the bots choose; an illegal one is
    an `IllegalMove`. A position with no legal move is a `NoLegalMove` naming the game and
    seed, so that it can be played again."""
    try:
        return _play(game, n_players, bot_names, seed, index, options, record, on_move, opening)
    except NoLegalMove as error:
        raise NoLegalMove(f"{error.problems[0]}; game {index} of seed {seed} with bots {', '.join(bot_names)} "
                          f"(deckgen play {game.rules.id} --players {n_players} --seed {seed} --game-index {index} "
                          f"--bots {','.join(bot_names)} --log FILE shows it and keeps its log)") from None


def _play(
    game: Game,
    n_players: int,
    bot_names: list[str],
    seed: int,
    index: int,
    options: dict[str, Any] | None,
    record: bool,
    on_move: Callable[[State, Move], None] | None,
    opening: Sequence[str] = (),
) -> State:
    if n_players not in game.rules.setup:  # the allowed counts, looked up cheaply per game
        game.check_players(n_players)
    chance, bot_rng = game_rngs(seed, index)
    resolved = game.rules.resolve_options(options)
    state = game.new_game(n_players, chance, resolved, record=record)
    cap = game.rules.turn_cap
    for text in opening:
        move = state.parse_move(text)
        state.check_move(move)
        if on_move is not None:
            on_move(state, move)
        state.apply(move)
    if on_move is None and all(name == RANDOM for name in bot_names):
        # What RandomBot.choose does in every seat (each seat's bot would share bot_rng),
        # in the state's own loop: the simulator's innermost.
        state.play_randomly(bot_rng, cap)
        return state
    check_bot_names(game.rules.id, bot_names)
    apply = state.apply
    choose = [make_bot(game.rules.id, bot_names[s], bot_rng, s).choose for s in range(n_players)]
    if on_move is None:
        while not state.is_over and state.turns < cap:
            apply(choose[state.current_player](state))
        return state
    while not state.is_over and state.turns < cap:
        move = choose[state.current_player](state)
        on_move(state, move)
        apply(move)
    return state
