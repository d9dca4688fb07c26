"""`deckgen render booklet` and `deckgen render quickref`: a game's documents, the rule booklet (in
reading order, and imposed for saddle stitching) and the quick-reference player aid."""

from __future__ import annotations

from pathlib import Path

import click


@click.command("booklet")
@click.argument("game")
@click.option("--imposed", is_flag=True,
              help="Also write <game>-rules-booklet.pdf: the pages two-up on landscape sheets, ready to "
                   "print on both sides, fold and staple.")
@click.option("--paper", type=click.Choice(["a4", "letter"], case_sensitive=False), default="a4", show_default=True,
              help="a4: A5 pages (imposed on A4); letter: half-Letter pages, 5.5 x 8.5 in (imposed on "
                   "Letter), written as <game>-rules-letter.pdf and <game>-rules-booklet-letter.pdf.")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output); files go to OUTPUT/<deck>/.")
def render_booklet_command(game: str, imposed: bool, paper: str, output: Path | None) -> None:
    """Render the rule booklet of GAME: pages in reading order with contents and bookmarks.

    Writes OUTPUT/<deck>/<game>-rules.pdf, and with --imposed also <game>-rules-booklet.pdf
    for printing at home. The reading-order pages carry a bleed around the trim (TrimBox
    and BleedBox set) for a print shop; the cover panel runs into it.

    \b
    Printing the imposed booklet (its first sheet says so too, in the margin):
      1. print on both sides, flipping on the SHORT edge;
      2. print at actual size (100 %), not "fit to page";
      3. fold the stack of sheets in half, first sheet outside;
      4. more than one sheet: staple twice on the fold (saddle stitch).

    \b
    Examples:
      deckgen render booklet mirrorquest
      deckgen render booklet zoomies --imposed --output out
      deckgen render booklet mismatch --imposed --paper letter
    """
    from deckgen.fileio import check_output_dir
    from deckgen.model.rules import load_rules
    from deckgen.project import output_dir

    root = check_output_dir(output or output_dir())
    from deckgen.render.booklet import booklet_paper, render_booklet

    for path in render_booklet(load_rules(game), root, imposed=imposed, paper=booklet_paper(paper)):
        click.echo(f"wrote {path}")


@click.command("quickref")
@click.argument("game")
@click.option("--size", default="poker", show_default=True, metavar="poker|tarot",
              help="Card size of the player aid.")
@click.option("--paper", default=None, metavar="a4|letter", help="Paper (default: a4).")
@click.option("--output", "output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output); the file goes to OUTPUT/<deck>/.")
def render_quickref_command(game: str, size: str, paper: str | None, output: Path | None) -> None:
    """Render the quick-reference player aid of GAME: card-sized, front and back.

    Writes OUTPUT/<deck>/<game>-quickref.pdf (-quickref-letter.pdf on Letter): a page of fronts
    and a page of backs mirrored for long-edge duplex, with bleed, crop marks and a footer
    saying how to print. Fails, naming the section, when the text does not fit at 7.5 pt.

    \b
    Examples:
      deckgen render quickref mirrorquest
      deckgen render quickref mystique --size tarot --paper letter
    """
    from deckgen.fileio import check_output_dir
    from deckgen.model.rules import load_rules
    from deckgen.project import output_dir

    root = check_output_dir(output or output_dir())
    from deckgen.render.quickref import render_quickref

    click.echo(f"wrote {render_quickref(load_rules(game), root, size=size, paper=paper)}")
