"""What the commands that play run: each takes what the command line parsed, builds its
Experiment, plays it on the backend, records it in the store and returns what the command
prints. The commands only parse, call one of these and print.

Each imports what only it needs (analysis, sweeps, tuning) when it runs: `simulate` loading
them all cost it about a tenth of a one-game run.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.fileio import output_file, write_atomic
from deckgen.games.base import Game
from deckgen.sim.experiment import Backend, Experiment, ProgressStart
from deckgen.sim.stats import summarize
from deckgen.sim.stopping import Stop
from deckgen.sim.store import ResultStore, game_inputs, open_store

if TYPE_CHECKING:
    from deckgen.sim.progress import ProgressLines

Say = Callable[[str], None]
"""Takes one line for stderr."""


def simulate(experiment: Experiment, backend: Backend, store: ResultStore | None,
             progress: ProgressStart | None) -> list[dict[str, Any]]:
    """`deckgen simulate`: play the experiment, record it as a simulate run, return the
    statistics of every count."""
    with backend.open() as jobs:
        experiment.run(jobs, progress=progress)
    summaries = [summarize(run) for run in experiment.runs]
    experiment.record(store, "simulate", summaries,
                      **({} if experiment.stop.precision is not None else {"max_games": None}))
    return summaries


def play_sweep(game_name: str, grid: dict[str, list[str]], decks: list[Path], players_text: str | None,
               bots_text: str | None, seed: int, stop: Stop, backend: Backend, root: Path, stored: bool,
               progress: ProgressStart | None) -> tuple[Game, dict[str, Any], Path]:
    """`deckgen sweep`: the game and its variants from command-line text (every count the
    game allows unless told), played on the backend (resuming and recording in the output
    folder's store when `stored`); returns the game, the sweep's data and the JSON file
    written (`<root>/<deck>/<game>-sweep.json`)."""
    from deckgen.sim.sweep import SweepRequest, build_variants, run_sweep, sweep_json, typed_grid

    shipped = Experiment.parse(game_name, players_text, bots_text, (), seed, stop, every_count=True)
    game = shipped.game
    typed = typed_grid(game, grid)
    request = SweepRequest(shipped.counts, shipped.bots, seed, stop.precision, stop.games,
                           bots_text or game.rules.report_bot, typed, decks)
    with backend.open() as jobs:
        data = run_sweep(game, build_variants(game, typed, decks), request, jobs, open_store(root) if stored else None,
                         progress)
    return game, data, write_atomic(output_file(root, game.rules.deck, f"{game.rules.id}-sweep.json"), sweep_json(data))


class AnalysisLimits:
    """What the command line fixed of an analysis (None: the plan chooses to fit the budget).
    A plain class, as `experiment.Backend`."""

    __slots__ = ("budget", "games", "metrics_games", "search_budget", "ladder")

    def __init__(self, budget: float, games: int | None = None, metrics_games: int | None = None,
                 search_budget: int | None = None, ladder: tuple[int, ...] | None = None) -> None:
        self.budget = budget
        self.games = games
        self.metrics_games = metrics_games
        self.search_budget = search_budget
        self.ladder = ladder


def analyse(game_name: str, players: int | None, option_pairs: tuple[str, ...], seed: int, fixed: AnalysisLimits,
            backend: Backend, store: ResultStore | None, started: float, say: Say,
            bars: ProgressLines) -> tuple[Game, dict[str, Any]]:
    """`deckgen analyse`: the skill table, ladder and design metrics within the time budget
    (seconds from `started`), recorded as an analyse run."""
    from deckgen.bots.registry import RANDOM, SEARCH, bots_for
    from deckgen.sim.skill_plan import Request
    from deckgen.sim.skill_run import run_analysis

    shipped = Experiment.parse(game_name, players, None, option_pairs, seed, Stop(1))
    game, n_players = shipped.game, shipped.counts[0]
    cheap = [name for name in bots_for(game.rules.id) if name != SEARCH]
    field_bot = next((name for name in reversed(cheap) if name != RANDOM), RANDOM)
    request = Request(fixed.budget, n_players, cheap, field_bot, fixed.games, fixed.metrics_games,
                      fixed.search_budget, fixed.ladder)
    with backend.open() as jobs:
        data = run_analysis(game, request, shipped.options, seed, jobs,
                            jobs if isinstance(jobs, int) else jobs.workers, shipped.bots[n_players], started, say,
                            bars)
    chosen = data["plan"]
    if store is not None:
        store.record_run("analyse", game_inputs(game), {
            "players": n_players, "bots": [*cheap, f"search:{chosen['search_budget']}"],
            "options": dict(shipped.options), "seed": seed, "games": chosen["games_per_match"],
            "ladder": chosen["ladder"], "search_budget": chosen["search_budget"],
            "metrics_games": chosen["metrics_games"]}, data)
    return game, data


def tune_options(game_name: str, players: int | None, bots_text: str | None, option_pairs: tuple[str, ...],
                 objective: str, trials: int, games: int, confirm_games: int, seed: int, backend: Backend,
                 store: ResultStore | None, on_trial: Callable[[dict[str, Any]], None]) -> tuple[Game, dict[str, Any]]:
    """`deckgen tune`: the trials (each recorded as a tune-trial run, then told to `on_trial`)
    and the confirmation of the best values, recorded as a tune run."""
    from deckgen.sim.tune import TuneRequest, parse_dimensions, parse_objective, tune

    aim = parse_objective(objective)
    shipped = Experiment.parse(game_name, players, bots_text, (), seed, Stop(games))
    game, n_players = shipped.game, shipped.counts[0]
    request = TuneRequest(n_players, shipped.bots[n_players], parse_dimensions(game, option_pairs), aim, trials,
                          games, confirm_games, seed)
    inputs = game_inputs(game)

    def trial_done(entry: dict[str, Any]) -> None:
        if store is not None:
            store.record_run("tune-trial", inputs, {
                "players": n_players, "bots": request.bots, "options": dict(entry["values"]), "seed": seed,
                "games": games, "objective": objective, "trial": entry["trial"]},
                {**entry["summary"], "objective": entry["objective"]})
        on_trial(entry)

    with backend.open() as jobs:
        data = tune(game, request, jobs, trial_done)
    if store is not None:
        store.record_run("tune", inputs, {"players": n_players, "bots": request.bots, "options": data["best"]["values"],
                                          "seed": seed, "games": confirm_games, "objective": objective,
                                          "trials": trials}, data)
    return game, data
