"""`deckgen analyse`: how much skill matters in a game, and its design metrics."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click

from deckgen.cli import _jobs_note, emit_json, main
from deckgen.cli_options import SEED, check_run_options, run_options
from deckgen.report import table


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def match_rows(matches: list[dict[str, Any]], first: str) -> list[list[str]]:
    return [[m[first], m["field"], str(m["games"]), _percent(m["win_rate"]),
             f"{_percent(m['ci95'][0])} - {_percent(m['ci95'][1])}", m["verdict"]] for m in matches]


@main.command("analyse")
@click.argument("game_name", metavar="GAME")
@click.option("--players", type=int, default=None, help="Player count (default: the game's minimum).")
@click.option("--games", "n_games", type=int, default=200, show_default=True,
              help="Games per match (seats rotated) and per ladder step.")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seed of every match and ladder step (the same seed, the same numbers, whatever --jobs is).")
@click.option("--jobs", default="auto", show_default=True, help="Worker processes, or auto for one per core.")
@click.option("--ladder", "ladder_text", default="8,16,32,64,128,256", show_default=True,
              help="Search budgets of the skill ladder (each against half its budget); 'none' skips it.")
@click.option("--search-budget", type=int, default=100, show_default=True,
              help="Playouts per decision of the search bot in the skill table.")
@click.option("--metrics-games", type=int, default=2000, show_default=True,
              help="Games of the report bot for the design metrics.")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a rule option (repeatable).")
@click.option("--json", "as_json", is_flag=True, help="Print everything as JSON.")
@run_options
def analyse_command(game_name: str, players: int | None, n_games: int, seed: int, jobs: str, ladder_text: str,
                    search_budget: int, metrics_games: int, option_pairs: tuple[str, ...], as_json: bool,
                    scheduler: str | None, cluster: str | None, output: Path | None, no_store: bool) -> None:
    """How much skill matters in GAME: random, greedy and search bots against each other with
    seats rotated, a ladder of search budgets, and the design metrics.

    Each win rate is the challenger's, in one seat against the other bot in every other
    seat, with its 95% Wilson interval beside the fair share 1/N. The same seed gives the
    same numbers whatever --jobs is.

    \b
    Examples:
      deckgen analyse mirrorquest --players 4
      deckgen analyse zoomies --players 4 --games 400 --ladder 8,16,32 --json
      deckgen analyse mirrorquest --players 4 --output output   # into mirrorquest's design report
    """
    from deckgen.sim.runner import (
        SimulationError,
        option_pairs_text,
        parse_count_text,
        parse_jobs,
    )

    if not 1 <= n_games <= 100_000 or not 1 <= metrics_games <= 1_000_000:
        raise SimulationError("--games and --metrics-games: give at least 1 (at most 100000 and 1000000)")
    if not 1 <= search_budget <= 100_000:
        raise SimulationError(f"--search-budget {search_budget}: give 1 to 100000 playouts")
    budgets = () if ladder_text.strip() == "none" else tuple(parse_count_text(ladder_text.replace(" ", "")))
    option_pairs_text(option_pairs)
    workers = parse_jobs(jobs)
    root = check_run_options(scheduler, cluster, output)  # the output folder is checked before minutes of games
    _jobs_note(jobs, workers)

    from deckgen.bots.registry import bots_for
    from deckgen.games.base import get_game
    from deckgen.sim.cluster import dask_engine
    from deckgen.sim.runner import parse_bots, parse_options, run_simulation
    from deckgen.sim.skill import skill_ladder, skill_table
    from deckgen.sim.stats import summarize
    from deckgen.sim.store import game_inputs, open_store

    game = get_game(game_name)
    n_players = players if players is not None else game.rules.players.min
    game.check_players(n_players)
    options = parse_options(option_pairs, game)
    store = None if no_store else open_store(root)
    names = [name for name in bots_for(game.rules.id) if name != "search"] + [f"search:{search_budget}"]
    report_bots = parse_bots(game.rules.report_bot, game, n_players)
    with dask_engine(scheduler, cluster) as engine:
        matches = skill_table(game, n_players, names, options, seed, n_games, engine or workers)
        ladder = skill_ladder(game, n_players, options, seed, n_games, engine or workers, budgets) if budgets else []
        summary = summarize(run_simulation(game, n_players, report_bots, options, seed, metrics_games,
                                           engine or workers))
    data = {"game": game.rules.id, "players": n_players, "seed": seed, "games_per_match": n_games,
            "skill": matches, "ladder": ladder, "metrics": summary["metrics"],
            "metrics_bots": summary["bots"], "seat_win_rate": summary["seat_win_rate"]}
    if store is not None:
        store.record_run("analyse", game_inputs(game), {
            "players": n_players, "bots": names, "options": dict(options), "seed": seed, "games": n_games,
            "ladder": list(budgets), "search_budget": search_budget, "metrics_games": metrics_games}, data)
    if output is not None:
        from deckgen.sim.html_report import write_analysis

        for path in write_analysis(game.rules, output, data):
            click.echo(f"wrote {path}", err=as_json)
    if as_json:
        emit_json(data)
        return
    from deckgen.sim.report import metric_rows

    head = ["challenger", "against", "games", "win rate", "95% CI", "verdict"]
    click.echo(f"{game.rules.name}, {n_players} players: challenger in one seat (rotated), fair share "
               f"{_percent(1 / n_players)}")
    click.echo(table(head, match_rows(matches, "challenger")))
    if ladder:
        click.echo("\nskill ladder: search at a budget against search at half of it")
        click.echo(table(["budget", "against", "games", "win rate", "95% CI", "verdict"],
                         match_rows([{**m, "budget": str(m["budget"])} for m in ladder], "budget")))
    click.echo(f"\ndesign metrics ({metrics_games} games, bots {game.rules.report_bot})")
    click.echo(table(["metric", "value", "95% CI"], metric_rows(summary["metrics"])))
