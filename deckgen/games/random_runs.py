"""Random games one after another in compiled code: the simulator's innermost loop when every
seat plays the random bot and no game is recorded (`sim.play.Table.play_random`), traced or not.

Interpreted, the work around each game (its sources restarted, the state dealt and played,
its outcome read) cost as much as a tenth of a short game; here it is a few native calls."""

from __future__ import annotations

from typing import Any

from deckgen.games.base import Game, Watched
from deckgen.games.kit.randomness import RunSources
from deckgen.games.kit.standings import Trace, game_trace

Outcome = tuple[bool, tuple[int, ...], int, tuple[tuple[str, int], ...], None]
"""A game's finished flag, winners, turns and counters, and no trace: the fields of the
simulator's record of a game (`sim.runner.GameRecord`), in its order."""


def play_random_games(game: Game, n_players: int, options: dict[str, Any], turn_cap: int, sources: RunSources,
                      start: int, stop: int, outcomes: list[Outcome]) -> None:
    """Play games start..stop-1 of a run (`sources` are the run's), random in every seat, to
    their end or `turn_cap` turns, appending each game's outcome to `outcomes` as it ends: a
    caller that catches an error knows which game raised it."""
    for index in range(start, stop):
        chance, bots = sources.of_game(index)
        state = game.new_game(n_players, chance, options, False)
        state.play_randomly(bots, turn_cap)
        result = state.result()
        outcomes.append((result.finished, tuple(result.winners), result.turns, tuple(result.counters.items()), None))


Traced = tuple[bool, tuple[int, ...], int, tuple[tuple[str, int], ...], Trace]
"""A traced game's outcome: as `Outcome`, with its measures (`kit.standings.game_trace`)."""


def play_traced_games(game: Game, n_players: int, options: dict[str, Any], turn_cap: int, sources: RunSources,
                      start: int, stop: int, sides: list[int], outcomes: list[Traced]) -> None:
    """`play_random_games` with every game traced for the design metrics
    (`State.play_randomly_watched`): the same games, each outcome with its measures."""
    n_sides = max(sides) + 1
    for index in range(start, stop):
        chance, bots = sources.of_game(index)
        state = game.new_game(n_players, chance, options, False)
        watched: list[Watched] = []
        state.play_randomly_watched(bots, turn_cap, watched)
        result = state.result()
        trace = game_trace(watched, list(state.standing()), result.winners, result.finished, sides, n_sides, n_players)
        outcomes.append((result.finished, tuple(result.winners), result.turns, tuple(result.counters.items()), trace))
