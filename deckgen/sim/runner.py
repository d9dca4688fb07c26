"""Running many bot games: argument checks, seeding, chunking over processes, merging.

Game i of a run is seeded from (seed, i) by base.game_rngs, so a run gives the same records
whatever the number of processes: indices are split into chunks, each worker plays its
chunks and returns one small tuple per game, and the chunks are merged in index order.
"""

from __future__ import annotations

import multiprocessing
import os
import re
from concurrent.futures import Executor, ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from typing import Any, Callable, NamedTuple

from deckgen.errors import DeckgenError, UnknownName
from deckgen.games.base import Game, check_players, play_game


class SimulationError(DeckgenError):
    """A simulation or play request that cannot run as given (player counts, bots, options, jobs)."""


class GameRecord(NamedTuple):
    """What the statistics need from one game, small enough to send between processes."""

    finished: bool
    winners: tuple[int, ...]
    turns: int
    counters: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SimRun:
    """The records of one simulation at one player count, in game-index order."""

    game_id: str
    game_name: str
    players: int
    seed: int
    bots: tuple[str, ...]
    options: dict[str, Any]
    turn_cap: int
    records: list[GameRecord]


Progress = Callable[[int], None]
"""Called with the number of games just completed."""


def parse_player_counts(text: str, game: Game) -> list[int]:
    """`4`, `2-6` or `2,3,5` as a list of counts, each allowed by the game."""
    spec = text.strip()
    if re.fullmatch(r"\d+", spec):
        counts = [int(spec)]
    elif match := re.fullmatch(r"(\d+)\s*-\s*(\d+)", spec):
        low, high = int(match[1]), int(match[2])
        if low > high:
            raise SimulationError(f"--players {text!r}: the range must go from low to high (e.g. 2-6)")
        counts = list(range(low, high + 1))
    elif re.fullmatch(r"\d+(\s*,\s*\d+)+", spec):
        counts = sorted({int(part) for part in spec.split(",")})
    else:
        raise SimulationError(f"--players {text!r}: expected a count (4), a range (2-6) or a list (2,4)")
    rules = game.rules
    bad = [n for n in counts if not rules.players.min <= n <= rules.players.max]
    if bad:
        allowed = f"{rules.players.min}" if rules.players.min == rules.players.max else f"{rules.players.min}-{rules.players.max}"
        shown = ", ".join(map(str, bad))
        raise SimulationError(f"game {rules.id}: {shown} player(s) not allowed (allowed: {allowed})")
    return counts


def parse_bots(text: str, game: Game, n_players: int) -> list[str]:
    """One bot name for every seat, or a comma list with one name per seat."""
    names = [name.strip() for name in text.split(",")]
    if any(not name for name in names):
        raise SimulationError(f"--bots {text!r}: empty bot name (give names like random,greedy)")
    unknown = sorted({name for name in names if name not in game.bots})
    if unknown:
        raise UnknownName(f"game {game.rules.id}: unknown bot {', '.join(map(repr, unknown))} (bots: {', '.join(game.bots)})")
    if len(names) == 1:
        return names * n_players
    if len(names) != n_players:
        raise SimulationError(
            f"--bots {text!r}: {len(names)} names for {n_players} players (give one name, or one per seat)"
        )
    return names


def parse_options(pairs: tuple[str, ...] | list[str], game: Game) -> dict[str, Any]:
    """`key=value` pairs resolved against the game's options (defaults filled in)."""
    given: dict[str, str] = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key.strip():
            raise SimulationError(f"--option {pair!r}: expected key=value")
        given[key.strip()] = value.strip()
    return game.rules.resolve_options(given)


def parse_jobs(text: str) -> int:
    """`auto` (every core) or a positive number of worker processes."""
    if text == "auto":
        return os.cpu_count() or 1
    if not re.fullmatch(r"\d+", text) or int(text) < 1:
        raise SimulationError(f"--jobs {text!r}: expected a positive number or auto")
    return int(text)


def play_range(
    game: Game, n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int, start: int, stop: int
) -> list[GameRecord]:
    """Play games start..stop-1 of a run and keep only their records."""
    records = []
    bot_list = list(bots)
    for index in range(start, stop):
        result = play_game(game, n_players, bot_list, seed, index, options).result()
        records.append(GameRecord(result.finished, tuple(result.winners), result.turns, tuple(result.counters.items())))
    return records


_worker_game: Game | None = None


def _init_worker(game: Game) -> None:
    global _worker_game
    _worker_game = game


def _play_chunk(
    n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int, start: int, stop: int
) -> tuple[int, list[GameRecord]]:
    assert _worker_game is not None, "worker started without a game"
    return start, play_range(_worker_game, n_players, bots, options, seed, start, stop)


def chunk_bounds(games: int, jobs: int) -> list[tuple[int, int]]:
    """Index ranges small enough to balance workers and update progress, big enough to be cheap."""
    size = max(1, min(2000, games // (jobs * 16) or 1))
    return [(start, min(games, start + size)) for start in range(0, games, size)]


def _pool(jobs: int, game: Game) -> Executor:
    # fork starts workers fastest and shares the loaded engines; elsewhere use the default.
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_init_worker, initargs=(game,))


def run_simulation(
    game: Game,
    n_players: int,
    bots: list[str],
    options: dict[str, Any],
    seed: int,
    games: int,
    jobs: int = 1,
    progress: Progress | None = None,
) -> SimRun:
    """Play `games` seeded games; the records do not depend on `jobs`."""
    check_players(game, n_players)
    if games < 1:
        raise SimulationError(f"--games {games}: play at least one game")
    if len(bots) != n_players:
        raise SimulationError(f"{len(bots)} bots for {n_players} players")
    bot_names = tuple(bots)
    chunks = chunk_bounds(games, jobs)
    records: list[GameRecord] = []
    if jobs == 1 or len(chunks) == 1:
        for start, stop in chunks:
            records.extend(play_range(game, n_players, bot_names, options, seed, start, stop))
            if progress is not None:
                progress(stop - start)
    else:
        by_start: dict[int, list[GameRecord]] = {}
        with _pool(min(jobs, len(chunks)), game) as pool:
            futures = [pool.submit(_play_chunk, n_players, bot_names, options, seed, a, b) for a, b in chunks]
            for future in as_completed(futures):
                start, chunk_records = future.result()
                by_start[start] = chunk_records
                if progress is not None:
                    progress(len(chunk_records))
        for start, _ in chunks:
            records.extend(by_start[start])
    return SimRun(
        game_id=game.rules.id,
        game_name=game.rules.name,
        players=n_players,
        seed=seed,
        bots=bot_names,
        options=dict(options),
        turn_cap=game.rules.turn_cap,
        records=records,
    )
