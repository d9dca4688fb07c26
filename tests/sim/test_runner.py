"""The runner: argument parsing, and records that do not depend on the number of processes."""

from __future__ import annotations

import random

import pytest

from deckgen.errors import UnknownName
from deckgen.errors import BadPlayerCount
from deckgen.games.base import Game
from deckgen.games.kit.randomness import RunSources
from deckgen.sim.play import game_rngs, play_game
from deckgen.sim.runner import (
    SimulationError,
    chunk_bounds,
    cores,
    parse_bots,
    parse_jobs,
    parse_options,
    parse_player_counts,
    run_simulation,
)
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def test_records_are_identical_with_one_or_two_processes(toy_game: Game) -> None:
    one = run_simulation(toy_game, 3, ["random"] * 3, parse_options((), toy_game), seed=11, games=600, jobs=1)
    two = run_simulation(toy_game, 3, ["random"] * 3, parse_options((), toy_game), seed=11, games=600, jobs=2)
    assert one == two
    assert len(one.records) == 600
    assert any(not r.finished for r in one.records) and any(len(r.winners) > 1 for r in one.records)


def test_record_i_is_game_i_of_play_game(toy_game: Game) -> None:
    options = parse_options((), toy_game)
    run = run_simulation(toy_game, 2, ["greedy", "random"], options, seed=4, games=30)
    for index in (0, 7, 29):
        result = play_game(toy_game, 2, ["greedy", "random"], 4, index, options).result()
        assert run.records[index][:4] == (result.finished, result.winners, result.turns, (("passes", result.counters["passes"]),))


def test_progress_counts_every_game(toy_game: Game) -> None:
    done: list[int] = []
    run_simulation(toy_game, 2, ["random"] * 2, parse_options((), toy_game), 1, 250, jobs=2, progress=done.append)
    assert sum(done) == 250 and len(done) > 1


def test_chunks_cover_every_index_once() -> None:
    for games, jobs in ((1, 1), (10, 2), (1000, 2), (100_000, 8)):
        bounds = chunk_bounds(games, jobs)
        assert bounds[0][0] == 0 and bounds[-1][1] == games
        assert all(a[1] == b[0] for a, b in zip(bounds, bounds[1:]))
    assert chunk_bounds(5, 2, first=10) == [(10, 11), (11, 12), (12, 13), (13, 14), (14, 15)]


def test_chunks_shrink_towards_the_end_so_workers_finish_together() -> None:
    bounds = chunk_bounds(60_000, 2)
    sizes = [stop - start for start, stop in bounds]
    assert sizes[0] == 2000 and max(sizes) == 2000  # progress moves at least every 2,000 games
    assert sizes == sorted(sizes, reverse=True)
    assert sizes[-2] == 60_000 // (2 * 64)  # the last ones: a 64th of a worker's share
    assert len(bounds) < 50  # few enough to cost nothing on a cluster


def test_player_counts(toy_game: Game) -> None:
    assert parse_player_counts("3", toy_game) == [3]
    assert parse_player_counts("2-4", toy_game) == [2, 3, 4]
    assert parse_player_counts("4,2", toy_game) == [2, 4]
    for bad in ("x", "2-", "4-2", "2..4", ""):
        with pytest.raises(SimulationError):
            parse_player_counts(bad, toy_game)
    with pytest.raises(BadPlayerCount, match=r"game toy-high-card: 5 players not allowed \(allowed: 2-4\)"):
        parse_player_counts("2-5", toy_game)


def test_bots(toy_game: Game) -> None:
    assert parse_bots("greedy", toy_game, 3) == ["greedy"] * 3
    assert parse_bots("greedy,random", toy_game, 2) == ["greedy", "random"]
    with pytest.raises(UnknownName, match="'clever'"):
        parse_bots("random,clever", toy_game, 2)
    with pytest.raises(SimulationError, match="3 names for 2 players"):
        parse_bots("random,random,random", toy_game, 2)
    with pytest.raises(SimulationError, match="empty bot name"):
        parse_bots("random,", toy_game, 2)


def test_options_and_jobs(toy_game: Game) -> None:
    assert parse_options(("low_wins=yes",), toy_game) == {"pass_allowed": True, "low_wins": True}
    with pytest.raises(SimulationError, match="key=value"):
        parse_options(("low_wins",), toy_game)
    with pytest.raises(UnknownName, match="unknown option 'speed'"):
        parse_options(("speed=3",), toy_game)
    assert parse_jobs("1") == 1 and parse_jobs("auto") == cores()
    assert parse_jobs("1000") == cores() and parse_jobs("200", force=True) == 200
    with pytest.raises(SimulationError, match="more than 256 workers"):
        parse_jobs("1001", force=True)
    for bad in ("0", "-1", "two"):
        with pytest.raises(SimulationError):
            parse_jobs(bad)


