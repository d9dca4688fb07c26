"""`deckgen simulate`: fairness statistics of many games played by bots."""

from __future__ import annotations

from pathlib import Path

import click

from deckgen.cli.group import emit_json, jobs_note, progress_lines
from deckgen.cli.options import SEED, check_run_options, run_options
from deckgen.sim.runner import TRACED_GAMES
from deckgen.sim.stopping import checked_stop


@click.command("simulate")
@click.argument("game_name", metavar="GAME")
@click.option("--players", "players_text", default=None,
              help="A count (4), a range (2-6) or a list (2,4); default: the game's minimum.")
@click.option("--games", "n_games", type=int, default=1000, show_default=True, help="Games per player count.")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed; game i is seeded from (seed, i).")
@click.option("--jobs", default="auto", show_default=True,
              help="Worker processes, or auto for one per core; more than the cores is lowered to them.")
@click.option("--force-jobs", is_flag=True, help="Run as many workers as --jobs says, even above the cores.")
@click.option("--bots", default=None,
              help="One bot for every seat, or a comma list per seat (default: the game's report bot, usually random).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a rule option (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print the statistics as JSON (a list for several counts).")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write a plot of win rates and game lengths (png, pdf or svg).")
@click.option("--progress/--no-progress", default=None,
              help="Progress line on stderr (default: only when stderr is a terminal).")
@click.option("--precision", type=float, default=None,
              help="Instead of --games: play seeded batches until every seat's 95% interval is at most "
                   "+/- this (0.01 = one point), or --max-games.")
@click.option("--max-games", type=int, default=200_000, show_default=True, help="The most games --precision plays.")
@click.option("--traced", type=click.IntRange(min=0), default=TRACED_GAMES, show_default=True,
              help="Games (the first ones) traced move by move for the design metrics; 0 for none.")
@run_options
def simulate_command(game_name: str, players_text: str | None, n_games: int, seed: int, jobs: str,
                     force_jobs: bool, bots: str | None, option_pairs: tuple[str, ...], as_json: bool,
                     plot_path: Path | None, progress: bool | None, precision: float | None, max_games: int,
                     traced: int, scheduler: str | None, cluster: str | None, output: Path | None, no_store: bool) -> None:
    """Play GAME many times with bots and report fairness statistics.

    Win rates (with 95% Wilson intervals) and the chi-square test of equal seats use finished
    games; games stopped by the turn cap are reported as unfinished and never count as wins.
    A shared win is split between its winners. The same seed gives the same numbers whatever
    --jobs is.

    \b
    The first 300 games (--traced) are also traced move by move for the design metrics:
    Ludii's balance, completion, drawishness, timeouts, lead change and decisiveness, and
    deckgen's duration, decision moves, branching factor and winner's deficit;
    docs/metrics.md cites each definition. A traced game costs more than a plain one:
    --traced 0 leaves only the rates, and the report says how many games the rest comes from.

    \b
    Examples:
      deckgen simulate mirrorquest --players 4 --games 10000 --seed 1 --jobs auto
      deckgen simulate mismatch --players 2-6 --games 500 --json
      deckgen simulate zoomies --players 4 --precision 0.01
      deckgen simulate mirrorquest --players 4 --games 60000 --cluster local:2
    """
    from deckgen.sim.runner import bot_names_text, option_pairs_text, parse_count_text, parse_jobs

    # Everything that needs no game is checked first, before the engines load.
    stop = checked_stop(n_games, precision, max_games)
    if players_text:
        parse_count_text(players_text)
    if bots is not None:
        bot_names_text(bots)
    option_pairs_text(option_pairs)
    workers = parse_jobs(jobs, force_jobs)
    if plot_path is not None:
        from deckgen.sim.report import plot_format

        plot_format(plot_path)
    from deckgen.startup import loading

    with loading():
        root = check_run_options(scheduler, cluster, output, store=not no_store)
        jobs_note(jobs, workers)
        from deckgen.sim.experiment import Backend, Experiment
        from deckgen.sim.store import open_store
        from deckgen.sim.workflows import simulate

        experiment = Experiment.parse(game_name, players_text, bots, option_pairs, seed, stop, traced=traced)
    with progress_lines(progress) as bars:
        summaries = simulate(experiment, Backend(workers, scheduler, cluster), None if no_store else open_store(root),
                             bars.start)
    if plot_path is not None:
        from deckgen.sim.report import write_plot

        write_plot(experiment.runs, summaries, plot_path, experiment.game.rules.turn_units)
    if as_json:  # without the text report's module
        emit_json(summaries[0] if len(summaries) == 1 and not _is_count_list(players_text) else summaries)
        return
    from deckgen.sim.report import format_summary

    click.echo("\n\n".join(format_summary(s, experiment.game.rules.turn_units) for s in summaries))


def _is_count_list(players_text: str | None) -> bool:
    """Whether --players asked for several counts (a range or list), so JSON is a list."""
    return players_text is not None and ("-" in players_text or "," in players_text)
