"""Playing a simulation's chunks on a Dask cluster: an existing one (`--scheduler
tcp://HOST:PORT`) or one started on this machine (`--cluster local:N`).

The runner splits a run into seeded index ranges exactly as for local processes; each range
goes to the cluster as one future, workers rebuild the game from its id (`sim.inputs`), and
the records come back into index order, so a seed gives the same statistics on any cluster.
A chunk whose worker dies is played again on another one (`retries`); when every worker is
gone and none comes back within NO_WORKER_SECONDS, the run stops with one line.

A chunk's records travel pickled as one bytes object: Dask serialises a returned list
element by element (a header and frames per record, unpacked one by one in the client),
which made the client use a third of a core fetching results on a 2-core machine.
"""

from __future__ import annotations

import pickle
import re
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from deckgen.sim.runner import GameRecord, SimulationError, play_range

if TYPE_CHECKING:
    from distributed import Client

    from deckgen.games.base import Game
    from deckgen.sim.inputs import GameSpec

#: Seconds to wait for a scheduler before saying it cannot be reached.
CONNECT_TIMEOUT = 5
#: How often a chunk is played again after the worker playing it was lost.
RETRIES = 3
#: Seconds a run waits for a worker when every worker of its cluster is gone, before it
#: stops with one line (a worker that comes back in time picks the chunks up).
NO_WORKER_SECONDS = 30
#: How often a run waiting on chunks looks whether the cluster still has a worker.
WORKER_POLL = 1.0
#: Workers `--cluster local:N` may start.
MAX_LOCAL_WORKERS = 64

#: A local cluster's Dask settings: the bookkeeping meant for a dashboard that no local run
#: shows is slowed down or off, since on a small machine it takes time from the workers'
#: games: the statistical profiler (a thread sampling each worker's stack every 10 ms and
#: reading source lines), event-loop ticks every 20 ms, system samples every 500 ms.
_LOCAL_CONFIG = {
    "distributed.worker.daemon": False,
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
}


def check_cluster_options(scheduler: str | None, cluster: str | None) -> None:
    """Form checks of --scheduler and --cluster, before any engine or Dask loads."""
    if scheduler is not None and cluster is not None:
        raise SimulationError("--scheduler and --cluster: give one (an existing cluster, or one started here)")
    if scheduler is not None and not re.fullmatch(r"(tcp|tls)://[A-Za-z0-9.\-\[\]:]{1,253}:\d{1,5}", scheduler):
        raise SimulationError(f"--scheduler {scheduler!r}: expected an address like tcp://10.0.0.5:8786")
    if cluster is not None:
        _local_workers(cluster)


def _local_workers(cluster: str) -> int:
    match = re.fullmatch(r"local:(\d{1,3})", cluster)
    if not match or not 1 <= int(match[1]) <= MAX_LOCAL_WORKERS:
        raise SimulationError(f"--cluster {cluster!r}: expected local:N with N from 1 to {MAX_LOCAL_WORKERS} "
                              "(e.g. local:2)")
    return int(match[1])


def _play_spec_chunk(spec: GameSpec, n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int,
                     start: int, stop: int, traced: int) -> bytes:
    """On a worker: the records of games start..stop-1 of the run, pickled (see the module's
    docstring)."""
    from deckgen.sim.inputs import game_from_spec

    game = game_from_spec(spec)
    records = play_range(game, n_players, bots, game.rules.resolve_options(dict(options)), seed, start, stop, traced)
    return pickle.dumps(records, protocol=pickle.HIGHEST_PROTOCOL)


