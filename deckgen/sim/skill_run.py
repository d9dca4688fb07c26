"""`deckgen analyse` as one call: the pilot and the plan (`skill_plan`), then the matches
without search, the design metrics, search against the field and the ladder (`skill`), each
re-planned or stopped by the time left, and the verdict.

The budget counts from `started` (the command's start, so start-up is included) to two
seconds before its end, kept for writing and printing.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any, Callable

from deckgen.games.base import Game
from deckgen.sim.experiment import Experiment
from deckgen.sim.progress import ProgressLines
from deckgen.sim.runner import Jobs
from deckgen.sim.skill import skill_ladder, skill_table, verdict
from deckgen.sim.skill_plan import Request, cheap_pairs, describe, measure, plan, plan_search
from deckgen.sim.stats import summarize
from deckgen.sim.stopping import Stop

#: Seconds of the budget kept for writing and printing.
RESERVE = 2.0


def run_analysis(game: Game, request: Request, options: dict[str, Any], seed: int, jobs: Jobs, workers: int,
                 report_bots: list[str], started: float, say: Callable[[str], None],
                 bars: ProgressLines) -> dict[str, Any]:
    """Play the analysis `request` asks for within its budget (seconds from `started`) and
    return its JSON data; `say` takes the plan lines for stderr."""
    n_players, field_bot, seconds = request.n_players, request.field_bot, request.budget
    finish = started + seconds - RESERVE
    fixed = request.games is not None  # the user fixed the games: every match plays them all
    bar = bars.start
    costs = measure(game, n_players, field_bot, options, seed, workers)
    request = replace(request, budget=max(1.0, finish - time.perf_counter()))
    chosen = plan(costs, request)
    say(describe(chosen, seconds))
    phase_start = time.perf_counter()
    matches = skill_table(game, n_players, cheap_pairs(request.cheap_bots), options, seed, chosen.cheap_games, jobs,
                          bar)
    metrics = Experiment(game, [n_players], {n_players: report_bots}, options, seed, Stop(chosen.metrics_games))
    summary = summarize(metrics.run_count(n_players, jobs, bar("design metrics", chosen.metrics_games)))
    # The machine is shared: where the first games ran slower than planned, so will search.
    planned = chosen.estimate["matches without search"] + chosen.estimate["design metrics"]
    costs = costs.scaled(min(4.0, max(1.0, (time.perf_counter() - phase_start) / max(planned, 0.5))))
    before = describe(chosen, seconds)
    plan_search(chosen, costs, request, finish - time.perf_counter())
    if describe(chosen, seconds) != before:
        bars.close()
        say(f"re-planned for the time left: {describe(chosen, seconds)}")
    took = {"before search": time.perf_counter() - phase_start}
    if chosen.search_budget is not None:
        phase_start = time.perf_counter()
        # Search's estimate is the least sure: in budget mode its match stops a round after half
        # as long again as planned (or the budget's end), with the games it has played.
        estimated = chosen.estimate[f"search:{chosen.search_budget} against {field_bot}"]
        deadline = None if fixed else min(finish, time.perf_counter() + 1.5 * estimated)
        matches += skill_table(game, n_players, [(f"search:{chosen.search_budget}", field_bot)], options, seed,
                               chosen.search_games, jobs, bar, deadline)
        chosen.search_games = matches[-1]["games"]
        took["search"] = time.perf_counter() - phase_start
        # The ladder goes on at the pace search had.
        costs = costs.scaled(min(4.0, max(0.5, took["search"] / max(estimated, 0.5))))
    phase_start = time.perf_counter()
    chosen_ladder = request.ladder is not None

    def go_on(step: int) -> bool:
        """A ladder step the plan chose, while the budget lasts (when the budget chose it)."""
        if chosen_ladder:
            return True
        cost = costs.seconds([f"search:{step}"] + [f"search:{max(1, step // 2)}"] * (n_players - 1),
                             chosen.ladder_games)
        return time.perf_counter() + cost <= finish

    ladder = skill_ladder(game, n_players, options, seed, chosen.ladder_games, jobs, tuple(chosen.ladder), bar,
                          go_on=go_on, deadline=None if chosen_ladder else finish) if chosen.ladder else []
    took["skill ladder"] = time.perf_counter() - phase_start
    return {"game": game.rules.id, "players": n_players, "seed": seed, "games_per_match": chosen.cheap_games,
            "skill": matches, "ladder": ladder, "metrics": summary["metrics"], "metrics_bots": summary["bots"],
            "verdict": verdict(matches, ladder),
            "plan": {"budget_seconds": seconds, "estimated_seconds": round(chosen.seconds, 1),
                     "elapsed_seconds": round(time.perf_counter() - started, 1),
                     "games_per_match": chosen.cheap_games, "search_budget": chosen.search_budget,
                     "search_games": chosen.search_games, "ladder": [step["budget"] for step in ladder],
                     "ladder_games": chosen.ladder_games, "metrics_games": chosen.metrics_games,
                     "notes": chosen.notes, "estimate": {k: round(v, 1) for k, v in chosen.estimate.items()},
                     "took": {k: round(v, 1) for k, v in took.items()}}}
