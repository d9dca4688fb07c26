"""The design report of a game: one self-contained HTML page, `<out>/<deck>/<game>-report.html`,
from the result files beside it.

It shows what is there: the fairness report (`<game>-fairness.json`, every build that
simulates writes it) with its seat tables and design metrics, the skill table and ladder
when `deckgen analyse --output` wrote `<game>-analysis.json`, and the sweep when `deckgen
sweep` wrote `<game>-sweep.json`. Figures are formatted here; the page's look is
templates/report/game.html.j2.
"""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field, field_validator

from deckgen import paths
from deckgen.fileio import output_file, write_atomic
from deckgen.model.common import StrictModel, read_yaml, validate
from deckgen.model.play_rules import PlayRules
from deckgen.publish.index import write_index
from deckgen.render.html import write_page
from deckgen.sim.charts import ladder_chart, seat_chart, sweep_chart
from deckgen.sim.report import RESULT_ONLY
from deckgen.sim.report_data import (
    Analysis,
    Fairness,
    Length,
    Match,
    Mean,
    Metrics,
    Rate,
    Summary,
    Sweep,
    VsDefault,
    fair_share,
    read_optional,
)

#: The files of a game the report links to when they are there, with what each is.
GAME_FILES = (
    ("rules.pdf", "rule booklet (A5)"),
    ("rules-booklet.pdf", "booklet for saddle stitching (A4)"),
    ("rules-booklet-letter.pdf", "booklet for saddle stitching (Letter)"),
    ("quickref.pdf", "quick reference"),
    ("quickref-letter.pdf", "quick reference (Letter)"),
    ("fairness.txt", "fairness report (text)"),
    ("fairness.json", "fairness report (JSON)"),
    ("analysis.json", "skill analysis (JSON)"),
    ("sweep.json", "variant sweep (JSON)"),
)

#: A difference is shown as significant below this Holm-corrected p-value.
SIGNIFICANCE = 0.05


class MetricSpec(StrictModel):
    key: str
    name: str = Field(min_length=1)
    share: bool
    how: str = Field(min_length=1)

    @field_validator("key")
    @classmethod
    def _known(cls, key: str) -> str:
        if key not in Metrics.model_fields:
            raise ValueError(f"{key!r} is not a design metric (expected one of {', '.join(Metrics.model_fields)})")
        return key


@cache
def metric_specs() -> tuple[MetricSpec, ...]:
    """The metrics the report shows, in order (templates/report/metrics.yaml)."""
    path = paths.templates_dir() / "report" / "metrics.yaml"
    return tuple(validate(_MetricList, read_yaml(path), path).metrics)


class _MetricList(StrictModel):
    metrics: list[MetricSpec] = Field(min_length=1)


def percent(value: float | None, digits: int = 1) -> str:
    return "-" if value is None or not math.isfinite(value) else f"{100 * value:.{digits}f}%"


def interval(low: float, high: float, share: bool = True) -> str:
    if share:
        return f"{percent(low)} – {percent(high)}"
    return f"{low:.2f} – {high:.2f}"


def value_text(value: Any) -> str:
    """An option value as it is written on the command line and in the rule data."""
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def p_text(value: float | None) -> str:
    if value is None or not math.isfinite(value):
        return "-"
    return "< 1e-12" if value < 1e-12 else f"{value:.3g}"


def metric_cell(entry: Rate | Mean | Length | None, share: bool, units: str) -> tuple[str, str]:
    """A metric's value and its interval as text ('-' where there is none); a length in `units`."""
    if entry is None:
        return "-", "-"
    if isinstance(entry, Length):
        return f"{entry.mean:.1f} {units}", f"median {entry.median:g}, p90 {entry.p90:g}"
    value = entry.rate if isinstance(entry, Rate) else entry.mean
    low_high = entry.ci95
    shown = percent(value) if share else ("-" if value is None else f"{value:.2f}")
    return shown, ("-" if low_high is None else interval(low_high[0], low_high[1], share))


def metric_rows(columns: Sequence[Metrics | None], units: str) -> list[dict[str, Any]]:
    """One row per metric, one (value, interval) cell per column (a player count)."""
    return [{"name": spec.name, "how": spec.how,
             "cells": [metric_cell(getattr(m, spec.key) if m is not None else None, spec.share, units) for m in columns]}
            for spec in metric_specs()]


def summary_fair_share(summary: Summary) -> float:
    return fair_share(summary.finished, summary.no_winner, summary.players)


def _rate_triples(rates: Sequence[Rate]) -> list[tuple[float | None, float, float]]:
    return [(r.rate, r.ci95[0], r.ci95[1]) for r in rates]