class DaskEngine:
    """A connected Dask client, used by the runner in place of local processes."""

    def __init__(self, client: Client) -> None:
        self.client = client
        self.workers = max(1, len(client.scheduler_info().get("workers", {})))

    def play_chunks(self, game: Game, n_players: int, bots: tuple[str, ...], options: dict[str, Any], seed: int,
                    chunks: list[tuple[int, int]], traced: int,
                    done: Callable[[int, list[GameRecord]], None]) -> None:
        from distributed import wait

        from deckgen.sim.inputs import GameSpec

        if not chunks:
            return
        spec = GameSpec.of(game)
        plain_options = dict(options)  # a plain dict travels; the worker resolves it again
        futures = {
            self.client.submit(_play_spec_chunk, spec, n_players, bots, plain_options, seed, start, stop, traced,
                               retries=RETRIES, pure=False): start
            for start, stop in chunks
        }
        pending = set(futures)
        alone_since: float | None = None  # when the cluster was last seen without a worker
        try:
            while pending:
                try:
                    finished, pending = wait(pending, timeout=WORKER_POLL, return_when="FIRST_COMPLETED")
                except TimeoutError:
                    finished = set()
                for future in finished:
                    done(futures[future], pickle.loads(self._result(future)))
                if finished or self.client.scheduler_info().get("workers"):
                    alone_since = None
                    continue
                alone_since = alone_since if alone_since is not None else time.monotonic()
                if time.monotonic() - alone_since > NO_WORKER_SECONDS:
                    raise SimulationError(
                        f"Dask scheduler {self.client.scheduler.address}: every worker is gone and none came back "
                        f"within {NO_WORKER_SECONDS} s ({len(pending)} of {len(futures)} chunks unplayed); start "
                        "workers with `dask worker ADDRESS` and run again")
        finally:
            self.client.cancel(list(futures))

    def _result(self, future: Any) -> bytes:
        """A chunk's pickled records; a chunk whose workers kept dying is one line."""
        from distributed import KilledWorker

        try:
            return bytes(future.result())
        except KilledWorker:
            raise SimulationError(f"Dask scheduler {self.client.scheduler.address}: a chunk's worker died "
                                  f"{RETRIES + 1} times (out of memory, or killed); see the workers' logs") from None


@contextmanager
def dask_engine(scheduler: str | None, cluster: str | None) -> Iterator[DaskEngine | None]:
    """A DaskEngine on the scheduler at `scheduler`, or on a local cluster `local:N` started
    (and stopped) here; None when neither is given (the caller uses local processes)."""
    if scheduler is None and cluster is None:
        yield None
        return
    check_cluster_options(scheduler, cluster)
    import logging

    from deckgen.startup import loading

    with loading():  # Dask's many long-lived objects, kept out of the collector's walks (here and in forked workers)
        import dask
        from distributed import Client, LocalCluster

    # Dask's own log lines are not for the user (a worker's heartbeat racing the shutdown logs
    # a traceback); a chunk that fails raises its error here, in the client.
    logging.getLogger("distributed").setLevel(logging.CRITICAL)
    if cluster is not None:
        with dask.config.set({**_LOCAL_CONFIG, "distributed.worker.multiprocessing-method": _start_method()}):
            # memory_limit=0: no memory watch (a nanny polling each worker 10 times a second);
            # a simulation holds only its records.
            local = LocalCluster(n_workers=_local_workers(cluster), threads_per_worker=1, processes=True,
                                 dashboard_address=None, silence_logs=logging.CRITICAL, memory_limit=0)
        try:
            with Client(local) as client:
                client.wait_for_workers(_local_workers(cluster))
                yield DaskEngine(client)
        finally:
            local.close()
        return
    assert scheduler is not None
    try:
        _probe(scheduler)
        client = Client(scheduler, timeout=CONNECT_TIMEOUT)
    except (OSError, TimeoutError) as exc:
        raise SimulationError(f"--scheduler {scheduler}: cannot reach a Dask scheduler there ({_why(exc)}); "
                              "start one with `dask scheduler` or check the address") from None
    with client:
        if not client.scheduler_info().get("workers"):
            try:
                client.wait_for_workers(1, timeout=CONNECT_TIMEOUT * 6)
            except TimeoutError:
                raise SimulationError(f"--scheduler {scheduler}: no worker joined within {CONNECT_TIMEOUT * 6} s; "
                                      f"start some with `dask worker {scheduler}`") from None
        yield DaskEngine(client)


def _why(exc: OSError | TimeoutError) -> str:
    """Why a connection failed, in words rather than an exception's class name."""
    if isinstance(exc, ConnectionRefusedError):
        return "connection refused: nothing listens on that port"
    if isinstance(exc, TimeoutError):
        return f"no answer within {CONNECT_TIMEOUT} s"
    return exc.strerror or type(exc).__name__


def _probe(scheduler: str) -> None:
    """Fail fast (OSError) when nothing listens at the scheduler's address: Dask's own
    connection keeps retrying for longer than its timeout says."""
    import socket

    host, _, port = scheduler.split("://", 1)[1].rpartition(":")
    socket.create_connection((host.strip("[]"), int(port)), timeout=CONNECT_TIMEOUT).close()


def _start_method() -> str:
    """fork starts local workers in a fraction of a second with the engines already loaded;
    spawn where there is no fork."""
    import multiprocessing

    return "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
