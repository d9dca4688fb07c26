"""Running many bot games: argument checks, seeding, chunking over processes, merging.

Game i of a run is seeded from (seed, i) by sim.play.game_rngs, so a run gives the same records
whatever the number of processes: indices are split into chunks, each worker plays its
chunks and returns one small tuple per game, and the chunks are merged in index order. The
chunks may as well be played on a Dask cluster (`sim.cluster`) and kept as they finish
(`sim.store`), so that a stopped run resumes where it stopped.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

import os
import re
from itertools import repeat
from typing import TYPE_CHECKING, Any, Callable, NamedTuple, Protocol

from deckgen.errors import BadPlayerCount, DeckgenError
from deckgen.sim.precision_plan import next_batch
from deckgen.startup import collector_paused

if TYPE_CHECKING:  # the engines load only when a game is played: argument errors stay fast
    from concurrent.futures import Executor

    from deckgen.games.base import Game
    from deckgen.sim.metrics import GameTrace

#: Games of a run (its first ones) watched move by move for the design metrics: the legal
#: moves are listed and the standings read before every move, which costs several times a
#: plain game.
TRACED_GAMES = 300

#: Worker processes `--force-jobs` may start at most, whatever the machine.
MAX_FORCED_JOBS = 256


class SimulationError(DeckgenError):
    """A simulation or play request that cannot run as given (player counts, bots, options, jobs)."""


class GameRecord(NamedTuple):
    """What the statistics need from one game, small enough to send between processes; the
    first games of a run are also traced for the design metrics (`sim.metrics`)."""

    finished: bool
    winners: tuple[int, ...]
    turns: int
    counters: tuple[tuple[str, int], ...]
    trace: "GameTrace | None" = None


class SimRun(NamedTuple):
    """The records of one simulation at one player count, in game-index order (a named
    tuple: defining a dataclass costs every command a few milliseconds of start-up)."""

    game_id: str
    game_name: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    turn_cap: int
    records: list[GameRecord]
    #: The side each seat plays for (its own, or its team's): winners on one side share no win.
    sides: tuple[int, ...] = ()


Progress = Callable[[int], None]
"""Called with the number of games just completed."""


class ChunkCache(Protocol):
    """Where the chunks of one run are kept as they finish (sim.store), so a run that is
    stopped and started again plays only the games it had not finished."""

    def load(self, start: int, stop: int) -> list[tuple[int, list[GameRecord]]]:
        """Stored chunks inside games start..stop-1, as (first index, records), not overlapping."""

    def save(self, start: int, records: list[GameRecord]) -> None:
        """Keep the records of the games start..start+len(records)-1."""


class ChunkEngine(Protocol):
    """Plays chunks somewhere other than this process's pool: a Dask cluster (sim.cluster)."""

    workers: int

    def play_chunks(self, game: "Game", n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int,
                    chunks: list[tuple[int, int]], traced: int,
                    done: Callable[[int, list[GameRecord]], None]) -> None:
        """Play every chunk, calling `done(start, records)` for each as it finishes."""


Jobs = int | ChunkEngine
"""Where games are played: this many local processes, or a cluster."""


def parse_count_text(text: str, option: str = "--players",
                     expected: str = "a count (4), a range (2-6) or a list (2,4)") -> list[int]:
    """`4`, `2-6` or `2,3,5` as a list of counts, checked for form only (no game needed);
    problems name `option`, the command-line option the text came from."""
    spec = text.strip()
    if re.fullmatch(r"\d{1,3}", spec):
        counts = [int(spec)]
    elif match := re.fullmatch(r"(\d{1,3})\s*-\s*(\d{1,3})", spec):
        low, high = int(match[1]), int(match[2])
        if low > high:
            raise SimulationError(f"{option} {text!r}: the range must go from low to high (e.g. 2-6)")
        counts = list(range(low, high + 1))
    elif re.fullmatch(r"\d{1,3}(\s*,\s*\d{1,3}){1,20}", spec):
        counts = sorted({int(part) for part in spec.split(",")})
    else:
        raise SimulationError(f"{option} {text!r}: expected {expected}")
    return counts


def parse_player_counts(text: str, game: "Game") -> list[int]:
    """`4`, `2-6` or `2,3,5` as a list of counts, each allowed by the game."""
    counts = parse_count_text(text)
    players = game.rules.players
    BadPlayerCount.check(game.rules.id, counts, players.min, players.max)
    return counts


def bot_names_text(text: str) -> list[str]:
    """The comma list of `--bots`, checked for form only (no game needed)."""
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise SimulationError(f"--bots {text!r}: empty bot name (give names like random,greedy)")
    return names


def parse_bots(text: str, game: "Game", n_players: int) -> list[str]:
    """One bot name for every seat, or a comma list with one name per seat."""
    from deckgen.bots.registry import check_bot_names

    names = bot_names_text(text)
    check_bot_names(game.rules.id, names)
    if len(names) == 1:
        return names * n_players
    if len(names) != n_players:
        raise SimulationError(
            f"--bots {text!r}: {len(names)} names for {n_players} players (give one name, or one per seat)"
        )
    return names


