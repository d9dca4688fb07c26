"""What `deckgen results` makes of the stored runs: every statistic as a number (for CSV),
and the tested differences between two runs (`--compare KEY KEY`).

Stored runs keep their statistics, not their games, so two runs are compared as two
independent samples: win rates and other shares with a two-proportion test (Fisher's exact
test when a count is small), means with Welch's t-test from the stored means, spreads and
sizes (a mean's spread from its 95% t interval). The p-values of one comparison are
Holm-corrected together. Variants of one game played with the same seed are better compared
paired, by `deckgen sweep`.
"""

from __future__ import annotations

import math
from typing import Any, Iterator

from deckgen.errors import DeckgenError
from deckgen.sim.numerics import t_quantile_two_sided
from deckgen.sim.stats import holm, two_proportion_p, welch_p

#: The run columns every CSV row starts with.
RUN_COLUMNS = ("key", "recorded", "kind", "game", "players", "games", "seed", "bots", "options")


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def run_fields(run: dict[str, Any]) -> list[Any]:
    """A stored run's identity as CSV cells."""
    bots = run["bots"]
    return [run["key"], run["recorded"], run["kind"], run["game"], run["players"], run["games"], run["seed"],
            ",".join(bots), ",".join(f"{k}={_option_text(v)}" for k, v in run["options"].items())]


def numbers(data: Any, path: str = "") -> Iterator[tuple[str, float]]:
    """Every number in a run's statistics with its dotted path (`seat_win_rate.0.ci95.1`);
    true and false as 1 and 0, text left out."""
    if isinstance(data, dict):
        for name, value in data.items():
            yield from numbers(value, f"{path}.{name}" if path else str(name))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from numbers(value, f"{path}.{index}" if path else str(index))
    elif isinstance(data, bool):
        yield path, float(data)
    elif isinstance(data, (int, float)) and math.isfinite(data):
        yield path, data


def csv_rows(runs: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    """One row per statistic of every run (long format: a spreadsheet pivots it)."""
    rows = [run_fields(run) + [name, value] for run in runs for name, value in numbers(run["stats"])]
    return [*RUN_COLUMNS, "statistic", "value"], rows


def find_run(runs: list[dict[str, Any]], key: str) -> dict[str, Any]:
    """The stored run whose key starts with `key` (a unique prefix will do)."""
    found = [run for run in runs if run["key"].startswith(key)] if key else []
    if len(found) != 1:
        why = "no stored run has that key" if not found else f"{len(found)} stored runs start with it (give more)"
        raise DeckgenError(f"--compare {key!r}: {why}; `deckgen results` lists the keys")
    return found[0]


def _summaries(stats: dict[str, Any], units: str) -> dict[str, Any]:
    """The share and mean statistics of a run's statistics, by name, each with what its test
    needs; the mean length is named in the game's turn `units` ("rounds", "tricks")."""
    found: dict[str, Any] = {}
    finished = stats.get("finished", stats.get("games"))
    for seat, rate in enumerate(stats.get("seat_win_rate") or []):
        if rate.get("rate") is not None and finished:
            found[f"seat {seat} win rate"] = ("share", rate["rate"], finished)
    length = stats.get("length")
    if length and "sd" in length and "games" in length:
        found[f"mean length ({units})"] = ("mean", length["mean"], length["sd"], length["games"])
    for name, entry in (stats.get("metrics") or {}).items():
        if not isinstance(entry, dict):
            continue
        if "rate" in entry and "of" in entry and entry["rate"] is not None:
            found[name] = ("share", entry["rate"], entry["of"])
        elif "mean" in entry and entry.get("ci95") and entry.get("games", 0) >= 2:
            found[name] = ("mean", entry["mean"], _spread(entry), entry["games"])
    for match in stats.get("skill", []) + stats.get("ladder", []):
        if match.get("win_rate") is not None:
            found[f"{match['challenger']} vs {match['field']}"] = ("share", match["win_rate"], match["finished"])
    return found


def _spread(entry: dict[str, Any]) -> float:
    """A mean's standard deviation, from its 95% t interval and its count."""
    n = entry["games"]
    half = (entry["ci95"][1] - entry["ci95"][0]) / 2
    return half * math.sqrt(n) / t_quantile_two_sided(0.95, n - 1)


def compare(run_a: dict[str, Any], run_b: dict[str, Any], units: str) -> dict[str, Any]:
    """The statistics two runs share, their difference (B minus A) and a test of each, with
    Holm-corrected p-values; lengths are counted in `units`, the game's turn units."""
    if run_a["game"] != run_b["game"] or run_a["players"] != run_b["players"]:
        raise DeckgenError(f"--compare: run {run_a['key'][:12]} is {run_a['game']} at {run_a['players']} players, "
                           f"run {run_b['key'][:12]} {run_b['game']} at {run_b['players']}; compare runs of one game "
                           "at one player count")
    a, b = _summaries(run_a["stats"], units), _summaries(run_b["stats"], units)
    rows = []
    for name in [name for name in a if name in b and a[name][0] == b[name][0]]:
        first, second = a[name], b[name]
        if first[0] == "share":
            p, test = two_proportion_p(first[1] * first[2], first[2], second[1] * second[2], second[2])
        else:
            p, test = welch_p(first[1], first[2], first[3], second[1], second[2], second[3]), "Welch's t-test"
        rows.append({"statistic": name, "kind": first[0], "a": first[1], "b": second[1],
                     "difference": second[1] - first[1], "test": test, "p": p})
    for row, adjusted in zip(rows, holm([row["p"] for row in rows])):
        row["p_holm"] = adjusted
    return {"a": run_fields(run_a), "b": run_fields(run_b), "columns": list(RUN_COLUMNS), "rows": rows,
            "note": "unpaired tests on the stored statistics (B minus A); p-values Holm-corrected together"}


def comparison_table(data: dict[str, Any]) -> tuple[list[str], list[list[str]]]:
    """The comparison as text rows: shares in percent, means as numbers."""
    def shown(value: float, kind: str) -> str:
        return f"{100 * value:.1f}%" if kind == "share" else f"{value:.2f}"

    def p_text(p: float | None) -> str:
        return "-" if p is None else "<1e-12" if p < 1e-12 else f"{p:.3g}"

    rows = [[row["statistic"], shown(row["a"], row["kind"]), shown(row["b"], row["kind"]),
             (f"{100 * row['difference']:+.1f} pts" if row["kind"] == "share" else f"{row['difference']:+.2f}"),
             row["test"], p_text(row["p"]), p_text(row["p_holm"])] for row in data["rows"]]
    return ["statistic", "A", "B", "B - A", "test", "p", "p (Holm)"], rows