def test_workers_end_with_a_killed_parent(tmp_path) -> None:
    """`kill -9` of a run must not leave workers behind, still writing into the output."""
    import os
    import subprocess
    import sys
    import time

    code = (
        "import os, signal, time\n"
        "from concurrent.futures import ProcessPoolExecutor\n"
        "from deckgen.sim.runner import die_with_parent\n"
        "pool = ProcessPoolExecutor(1, initializer=die_with_parent)\n"
        "print(pool.submit(os.getpid).result(), flush=True)\n"
        "pool.submit(time.sleep, 60)\n"
        "time.sleep(0.2)\n"
        "os.kill(os.getpid(), signal.SIGKILL)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=30)
    worker = int(done.stdout)
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            os.kill(worker, 0)
            with open(f"/proc/{worker}/stat") as stat:
                if stat.read().rsplit(")", 1)[1].split()[0] == "Z":
                    return  # ended, waiting for a parent that no longer exists to collect it
        except (ProcessLookupError, FileNotFoundError):
            return
        time.sleep(0.05)
    raise AssertionError(f"worker {worker} outlived its parent")


def test_a_run_to_a_precision_stops_between_batches_whatever_the_jobs(toy_game: Game) -> None:
    from deckgen.sim.runner import run_to_precision, widest_half_interval

    options = parse_options((), toy_game)
    one = run_to_precision(toy_game, 2, ["random", "random"], options, seed=3, precision=0.02, max_games=50_000,
                           jobs=1, traced=0)
    two = run_to_precision(toy_game, 2, ["random", "random"], options, seed=3, precision=0.02, max_games=50_000,
                           jobs=2, traced=0)
    assert one.records == two.records
    played, widest = len(one.records), widest_half_interval(one.records, 2)
    assert played % 100 == 0 and widest <= 0.02
    # Hardly more games than the precision needs (the intervals' square-root law): growing by
    # half of what was played stopped at 3,000 where some 2,400 do.
    assert played <= 1.05 * played * (widest / 0.02) ** 2 + 100
    capped = run_to_precision(toy_game, 2, ["random", "random"], options, seed=3, precision=0.001, max_games=1500,
                              jobs=1, traced=0)
    assert len(capped.records) == 1500


def test_a_failed_save_stops_the_workers_instead_of_playing_every_chunk(toy_game: Game, tmp_path, monkeypatch) -> None:
    """A chunk that cannot be stored (a full disk) ends the run at once: the chunks not yet
    started are cancelled, not played to the end before the error is shown."""
    from deckgen.errors import DeckgenError
    from deckgen.sim import runner

    played = tmp_path / "played"
    original = runner.play_range

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        with open(played, "a") as log:  # the workers are forked from here: they count too
            log.write("x")
        return original(*args, **kwargs)

    class FullDisk:
        def load(self, start: int, stop: int) -> list:
            return []

        def save(self, start: int, records: list) -> None:
            raise DeckgenError("results.sqlite: the disk is full")

    monkeypatch.setattr(runner, "play_range", counted)
    chunks = len(chunk_bounds(4000, 2))
    with pytest.raises(DeckgenError, match="disk is full"):
        run_simulation(toy_game, 2, ["random"] * 2, parse_options((), toy_game), 1, 4000, jobs=2, cache=FullDisk())
    assert chunks > 12 and len(played.read_text()) <= 8


def test_traced_games_are_the_first_n_and_can_be_none(toy_game: Game) -> None:
    options = parse_options((), toy_game)
    for traced in (0, 7, 40):
        run = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=40, traced=traced)
        assert [record.trace is not None for record in run.records] == [index < traced for index in range(40)]
    untraced = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=40, traced=0)
    assert [record[:4] for record in run.records] == [record[:4] for record in untraced.records]


def test_every_seed_and_index_seeds_games_of_their_own() -> None:
    firsts = {source.random() for seed in (-3, -2, -1, 0, 1, 2, 2**40, 2**64 + 1) for index in range(50)
              for source in game_rngs(seed, index)}
    assert len(firsts) == 8 * 50 * 2


def test_a_run_s_sources_restarted_for_each_game_are_the_game_s_own() -> None:
    sources = RunSources(-4)
    for index in (3, 0, 3, 2**40):
        restarted = sources.of_game(index)
        restarted[1].gauss(0, 1)  # a pending second normal must not leak into the next game
        for made, again in zip(game_rngs(-4, index), sources.of_game(index)):
            assert again.getstate() == made.getstate()


def test_game_sources_depend_on_seed_and_index_alone_and_keep_the_random_api() -> None:
    chance, bots = game_rngs(2**40, 77)
    draws = [chance.random(), chance.randrange(10), chance.choice("abc"), bots.gauss(0, 1), bots.getrandbits(70)]
    again, bots_again = game_rngs(2**40, 77)
    assert draws == [again.random(), again.randrange(10), again.choice("abc"), bots_again.gauss(0, 1),
                     bots_again.getrandbits(70)]
    assert isinstance(chance, random.Random)
