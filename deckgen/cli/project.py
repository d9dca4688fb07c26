"""`deckgen init` and `deckgen watch`: starting a project of your own and working in it."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("init")
@click.argument("folder", type=click.Path(path_type=Path))
def init_command(folder: Path) -> None:
    """Start a project in FOLDER (new or empty): a deck read from a CSV file, its card
    layout, an artwork file, a game's rules (which deckgen also plays, from their play
    section) and a README saying what to edit, step by step.

    \b
    Example:
      deckgen init my-game && cd my-game && deckgen render cards sky
    """
    from deckgen.skeleton import init_project

    written = init_project(folder)
    click.echo(f"wrote {len(written)} files to {folder}; next: cd {folder} and read README.md "
               "(deckgen render cards sky draws the cards)")


@click.command("watch")
def watch_command() -> None:
    """Rebuild what each saved file affects until Ctrl-C: a deck's print-and-play PDF when
    its deck file, cards, layout, art or fonts change (and its games' booklets, which show
    its cards); a game's booklet and quick reference when its rule file changes. One line
    per rebuild; errors are printed and watching goes on.

    \b
    Example:
      deckgen watch
    """
    from deckgen.fileio import check_output_dir
    from deckgen.project import current
    from deckgen.watch import plan_for, watch_project

    here = current()
    plan_for(here)  # outside a project: one error line
    root = check_output_dir(here.output_dir())
    click.echo(f"watching {here.root} (outputs in {root}); Ctrl-C stops", err=True)
    watch_project(here, root, click.echo)