def seat_section(game_name: str, summary: Summary) -> dict[str, Any]:
    """The seat table and chart of one player count."""
    fair = summary_fair_share(summary)
    rows = [{"seat": seat, "wins": f"{wins:.1f}".removesuffix(".0"), "rate": percent(rate.rate), "ci": interval(*rate.ci95)}
            for seat, (wins, rate) in enumerate(zip(summary.seat_wins, summary.seat_win_rate))]
    length = summary.length
    seat0 = summary.seat_win_rate[0] if summary.seat_win_rate else None
    balance = summary.metrics.balance if summary.metrics is not None else None
    return {
        "players": summary.players,
        "seat0": "-" if seat0 is None else percent(seat0.rate),
        "balance": "-" if balance is None else percent(balance.rate),
        "games": summary.games,
        "finished": summary.finished,
        "unfinished": summary.unfinished,
        "turn_cap": summary.turn_cap,
        "fair": percent(fair),
        "p": p_text(summary.seat_p_value),
        "length": "-" if length is None else f"{length.mean:.1f}",
        "rows": rows,
        "chart": seat_chart(_rate_triples(summary.seat_win_rate), fair,
                            f"{game_name}, {summary.players} players: win rate by seat with 95% intervals"),
    }


def fairness_section(game_name: str, data: Fairness, units: str) -> dict[str, Any]:
    how_many = (f"games until every seat's 95% interval is within ±{100 * data.precision:g} points "
                f"(at most {data.games_per_count:,})" if data.precision else f"{data.games_per_count:,} games")
    greedy = None
    if data.greedy_vs_random is not None and data.greedy_vs_random.seat_win_rate:
        run = data.greedy_vs_random
        seat0 = run.seat_win_rate[0]
        greedy = {"players": run.players, "games": run.games, "rate": percent(seat0.rate),
                  "ci": interval(*seat0.ci95), "fair": percent(summary_fair_share(run))}
    counts = [seat_section(game_name, s) for s in data.report]
    options = data.report[0].options if data.report else {}
    return {
        "bot": data.report_bot,
        "how_many": how_many,
        "seed": data.seed,
        "options": ", ".join(f"{k}={value_text(v)}" for k, v in options.items()),
        "counts": counts,
        "greedy": greedy,
        "metric_heads": [f"{s.players} players" for s in data.report],
        "metrics": metric_rows([s.metrics for s in data.report], units),
        "traced": sorted({s.metrics.traced_games for s in data.report if s.metrics is not None}),
        "result_only": RESULT_ONLY if any(s.metrics is not None and not s.metrics.standing_runs
                                          for s in data.report) else None,
    }


def _match_row(match: Match, first: str) -> dict[str, str]:
    return {"first": first, "field": match.field, "games": f"{match.games:,}", "rate": percent(match.win_rate),
            "ci": interval(*match.ci95), "verdict": match.verdict}


def analysis_section(game_name: str, data: Analysis, units: str) -> dict[str, Any]:
    fair = data.skill[0].fair_share if data.skill else (data.ladder[0].fair_share if data.ladder else 1 / data.players)
    ladder_steps = [(str(m.budget or m.challenger), m.win_rate, m.ci95[0], m.ci95[1]) for m in data.ladder]
    return {
        "players": data.players,
        "seed": data.seed,
        "games": f"{data.games_per_match:,}",
        "fair": percent(fair),
        "skill": [_match_row(m, m.challenger) for m in data.skill],
        "ladder": [_match_row(m, str(m.budget or m.challenger)) for m in data.ladder],
        "ladder_chart": ladder_chart(ladder_steps, fair, f"{game_name}, {data.players} players: skill ladder")
        if data.ladder else None,
        "metric_bots": ", ".join(dict.fromkeys(data.metrics_bots)),
        "verdict": data.verdict,
        "metrics": metric_rows([data.metrics], units) if data.metrics is not None else None,
    }


def _difference(diff: float | None, p: float | None, p_holm: float | None, scale: float, unit: str) -> dict[str, Any]:
    if diff is None or not math.isfinite(diff):
        return {"text": "-", "p": "-", "significant": False}
    return {"text": f"{scale * diff:+.1f}{unit}", "p": f"p {p_text(p)}, Holm {p_text(p_holm)}",
            "significant": p_holm is not None and p_holm < SIGNIFICANCE}


def _vs_default(vs: VsDefault | None, units: str) -> dict[str, Any]:
    if vs is None:
        return {"seat0_vs": None, "length_vs": None}
    return {"seat0_vs": _difference(vs.seat0_diff, vs.seat0_p, vs.seat0_p_holm, 100, " pts"),
            "length_vs": _difference(vs.length_diff, vs.length_p, vs.length_p_holm, 1, f" {units}")}


