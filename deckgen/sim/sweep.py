"""Rule and deck variant sweeps: every combination of some option values (and deck files)
played at every player count, each compared with the game as shipped.

Every variant plays the same seed, so game i of a variant and game i of the default share
their deal wherever a rule change leaves the deal alone: the comparisons are paired. Against
the default, whether seat 0 won is compared game by game with McNemar's test (exact, a
binomial test on the discordant games, below 25 of them) and the length of games finished
in both with a paired t-test; the p-values of the whole sweep are Holm-corrected together,
so a "fairer" verdict holds for the sweep as a family, not for one comparison. With
--precision, variants may play different numbers of games: the pairs are the games both played.

Each (variant, player count) stream keeps its finished chunks in the results store: a sweep
stopped midway and started again plays only what it had not finished.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from deckgen.errors import BadOption
from deckgen.games.base import Game
from deckgen.sim.experiment import Experiment, ProgressStart
from deckgen.sim.runner import ChunkCache, GameRecord, Jobs, SimRun, SimulationError
from deckgen.sim.stats import holm, mcnemar_p, paired_t_p, seat_wins, summarize
from deckgen.sim.stopping import Stop
from deckgen.sim.store import ResultStore, option_text

#: The test of mean length against the default, and how the sweep names its tests.
PAIRED_LENGTH_TEST = "paired t-test"
TESTS_NOTE = ("seat 0: McNemar's test on whether seat 0 won each paired game (exact below 25 discordant pairs); "
              f"length: {PAIRED_LENGTH_TEST} over games finished in both")

ChunkHook = Callable[[str, int, int], None]
"""Called with ("<variant label> <n>p", first game, end) after each chunk played is stored."""


#: Variants one sweep may play (every combination of the listed values, times the decks):
#: each is a simulation of its own, so a list of 1,000 values would run for days.
MAX_VARIANTS = 100


def option_grid_text(pairs: tuple[str, ...] | list[str], decks: int = 0) -> dict[str, list[str]]:
    """`name=v1,v2` pairs as option -> listed values, checked for form only, and the
    number of variants they make with `decks` deck files held to `MAX_VARIANTS`."""
    grid: dict[str, list[str]] = {}
    for pair in pairs:
        name, sep, values = pair.partition("=")
        name = name.strip()
        listed = [value.strip() for value in values.split(",")]
        if not sep or not name or any(not value for value in listed):
            raise SimulationError(f"--option {pair!r}: expected name=value[,value...] (e.g. aces_scoring=true,false)")
        if name in grid:
            raise SimulationError(f"--option {pair!r}: option {name} is given twice (list its values once)")
        if len(set(listed)) != len(listed):
            raise SimulationError(f"--option {pair!r}: a value is listed twice")
        grid[name] = listed
    variants = math.prod(len(values) for values in grid.values()) * (decks + 1)
    if variants > MAX_VARIANTS:
        raise SimulationError(f"--option: {' x '.join(str(len(v)) for v in grid.values())} values"
                              f"{f' x {decks + 1} decks' if decks else ''} make {variants:,} variants, more than the "
                              f"{MAX_VARIANTS} one sweep plays (sweep fewer values at a time)")
    return grid


@dataclass
class Variant:
    """One combination of option values and a deck."""

    label: str
    options: dict[str, Any]
    deck: Path | None
    game: Game
    is_default: bool = False
    runs: dict[int, SimRun] = field(default_factory=dict)


def typed_grid(game: Game, grid: dict[str, list[str]]) -> dict[str, list[Any]]:
    """The listed values of each option as that option's type; every unknown option or bad
    value is one problem line (exit 2)."""
    problems: list[str] = []
    typed: dict[str, list[Any]] = {}
    for name, values in grid.items():
        typed[name] = []
        for value in values:
            try:
                typed[name].append(game.rules.resolve_options({name: value})[name])
            except BadOption as exc:
                problems.extend(line for line in exc.problems if line not in problems)
    if problems:
        raise BadOption(*problems)
    return typed


def build_variants(game: Game, typed: dict[str, list[Any]], decks: list[Path]) -> list[Variant]:
    """Every combination of the option values (from `typed_grid`) and decks, the game as
    shipped first (added when no combination is it)."""
    from deckgen.sim.inputs import game_with_deck

    rules = game.rules
    defaults = rules.resolve_options()
    deck_games: list[tuple[Path | None, Game]] = [(None, game)] + [(p, game_with_deck(game, p)) for p in decks]
    variants = []
    for deck, deck_game in deck_games:
        for combination in itertools.product(*typed.values()):
            chosen = dict(zip(typed, combination))
            options = rules.resolve_options(chosen)
            parts = [f"{name}={option_text(value)}" for name, value in chosen.items()]
            if deck is not None:
                parts.append(f"deck={deck.name}")
            default = deck is None and dict(options) == dict(defaults)
            variants.append(Variant(", ".join(parts) or "default", options, deck, deck_game, default))
    if not any(v.is_default for v in variants):
        variants.insert(0, Variant("default", defaults, None, game, True))
    variants.sort(key=lambda v: not v.is_default)  # the reference first, the rest as listed
    return variants


def _seat0_won(record: GameRecord) -> bool:
    return record.finished and 0 in record.winners


def seat0_test(variant: list[GameRecord], default: list[GameRecord], n_players: int) -> tuple[float, float, str]:
    """Seat 0's win rate in a variant minus the default's (finished games, shared wins split),
    and the p-value of McNemar's test on the paired games (game i of both: same seed) of
    whether seat 0 won, with the test's name."""
    rates = []
    for records in (variant, default):
        finished = sum(1 for r in records if r.finished)
        rates.append(seat_wins(records, n_players)[0] / finished if finished else 0.0)
    pairs = list(zip(variant, default))
    only_variant = sum(1 for a, b in pairs if _seat0_won(a) and not _seat0_won(b))
    only_default = sum(1 for a, b in pairs if _seat0_won(b) and not _seat0_won(a))
    p, test = mcnemar_p(only_variant, only_default)
    return rates[0] - rates[1], p, test


