"""Playing games with bots, seeded so that game i of a run is the same game whatever
process or machine plays it.

A `Table` is one run's set-up (the game, the seats' bots, the resolved options), checked and
resolved once; it then plays any game of the run by its index. Each game gets two random
sources of its own, one for chance and one for the bots (`kit.randomness.GameRandom`), so
that a replay of the game's chance (a log, a check) never depends on what the bots drew.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any, Callable, Sequence

from deckgen.bots.random_bot import RandomBot
from deckgen.bots.registry import RANDOM, SEARCH, Bot, BotFactory, bots_for, check_bot_names, make_bot
from deckgen.errors import NoLegalMove
from deckgen.games.base import Game, Move, State, Watched
from deckgen.games.kit.randomness import BOTS, CHANCE, GameRandom, RunSources, run_origin
from deckgen.games.random_runs import Outcome, Traced, play_random_games, play_traced_games

OnMove = Callable[[State, Move], None]
"""Called with the state and the move about to be applied to it."""


#: A run's origin is worked out once per seed (a few bignum mixes), not once per game.
origin_of_run = lru_cache(maxsize=64)(run_origin)


def game_rngs(seed: int, index: int) -> tuple[random.Random, random.Random]:
    """Chance and bot random sources for game `index` of a run of seed `seed`: theirs alone,
    whatever process plays the game (kit.randomness says how)."""
    origin = origin_of_run(seed)
    return GameRandom.of_run(origin, index, CHANCE), GameRandom.of_run(origin, index, BOTS)


def _bot_factory(game_id: str, name: str) -> BotFactory:
    """How to make the bot `name` of a checked game for one game: a search bot is made by name
    every game (it is slow anyway), every other bot from its factory."""
    if name == RANDOM:
        return RandomBot  # every game's, without loading every game's bots
    if name.partition(":")[0] == SEARCH:
        return lambda rng, seat: make_bot(game_id, name, rng, seat)
    return bots_for(game_id)[name]


class Table:
    """A game with its seats' bots and its options, checked and resolved once for a run. A
    plain class, as `experiment.Backend`."""

    __slots__ = ("game", "n_players", "bot_names", "options", "factories", "all_random")

    def __init__(self, game: Game, n_players: int, bot_names: tuple[str, ...], options: dict[str, Any],
                 factories: tuple[BotFactory, ...], all_random: bool) -> None:
        self.game = game
        self.n_players = n_players
        self.bot_names = bot_names
        self.options = options
        self.factories = factories
        #: Whether every seat plays the random bot: then the state's own random loop plays.
        self.all_random = all_random

    @classmethod
    def of(cls, game: Game, n_players: int, bot_names: Sequence[str], options: dict[str, Any] | None = None) -> Table:
        """The table for these seats, after checking the player count and bot names."""
        game.check_players(n_players)
        names = tuple(bot_names)
        check_bot_names(game.rules.id, list(names))
        factories = {name: _bot_factory(game.rules.id, name) for name in set(names)}
        return cls(game, n_players, names, game.rules.resolve_options(options),
                   tuple(factories[name] for name in names), all(name == RANDOM for name in names))

    def play(self, seed: int, index: int = 0, record: bool = False, on_move: OnMove | None = None,
             opening: Sequence[str] = (), watch: list[Watched] | None = None,
             sources: RunSources | None = None) -> State:
        """Play game `index` of seed `seed` to its end or the rules' turn cap; see `play_game`.
        `watch` (instead of `on_move`) gets the positions a traced game notes before every
        move (`State.play_randomly_watched`), in the engine's loop when every seat is random.
        `sources`: the run's `RunSources(seed)`, for a caller playing game after game."""
        rngs = sources.of_game(index) if sources is not None else game_rngs(seed, index)
        try:
            if watch is not None:
                return self._play_watched(rngs, watch)
            return self._play(rngs, record, on_move, opening)
        except NoLegalMove as error:
            raise self._stuck(error, seed, index) from None

    def play_random(self, seed: int, start: int, stop: int, sources: RunSources) -> list[Outcome]:
        """The outcomes of games start..stop-1 of seed `seed`, every seat random (`all_random`)
        and none traced or recorded, played in the engines' compiled loop
        (`games.random_runs`): the same games as `play`'s. `sources`: the run's."""
        outcomes: list[Outcome] = []
        try:
            play_random_games(self.game, self.n_players, self.options, self.game.rules.turn_cap, sources, start, stop,
                              outcomes)
        except NoLegalMove as error:
            raise self._stuck(error, seed, start + len(outcomes)) from None
        return outcomes

    def play_traced(self, seed: int, start: int, stop: int, sources: RunSources, sides: list[int]) -> list[Traced]:
        """As `play_random`, every game traced for the design metrics, with each outcome its
        measures (`kit.standings.game_trace`; `sides`: the side of each seat)."""
        outcomes: list[Traced] = []
        try:
            play_traced_games(self.game, self.n_players, self.options, self.game.rules.turn_cap, sources, start, stop,
                              sides, outcomes)
        except NoLegalMove as error:
            raise self._stuck(error, seed, start + len(outcomes)) from None
        return outcomes

    def _stuck(self, error: NoLegalMove, seed: int, index: int) -> NoLegalMove:
        """A position with no legal move, naming the game so that it can be played again."""
        names, rules = self.bot_names, self.game.rules
        return NoLegalMove(f"{error.problems[0]}; game {index} of seed {seed} with bots {', '.join(names)} "
                           f"(deckgen play {rules.id} --players {self.n_players} --seed {seed} --game-index "
                           f"{index} --bots {','.join(names)} --log FILE shows it and keeps its log)")

    def _play_watched(self, rngs: tuple[random.Random, random.Random], watch: list[Watched]) -> State:
        if not self.all_random:
            return self._play(rngs, False, watching(watch), ())
        chance, bot_rng = rngs
        state = self.game.new_game(self.n_players, chance, self.options, record=False)
        state.play_randomly_watched(bot_rng, self.game.rules.turn_cap, watch)
        return state

    def _play(self, rngs: tuple[random.Random, random.Random], record: bool, on_move: OnMove | None,
              opening: Sequence[str]) -> State:
        chance, bot_rng = rngs
        state = self.game.new_game(self.n_players, chance, self.options, record=record)
        cap = self.game.rules.turn_cap
        for text in opening:
            move = state.parse_move(text)
            state.check_move(move)
            if on_move is not None:
                on_move(state, move)
            state.apply(move)
        if on_move is None and self.all_random:
            # What RandomBot.choose does in every seat (each seat's bot would share bot_rng),
            # in the state's own loop: the simulator's innermost.
            state.play_randomly(bot_rng, cap)
            return state
        apply = state.apply
        if on_move is not None and self.all_random:
            # A random game watched (a log, a check): the random bot's choice drawn by the
            # state itself, as above.
            random_move = state.random_move
            while not state.is_over and state.turns < cap:
                move = random_move(bot_rng)
                on_move(state, move)
                apply(move)
            return state
        bots: list[Bot] = [make(bot_rng, seat) for seat, make in enumerate(self.factories)]
        choose = [bot.choose for bot in bots]
        if on_move is None:
            while not state.is_over and state.turns < cap:
                apply(choose[state.current_player](state))
            return state
        while not state.is_over and state.turns < cap:
            move = choose[state.current_player](state)
            on_move(state, move)
            apply(move)
        return state


def watching(watch: list[Watched]) -> OnMove:
    """An on_move hook noting in `watch` what `State.play_randomly_watched` notes."""

    def note(state: State, move: Move) -> None:
        watch.append((state.current_player, len(state.legal_moves()), list(state.standing())))

    return note


def play_game(
    game: Game,
    n_players: int,
    bot_names: list[str],
    seed: int,
    index: int = 0,
    options: dict[str, Any] | None = None,
    record: bool = False,
    on_move: OnMove | None = None,
    opening: Sequence[str] = (),
) -> State:
    """Play one game with bots to its end or the rules' turn cap; returns the final state.
    `on_move(state, move)` is called before each move is applied. `opening`: the first moves
    in their notation (`State.parse_move`), played before the bots choose; an illegal one is
    an `IllegalMove`. A position with no legal move is a `NoLegalMove` naming the game and
    seed, so that it can be played again. A run of many games makes its `Table` once."""
    return Table.of(game, n_players, bot_names, options).play(seed, index, record, on_move, opening)
