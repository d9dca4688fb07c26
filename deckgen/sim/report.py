"""Simulation output for people: a text report per player count, a progress line, a plot."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any, TextIO

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


class ProgressLine:
    """A one-line progress display on stderr, redrawn in place; never touches stdout."""

    def __init__(self, label: str, total: int, stream: TextIO | None = None) -> None:
        self.label = label
        self.total = total
        self.done = 0
        self.stream = stream if stream is not None else sys.stderr
        self._draw()

    def _draw(self) -> None:
        width = 30
        filled = width * self.done // self.total if self.total else width
        percent = 100 * self.done // self.total if self.total else 100
        self.stream.write(
            f"\r{self.label} [{'#' * filled}{'-' * (width - filled)}] {self.done}/{self.total} games {percent:3d}%"
        )
        self.stream.flush()

    def advance(self, games: int) -> None:
        self.done += games
        self._draw()

    def close(self) -> None:
        self.stream.write("\n")
        self.stream.flush()


class ProgressLines:
    """A progress line per part of a long command (a variant, a match), each closing the one
    before; nothing when not shown."""

    def __init__(self, show: bool) -> None:
        self.show = show
        self.current: ProgressLine | None = None

    def start(self, label: str, total: int) -> Any:
        """The progress callback of a new part (None when not shown)."""
        if not self.show:
            return None
        self.close()
        self.current = ProgressLine(label, total)
        return self.current.advance

    def close(self) -> None:
        if self.current is not None:
            self.current.close()
            self.current = None


PLOT_FORMATS = ("png", "pdf", "svg")


def plot_format(path: Path) -> str:
    """The plot format named by the file suffix; checked before a long simulation starts."""
    suffix = path.suffix.lstrip(".").lower()
    if suffix not in PLOT_FORMATS:
        raise DeckgenError(f"--plot {path}: give a file ending in {', '.join('.' + f for f in PLOT_FORMATS)}")
    return suffix


def write_plot(runs: list[SimRun], summaries: list[dict[str, Any]], path: Path, units: str) -> None:
    """Per player count: seat win rates with 95% intervals against the fair share, and the
    distribution of game lengths. The format follows the file suffix (png, pdf, svg)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figure, axes = plt.subplots(len(runs), 2, figsize=(10, 3.2 * len(runs)), squeeze=False)
    for row, (run, summary) in enumerate(zip(runs, summaries)):
        rates_axis, length_axis = axes[row]
        seats = list(range(run.players))
        rates = [r["rate"] or 0.0 for r in summary["seat_win_rate"]]
        errors = [
            [rate - r["ci95"][0] for rate, r in zip(rates, summary["seat_win_rate"])],
            [r["ci95"][1] - rate for rate, r in zip(rates, summary["seat_win_rate"])],
        ]
        rates_axis.bar(seats, rates, yerr=errors, capsize=4, color="#4c72b0")
        rates_axis.axhline(1 / run.players, color="#c44e52", linestyle="--", label="fair share")
        rates_axis.set_xticks(seats)
        rates_axis.set_xlabel("seat")
        rates_axis.set_ylabel("win rate (finished games)")
        rates_axis.set_title(f"{run.game_name}, {run.players} players: wins by seat")
        rates_axis.legend(loc="best")
        turns = [r.turns for r in run.records if r.finished]
        if turns:
            # One bar per turn count when that is readable, else 40 equal bins.
            low, high = min(turns), max(turns)
            bins = range(low, high + 2) if high - low < 60 else 40
            length_axis.hist(turns, bins=bins, color="#55a868", align="left" if high - low < 60 else "mid")
        length_axis.set_xlabel(units)
        length_axis.set_ylabel("games")
        length_axis.set_title(f"length of finished games ({summary['unfinished']} unfinished)")
    figure.tight_layout()
    try:
        with atomic_path(path) as temp:
            figure.savefig(temp, format=plot_format(path))
    except (OSError, ValueError) as exc:
        raise DeckgenError(f"--plot {path}: cannot write the plot ({exc})") from None
    finally:
        plt.close(figure)
