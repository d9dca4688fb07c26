"""`deckgen report`: the design reports and the index page again, from the result files in
the output folder (after `deckgen sweep` or `deckgen analyse --output`), without a build."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("report")
@click.argument("game_names", metavar="[GAME]...", nargs=-1)
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder the build wrote (default: ./output).")
def report_command(game_names: tuple[str, ...], output: Path | None) -> None:
    """Write each game's design report (<output>/<deck>/<game>-report.html) and the index page
    (<output>/index.html) from the results in the output folder: the fairness report, and the
    skill analysis and variant sweep where they have been run. No game is played.

    \b
    Examples:
      deckgen report
      deckgen report mirrorquest --output out
    """
    from deckgen.publish.build import report_pages
    from deckgen.publish.targets import build_targets
    from deckgen.fileio import check_output_dir
    from deckgen.model.rules import load_rules
    from deckgen.project import output_dir

    root = check_output_dir(output or output_dir())
    # without names, the games `build` reports on: in a project its own, else the shipped ones
    ids = [load_rules(name).id for name in game_names] if game_names else [g for g, _ in build_targets()[1]]
    pages = report_pages(root, list(dict.fromkeys(ids)))
    click.echo(f"wrote {len(pages) - 1} design report{'s' if len(pages) != 2 else ''} and {pages[-1]}")