def length_test(variant: list[GameRecord], default: list[GameRecord]) -> tuple[float | None, float | None]:
    """Mean length of finished games in a variant minus the default's, and the paired
    t-test's p-value over the games finished in both (game i of both: same seed)."""
    a = [r.turns for r in variant if r.finished]
    b = [r.turns for r in default if r.finished]
    if len(a) < 2 or len(b) < 2:
        return None, None
    diff = sum(a) / len(a) - sum(b) / len(b)
    both = [(x.turns, y.turns) for x, y in zip(variant, default) if x.finished and y.finished]
    return diff, paired_t_p([float(x) for x, _ in both], [float(y) for _, y in both])


def length_interval(records: list[GameRecord]) -> dict[str, Any] | None:
    """Mean turns of finished games with a 95% t interval."""
    from scipy import stats

    turns = [r.turns for r in records if r.finished]
    if not turns:
        return None
    mean = sum(turns) / len(turns)
    if len(turns) < 2 or len(set(turns)) == 1:
        return {"mean": mean, "ci95": [mean, mean], "sd": 0.0, "games": len(turns)}
    low, high = stats.t.interval(0.95, len(turns) - 1, loc=mean, scale=float(stats.sem(turns)))
    return {"mean": mean, "ci95": [float(low), float(high)], "sd": float(stats.tstd(turns)), "games": len(turns)}


class _HookedChunks:
    """The store's chunks of one stream, telling the hook about every chunk saved."""

    def __init__(self, chunks: ChunkCache, label: str, hook: ChunkHook | None) -> None:
        self.chunks, self.label, self.hook = chunks, label, hook

    def load(self, start: int, stop: int) -> list[tuple[int, list[GameRecord]]]:
        return self.chunks.load(start, stop)

    def save(self, start: int, records: list[GameRecord]) -> None:
        self.chunks.save(start, records)
        if self.hook is not None:
            self.hook(self.label, start, start + len(records))


@dataclass
class SweepRequest:
    """What to sweep and how precisely."""

    counts: list[int]
    bots: dict[int, list[str]]
    seed: int
    precision: float | None
    max_games: int
    bots_text: str
    grid: dict[str, list[Any]]
    decks: list[Path] = field(default_factory=list)


def run_sweep(game: Game, variants: list[Variant], request: SweepRequest, jobs: Jobs, store: ResultStore | None,
              progress: ProgressStart | None = None,
              chunk_hook: ChunkHook | None = None) -> dict[str, Any]:
    """Play every variant at every count (resuming stored chunks) and compare each with the
    default; returns the sweep's JSON data."""
    experiments = []
    for variant in variants:
        experiment = Experiment(variant.game, request.counts, request.bots, variant.options, request.seed,
                                Stop(request.max_games, request.precision), label=variant.label)

        def hooked(n: int, experiment: Experiment = experiment, label: str = variant.label) -> ChunkCache | None:
            return None if store is None else _HookedChunks(experiment.chunks(store, n), f"{label} {n}p", chunk_hook)

        variant.runs.update(zip(request.counts, experiment.run(jobs, progress=progress, cache=hooked)))
        experiments.append(experiment)
    data = _sweep_data(game, variants, request)
    for variant, experiment, entry in zip(variants, experiments, data["variants"]):
        experiment.record(store, "sweep", list(entry["by_players"].values()), label=variant.label)
    return data


