"""Simulation output for people: a text report per player count and a plot (progress lines:
sim.progress)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.fileio import atomic_path
from deckgen.report import table
from deckgen.sim.runner import SimRun


def _percent(value: float | None) -> str:
    return "-" if value is None else f"{100 * value:.1f}%"


def _number(value: float) -> str:
    """Whole numbers without decimals; split wins (thirds, quarters) with one."""
    return str(round(value)) if abs(value - round(value)) < 1e-6 else f"{value:.1f}"


def format_summary(summary: dict[str, Any], units: str) -> str:
    """A readable report of one run's statistics (the same numbers as --json)."""
    bots = summary["bots"]
    bot_text = bots[0] if len(set(bots)) == 1 else ", ".join(bots)
    lines = [
        f"{summary['name']}: {summary['players']} players, {summary['games']} games, "
        f"seed {summary['seed']}, bots {bot_text}",
    ]
    options = summary["options"]
    if options:
        # as the command line takes them: true/false, not Python's True/False
        lines.append("options: " + ", ".join(f"{k}={str(v).lower() if isinstance(v, bool) else v}"
                                             for k, v in options.items()))
    lines.append(
        f"finished {summary['finished']}, unfinished {summary['unfinished']} (turn cap {summary['turn_cap']}), "
        f"shared wins {summary['shared_wins']}"
    )
    lines.append("")
    rows = []
    for rate, wins in zip(summary["seat_win_rate"], summary["seat_wins"]):
        low, high = rate["ci95"]
        rows.append([rate["seat"], _number(wins), _percent(rate["rate"]), f"{_percent(low)} - {_percent(high)}"])
    lines.append(table(["seat", "wins", "win rate", "95% CI"], rows))
    p_value = summary["seat_p_value"]
    lines.append("")
    if p_value is None:
        p_text = "no finished games"
    else:
        p_text = "p < 1e-12" if p_value < 1e-12 else f"p = {p_value:.4g}"
    lines.append(f"equal seats (chi-square, finished games): {p_text}")
    length = summary["length"]
    if length is None:
        lines.append("length: no finished games")
    else:
        lines.append(
            f"length in {units} (finished games): mean {length['mean']:.1f}, median {_number(length['median'])}, "
            f"p90 {_number(length['p90'])}, max {length['max']}"
        )
    counters = summary["counters"]
    if counters:
        lines.append("")
        lines.append(
            table(
                ["counter", "total", "per game"],
                [[name, c["total"], f"{c['mean']:.3f}"] for name, c in counters.items()],
            )
        )
    metrics = summary.get("metrics")
    if metrics:
        lines.append("")
        lines.append(table(["design metric", "value", "95% CI"], metric_rows(metrics)))
        traced = metrics["traced_games"]
        lines.append(f"(rates over all games; the rest from the first {traced} games, traced; see `deckgen simulate "
                     "--help`)" if traced else "(rates over all games; no game traced (--traced 0), so no other metric)")
        if not metrics.get("standing_runs", True):
            lines.append(f"({RESULT_ONLY})")
    return "\n".join(lines)


#: Why a game shows no lead change, decisiveness or winner's deficit.
RESULT_ONLY = ("no lead change, decisiveness or winner's deficit: this game's standing is only its result "
               "(every seat level until the end), so there is no lead to change")


#: How each metric is shown: its name in the table, and whether it is a share (percent).
METRIC_NAMES = {
    "balance": ("balance (1 - largest seat gap)", True),
    "completion": ("completion (a single winner)", True),
    "drawishness": ("drawishness", True),
    "timeouts": ("timeouts (turn cap)", True),
    "decisions_per_player": ("decisions per player", False),
    "decision_moves": ("decision moves", True),
    "branching_factor": ("branching factor", False),
    "lead_change": ("lead change (per move)", False),
    "decisiveness": ("decisiveness (share elapsed)", False),
    "winner_deficit": ("winner's deficit (deckgen)", False),
}


def metric_rows(metrics: dict[str, Any]) -> list[list[str]]:
    """Table rows of the design metrics: value and interval, as percent for shares."""
    rows = []
    for key, (name, share) in METRIC_NAMES.items():
        entry = metrics.get(key)
        if not entry:
            rows.append([name, "-", "-"])
            continue
        value = entry["rate"] if "rate" in entry else entry["mean"]
        low_high = entry.get("ci95")
        shown = _percent if share else (lambda v: f"{v:.2f}")
        rows.append([name, shown(value), f"{shown(low_high[0])} - {shown(low_high[1])}" if low_high else "-"])
    return rows


PLOT_FORMATS = ("png", "pdf", "svg")

#: Pixels per SVG unit in a PNG plot: some 1,200 pixels wide for two charts side by side.
PLOT_SCALE = 1.5


def plot_format(path: Path) -> str:
    """The plot format named by the file suffix; checked before a long simulation starts."""
    suffix = path.suffix.lstrip(".").lower()
    if suffix not in PLOT_FORMATS:
        raise DeckgenError(f"--plot {path}: give a file ending in {', '.join('.' + f for f in PLOT_FORMATS)}")
    return suffix


def write_plot(runs: list[SimRun], summaries: list[dict[str, Any]], path: Path, units: str) -> None:
    """Per player count: seat win rates with 95% intervals against the fair share, and the
    distribution of game lengths. The format follows the file suffix (png, pdf, svg).

    Drawn as SVG by sim.charts, as the design report's charts are, and made PNG or PDF by
    cairosvg: with matplotlib's pyplot, Mystique's five player counts took 0.8 CPU-s to import
    it and 1.7-2.1 to lay out and draw (a plot per game of every build); now 0.35 to import
    cairosvg and 0.2 to draw."""
    from deckgen.sim.charts import figure, length_bars, seat_bars
    from deckgen.sim.report_data import fair_share

    rows = []
    for run, summary in zip(runs, summaries):
        rates = [(r["rate"], r["ci95"][0], r["ci95"][1]) for r in summary["seat_win_rate"]]
        fair = fair_share(summary["finished"], summary.get("no_winner", 0), run.players)
        lengths = [record.turns for record in run.records if record.finished]
        rows.append([(f"{run.players} players: wins by seat (finished games)", seat_bars(rates, fair)),
                     (f"length of finished games ({summary['unfinished']} unfinished)", length_bars(lengths, units))])
    name = runs[0].game_name if runs else ""
    write_svg_plot(str(figure(name, rows, f"{name}: win rate by seat with 95% intervals, and lengths of finished games")),
                   path)


def write_svg_plot(svg: str, path: Path) -> None:
    """A chart drawn as SVG written as the file suffix asks: as it is, or made PNG or PDF by
    cairosvg; one line naming the file when it cannot be written."""
    kind = plot_format(path)
    try:
        with atomic_path(path) as temp:
            if kind == "svg":
                temp.write_text(svg + "\n", encoding="utf-8")
            else:
                import cairosvg

                convert = cairosvg.svg2png if kind == "png" else cairosvg.svg2pdf
                convert(bytestring=svg.encode(), write_to=str(temp), scale=PLOT_SCALE if kind == "png" else 1)
    except (OSError, ValueError) as exc:
        raise DeckgenError(f"--plot {path}: cannot write the plot ({exc})") from None