def sweep_section(game_name: str, data: Sweep, units: str) -> dict[str, Any]:
    counts = sorted({n for v in data.variants for n in v.by_players})
    tables = []
    for players in counts:
        present = [(v, v.by_players[players]) for v in data.variants if players in v.by_players]
        rows = []
        for variant, result in present:
            seat0 = result.seat_win_rate[0] if result.seat_win_rate else None
            length = result.length
            rows.append({
                "label": variant.label,
                "deck": variant.deck or "",
                "games": f"{result.games:,}",
                "seat0": ("-", "") if seat0 is None else (percent(seat0.rate), interval(*seat0.ci95)),
                "balance": percent(result.balance),
                "length": ("-", "") if length is None else (
                    f"{length.mean:.1f}", "" if length.ci95 is None else f"{length.ci95[0]:.1f} – {length.ci95[1]:.1f}"),
                **_vs_default(result.vs_default, units),
            })
        chart_rows = [(v.label, _rate_triples(r.seat_win_rate)) for v, r in present]
        specs = [spec for spec in metric_specs() if any(r.metrics is not None and getattr(r.metrics, spec.key)
                                                        for _, r in present)]
        tables.append({"players": players, "rows": rows, "metric_heads": [spec.name for spec in specs],
                       "metrics": [(v.label, [metric_cell(getattr(r.metrics, spec.key) if r.metrics else None,
                                                          spec.share, units)[0] for spec in specs]) for v, r in present]
                       if specs else None,
                       "chart": sweep_chart(chart_rows, 1 / players,
                                            f"{game_name}, {players} players: win rate by seat in each variant")})
    precision = f"until every seat is within ±{100 * data.precision:g} points" if data.precision else None
    compared = [r.vs_default for v in data.variants for r in v.by_players.values() if r.vs_default is not None]
    seat0_tests = sorted({c.seat0_test for c in compared if c.seat0_test})
    length_tests = sorted({c.length_test for c in compared if c.length_test})
    bots = data.bots if isinstance(data.bots, str) or data.bots is None else ",".join(data.bots)
    return {
        "seed": data.seed,
        "bots": bots or "the game's report bot",
        "precision": precision,
        "max_games": f"{data.max_games:,}" if data.max_games else None,
        "options": [(name, ", ".join(map(value_text, values))) for name, values in data.options.items()],
        "variants": len(data.variants),
        "tests": (f"seat 0: {' / '.join(seat0_tests)} on whether seat 0 won each game, paired with the default's "
                  f"game of the same seed; length: {' / '.join(length_tests)} over games finished in both"
                  if seat0_tests and length_tests else "unpaired tests (a sweep written by an older deckgen)"),
        "tables": tables,
    }


def report_path(rules: PlayRules, out_dir: Path) -> Path:
    return output_file(out_dir, rules.deck, f"{rules.id}-report.html")


def game_report_values(rules: PlayRules, out_dir: Path, index_link: bool) -> dict[str, Any]:
    """Everything the page shows, read from the result files beside it."""
    from deckgen.games.registry import game_classes

    folder = output_file(out_dir, rules.deck)
    name = rules.name
    units = rules.turn_units
    fairness = read_optional(folder / f"{rules.id}-fairness.json", Fairness, rules.id, out_dir)
    analysis = read_optional(folder / f"{rules.id}-analysis.json", Analysis, rules.id, out_dir)
    sweep = read_optional(folder / f"{rules.id}-sweep.json", Sweep, rules.id, out_dir)
    files = [(f"{rules.id}-{suffix}", what) for suffix, what in GAME_FILES if (folder / f"{rules.id}-{suffix}").is_file()]
    return {
        "title": f"{name}: design report",
        "game": {"id": rules.id, "name": name, "deck": rules.deck,
                 "players": f"{rules.players.min}" if rules.players.min == rules.players.max
                 else f"{rules.players.min}-{rules.players.max}"},
        "units": units,
        "index_href": "../index.html" if index_link else None,
        "rules_only": rules.id not in game_classes(),
        "files": files,
        "fairness": fairness_section(name, fairness, units) if fairness is not None else None,
        "analysis": analysis_section(name, analysis, units) if analysis is not None else None,
        "sweep": sweep_section(name, sweep, units) if sweep is not None and sweep.variants else None,
    }


def write_game_report(rules: PlayRules, out_dir: Path, index_link: bool | None = None) -> Path:
    """Write `<out>/<deck>/<game>-report.html` from the result files there. `index_link`: the
    page links back to `<out>/index.html` (the caller writes it); None: where there is one."""
    if index_link is None:
        index_link = output_file(out_dir, "index.html").is_file()
    return write_page(report_path(rules, out_dir), "game.html.j2", game_report_values(rules, out_dir, index_link))


def write_analysis(rules: PlayRules, out_dir: Path, data: dict[str, Any]) -> list[Path]:
    """Write `deckgen analyse`'s results as `<out>/<deck>/<game>-analysis.json` and rewrite the
    game's design report to show them (and the index, if there is one, to link the report)."""
    target = output_file(out_dir, rules.deck, f"{rules.id}-analysis.json")
    written = [write_atomic(target, json.dumps(data, indent=2) + "\n")]
    index = output_file(out_dir, "index.html")
    written.append(write_game_report(rules, out_dir, index_link=index.is_file()))
    if index.is_file():
        written.append(write_index(out_dir))
    return written
