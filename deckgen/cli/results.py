"""`deckgen results`: the runs stored in results.sqlite, listed, exported or compared."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import click

from deckgen.cli.group import emit_json


@click.command("results")
@click.option("--game", "game_id", default=None, help="Only the runs of this game (its id).")
@click.option("--format", "fmt", type=click.Choice(["table", "csv", "json"]), default="table", show_default=True)
@click.option("--compare", "keys", nargs=2, default=None, metavar="KEY KEY",
              help="Test the differences between two stored runs of one game and player count (B minus A); "
                   "a unique start of a key will do.")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder holding results.sqlite (default: ./output).")
def results_command(game_id: str | None, fmt: str, keys: tuple[str, str] | None, output: Path | None) -> None:
    """List the runs stored in OUTPUT/results.sqlite (simulate, analyse, sweep, build), export
    every statistic of them (CSV: one row per run and statistic, every value a number; JSON:
    as stored), or compare two of them.

    \b
    Examples:
      deckgen results
      deckgen results --game zoomies --format csv > zoomies-runs.csv
      deckgen results --compare 3f2a 9c41
    """
    from deckgen.errors import DeckgenError
    from deckgen.fileio import shown_path
    from deckgen.project import output_dir
    from deckgen.sim.store import STORE_NAME, open_store

    root = output or output_dir()
    if not (root / STORE_NAME).is_file():
        raise DeckgenError(f"{shown_path(root / STORE_NAME)}: no stored results yet (run simulate, sweep or build "
                           "with this --output first)")
    runs = open_store(root).runs(game_id)
    if keys is not None:
        print_comparison(runs, keys, fmt)
        return
    if fmt == "json":
        emit_json(runs)
        return
    if fmt == "csv":
        from deckgen.sim.results import csv_rows

        _write_csv(*csv_rows(runs))
        return
    from deckgen.report import table
    from deckgen.sim.store import run_rows

    head, rows = run_rows(runs)
    if rows:
        click.echo(table(head, rows))
    elif game_id:  # perhaps a typo: name the games that have runs
        stored = sorted({run["game"] for run in open_store(root).runs()})
        click.echo(f"no stored runs of game {game_id} (stored games: {', '.join(stored) or 'none'})")
    else:
        click.echo("no stored runs")


def print_comparison(runs: list[dict[str, Any]], keys: tuple[str, str], fmt: str) -> None:
    """`--compare A B`: the differences of two stored runs with their tests, in `fmt`."""
    from deckgen.report import table
    from deckgen.sim.results import compare, comparison_table, find_run

    run_a, run_b = find_run(runs, keys[0]), find_run(runs, keys[1])
    data = compare(run_a, run_b, length_units(run_a["game"]))
    if fmt == "json":
        emit_json(data)
        return
    head, rows = comparison_table(data)
    if fmt == "csv":
        _write_csv(["statistic", "kind", "a", "b", "difference", "test", "p", "p_holm"],
                   [[row[k] for k in ("statistic", "kind", "a", "b", "difference", "test", "p", "p_holm")]
                    for row in data["rows"]])
        return
    for side, fields in (("A", data["a"]), ("B", data["b"])):
        click.echo(f"{side}: " + ", ".join(f"{name} {value}" for name, value in zip(data["columns"], fields)
                                           if value not in (None, "")))
    click.echo(table(head, rows) if rows else "no statistic in common")
    click.echo(data["note"])


def length_units(game_id: str) -> str:
    """The turn units a game's lengths are counted in ("rounds", "tricks"), from its rules;
    "turns" for a stored game whose rules are not found here (another project's run)."""
    from deckgen.errors import DeckgenError
    from deckgen.model.rules import load_play_rules

    try:
        return load_play_rules(game_id).for_play().turn_units
    except DeckgenError:
        return "turns"


def _write_csv(head: list[str], rows: list[list[Any]]) -> None:
    import csv

    writer = csv.writer(sys.stdout, lineterminator="\n")
    writer.writerow(head)
    writer.writerows(["" if cell is None else cell for cell in row] for row in rows)
