"""Options shared by the commands that simulate (simulate, analyse, sweep, build): where the
games are played (a Dask cluster) and where results are stored."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

import click

F = TypeVar("F", bound=Callable[..., Any])

#: Seeds are stored as SQLite integers: 64 bits, signed (docs/errors-and-limits.md).
SEED = click.IntRange(-(2**63), 2**63 - 1)


def run_options(command: F) -> F:
    """--scheduler, --cluster, --output and --no-store."""
    for decorate in reversed((
        click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
                     help="Play on this running Dask scheduler's workers (see README: Running on a cluster)."),
        click.option("--cluster", default=None, metavar="local:N",
                     help="Start a Dask cluster of N worker processes here and play on it."),
        click.option("--output", "output", type=click.Path(path_type=Path), default=None,
                     help="Output folder, where results.sqlite records the run (default: ./output)."),
        click.option("--no-store", is_flag=True, help="Do not record the run in results.sqlite."),
    )):
        command = decorate(command)
    return command


def check_run_options(scheduler: str | None, cluster: str | None, output: Path | None, store: bool = True) -> Path:
    """Form checks before any engine loads; returns the output folder. A results database
    already there is opened now (when the run stores), so one that is refused (another
    program's, damaged, a link elsewhere) is said before seconds of loading, not after."""
    import os

    from deckgen.fileio import check_output_dir
    from deckgen.project import output_dir

    if scheduler is not None or cluster is not None:  # else sim.cluster is not loaded
        from deckgen.sim.cluster import check_cluster_options

        check_cluster_options(scheduler, cluster)
    root = check_output_dir(output or output_dir())
    if store and os.path.lexists(root / "results.sqlite"):
        from deckgen.sim.store import open_store

        open_store(root)
    return root
