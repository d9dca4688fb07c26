"""`deckgen decks`, `cards`, `check` and `validate`: the decks and their checks."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from deckgen.cli.group import emit_json


@click.command("decks")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array instead of a table.")
def decks_command(as_json: bool) -> None:
    """List the decks (the project's and the shipped ones): id, name and card count.

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


@click.command("cards")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON array, one object per card.")
@click.option("--decks", type=click.IntRange(min=1), default=1, show_default=True,
              help="List this many copies, one per back, with the ids and move indices games with "
                   "several decks log (back:id).")
def cards_command(deck: str, as_json: bool, decks: int) -> None:
    """List the cards of DECK (an id, or the path of a deck folder or file) with every attribute.

    \b
    Examples:
      deckgen cards mystique
      deckgen cards mystique --decks 2
      deckgen cards mirror --json
      deckgen cards decks/mine
    """
    from deckgen.model.deck import load_deck

    loaded = load_deck(deck)
    rows = [c.to_json(loaded.number_field) for c in loaded.cards]
    if decks > 1:
        from deckgen.games.kit.cards import CardIndex

        ids = CardIndex.of_deck(loaded, decks).ids
        rows = [{"index": i, **row, "id": ids[i]} for i, row in enumerate(rows * decks)]
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


@click.command("check")
@click.argument("deck")
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_command(deck: str, as_json: bool) -> None:
    """Check the composition of DECK: counts, duplicates, numbering, player splits, and
    whether colour-blind players can tell its colours apart (docs/colour-check.md).

    Exits 2 when the deck has a problem (duplicates, numbering gaps, unused values). A
    flagged colour pair of colours the deck file declares is reported but does not change the
    exit status; a deck drawn from a layout is also drawn card by card, and a text under 3:1
    contrast or a pair of its colours that only colour tells apart is a problem.

    \b
    Example:
      deckgen check mystique
    """
    from deckgen.colour_check import colour_vision, format_colour_vision
    from deckgen.compose import check_deck, check_setups, format_report, format_setups
    from deckgen.model.deck import load_deck
    from deckgen.validate import check_deck_looks

    loaded = load_deck(deck)
    report = check_deck(loaded)
    setups = check_setups(loaded)
    looks = check_deck_looks(loaded)
    colours = colour_vision(loaded) if not looks else []
    problems = report.problems + [
        f"game {s.game}: {s.players} players need {-s.left_over} more cards than the deck has"
        for s in setups
        if not s.feasible
    ] + looks
    if as_json:
        data = report.to_json()
        data["setups"] = [
            {"game": s.game, "players": s.players, "cards": s.cards, "removed": s.removed,
             "set_aside": s.set_aside, "per_player": s.per_player, "left_over": s.left_over, "feasible": s.feasible}
            for s in setups
        ]
        data["colour_vision"] = [row.to_json() for row in colours]
        data["problems"] = problems
        emit_json(data)
    else:
        click.echo(format_report(report))
        click.echo("")
        click.echo(format_setups(setups))
        click.echo("")
        click.echo(format_colour_vision(colours))
        for line in problems[len(report.problems):]:
            click.echo(f"problem: {line}")
    if problems:
        sys.exit(2)


@click.command("validate")
@click.argument("paths", nargs=-1, type=click.Path(path_type=Path))
def validate_command(paths: tuple[Path, ...]) -> None:
    """Validate deck and game files.

    Without PATH: the deck folder you are in (and its games), else the project's decks and
    games, else all the shipped data. Every problem is listed, one line each; exit status 2
    if there are any.

    \b
    Examples:
      deckgen validate
      deckgen validate decks/mystique/deck.yaml
    """
    from deckgen.validate import validate_paths

    checked = validate_paths(list(paths))
    click.echo(f"ok: {checked} file(s) valid")
