"""The deckgen command line: one click group; commands parse, call, print.

Heavy imports (reportlab, scipy, engines) happen inside the commands that need them so
that `deckgen --help` stays fast.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from deckgen import __version__
from deckgen.errors import DeckgenError


class DeckgenGroup(click.Group):
    """Turns DeckgenError into one line per problem on stderr and exit status 2."""

    def invoke(self, ctx: click.Context):  # type: ignore[override]
        try:
            return super().invoke(ctx)
        except DeckgenError as exc:
            for line in exc.problems:
                click.echo(f"error: {line}", err=True)
            ctx.exit(exc.exit_code)


@click.group(cls=DeckgenGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, prog_name="deckgen")
def main() -> None:
    """Design, check, print and play-test card games.

    \b
    Examples:
      deckgen decks                      list the shipped decks
      deckgen check mystique             composition report
      deckgen build                      every output under output/
    """


def emit_json(data: object) -> None:
    click.echo(json.dumps(data, indent=2, ensure_ascii=False))


@main.command("decks")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array instead of a table.")
def decks_command(as_json: bool) -> None:
    """List the shipped decks: id, name and card count.

    \b
    Example:
      deckgen decks
    """
    from deckgen.model.deck import deck_ids, load_deck

    decks = [load_deck(d) for d in deck_ids()]
    if as_json:
        emit_json([{"id": d.id, "name": d.name, "cards": len(d.cards)} for d in decks])
        return
    from deckgen.report import table

    click.echo(table(["id", "name", "cards"], [[d.id, d.name, len(d.cards)] for d in decks]))


@main.command("cards")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per card.")
def cards_command(deck: str, as_json: bool) -> None:
    """List the cards of DECK with every attribute.

    \b
    Examples:
      deckgen cards mystique
      deckgen cards mirror --json
    """
    from deckgen.model.deck import load_deck

    loaded = load_deck(deck)
    rows = [c.to_json(loaded.number_field) for c in loaded.cards]
    if as_json:
        emit_json(rows)
        return
    from deckgen.report import table

    columns = list(dict.fromkeys(k for row in rows for k in row))
    click.echo(table(columns, [[_cell(r.get(c)) for c in columns] for r in rows]))


def _cell(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    return str(value)


@main.command("check")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(deck: str, as_json: bool) -> None:
    """Check the composition of DECK: counts, duplicates, numbering, player splits.

    Exits 2 when the deck has a problem (duplicates, numbering gaps, unused values).

    \b
    Example:
      deckgen check mystique
    """
    from deckgen.compose import check_deck, check_setups, format_report, format_setups
    from deckgen.model.deck import load_deck

    loaded = load_deck(deck)
    report = check_deck(loaded)
    setups = check_setups(loaded)
    problems = report.problems + [
        f"game {s.game}: {s.players} players need {-s.left_over} more cards than the deck has"
        for s in setups
        if not s.feasible
    ]
    if as_json:
        data = report.to_json()
        data["setups"] = [
            {"game": s.game, "players": s.players, "cards": s.cards, "removed": s.removed,
             "per_player": s.per_player, "left_over": s.left_over, "feasible": s.feasible}
            for s in setups
        ]
        data["problems"] = problems
        emit_json(data)
    else:
        click.echo(format_report(report))
        click.echo("")
        click.echo(format_setups(setups))
        for line in problems[len(report.problems):]:
            click.echo(f"problem: {line}")
    if problems:
        sys.exit(2)


@main.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def validate_command(paths: tuple[Path, ...]) -> None:
    """Validate deck and game files (all shipped data when no PATH is given).

    Every problem is listed, one line each; exit status 2 if there are any.

    \b
    Examples:
      deckgen validate
      deckgen validate decks/mystique/deck.yaml
    """
    from deckgen.validate import validate_paths

    checked = validate_paths(list(paths))
    click.echo(f"ok: {checked} file(s) valid")


@main.group("render")
def render_group() -> None:
    """Render print-and-play card sheets, card images, booklets and quick references.

    \b
    Examples:
      deckgen render cards mystique
      deckgen render booklet mirrorquest
    """


@main.command("build")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output).")
def build_command(output: Path | None) -> None:
    """Build every output for the shipped decks and games under output/.

    Card listings and composition reports, print-and-play sheets, rule booklets (plain and
    imposed) and quick references.

    \b
    Example:
      deckgen build --output output
    """
    import time

    from deckgen.build import build_all
    from deckgen.paths import output_dir

    start = time.perf_counter()
    written = build_all(output or output_dir(), click.echo)
    click.echo(f"built {len(written)} files in {time.perf_counter() - start:.1f} s")
