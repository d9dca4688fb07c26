"""The fairness report `deckgen build` writes for every game: every allowed player count
with random bots, and the greedy bot in seat 0 against random bots, as JSON, text and plot."""

from __future__ import annotations

import json
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.bots.registry import GREEDY, RANDOM, bots_for
from deckgen.fileio import output_file, write_atomic
from deckgen.games.base import Game
from deckgen.report import table
from deckgen.sim.experiment import Experiment
from deckgen.sim.report import format_summary, write_plot
from deckgen.sim.runner import TRACED_GAMES, Jobs
from deckgen.sim.stats import summarize
from deckgen.sim.stopping import Stop

if TYPE_CHECKING:
    from deckgen.sim.store import ResultStore


def fair_share(summary: dict[str, Any]) -> float:
    """The fair share of a run's summary (see sim.report_data.fair_share)."""
    from deckgen.sim.report_data import fair_share as share

    return share(summary["finished"], summary.get("no_winner", 0), summary["players"])


def _edge_row(summary: dict[str, Any]) -> list[Any]:
    """Seat 0's win rate above the fair share, with its interval, and the length."""
    fair = fair_share(summary)
    seat0 = summary["seat_win_rate"][0]
    rate = seat0["rate"]
    low, high = seat0["ci95"]
    p_value = summary["seat_p_value"]
    length = summary["length"]
    return [
        summary["players"],
        summary["games"],
        summary["unfinished"],
        "-" if rate is None else f"{100 * (rate - fair):+.1f} pts",
        f"{100 * (low - fair):+.1f} .. {100 * (high - fair):+.1f}",
        "-" if p_value is None else f"{p_value:.3g}",
        "-" if length is None else f"{length['mean']:.1f}",
    ]


def write_fairness_report(game: Game, out_dir: Path, games: int, seed: int, jobs: Jobs,
                          precision: float | None = None, store: ResultStore | None = None) -> list[Path]:
    """Simulate and write `<game>-fairness.{json,txt,png}` under out_dir/<deck>/: `games` per
    player count, or with a precision as many as every seat's interval needs, up to `games`.
    With a store, games it holds are not played again and every run is recorded there."""
    rules = game.rules
    options = rules.resolve_options()
    bot = rules.report_bot

    def experiment(bots: dict[int, list[str]], traced: int = TRACED_GAMES) -> Experiment:
        return Experiment(game, list(bots), bots, options, seed, Stop(games, precision), traced=traced, resume=True)

    report = experiment({n: [bot] * n for n in rules.players.counts()})
    runs = report.run(jobs, store)
    summaries = [summarize(run) for run in runs]
    report.record(store, "fairness", summaries)
    greedy_line: list[str] = []
    greedy = None
    if GREEDY in bots_for(rules.id):  # a project's own Python engine may have no greedy bot
        n_greedy = 4 if 4 in rules.players.counts() else rules.players.min
        # Untraced: the report reads only the duel's win rate, and tracing its first games
        # (greedy moves, standings read before each) cost some 18 CPU-s of a first build.
        duel = experiment({n_greedy: [GREEDY] + [RANDOM] * (n_greedy - 1)}, traced=0)
        greedy = summarize(duel.run(jobs, store)[0])
        duel.record(store, "fairness", [greedy])
        rate = greedy["seat_win_rate"][0]
        greedy_line = [f"greedy bot in seat 0 against {n_greedy - 1} random bots: wins {100 * (rate['rate'] or 0):.1f}% "
                       f"(95% CI {100 * rate['ci95'][0]:.1f}-{100 * rate['ci95'][1]:.1f}%, "
                       f"fair share {100 * fair_share(greedy):.1f}%)", ""]
    target = output_file(out_dir, rules.deck)
    how_many = (f"games until every seat's 95% interval is within +/-{100 * precision:g} points (at most {games})"
                if precision is not None else f"{games} games per player count")
    text = [
        f"{rules.name}: fairness with {bot} bots, {how_many}, seed {seed}",
        "seat 0's edge = its win rate minus the fair share (1 / players of the games somebody won), with the",
        "95% Wilson interval;",
        "p = chi-square test that all seats win equally often (finished games only).",
        "",
        table(["players", "games", "unfinished", "seat 0 edge", "95% CI", "p", f"mean {rules.turn_units}"],
              [_edge_row(s) for s in summaries]),
        "",
        *greedy_line,
        *(format_summary(s, rules.turn_units) + "\n" for s in summaries),
    ]
    data = {"game": rules.id, "seed": seed, "games_per_count": games, "precision": precision, "report_bot": bot,
            "report": summaries,
            "greedy_vs_random": greedy}
    plot = target / f"{rules.id}-fairness.png"
    write_plot(runs, summaries, plot, rules.turn_units)
    return [
        write_atomic(target / f"{rules.id}-fairness.json", json.dumps(data, indent=2) + "\n"),
        write_atomic(target / f"{rules.id}-fairness.txt", "\n".join(text)),
        plot,
    ]