def _sweep_data(game: Game, variants: list[Variant], request: SweepRequest) -> dict[str, Any]:
    default = next(v for v in variants if v.is_default)
    entries = []
    tests: list[tuple[dict[str, Any], str, float | None]] = []  # (vs_default dict, key, p) for Holm
    for variant in variants:
        by_players = {}
        for n in request.counts:
            run = variant.runs[n]
            summary = summarize(run)
            entry: dict[str, Any] = {
                "games": summary["games"],
                "finished": summary["finished"],
                "seat_win_rate": [{"rate": r["rate"], "ci95": r["ci95"]} for r in summary["seat_win_rate"]],
                "balance": summary["metrics"]["balance"]["rate"] if summary["metrics"]["balance"] else None,
                "length": length_interval(run.records),
                "metrics": summary["metrics"],
                "vs_default": None,
            }
            if not variant.is_default:
                base = default.runs[n].records
                seat0_diff, seat0_p, seat0_test_name = seat0_test(run.records, base, n)
                length_diff, length_p = length_test(run.records, base)
                compared = {"seat0_diff": seat0_diff, "seat0_p": seat0_p, "seat0_p_holm": None,
                            "seat0_test": seat0_test_name, "length_diff": length_diff, "length_p": length_p,
                            "length_p_holm": None, "length_test": PAIRED_LENGTH_TEST,
                            "paired_games": min(len(run.records), len(base))}
                tests += [(compared, "seat0_p", seat0_p), (compared, "length_p", length_p)]
                entry["vs_default"] = compared
            by_players[str(n)] = entry
        entries.append({"label": variant.label, "options": dict(variant.options),
                        "deck": str(variant.deck) if variant.deck is not None else None, "by_players": by_players})
    for (compared, key, _), adjusted in zip(tests, holm([p for _, _, p in tests])):
        compared[f"{key}_holm"] = adjusted
    return {"game": game.rules.id, "seed": request.seed, "precision": request.precision,
            "max_games": request.max_games, "bots": request.bots_text, "options": request.grid,
            "deck_variants": [str(deck) for deck in request.decks], "variants": entries}


def sweep_json(data: dict[str, Any]) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _p(value: float | None) -> str:
    return "-" if value is None else "<1e-12" if value < 1e-12 else f"{value:.3g}"


#: The metrics in the sweep's second table: key, column head, shown as a share.
_METRIC_COLUMNS = (("completion", "completion", True), ("drawishness", "drawish", True),
                   ("timeouts", "timeouts", True), ("decisions_per_player", "decisions/pl", False),
                   ("decision_moves", "decision moves", True), ("branching_factor", "branching", False),
                   ("lead_change", "lead change", False), ("decisiveness", "decisiveness", False),
                   ("winner_deficit", "winner deficit", False))


def format_sweep(data: dict[str, Any], game_name: str, units: str) -> str:
    """A table per player count: balance, length and the tests against the default, then
    the design metrics."""
    from deckgen.report import table

    how = (f"each until every seat is within +/-{100 * data['precision']:g} points (at most {data['max_games']} games)"
           if data["precision"] is not None else f"{data['max_games']} games each")
    lines = [f"{game_name}: {len(data['variants'])} variants, {how}, seed {data['seed']}, bots {data['bots']}",
             f"vs default: difference and Holm-corrected p, paired game by game (same seeds): {TESTS_NOTE}"]
    counts = list(data["variants"][0]["by_players"])
    for n in counts:
        rows, metric_rows = [], []
        for variant in data["variants"]:
            entry = variant["by_players"][n]
            seat0 = entry["seat_win_rate"][0]
            length = entry["length"]
            versus = entry["vs_default"]
            rows.append([
                variant["label"] + ("" if versus else " *"), entry["games"],
                f"{_percent(seat0['rate'])} ({_percent(seat0['ci95'][0])}-{_percent(seat0['ci95'][1])})",
                _percent(entry["balance"]), "-" if length is None else f"{length['mean']:.1f}",
                "-" if not versus else f"{100 * versus['seat0_diff']:+.1f} pts  p {_p(versus['seat0_p_holm'])}",
                "-" if not versus or versus["length_diff"] is None
                else f"{versus['length_diff']:+.1f}  p {_p(versus['length_p_holm'])}",
            ])
            metrics = entry["metrics"]
            metric_rows.append([variant["label"]] + [
                "-" if not metrics.get(key) else
                (_percent if share else "{:.2f}".format)(metrics[key].get("rate", metrics[key].get("mean")))
                for key, _, share in _METRIC_COLUMNS])
        lines += ["", f"{n} players (* = default)",
                  table(["variant", "games", "seat 0 wins (95% CI)", "balance", f"mean {units}", "seat 0 vs default",
                         f"{units} vs default"], rows),
                  "", table(["variant"] + [head for _, head, _ in _METRIC_COLUMNS], metric_rows)]
    return "\n".join(lines)


def plot_sweep(data: dict[str, Any], path: Path) -> None:
    """Each seat's win rate with its 95% interval for every variant, one chart per player
    count, against the fair share: the design report's sweep charts, drawn by sim.charts. The
    format follows the suffix (png, pdf, svg)."""
    from deckgen.sim.charts import figure, sweep_rows
    from deckgen.sim.report import write_svg_plot

    counts = list(data["variants"][0]["by_players"])
    rows = []
    for n in counts:
        rates = [(v["label"], [(r["rate"], r["ci95"][0], r["ci95"][1]) for r in v["by_players"][n]["seat_win_rate"]])
                 for v in data["variants"]]
        rows.append([(f"{n} players: win rate by seat in each variant, 95% intervals", sweep_rows(rates, 1 / int(n)))])
    name = data["game"]
    write_svg_plot(str(figure(f"{name}: variants", rows, f"{name}: win rate by seat in each variant")), path)
