"""`deckgen sweep` (rule and deck variants against the default), `deckgen tune` (option
values searched for fair seats or a target length) and `deckgen results` (the stored runs)."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from deckgen.cli import _jobs_note, emit_json, main
from deckgen.cli_options import SEED, check_run_options, run_options


@main.command("sweep")
@click.argument("game_name", metavar="GAME")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=V1,V2",
              help="An option and the values to try (repeatable; every combination is played).")
@click.option("--deck", "deck_paths", multiple=True, type=click.Path(dir_okay=False, path_type=Path),
              help="A variant of the game's deck file to try as well (repeatable).")
@click.option("--players", "players_text", default=None,
              help="A count (4), a range (2-6) or a list (2,4); default: every count the game allows.")
@click.option("--precision", type=float, default=None,
              help="Play each variant until every seat's 95% interval is at most +/- this (0.01 = one point).")
@click.option("--max-games", type=int, default=20_000, show_default=True,
              help="The most games per variant and count (exactly this many without --precision).")
@click.option("--bots", default=None, help="One bot for every seat, or one per seat (default: the report bot).")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seed; every variant plays the same seeded games, game i from (seed, i).")
@click.option("--jobs", default="auto", show_default=True, help="Worker processes, or auto for one per core.")
@click.option("--json", "as_json", is_flag=True, help="Print the sweep as JSON.")
@click.option("--plot", "plot_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Write seat 0's win rate per variant and count (png, pdf or svg).")
@click.option("--progress/--no-progress", default=None, help="Progress lines on stderr (default: on a terminal).")
@run_options
def sweep_command(game_name: str, option_pairs: tuple[str, ...], deck_paths: tuple[Path, ...],
                  players_text: str | None, precision: float | None, max_games: int, bots: str | None, seed: int,
                  jobs: str, as_json: bool, plot_path: Path | None, progress: bool | None, scheduler: str | None,
                  cluster: str | None, output: Path | None, no_store: bool) -> None:
    """Play every combination of the listed option values (and deck files) at every player
    count and compare each with the game as shipped.

    For each variant: seat win rates with 95% intervals, balance, length and the design
    metrics; against the default, the difference in seat 0's win rate (McNemar's test on the
    games paired by seed) and in mean length (paired t-test), the p-values Holm-corrected
    across the sweep.
    Writes OUTPUT/<deck>/<game>-sweep.json. Finished chunks are stored in results.sqlite: a
    sweep stopped midway starts again where it stopped.

    \b
    Examples:
      deckgen sweep zoomies --option second_place_wins=true,false --players 3-5 --precision 0.01
      deckgen sweep mirrorquest --deck my-deck.yaml --players 4 --max-games 5000 --plot sweep.png
    """
    from deckgen.cli import MAX_GAMES
    from deckgen.sim.report import plot_format
    from deckgen.sim.runner import (
        SimulationError,
        bot_names_text,
        parse_count_text,
        parse_jobs,
    )
    from deckgen.sim.sweep import option_grid_text

    if precision is not None and not 0 < precision < 0.5:
        raise SimulationError(f"--precision {precision}: give a half-width between 0 and 0.5 (0.01 is one point)")
    if not 1 <= max_games <= MAX_GAMES:
        raise SimulationError(f"--max-games {max_games}: give 1 to {MAX_GAMES}")
    if players_text:
        parse_count_text(players_text)
    if bots is not None:
        bot_names_text(bots)
    grid = option_grid_text(option_pairs, len(deck_paths))
    if not grid and not deck_paths:
        raise SimulationError("nothing to sweep: give --option NAME=V1,V2 and/or --deck PATH")
    if plot_path is not None:
        plot_format(plot_path)
    workers = parse_jobs(jobs)
    root = check_run_options(scheduler, cluster, output, store=not no_store)
    _jobs_note(jobs, workers)

    from deckgen.fileio import output_file, write_atomic
    from deckgen.games.base import get_game
    from deckgen.sim.cluster import dask_engine
    from deckgen.sim.report import ProgressLines
    from deckgen.sim.runner import parse_bots, parse_player_counts
    from deckgen.sim.store import open_store
    from deckgen.sim.sweep import (
        SweepRequest,
        build_variants,
        format_sweep,
        plot_sweep,
        run_sweep,
        sweep_json,
        typed_grid,
    )

    game = get_game(game_name)
    counts = parse_player_counts(players_text, game) if players_text else list(game.rules.players.counts())
    bots_text = bots or game.rules.report_bot
    typed = typed_grid(game, grid)
    variants = build_variants(game, typed, list(deck_paths))
    request = SweepRequest(counts, {n: parse_bots(bots_text, game, n) for n in counts}, seed, precision, max_games,
                           bots_text, typed, list(deck_paths))
    store = None if no_store else open_store(root)
    bars = ProgressLines(sys.stderr.isatty() if progress is None else progress)
    try:
        with dask_engine(scheduler, cluster) as engine:
            data = run_sweep(game, variants, request, engine or workers, store, bars.start)
    finally:
        bars.close()
    target = write_atomic(output_file(root, game.rules.deck, f"{game.rules.id}-sweep.json"), sweep_json(data))
    if plot_path is not None:
        plot_sweep(data, plot_path)
    if as_json:
        emit_json(data)
    else:
        click.echo(format_sweep(data, game.rules.name))
    click.echo(f"wrote {target}", err=True)
    from deckgen.publish.game_report import write_game_report

    click.echo(f"wrote {write_game_report(game.rules, root)}", err=True)  # the sweep joins the design report


@main.command("tune")
@click.argument("game_name", metavar="GAME")
@click.option("--option", "option_pairs", multiple=True, metavar="NAME=LOW..HIGH",
              help="An option to search: a range (int or float options) or a list NAME=V1,V2 (repeatable).")
@click.option("--objective", default="fair", show_default=True,
              help="fair (every seat as close to its fair share as can be) or length=N (mean length N turns).")
@click.option("--players", type=int, default=None, help="Player count (default: the game's minimum).")
@click.option("--trials", type=int, default=30, show_default=True, help="Values tried.")
@click.option("--games", "n_games", type=int, default=1000, show_default=True, help="Games per trial.")
@click.option("--confirm-games", type=int, default=4000, show_default=True,
              help="Fresh games on which the best values and the shipped game are compared.")
@click.option("--bots", default=None, help="One bot for every seat, or one per seat (default: the report bot).")
@click.option("--seed", type=SEED, default=1, show_default=True, help="Seed of the trials' games and of the search.")
@click.option("--jobs", default="auto", show_default=True, help="Worker processes, or auto for one per core.")
@click.option("--json", "as_json", is_flag=True, help="Print the trials and the result as JSON.")
@run_options
def tune_command(game_name: str, option_pairs: tuple[str, ...], objective: str, players: int | None, trials: int,
                 n_games: int, confirm_games: int, bots: str | None, seed: int, jobs: str, as_json: bool,
                 scheduler: str | None, cluster: str | None, output: Path | None, no_store: bool) -> None:
    """Search option values of GAME for the fairest game (--objective fair) or a target mean
    length (--objective length=N), with optuna's TPE sampler; every trial plays the same
    seeded games and is stored in results.sqlite. The best values are then played on fresh
    games beside the game as shipped: seat win rates with 95% intervals, and paired tests
    (McNemar on seat 0's wins, paired t on length).

    \b
    Examples:
      deckgen tune mirrorquest --players 4 --option call_miss_rate=0..1 --objective fair
      deckgen tune smoke-and-mirrors --option rounds_to_win=1..5 --objective length=40 --trials 10
    """
    from deckgen.sim.runner import SimulationError, bot_names_text, parse_jobs

    if not 1 <= trials <= 10_000 or not 1 <= n_games <= 1_000_000 or not 1 <= confirm_games <= 1_000_000:
        raise SimulationError("--trials, --games and --confirm-games: give at least 1 (at most 10000, 1000000 "
                              "and 1000000)")
    if bots is not None:
        bot_names_text(bots)
    workers = parse_jobs(jobs)
    root = check_run_options(scheduler, cluster, output, store=not no_store)
    _jobs_note(jobs, workers)

    from deckgen.games.base import get_game
    from deckgen.sim.cluster import dask_engine
    from deckgen.sim.runner import parse_bots
    from deckgen.sim.store import game_inputs, open_store
    from deckgen.sim.tune import TuneRequest, parse_dimensions, parse_objective, tune

    aim = parse_objective(objective)
    game = get_game(game_name)
    n_players = players if players is not None else game.rules.players.min
    game.check_players(n_players)
    request = TuneRequest(n_players, parse_bots(bots or game.rules.report_bot, game, n_players),
                          parse_dimensions(game, option_pairs), aim, trials, n_games, confirm_games, seed)
    store = None if no_store else open_store(root)
    inputs = game_inputs(game)

    def on_trial(entry: dict[str, Any]) -> None:
        shown = ", ".join(f"{k}={_option_value(v)}" for k, v in entry["values"].items())
        click.echo(f"trial {entry['trial'] + 1}/{trials}: {shown}: objective {entry['objective']:.4f}", err=True)
        if store is not None:
            store.record_run("tune-trial", inputs, {
                "players": n_players, "bots": request.bots, "options": dict(entry["values"]), "seed": seed,
                "games": n_games, "objective": objective, "trial": entry["trial"]},
                {**entry["summary"], "objective": entry["objective"]})

    with dask_engine(scheduler, cluster) as engine:
        data = tune(game, request, engine or workers, on_trial)
    if store is not None:
        store.record_run("tune", inputs, {"players": n_players, "bots": request.bots, "options": data["best"]["values"],
                                          "seed": seed, "games": confirm_games, "objective": objective,
                                          "trials": trials}, data)
    if as_json:
        emit_json(data)
        return
    click.echo(format_tune(data, game.rules.name))


def _option_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value).lower() if isinstance(value, bool) else str(value)


def format_tune(data: dict[str, Any], game_name: str) -> str:
    """The best values and their confirmation against the shipped game, as text."""
    from deckgen.report import table

    confirmed = data["confirmed"]
    best = ", ".join(f"{k}={_option_value(v)}" for k, v in data["best"]["values"].items())
    lines = [f"{game_name}, {data['players']} players, objective {data['objective']}: best of "
             f"{len(data['trials'])} trials: {best} (trial {data['best']['trial'] + 1})",
             f"confirmed on {confirmed['games']} fresh games (seed {confirmed['seed']}), fair share "
             f"{100 * confirmed['fair_share']:.1f}%:"]
    rows: list[list[Any]] = []
    for seat, (tuned, shipped) in enumerate(zip(confirmed["tuned"]["seat_win_rate"],
                                                confirmed["shipped"]["seat_win_rate"])):
        rows.append([seat] + [f"{100 * r['rate']:.1f}% ({100 * r['ci95'][0]:.1f}-{100 * r['ci95'][1]:.1f}%)"
                              if r["rate"] is not None else "-" for r in (tuned, shipped)])
    lengths = [confirmed[k]["length"] for k in ("tuned", "shipped")]
    rows.append(["mean turns"] + ["-" if length is None else f"{length['mean']:.1f}" for length in lengths])
    rows.append(["objective"] + [f"{confirmed[k]['objective']:.4f}" for k in ("tuned", "shipped")])
    lines.append(table(["seat", "tuned", "as shipped"], rows))
    versus = confirmed["vs_shipped"]
    covers = "yes" if confirmed["every_seat_covers_fair_share"] else "no"
    lines.append(f"every seat's interval covers the fair share: {covers}")
    lines.append(f"tuned vs shipped, paired on the same games: seat 0 {100 * versus['seat0_diff']:+.1f} pts "
                 f"({versus['seat0_test']}, p {versus['seat0_p']:.3g})"
                 + ("" if versus["length_diff"] is None or versus["length_p"] is None else
                    f"; length {versus['length_diff']:+.1f} turns (paired t-test, p {versus['length_p']:.3g})"))
    return "\n".join(lines)


@main.command("results")
@click.option("--game", "game_id", default=None, help="Only the runs of this game (its id).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--compare", "keys", nargs=2, default=None, metavar="KEY KEY",
              help="Test the differences between two stored runs of one game and player count (B minus A); "
                   "a unique start of a key will do.")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder holding results.sqlite (default: ./output).")
def results_command(game_id: str | None, fmt: str, keys: tuple[str, str] | None, output: Path | None) -> None:
    """List the runs stored in OUTPUT/results.sqlite (simulate, analyse, sweep, build), export
    every statistic of them (CSV: one row per run and statistic, every value a number; JSON:
    as stored), or compare two of them.

    \b
    Examples:
      deckgen results
      deckgen results --game zoomies --format csv > zoomies-runs.csv
      deckgen results --compare 3f2a 9c41
    """
    from deckgen.errors import DeckgenError
    from deckgen.fileio import shown_path
    from deckgen.project import output_dir
    from deckgen.sim.store import STORE_NAME, open_store

    root = output or output_dir()
    if not (root / STORE_NAME).is_file():
        raise DeckgenError(f"{shown_path(root / STORE_NAME)}: no stored results yet (run simulate, sweep or build "
                           "with this --output first)")
    runs = open_store(root).runs(game_id)
    if keys is not None:
        from deckgen.sim.results import compare, comparison_table, find_run

        data = compare(find_run(runs, keys[0]), find_run(runs, keys[1]))
        if fmt == "json":
            emit_json(data)
            return
        head, rows = comparison_table(data)
        if fmt == "csv":
            _write_csv(["statistic", "kind", "a", "b", "difference", "test", "p", "p_holm"],
                       [[row[k] for k in ("statistic", "kind", "a", "b", "difference", "test", "p", "p_holm")]
                        for row in data["rows"]])
            return
        from deckgen.report import table

        for side, fields in (("A", data["a"]), ("B", data["b"])):
            click.echo(f"{side}: " + ", ".join(f"{name} {value}" for name, value in zip(data["columns"], fields)
                                               if value not in (None, "")))
        click.echo(table(head, rows) if rows else "no statistic in common")
        click.echo(data["note"])
        return
    if fmt == "json":
        emit_json(runs)
        return
    if fmt == "csv":
        from deckgen.sim.results import csv_rows

        _write_csv(*csv_rows(runs))
        return
    from deckgen.report import table
    from deckgen.sim.store import run_rows

    head, rows = run_rows(runs)
    if rows:
        click.echo(table(head, rows))
    elif game_id:  # perhaps a typo: name the games that have runs
        stored = sorted({run["game"] for run in open_store(root).runs()})
        click.echo(f"no stored runs of game {game_id} (stored games: {', '.join(stored) or 'none'})")
    else:
        click.echo("no stored runs")


def _write_csv(head: list[str], rows: list[list[Any]]) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(head)
    writer.writerows(["" if cell is None else cell for cell in row] for row in rows)
