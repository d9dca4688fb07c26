"""Tuning: option values searched for the fairest game or a target length.

Each trial plays the same seeded games (common random numbers: trials differ by their
values, not their luck) with values optuna's TPE sampler proposes, seeded so that one seed
gives one search. The objective is minimised: for `fair`, the largest distance of a seat's
win rate from the fair share; for `length=N`, the distance of the mean length of finished
games from N turns. The best values are then played again on fresh games (another seed, more
of them: the best of many trials flatters itself on the games it was chosen on) beside the
game as shipped on the same games, so that the two are compared paired, as in a sweep.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable

from deckgen.errors import BadOption
from deckgen.games.base import Game
from deckgen.sim.experiment import Experiment
from deckgen.sim.report_data import fair_share
from deckgen.sim.runner import GameRecord, Jobs, SimRun, SimulationError
from deckgen.sim.stats import summarize
from deckgen.sim.stopping import Stop
from deckgen.sim.sweep import length_test, seat0_test


@dataclass(frozen=True)
class Dimension:
    """One option to search: a range of numbers (int or float) or a list of values."""

    name: str
    kind: str
    low: float = 0.0
    high: float = 0.0
    values: tuple[Any, ...] = ()


def parse_dimensions(game: Game, pairs: tuple[str, ...]) -> list[Dimension]:
    """`NAME=LOW..HIGH` (an int or float option) or `NAME=V1,V2,...` (any option), checked
    against the game's options; every problem is one line (exit 2)."""
    problems: list[str] = []
    found: list[Dimension] = []
    for pair in pairs:
        name, sep, text = (part.strip() for part in pair.partition("="))
        spec = game.rules.options.get(name)
        if not sep or not text:
            problems.append(f"--option {pair!r}: expected NAME=LOW..HIGH or NAME=V1,V2")
        elif spec is None:
            problems.append(f"--option {pair!r}: {game.rules.id} has no option {name!r} "
                            f"(options: {', '.join(game.rules.options) or 'none'})")
        elif any(d.name == name for d in found):
            problems.append(f"--option {pair!r}: option {name} is given twice")
        elif (span := re.fullmatch(r"(-?[0-9.]+)\.\.(-?[0-9.]+)", text)) is not None:
            if spec.type not in ("int", "float"):
                problems.append(f"--option {pair!r}: {name} is a {spec.type} option: list its values (V1,V2)")
                continue
            try:
                low, high = float(span[1]), float(span[2])
                game.rules.resolve_options({name: span[1]})
                game.rules.resolve_options({name: span[2]})
            except ValueError:
                problems.append(f"--option {pair!r}: LOW and HIGH must be numbers")
                continue
            except BadOption as exc:
                problems.extend(exc.problems)
                continue
            if low >= high:
                problems.append(f"--option {pair!r}: LOW must be below HIGH")
                continue
            found.append(Dimension(name, spec.type, low, high))
        else:
            try:
                values = tuple(game.rules.resolve_options({name: value.strip()})[name] for value in text.split(","))
            except BadOption as exc:
                problems.extend(exc.problems)
                continue
            found.append(Dimension(name, "list", values=values))
    if problems:
        raise BadOption(*problems)
    if not found:
        raise SimulationError("nothing to tune: give --option NAME=LOW..HIGH (or NAME=V1,V2)")
    return found


def parse_objective(text: str) -> tuple[str, float | None]:
    """`fair` or `length=N` (N turns, above 0)."""
    if text == "fair":
        return "fair", None
    match = re.fullmatch(r"length=([0-9]+(?:\.[0-9]+)?)", text)
    if match is None or float(match[1]) <= 0:
        raise SimulationError(f"--objective {text!r}: expected fair or length=N (N turns, e.g. length=30)")
    return "length", float(match[1])


def objective_value(summary: dict[str, Any], objective: tuple[str, float | None]) -> float:
    """What a trial scores (lower is better): the largest seat's distance from the fair share,
    or the mean length's distance from the target. A run without a finished game scores 1e9."""
    kind, target = objective
    if kind == "fair":
        rates = [r["rate"] for r in summary["seat_win_rate"] if r["rate"] is not None]
        if not rates:
            return 1e9
        fair = sum(rates) / len(rates)  # the share each seat would have if seats were equal
        return max(abs(rate - fair) for rate in rates)
    length = summary["length"]
    return 1e9 if length is None else abs(length["mean"] - float(target or 0))


