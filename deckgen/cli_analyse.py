"""`deckgen analyse`: how much skill matters in a game, and its design metrics."""

from __future__ import annotations

import textwrap
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


#: The default time budget of `analyse`, in seconds: with start-up and writing, under two minutes.
DEFAULT_BUDGET = 80.0


@main.command("analyse")
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
    import sys
    import time

    from deckgen.sim.runner import (
        SimulationError,
        option_pairs_text,
        parse_count_text,
        parse_jobs,
    )

    started = time.perf_counter()
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
    option_pairs_text(option_pairs)
    workers = parse_jobs(jobs)
    root = check_run_options(scheduler, cluster, output, store=not no_store)  # the output folder is checked before minutes of games
    _jobs_note(jobs, workers)

    from deckgen.bots.registry import RANDOM, SEARCH, bots_for
    from deckgen.games.base import get_game
    from deckgen.sim.cluster import dask_engine
    from deckgen.sim.report import ProgressLines
    from deckgen.sim.runner import parse_bots, parse_options, run_simulation
    from deckgen.sim.skill import skill_ladder, skill_table, verdict
    from deckgen.sim.skill_plan import Request, cheap_pairs, describe, measure, plan, plan_search
    from deckgen.sim.stats import summarize
    from deckgen.sim.store import game_inputs, open_store

    game = get_game(game_name)
    n_players = players if players is not None else game.rules.players.min
    game.check_players(n_players)
    options = parse_options(option_pairs, game)
    store = None if no_store else open_store(root)
    cheap = [name for name in bots_for(game.rules.id) if name != SEARCH]
    field_bot = next((name for name in reversed(cheap) if name != RANDOM), RANDOM)
    report_bots = parse_bots(game.rules.report_bot, game, n_players)
    bars = ProgressLines(sys.stderr.isatty() if progress is None else progress)
    bar = bars.start

    seconds = budget if budget is not None else DEFAULT_BUDGET
    finish = started + seconds - 2.0  # two seconds to write and print
    # The user fixed the search match's games: it plays them all, whatever the time.
    fixed = n_games is not None
    with dask_engine(scheduler, cluster) as engine:
        jobs_used = engine or workers
        costs = measure(game, n_players, field_bot, options, seed, workers if engine is None else engine.workers)
        request = Request(max(1.0, seconds - (time.perf_counter() - started) - 2.0), n_players, cheap, field_bot,
                          n_games, metrics_games, search_budget, budgets)
        chosen = plan(costs, request)
        click.echo(describe(chosen, seconds), err=True)
        phase_start = time.perf_counter()
        try:
            matches = skill_table(game, n_players, cheap_pairs(cheap), options, seed, chosen.cheap_games, jobs_used,
                                  bar)
            summary = summarize(run_simulation(game, n_players, report_bots, options, seed, chosen.metrics_games,
                                               jobs_used, bar("design metrics", chosen.metrics_games)))
            # The machine is shared: where the first games ran slower than planned, so will search.
            planned = chosen.estimate["matches without search"] + chosen.estimate["design metrics"]
            slowdown = min(4.0, max(1.0, (time.perf_counter() - phase_start) / max(planned, 0.5)))
            costs = costs.scaled(slowdown)
            before = describe(chosen, seconds)
            plan_search(chosen, costs, request, finish - time.perf_counter())
            if describe(chosen, seconds) != before:
                bars.close()
                click.echo(f"re-planned for the time left: {describe(chosen, seconds)}", err=True)
            took = {"before search": time.perf_counter() - phase_start}
            if chosen.search_budget is not None:
                phase_start = time.perf_counter()
                # Search's estimate is the least sure: in budget mode its match stops a round after
                # half as long again as planned (or the budget's end), with the games it has played.
                estimated = chosen.estimate[f"search:{chosen.search_budget} against {field_bot}"]
                deadline = None if fixed else min(finish, time.perf_counter() + 1.5 * estimated)
                matches += skill_table(game, n_players, [(f"search:{chosen.search_budget}", field_bot)], options,
                                       seed, chosen.search_games, jobs_used, bar, deadline)
                chosen.search_games = matches[-1]["games"]
                took["search"] = time.perf_counter() - phase_start
                # The ladder goes on at the pace search had.
                costs = costs.scaled(min(4.0, max(0.5, took["search"] / max(estimated, 0.5))))
            phase_start = time.perf_counter()

            def go_on(step: int) -> bool:
                """A ladder step the plan chose, while the budget lasts (when the budget chose it)."""
                if budgets is not None:
                    return True
                cost = costs.seconds([f"search:{step}"] + [f"search:{max(1, step // 2)}"] * (n_players - 1),
                                     chosen.ladder_games)
                return time.perf_counter() + cost <= finish

            ladder = skill_ladder(game, n_players, options, seed, chosen.ladder_games, jobs_used,
                                  tuple(chosen.ladder), bar, go_on=go_on,
                                  deadline=None if budgets is not None else finish) if chosen.ladder else []
            took["skill ladder"] = time.perf_counter() - phase_start
        finally:
            bars.close()
    elapsed = time.perf_counter() - started
    data = {"game": game.rules.id, "players": n_players, "seed": seed, "games_per_match": chosen.cheap_games,
            "skill": matches, "ladder": ladder, "metrics": summary["metrics"], "metrics_bots": summary["bots"],
            "verdict": verdict(matches, ladder),
            "plan": {"budget_seconds": seconds, "estimated_seconds": round(chosen.seconds, 1),
                     "elapsed_seconds": round(elapsed, 1), "games_per_match": chosen.cheap_games,
                     "search_budget": chosen.search_budget, "search_games": chosen.search_games,
                     "ladder": [step["budget"] for step in ladder], "ladder_games": chosen.ladder_games,
                     "metrics_games": chosen.metrics_games, "notes": chosen.notes,
                     "estimate": {k: round(v, 1) for k, v in chosen.estimate.items()},
                     "took": {k: round(v, 1) for k, v in took.items()}}}
    if store is not None:
        store.record_run("analyse", game_inputs(game), {
            "players": n_players, "bots": [*cheap, f"search:{chosen.search_budget}"], "options": dict(options),
            "seed": seed, "games": chosen.cheap_games, "ladder": data["plan"]["ladder"],
            "search_budget": chosen.search_budget, "metrics_games": chosen.metrics_games}, data)
    if output is not None:
        from deckgen.sim.html_report import write_analysis

        for path in write_analysis(game.rules, output, data):
            click.echo(f"wrote {path}", err=as_json)
    click.echo(f"analysed in {elapsed:.0f} s (estimated {chosen.seconds:.0f} s)", err=True)
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
    click.echo(f"\ndesign metrics ({chosen.metrics_games} games, bots {game.rules.report_bot})")
    click.echo(table(["metric", "value", "95% CI"], metric_rows(summary["metrics"])))
    click.echo("\n" + textwrap.fill(data["verdict"], 92))
