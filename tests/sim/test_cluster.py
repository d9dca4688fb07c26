"""Simulations on a local Dask cluster give the same records and statistics as local processes."""

from __future__ import annotations

import json
import os
import socket
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.games.base import Game
from deckgen.sim import cluster
from deckgen.sim.cluster import check_cluster_options, dask_engine
from deckgen.sim.runner import (
    SimulationError,
    parse_options,
    run_simulation,
    run_to_precision,
)
from deckgen.sim.stats import summarize
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def test_same_json_from_one_process_two_processes_and_a_local_cluster(toy_game: Game, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    options = parse_options((), toy_game)

    def statistics(jobs: object) -> str:
        run = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=600, jobs=jobs)  # type: ignore[arg-type]
        return json.dumps(summarize(run), sort_keys=True)

    one, two = statistics(1), statistics(2)
    seen: list[int] = []
    with dask_engine(None, "local:2") as engine:
        assert engine is not None and engine.workers == 2
        on_cluster = statistics(engine)
        precise = run_to_precision(toy_game, 2, ["greedy", "random"], options, 3, 0.05, 2000, engine, seen.append)
        monkeypatch.setattr(cluster, "_play_spec_chunk", _dies_once(cluster._play_spec_chunk, tmp_path / "died"))
        after_a_loss = statistics(engine)
    assert (tmp_path / "died").exists()  # a worker died playing the first chunk, which was played again
    assert one == two == on_cluster == after_a_loss
    assert precise == run_to_precision(toy_game, 2, ["greedy", "random"], options, 3, 0.05, 2000, 1)
    assert sum(seen) == len(precise.records)  # the progress followed every chunk's future


def _dies_once(play: Callable[..., Any], marker: Path) -> Callable[..., Any]:
    """The chunk player, except that the first worker to play game 0 dies (once)."""

    def play_or_die(*args: Any) -> Any:
        if args[5] == 0 and not marker.exists():
            marker.touch()
            os._exit(1)
        return play(*args)

    return play_or_die


def test_cluster_options_are_checked_before_anything_starts() -> None:
    for scheduler, local in (("tcp://a:1", "local:2"), ("http://host:8786", None), ("tcp://host", None),
                             (None, "local:0"), (None, "remote:2"), (None, "local:999")):
        with pytest.raises(SimulationError):
            check_cluster_options(scheduler, local)
    check_cluster_options("tcp://10.0.0.5:8786", None)
    check_cluster_options(None, "local:4")


def _closed_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_unreachable_scheduler_is_one_line_and_exit_2(tmp_path: object) -> None:
    result = CliRunner().invoke(main, ["simulate", "zoomies", "--players", "4", "--games", "10", "--output",
                                       str(tmp_path), "--scheduler", f"tcp://127.0.0.1:{_closed_port()}"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert len(lines) == 1 and "cannot reach a Dask scheduler" in lines[0] and "dask scheduler" in lines[0]
    assert "(connection refused: nothing listens on that port)" in lines[0]


def test_a_run_whose_workers_are_all_gone_stops_with_one_line(toy_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    """A scheduler left without workers (the last one died) holds the chunks forever: the run
    stops once no worker has been seen for NO_WORKER_SECONDS."""
    import time

    from distributed import Client, LocalCluster

    monkeypatch.setattr(cluster, "NO_WORKER_SECONDS", 0.5)
    monkeypatch.setattr(cluster, "WORKER_POLL", 0.2)
    with LocalCluster(n_workers=0, processes=False, dashboard_address=None) as empty, Client(empty) as client:
        engine = cluster.DaskEngine(client)
        start = time.monotonic()
        with pytest.raises(SimulationError, match="every worker is gone and none came back within 0.5 s"):
            engine.play_chunks(toy_game, 2, ("random", "random"), {}, 1, [(0, 5), (5, 10)], 0,
                               lambda start, records: None)
        assert time.monotonic() - start < 10
