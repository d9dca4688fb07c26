"""`deckgen analyse`: how much skill matters in a game, and its design metrics."""

from __future__ import annotations

import textwrap
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from deckgen.cli.group import emit_json, jobs_note, progress_lines
from deckgen.cli.options import SEED, check_run_options, run_options
from deckgen.report import table

if TYPE_CHECKING:
    from deckgen.sim.workflows import AnalysisLimits


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def match_rows(matches: list[dict[str, Any]], first: str) -> list[list[str]]:
    return [[m[first], m["field"], str(m["games"]), _percent(m["win_rate"]),
             f"{_percent(m['ci95'][0])} - {_percent(m['ci95'][1])}", m["verdict"]] for m in matches]


#: The default time budget of `analyse`, in seconds: with start-up and writing, under two minutes.
DEFAULT_BUDGET = 80.0


@click.command("analyse")
@click.argument("game_name", metavar="GAME")
@click.option("--players", type=int, default=None, help="Player count (default: the game's minimum).")
@click.option("--budget", type=float, default=None,
              help=f"Seconds to spend (default {DEFAULT_BUDGET:g}): games, search budget and ladder steps are chosen "
                   "to fit, from a short pilot; what you fix with the options below is kept.")
@click.option("--games", "n_games", type=int, default=None,
              help="Games per match (seats rotated) and per ladder step (default: chosen to fit the budget).")
@click.option("--seed", type=SEED, default=1, show_default=True,
              help="Seed of every match and ladder step (the same seed and games: the same numbers, "
                   "whatever --jobs is).")
@click.option("--jobs", default="auto", show_default=True, help="Worker processes, or auto for one per core.")
@click.option("--ladder", "ladder_text", default=None,
              help="Search budgets of the skill ladder (each against half its budget), e.g. 8,16,32; 'none' skips "
                   "it (default: from 8 up, as far as the budget reaches).")
@click.option("--search-budget", type=int, default=None,
              help="Playouts per decision of the search bot in the skill table (default: 100, less if the budget "
                   "needs it).")
@click.option("--metrics-games", type=int, default=None,
              help="Games of the report bot for the design metrics (default: up to 2000, to fit the budget).")
@click.option("--option", "option_pairs", multiple=True, metavar="KEY=VALUE", help="Set a rule option (repeatable).")
@click.option("--progress/--no-progress", default=None, help="Progress lines on stderr (default: on a terminal).")
@click.option("--json", "as_json", is_flag=True, help="Print everything as JSON.")
@run_options
def analyse_command(game_name: str, players: int | None, budget: float | None, n_games: int | None, seed: int,
                    jobs: str, ladder_text: str | None, search_budget: int | None, metrics_games: int | None,
                    option_pairs: tuple[str, ...], progress: bool | None, as_json: bool, scheduler: str | None,
                    cluster: str | None, output: Path | None, no_store: bool) -> None:
    """How much skill matters in GAME: random and greedy bots against each other and search
    against greedy, seats rotated; a ladder of search budgets; the design metrics; and a
    verdict in words.

    Each win rate is the challenger's, in one seat against the other bot in every other
    seat, with its 95% Wilson interval beside the fair share 1/N. A short pilot times the
    game first; the plan and its estimate go to stderr before the games start. The same
    seed and the same counts give the same numbers whatever --jobs is (--budget picks the
    counts from the machine's speed: the plan line says which, to fix them next time).

    \b
    Examples:
      deckgen analyse mirrorquest --players 4
      deckgen analyse mystique-circle --budget 300
      deckgen analyse zoomies --players 4 --games 400 --ladder 8,16,32 --json
      deckgen analyse mirrorquest --players 4 --output output   # into mirrorquest's design report
    """
    import time

    from deckgen.sim.runner import option_pairs_text, parse_jobs

    started = time.perf_counter()
    limits = analysis_limits(budget, n_games, metrics_games, search_budget, ladder_text)
    option_pairs_text(option_pairs)
    workers = parse_jobs(jobs)
    root = check_run_options(scheduler, cluster, output, store=not no_store)  # the output folder is checked before minutes of games
    jobs_note(jobs, workers)

    from deckgen.sim.experiment import Backend
    from deckgen.sim.store import open_store
    from deckgen.sim.workflows import analyse

    with progress_lines(progress) as bars:
        game, data = analyse(game_name, players, option_pairs, seed, limits, Backend(workers, scheduler, cluster),
                             None if no_store else open_store(root), started, lambda line: click.echo(line, err=True),
                             bars)
    if output is not None:
        from deckgen.publish.game_report import write_analysis

        for path in write_analysis(game.rules, output, data):
            click.echo(f"wrote {path}", err=as_json)
    click.echo(f"analysed in {data['plan']['elapsed_seconds']:.0f} s "
               f"(estimated {data['plan']['estimated_seconds']:.0f} s)", err=True)
    if as_json:
        emit_json(data)
        return
    click.echo(format_analysis(data, game.rules.name, game.rules.report_bot))


def analysis_limits(budget: float | None, n_games: int | None, metrics_games: int | None,
                    search_budget: int | None, ladder_text: str | None) -> AnalysisLimits:
    """What the options fix of the analysis, checked for range before any engine loads."""
    from deckgen.sim.runner import SimulationError, parse_count_text
    from deckgen.sim.workflows import AnalysisLimits

    if n_games is not None and not 1 <= n_games <= 100_000:
        raise SimulationError(f"--games {n_games}: give 1 to 100000")
    if metrics_games is not None and not 1 <= metrics_games <= 1_000_000:
        raise SimulationError(f"--metrics-games {metrics_games}: give 1 to 1000000")
    if search_budget is not None and not 1 <= search_budget <= 100_000:
        raise SimulationError(f"--search-budget {search_budget}: give 1 to 100000 playouts")
    if budget is not None and not 1 <= budget <= 7 * 24 * 3600:
        raise SimulationError(f"--budget {budget:g}: give 1 to 604800 seconds")
    budgets = None if ladder_text is None else (
        () if ladder_text.strip() == "none" else tuple(parse_count_text(
            ladder_text.replace(" ", ""), "--ladder", "search budgets such as 8,16,32 (each at most 999), or none")))
    return AnalysisLimits(budget if budget is not None else DEFAULT_BUDGET, n_games, metrics_games, search_budget,
                          budgets)


def format_analysis(data: dict[str, Any], game_name: str, report_bot: str) -> str:
    """The skill table, the ladder, the design metrics and the verdict, as text."""
    from deckgen.sim.report import metric_rows

    chosen_plan, n_players = data["plan"], data["players"]
    head = ["challenger", "against", "games", "win rate", "95% CI", "verdict"]
    lines = [f"{game_name}, {n_players} players: challenger in one seat (rotated), fair share "
             f"{_percent(1 / n_players)}", table(head, match_rows(data["skill"], "challenger"))]
    if data["ladder"]:
        lines += ["\nskill ladder: search at a budget against search at half of it",
                  table(["budget", "against", "games", "win rate", "95% CI", "verdict"],
                        match_rows([{**m, "budget": str(m["budget"])} for m in data["ladder"]], "budget"))]
    lines += [f"\ndesign metrics ({chosen_plan['metrics_games']} games, bots {report_bot})",
              table(["metric", "value", "95% CI"], metric_rows(data["metrics"])),
              "\n" + textwrap.fill(data["verdict"], 92)]
    return "\n".join(lines)
