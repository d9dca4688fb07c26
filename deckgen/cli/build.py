"""`deckgen build`: every output of the project's (or the shipped) decks and games."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.cli.group import jobs_note
from deckgen.cli.options import SEED, check_run_options
from deckgen.sim.stopping import MAX_GAMES


@click.command("build")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output).")
@click.option("--sim-games", type=click.IntRange(min=0, max=MAX_GAMES), default=8000, show_default=True,
              help="The most games per player count in each fairness report (0 skips simulation).")
@click.option("--precision", type=click.FloatRange(min=0, max=0.5, max_open=True), default=0.02, show_default=True,
              help="Play each count until every seat's 95% interval is within +/- this (0: exactly --sim-games).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the fairness simulations.")
@click.option("--jobs", default="auto", show_default=True,
              help="Worker processes, or auto for one per core; more than the cores is lowered to them.")
@click.option("--force-jobs", is_flag=True, help="Run as many workers as --jobs says, even above the cores.")
@click.option("--quiet", "-q", is_flag=True, help="No progress lines on stderr.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Run the simulations on this Dask cluster.")
@click.option("--cluster", default=None, metavar="local:N", help="Run the simulations on a local Dask cluster of N.")
@click.option("--rebuild", is_flag=True, help="Write every output again, changed or not (stored simulations are still reused).")
def build_command(output: Path | None, sim_games: int, precision: float, seed: int, jobs: str, force_jobs: bool,
                  quiet: bool, scheduler: str | None, cluster: str | None, rebuild: bool) -> None:
    """Build every output for the project's decks and games (or the shipped ones) under output/.

    Card listings and composition reports, print-and-play sheets, rule booklets (plain, and
    imposed on A4 and on Letter), quick references and fairness reports (every player count with
    random bots, and the greedy bot against random bots), then a design report (HTML) per game
    and output/index.html linking everything. Progress goes to stderr (--quiet: none); the
    output folder and the data are checked before any work starts. Outputs whose inputs are
    unchanged since the last build are kept, and stored simulations (results.sqlite) reused.

    \b
    Examples:
      deckgen build
      deckgen build --output out --sim-games 5000 --precision 0 --seed 7

    In a project, fairness reports are made for games with an engine only.
    """
    import time

    from deckgen.fileio import check_output_dir
    from deckgen.project import output_dir
    from deckgen.sim.runner import parse_jobs

    start = time.perf_counter()
    workers = parse_jobs(jobs, force_jobs)
    root = check_output_dir(output or output_dir())
    check_run_options(scheduler, cluster, root)
    if not quiet:
        jobs_note(jobs, workers)
    from deckgen.publish.build import build_all
    from deckgen.sim.cluster import dask_engine

    with dask_engine(scheduler, cluster) as engine:
        built = build_all(root, None if quiet else _say, sim_games, seed, workers, precision or None, engine,
                          reuse=not rebuild)
    kept = f", {built.unchanged} of them unchanged since the last build" if built.unchanged else ""
    click.echo(f"built {len(built.files)} files under {root}{kept} in {time.perf_counter() - start:.1f} s")


def _say(line: str) -> None:
    """One progress line of the build, on stderr."""
    click.echo(line, err=True)
