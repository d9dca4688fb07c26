"""`deckgen sweep` (rule and deck variants against the default) and `deckgen tune` (option
values searched for fair seats or a target length)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from deckgen.cli.group import emit_json, jobs_note, progress_lines
from deckgen.cli.options import SEED, check_run_options, run_options
from deckgen.sim.stopping import checked_stop


@click.command("sweep")
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
    from deckgen.sim.report import plot_format
    from deckgen.sim.runner import SimulationError, bot_names_text, parse_count_text, parse_jobs
    from deckgen.sim.sweep import option_grid_text

    stop = checked_stop(None, precision, max_games)
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
    jobs_note(jobs, workers)

    from deckgen.publish.game_report import write_game_report
    from deckgen.sim.experiment import Backend
    from deckgen.sim.sweep import format_sweep, plot_sweep
    from deckgen.sim.workflows import play_sweep

    with progress_lines(progress) as bars:
        game, data, target = play_sweep(game_name, grid, list(deck_paths), players_text, bots, seed, stop,
                                        Backend(workers, scheduler, cluster), root, not no_store, bars.start)
    if plot_path is not None:
        plot_sweep(data, plot_path)
    if as_json:
        emit_json(data)
    else:
        click.echo(format_sweep(data, game.rules.name, game.rules.turn_units))
    click.echo(f"wrote {target}", err=True)
    click.echo(f"wrote {write_game_report(game.rules, root)}", err=True)  # the sweep joins the design report


@click.command("tune")
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
      deckgen tune mirrorquest --players 5 --option first_player_extra_cards=0..2 --objective fair
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
    jobs_note(jobs, workers)

    from deckgen.sim.experiment import Backend
    from deckgen.sim.store import open_store
    from deckgen.sim.workflows import tune_options

    def on_trial(entry: dict[str, Any]) -> None:
        shown = ", ".join(f"{k}={_option_value(v)}" for k, v in entry["values"].items())
        click.echo(f"trial {entry['trial'] + 1}/{trials}: {shown}: objective {entry['objective']:.4f}", err=True)

    game, data = tune_options(game_name, players, bots, option_pairs, objective, trials, n_games, confirm_games, seed,
                              Backend(workers, scheduler, cluster), None if no_store else open_store(root), on_trial)
    if as_json:
        emit_json(data)
        return
    click.echo(format_tune(data, game.rules.name, game.rules.turn_units))


def _option_value(value: Any) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    return str(value).lower() if isinstance(value, bool) else str(value)


def format_tune(data: dict[str, Any], game_name: str, units: str) -> str:
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
    rows.append([f"mean {units}"] + ["-" if length is None else f"{length['mean']:.1f}" for length in lengths])
    rows.append(["objective"] + [f"{confirmed[k]['objective']:.4f}" for k in ("tuned", "shipped")])
    lines.append(table(["seat", "tuned", "as shipped"], rows))
    versus = confirmed["vs_shipped"]
    covers = "yes" if confirmed["every_seat_covers_fair_share"] else "no"
    lines.append(f"every seat's interval covers the fair share: {covers}")
    lines.append(f"tuned vs shipped, paired on the same games: seat 0 {100 * versus['seat0_diff']:+.1f} pts "
                 f"({versus['seat0_test']}, p {versus['seat0_p']:.3g})"
                 + ("" if versus["length_diff"] is None or versus["length_p"] is None else
                    f"; length {versus['length_diff']:+.1f} {units} (paired t-test, p {versus['length_p']:.3g})"))
    return "\n".join(lines)
