"""One experiment under every command that plays (simulate, analyse, sweep, tune and the
build's fairness reports): a game, its player counts, the bots of every seat, options, a seed
and a stopping rule (a number of games, or a precision), run on a backend (local processes
or a Dask cluster) with progress lines and the results store.

Game i of every count is seeded from (seed, i), so an experiment gives the same games and
statistics whatever backend and however many processes play it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from deckgen.games.base import Game
from deckgen.games.registry import get_game
from deckgen.sim.runner import (
    TRACED_GAMES,
    ChunkCache,
    Jobs,
    Progress,
    SimRun,
    parse_bots,
    parse_options,
    parse_player_counts,
    run_simulation,
    run_to_precision,
)
from deckgen.sim.stopping import Stop
from deckgen.sim.store import ResultStore, game_inputs, stream_key, stream_lineage

ProgressStart = Callable[[str, int], Progress | None]
"""Starts the progress line of one part ("<label> <n>p", games at most): its callback or None."""


class Backend:
    """Where games are played: `workers` local processes, or a Dask cluster (a running
    scheduler's address, or `local:N` started here). A plain class: making a named tuple's
    class costs every command's start a tenth of a millisecond."""

    __slots__ = ("workers", "scheduler", "cluster")

    def __init__(self, workers: int = 1, scheduler: str | None = None, cluster: str | None = None) -> None:
        self.workers = workers
        self.scheduler = scheduler
        self.cluster = cluster

    @contextmanager
    def open(self) -> Iterator[Jobs]:
        """The jobs argument of the runner while the cluster (if any) is up."""
        if self.scheduler is None and self.cluster is None:  # local processes: sim.cluster not loaded
            yield self.workers
            return
        from deckgen.sim.cluster import dask_engine

        with dask_engine(self.scheduler, self.cluster) as engine:
            yield engine if engine is not None else self.workers


class Experiment:
    """Seeded games of `game` at each of `counts` with `bots[n]` in the seats of count n; its
    `runs` fill as it plays. A plain class: defining a dataclass costs every command a few
    milliseconds of start-up."""

    def __init__(self, game: Game, counts: list[int], bots: dict[int, list[str]], options: dict[str, Any], seed: int,
                 stop: Stop, traced: int = TRACED_GAMES, label: str = "", resume: bool = False) -> None:
        self.game = game
        self.counts = counts
        self.bots = bots
        self.options = options
        self.seed = seed
        self.stop = stop
        #: Games traced move by move for the design metrics (0: none, as tuning needs none).
        self.traced = traced
        #: What progress lines and stored runs call it (default: the game's id).
        self.label = label
        #: Kept in the store and reused there (the build's and the sweep's streams of chunks).
        self.resume = resume
        self.runs: list[SimRun] = []

    @classmethod
    def parse(cls, game_name: str, players: str | int | None, bots_text: str | None,
              option_pairs: tuple[str, ...] | list[str], seed: int, stop: Stop, every_count: bool = False,
              **kwargs: Any) -> Experiment:
        """An experiment from command-line values: the player counts (one count, or text
        such as 2-6; default: the game's minimum, or every count it allows), one bot or one
        per seat (default: the game's report bot) and KEY=VALUE options, checked against the game."""
        game = get_game(game_name)
        if isinstance(players, int):
            game.check_players(players)
            counts = [players]
        else:
            counts = (parse_player_counts(players, game) if players else
                      list(game.rules.players.counts()) if every_count else [game.rules.players.min])
        bots = {n: parse_bots(bots_text or game.rules.report_bot, game, n) for n in counts}
        return cls(game, counts, bots, parse_options(option_pairs, game), seed, stop, **kwargs)

    def run_count(self, n_players: int, jobs: Jobs, progress: Progress | None = None,
                  cache: ChunkCache | None = None) -> SimRun:
        """The games of one player count, until the stopping rule says."""
        bots = self.bots[n_players]
        if self.stop.precision is None:
            return run_simulation(self.game, n_players, bots, self.options, self.seed, self.stop.games, jobs,
                                  progress, self.traced, cache)
        return run_to_precision(self.game, n_players, bots, self.options, self.seed, self.stop.precision,
                                self.stop.games, jobs, progress, self.traced, cache)

    def chunks(self, store: ResultStore, n_players: int) -> ChunkCache:
        """The store's chunks of this experiment's games at one count."""
        request = (self.game, n_players, self.bots[n_players], self.options, self.seed, self.traced)
        return store.chunks(stream_key(*request), stream_lineage(*request))

    def run(self, jobs: Jobs, store: ResultStore | None = None, progress: ProgressStart | None = None,
            cache: Callable[[int], ChunkCache | None] | None = None) -> list[SimRun]:
        """Play every count in order; `cache(n)` may give the chunks to reuse (default: the
        store's when the experiment resumes); the runs, one per count, replace any before."""
        self.runs.clear()
        for n in self.counts:
            chunks = cache(n) if cache is not None else (
                self.chunks(store, n) if self.resume and store is not None else None)
            advance = progress(f"{self.label or self.game.rules.id} {n}p", self.stop.games) if progress else None
            self.runs.append(self.run_count(n, jobs, advance, chunks))
        return self.runs

    def request(self, run: SimRun, **fields: Any) -> dict[str, Any]:
        """What the store keys one count's run by (`fields` add to or replace the usual)."""
        return {"players": run.players, "bots": list(run.bots), "options": dict(self.options), "seed": self.seed,
                "games": len(run.records), "precision": self.stop.precision, "max_games": self.stop.games,
                **fields}

    def record(self, store: ResultStore | None, kind: str, summaries: list[dict[str, Any]],
               **fields: Any) -> None:
        """Record every count's statistics in the store as runs of `kind`."""
        if store is None:
            return
        for run, summary in zip(self.runs, summaries):
            store.record_run(kind, game_inputs(self.game), self.request(run, **fields), summary)