def option_pairs_text(pairs: tuple[str, ...] | list[str]) -> dict[str, str]:
    """`key=value` pairs as a mapping, checked for form only (no game needed)."""
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SimulationError(f"--option {pair!r}: expected key=value")
        if key.strip() in given:
            raise SimulationError(f"--option {pair!r}: option {key.strip()} is given twice")
        given[key.strip()] = value.strip()
    return given


def parse_options(pairs: tuple[str, ...] | list[str], game: "Game") -> dict[str, Any]:
    """`key=value` pairs resolved against the game's options (defaults filled in)."""
    return game.rules.resolve_options(option_pairs_text(pairs))


def cores() -> int:
    """The cores this process may run on."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def parse_jobs(text: str, force: bool = False) -> int:
    """`auto` (every core) or a positive number of worker processes, at most the cores of
    this machine (more only waste memory and time) unless `force`, then at most
    MAX_FORCED_JOBS."""
    if text == "auto":
        return cores()
    if not re.fullmatch(r"\d{1,6}", text) or int(text) < 1:
        raise SimulationError(f"--jobs {text!r}: expected a positive number or auto")
    jobs = int(text)
    if force:
        if jobs > MAX_FORCED_JOBS:
            raise SimulationError(f"--jobs {jobs}: more than {MAX_FORCED_JOBS} workers, even with --force-jobs")
        return jobs
    return min(jobs, cores())


def play_range(
    game: "Game", n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int, start: int, stop: int,
    traced: int = TRACED_GAMES,
) -> list[GameRecord]:
    """Play games start..stop-1 of a run and keep only their records; games with an index
    below `traced` are traced (the same games, watched)."""
    from deckgen.games.kit.randomness import RunSources
    from deckgen.sim.metrics import GameTrace, Tracer
    from deckgen.sim.play import Table

    records = []
    table = Table.of(game, n_players, bots, options)
    sources = RunSources(seed)  # restarted for each game: a game's state is done with before the next
    sides = [game.side_of(seat, n_players) for seat in range(n_players)]
    if table.all_random:
        # Every seat random: the engines' compiled loops play, traced games first. Each record
        # made by tuple.__new__, in C: the named tuple's own constructor is an interpreted call
        # a game. They make tuples and lists, no cycles: the collector, which the positions a
        # traced game notes set off every few games, waits for the chunk (at most 2,000 games).
        traced_stop = min(max(start, traced), stop)
        with collector_paused():
            if start < traced_stop:
                records += [tuple.__new__(GameRecord, (*outcome[:4], tuple.__new__(GameTrace, outcome[4])))
                            for outcome in table.play_traced(seed, start, traced_stop, sources, sides)]
            if traced_stop < stop:
                records += map(tuple.__new__, repeat(GameRecord), table.play_random(seed, traced_stop, stop, sources))
        return records
    for index in range(start, stop):
        tracer = Tracer(n_players, sides) if index < traced else None
        state = table.play(seed, index, watch=tracer.watched if tracer is not None else None, sources=sources)
        result = state.result()
        records.append(GameRecord(result.finished, tuple(result.winners), result.turns, tuple(result.counters.items()),
                                  tracer.finish(state) if tracer is not None else None))
    return records


_worker_game: "Game | None" = None


def die_with_parent() -> None:
    """In a worker: end when the process that started it ends, even by `kill -9`, so a
    killed run leaves no workers behind still writing (Linux; elsewhere nothing happens)."""
    try:
        import ctypes
        import signal

        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


def _init_worker(game: "Game") -> None:
    global _worker_game
    die_with_parent()
    _worker_game = game


def _play_chunk(
    n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int, start: int, stop: int, traced: int
) -> tuple[int, list[GameRecord]]:
    assert _worker_game is not None, "worker started without a game"
    return start, play_range(_worker_game, n_players, bots, options, seed, start, stop, traced)


def chunk_bounds(games: int, jobs: int, first: int = 0) -> list[tuple[int, int]]:
    """Index ranges covering games first..first+games-1 in order, shrinking as the run nears
    its end (each a quarter of a worker's share of the games left), so that the workers
    finish together instead of one idling through the last big chunk; at most 2,000 games,
    so that progress moves, and at least a 64th of a worker's share, so that chunks stay
    cheap. The records never depend on the chunks."""
    least, stop = max(1, games // (jobs * 64)), first + games
    bounds, start = [], first
    while start < stop:
        size = min(2000, max(least, -(-(stop - start) // (jobs * 4))))
        bounds.append((start, min(stop, start + size)))
        start += size
    return bounds


def _pool(jobs: int, game: "Game") -> "Executor":
    import multiprocessing  # here: a run in one process, and the command line, never need it
    from concurrent.futures import ProcessPoolExecutor

    # fork starts workers fastest and shares the loaded engines; elsewhere use the default.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(game,))


def _check_run(game: "Game", n_players: int, bots: list[str], games: int) -> None:
    game.check_players(n_players)
    if games < 1:
        raise SimulationError(f"--games {games}: play at least one game")
    if len(bots) != n_players:
        raise SimulationError(f"{len(bots)} bots for {n_players} players")


def _play_games(game: "Game", n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int,
                first: int, games: int, jobs: Jobs, progress: Progress | None, traced: int,
                cache: ChunkCache | None = None) -> list[GameRecord]:
    """Records of games first..first+games-1 in index order, whatever `jobs` is; chunks in
    `cache` are not played again, and every chunk played is saved there."""
    by_start: dict[int, list[GameRecord]] = dict(cache.load(first, first + games)) if cache is not None else {}
    workers = jobs if isinstance(jobs, int) else jobs.workers
    chunks = [chunk for gap in _gaps(by_start, first, first + games)
              for chunk in chunk_bounds(gap[1] - gap[0], workers, gap[0])]
    if progress is not None and by_start:
        progress(sum(len(records) for records in by_start.values()))

    def done(start: int, chunk_records: list[GameRecord]) -> None:
        by_start[start] = chunk_records
        if cache is not None:
            cache.save(start, chunk_records)
        if progress is not None:
            progress(len(chunk_records))

    if not isinstance(jobs, int):
        jobs.play_chunks(game, n_players, bots, options, seed, chunks, traced, done)
    elif jobs == 1 or len(chunks) <= 1:
        for start, stop in chunks:
            done(start, play_range(game, n_players, bots, options, seed, start, stop, traced))
    else:
        from concurrent.futures import as_completed

        with _pool(min(jobs, len(chunks)), game) as pool:
            futures = [pool.submit(_play_chunk, n_players, bots, options, seed, a, b, traced) for a, b in chunks]
            try:
                for future in as_completed(futures):
                    done(*future.result())
            except BaseException:  # a failed save or an interrupt: stop now, not after every chunk is played
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    return [record for start in sorted(by_start) for record in by_start[start]]


def _gaps(by_start: dict[int, list[GameRecord]], first: int, stop: int) -> list[tuple[int, int]]:
    """The index ranges of first..stop-1 that no chunk of `by_start` covers."""
    gaps, covered = [], first
    for start in sorted(by_start):
        if start > covered:
            gaps.append((covered, start))
        covered = max(covered, start + len(by_start[start]))
    if covered < stop:
        gaps.append((covered, stop))
    return gaps


def _sim_run(game: "Game", n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int,
             records: list[GameRecord]) -> SimRun:
    return SimRun(
        game_id=game.rules.id,
        game_name=game.rules.name,
        players=n_players,
        seed=seed,
        bots=bots,
        options=dict(options),
        turn_cap=game.rules.turn_cap,
        records=records,
        sides=tuple(game.side_of(seat, n_players) for seat in range(n_players)),
    )


def run_simulation(
    game: "Game",
    n_players: int,
    bots: list[str],
    options: dict[str, Any],
    seed: int,
    games: int,
    jobs: Jobs = 1,
    progress: Progress | None = None,
    traced: int = TRACED_GAMES,
    cache: ChunkCache | None = None,
) -> SimRun:
    """Play `games` seeded games; the records do not depend on `jobs`."""
    _check_run(game, n_players, bots, games)
    records = _play_games(game, n_players, tuple(bots), options, seed, 0, games, jobs, progress, traced, cache)
    return _sim_run(game, n_players, tuple(bots), options, seed, records)


def widest_half_interval(records: list[GameRecord], n_players: int) -> float:
    """Half the width of the widest seat's 95% Wilson interval over finished games (1 without any)."""
    from deckgen.sim.seats import seat_wins, wilson_interval

    finished = sum(1 for r in records if r.finished)
    if not finished:
        return 1.0
    return max((high - low) / 2 for low, high in (wilson_interval(w, finished) for w in seat_wins(records, n_players)))


def run_to_precision(
    game: "Game",
    n_players: int,
    bots: list[str],
    options: dict[str, Any],
    seed: int,
    precision: float,
    max_games: int,
    jobs: Jobs = 1,
    progress: Progress | None = None,
    traced: int = TRACED_GAMES,
    cache: ChunkCache | None = None,
) -> SimRun:
    """Play seeded batches until every seat's 95% interval is at most +/-`precision` wide, or
    `max_games` are played. Batches are a first small one, then as many as the intervals so far
    say the precision needs (sim.precision_plan), and the stopping test runs only between
    batches, so a seed always gives the same games."""
    if not 0 < precision < 0.5:
        raise SimulationError(f"--precision {precision}: give a half-width between 0 and 0.5 (0.01 is one point)")
    _check_run(game, n_players, bots, max_games)
    names = tuple(bots)
    records: list[GameRecord] = []
    while batch := next_batch(len(records), widest_half_interval(records, n_players), precision, max_games):
        records += _play_games(game, n_players, names, options, seed, len(records), batch, jobs, progress, traced,
                               cache)
    return _sim_run(game, n_players, names, options, seed, records)