def _suggest(trial: Any, dimension: Dimension) -> Any:
    if dimension.kind == "int":
        return trial.suggest_int(dimension.name, int(dimension.low), int(dimension.high))
    if dimension.kind == "float":
        return trial.suggest_float(dimension.name, dimension.low, dimension.high)
    index = trial.suggest_categorical(dimension.name, list(range(len(dimension.values))))
    return dimension.values[index]


@dataclass(frozen=True)
class TuneRequest:
    players: int
    bots: list[str]
    dimensions: list[Dimension]
    objective: tuple[str, float | None]
    trials: int
    games: int
    confirm_games: int
    seed: int


def _play(game: Game, request: TuneRequest, options: dict[str, Any], seed: int, games: int, jobs: Jobs) -> SimRun:
    """One trial's (or the confirmation's) seeded games, untraced: tuning reads no design metric."""
    n = request.players
    return Experiment(game, [n], {n: request.bots}, options, seed, Stop(games), traced=0).run_count(n, jobs)


def tune(game: Game, request: TuneRequest, jobs: Jobs,
         on_trial: Callable[[dict[str, Any]], None] | None = None) -> dict[str, Any]:
    """Run the trials, then confirm the best values against the game as shipped."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.create_study(direction="minimize", sampler=optuna.samplers.TPESampler(seed=request.seed))
    trials: list[dict[str, Any]] = []
    for number in range(request.trials):
        trial = study.ask()
        chosen = {d.name: _suggest(trial, d) for d in request.dimensions}
        options = game.rules.resolve_options(chosen)
        summary = summarize(_play(game, request, options, request.seed, request.games, jobs))
        value = objective_value(summary, request.objective)
        study.tell(trial, value)
        entry = {"trial": number, "values": chosen, "objective": value, "summary": summary}
        trials.append(entry)
        if on_trial is not None:
            on_trial(entry)
    best = min(trials, key=lambda t: (t["objective"], t["trial"]))
    best_values: dict[str, Any] = best["values"]
    fresh_seed = request.seed + 1
    best_options = game.rules.resolve_options(best_values)
    shipped_options = game.rules.resolve_options()
    tuned_run = _play(game, request, best_options, fresh_seed, request.confirm_games, jobs)
    shipped_run = _play(game, request, shipped_options, fresh_seed, request.confirm_games, jobs)
    return {"game": game.rules.id, "players": request.players, "bots": request.bots, "seed": request.seed,
            "objective": request.objective[0] if request.objective[1] is None
            else f"{request.objective[0]}={request.objective[1]:g}",
            "trials": [{k: v for k, v in t.items() if k != "summary"} for t in trials],
            "best": {"values": best["values"], "trial": best["trial"], "objective_in_trials": best["objective"]},
            "confirmed": confirmation(summarize(tuned_run), summarize(shipped_run), tuned_run.records,
                                      shipped_run.records, request, fresh_seed)}


def confirmation(tuned: dict[str, Any], shipped: dict[str, Any], tuned_records: list[GameRecord],
                 shipped_records: list[GameRecord], request: TuneRequest, seed: int) -> dict[str, Any]:
    """The best values and the game as shipped on the same fresh games: seat rates with
    intervals, lengths, the objective, and the paired tests of seat 0 and of length."""
    seat0_diff, seat0_p, seat0_test_name = seat0_test(tuned_records, shipped_records, request.players)
    length_diff, length_p = length_test(tuned_records, shipped_records)
    fair = fair_share(tuned["finished"], tuned["no_winner"], request.players)
    return {
        "seed": seed, "games": request.confirm_games, "fair_share": fair,
        "tuned": {"seat_win_rate": tuned["seat_win_rate"], "length": tuned["length"],
                  "objective": objective_value(tuned, request.objective)},
        "shipped": {"seat_win_rate": shipped["seat_win_rate"], "length": shipped["length"],
                    "objective": objective_value(shipped, request.objective)},
        "every_seat_covers_fair_share": all(r["ci95"][0] <= fair <= r["ci95"][1] for r in tuned["seat_win_rate"]),
        "vs_shipped": {"seat0_diff": seat0_diff, "seat0_p": seat0_p, "seat0_test": seat0_test_name,
                       "length_diff": length_diff, "length_p": length_p, "length_test": "paired t-test"},
    }
