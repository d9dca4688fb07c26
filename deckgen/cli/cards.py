"""`deckgen render calibration`, and the option handling of `deckgen render cards` that
concerns sheets: which sheet, back offset, proof and subsets."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click
from click.core import ParameterSource

from deckgen.errors import DeckgenError

if TYPE_CHECKING:
    from deckgen.model.deck_data import Deck
    from deckgen.render.sheets import SheetOptions

def sheet_name(sheet: str | None, paper: str, card_size: str) -> str:
    """A file-name-safe name of the sheet in use (its file's stem for a path)."""
    from deckgen.fileio import is_safe_id
    from deckgen.model.sheet import default_sheet
    from deckgen.model.geometry import CardGeometry, parse_card_size

    if sheet is None:
        return default_sheet(paper, CardGeometry(*parse_card_size(card_size)))
    stem = Path(sheet).stem if "/" in sheet or sheet.endswith((".yaml", ".yml")) else sheet
    return stem if is_safe_id(stem) else "custom"


def render_cards_job(deck_id: str, root: Path, options: SheetOptions, proof: bool, card_ids: str | None,
                     select: str | None) -> tuple[Deck, bytes, Path]:
    """Load the deck (or the chosen cards) and render its sheets or its proof in memory:
    (deck, PDF bytes, where they go). Nothing is written: a bad option or card writes nothing."""
    from deckgen.model.deck import load_deck
    from deckgen.render.sheets import render_sheets, sheets_path
    from deckgen.render.subset import select_cards

    deck = select_cards(load_deck(deck_id), card_ids, select)
    subset = card_ids is not None or select is not None
    if proof:
        from deckgen.render.proof import render_proof

        path = sheets_path(deck, root, options, "proof-selected" if subset else "proof")
        return deck, render_proof(deck, options), path
    return deck, render_sheets(deck, options, root), sheets_path(deck, root, options, "pnp-selected" if subset else "pnp")


#: The print-shop presets (deckgen.render.presets.PRESET_NAMES, repeated to keep --help light).
PRESETS = ("tgc", "mpc", "dtc", "tts")


@click.command("cards")
@click.argument("deck")
@click.option("--output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output); files go to OUTPUT/DECK/.")
@click.option("--paper", default="a4", show_default=True, help="Paper: a4 or letter (picks its sheet).")
@click.option("--sheet", default=None, metavar="NAME|PATH",
              help="Sheet layout: a4-9up, letter-8up, a4-8up-bleed, dtc, a4, letter, or a sheet file.")
@click.option("--card-size", default="poker", show_default=True,
              help="poker (2.5x3.5 in, 63.5x88.9), bridge (57.15x88.9), mini (41x63), tarot (70x120) "
                   "or WxH in mm (60x90, 63x88mm) or inches (2.5x3.5in).")
@click.option("--bleed", type=float, default=None, help="The cards' own bleed, mm (default 3, or the sheet's if more).")
@click.option("--no-backs", is_flag=True, help="Fronts only, no back pages.")
@click.option("--back", "back_id", default=None,
              help="Back for every card (e.g. silver for Mystique); default: the deck's own.")
@click.option("--back-offset", default=None, metavar="X,Y",
              help="Shift every back page X mm right and Y mm up (read them off `deckgen render calibration`).")
@click.option("--proof", is_flag=True, help="Write DECK-proof.pdf instead: each distinct card once, with id and count.")
@click.option("--cards", "card_ids", default=None, metavar="ID,ID,...", help="Only these cards (DECK-pnp-selected.pdf).")
@click.option("--select", default=None, metavar="ATTR=VALUE,...",
              help="Only cards with these values; one attribute's values are alternatives (suit=spades).")
@click.option("--ink-saver", is_flag=True,
              help="Draw backs and card borders as outlines on the paper instead of solid colour.")
@click.option("--png", "png_dpi", type=click.IntRange(30, 1200), default=None, metavar="DPI",
              help="Also write a PNG of every card and back (trim plus bleed) to OUTPUT/DECK/png/.")
@click.option("--svg", "write_svg", is_flag=True,
              help="Also write an SVG of every card and back to OUTPUT/DECK/svg/, its pictures in svg/art/.")
@click.option("--preset", type=click.Choice(PRESETS), default=None,
              help="Instead of the PDF, the files of a print shop or Tabletop Simulator in OUTPUT/DECK/PRESET/ "
                   "with a manifest: tgc, mpc (PNGs), dtc (PDF), tts (sheets and a saved object).")
@click.option("--tts-url-base", default=None, metavar="URL",
              help="With --preset tts: the web folder the images will be uploaded to (default: file:/// URLs).")
def render_cards_command(deck: str, output: Path | None, paper: str, sheet: str | None, card_size: str,
                         bleed: float | None, no_backs: bool, back_id: str | None, back_offset: str | None,
                         proof: bool, card_ids: str | None, select: str | None, ink_saver: bool,
                         png_dpi: int | None, write_svg: bool, preset: str | None, tts_url_base: str | None) -> None:
    """Print-and-play PDF of DECK: OUTPUT/DECK/DECK-pnp.pdf (DECK-pnp-letter.pdf on Letter),
    plus card images on request.

    A sheet layout places the cards (--sheet; docs/sheet-format.md). For poker cards the
    default is a4-9up on A4 (3 x 3) and letter-8up on Letter (4 x 2, landscape); other sizes
    fill the paper's sheet (a4, letter). Cards stand 4 mm apart, each showing 2 mm of its own
    bleed, so a cut 1 mm off the trim shows the card's own colour, never a neighbour's. A4:
    3 x 63.5 + 2 x 4 = 198.5 mm of trims in 210 mm, 5.75 mm from the edges, outside a
    printer's 4.2 mm blank edge (nine with 3 mm bleed each would take 3 x 69.5 = 208.5 mm).
    Letter: three rows take 3 x 88.9 + 2 x 4 = 274.7 mm, more than the 271 mm printed of
    279.4, hence 4 x 2 landscape. a4-8up-bleed keeps the full 3 mm bleed; dtc has one card a
    page. Crop marks (inside the printable area) mark every cut, also across the gutters.
    Each front page is followed by its back page, reflected for duplex: print at 100 %
    (actual size), double-sided, flipping as the footer says. PNGs are trim plus bleed with
    the bleed rounded up to whole pixels: a poker card at 300 dpi is 822 x 1122 px.

    A --preset writes what a shop asks for at the shop's own size and bleed (docs/print-shops.md):
    tgc 825 x 1125 px and mpc 822 x 1122 px PNGs per distinct poker card and back, dtc one PDF
    page per card side, tts face sheets, backs and DECK.json for Tabletop Simulator's Saved Objects.
    A preset uses --card-size and --back; the shop decides paper, bleed and resolution.

    \b
    Examples:
      deckgen render cards mystique
      deckgen render cards mystique --back silver --paper letter
      deckgen render cards mismatch --select suit=spades     # the short game's 52 cards
      deckgen render cards mirrorquest --proof
      deckgen render cards mismatch --card-size bridge --png 300
      deckgen render cards mystique --preset tgc
      deckgen render cards mirrorquest --ink-saver
    """
    from deckgen.startup import loading

    with loading():
        from deckgen.fileio import check_output_dir, write_atomic
        from deckgen.project import output_dir
        from deckgen.render.sheets import SheetOptions
        from deckgen.render.subset import parse_offset

    root = check_output_dir(output or output_dir())
    options = SheetOptions(paper=paper, card_size=card_size, bleed=bleed, backs=not no_backs, back_id=back_id,
                           sheet=sheet, back_offset=parse_offset(back_offset) if back_offset else (0.0, 0.0),
                           ink_saver=ink_saver)
    if preset is not None:
        paper_given = click.get_current_context().get_parameter_source("paper") != ParameterSource.DEFAULT
        _refuse_beside_preset(preset, {
            "--paper": paper_given, "--sheet": sheet is not None, "--bleed": bleed is not None,
            "--no-backs": no_backs, "--back-offset": back_offset is not None, "--proof": proof,
            "--cards": card_ids is not None, "--select": select is not None, "--ink-saver": ink_saver,
            "--png": png_dpi is not None, "--svg": write_svg})
    if preset is not None or tts_url_base is not None:
        from deckgen.model.deck import load_deck
        from deckgen.render.presets import export_preset

        loaded_deck = load_deck(deck)
        folder = export_preset(loaded_deck, options, root, preset, tts_url_base)
        hint = f"; {loaded_deck.id}.json goes into Tabletop Simulator's Saved Objects" if preset == "tts" else ""
        click.echo(f"wrote {sum(1 for _ in folder.iterdir())} files to {folder} (manifest.csv lists them{hint})")
        return
    with loading():
        loaded, pdf, target = render_cards_job(deck, root, options, proof, card_ids, select)
    images = []
    if png_dpi is not None or write_svg:
        from deckgen.render.png import export_images

        images = export_images(loaded, options, root, png_dpi=png_dpi, write_svg=write_svg)
    click.echo(f"wrote {write_atomic(target, pdf)}")
    if images:
        click.echo(f"wrote {len(images)} card images under {root / loaded.id}")


def _refuse_beside_preset(preset: str, given: dict[str, bool]) -> None:
    """A preset writes what the shop asks for: an option it would quietly ignore is an error,
    so no one uploads files they believe are something else."""
    ignored = [name for name, was_given in given.items() if was_given]
    if ignored:
        raise DeckgenError(f"--preset {preset} takes only --card-size, --back and --output "
                           f"(the shop decides the rest); leave out {', '.join(ignored)}")


@click.command("calibration")
@click.option("--paper", default="a4", show_default=True, help="Paper: a4 or letter (its poker sheet's page).")
@click.option("--sheet", default=None, metavar="NAME|PATH",
              help="Calibrate for this sheet's page, orientation and flip instead.")
@click.option("--back-offset", default=None, metavar="X,Y",
              help="Print the back shifted by this much (mm), to check a reading: every scale then reads 0.")
@click.option("--output", type=click.Path(path_type=Path), default=None,
              help="Output folder (default: ./output); the file goes to OUTPUT/calibration/.")
def render_calibration_command(paper: str, sheet: str | None, back_offset: str | None, output: Path | None) -> None:
    """Duplex calibration sheet: measure how far your printer shifts backs against fronts.

    Writes OUTPUT/calibration/duplex-calibration-<sheet>.pdf, two pages. Print both sides at
    100 % (actual size) with the flip its footer names; check that the front's scale
    measures 100 mm. Hold the sheet against a light with the back facing you: at target C
    the front's vertical line crosses the back's horizontal scale at X, its horizontal line
    the vertical scale at Y (mm; + is right and up as seen on the back). Then print cards
    with `deckgen render cards DECK --back-offset X,Y`. Targets A, B, D, E near the corners
    show whether the printer also turns or scales the back.

    \b
    Examples:
      deckgen render calibration
      deckgen render calibration --paper letter
      deckgen render calibration --back-offset 0.5,-1   # check: every scale reads 0
    """
    from deckgen.fileio import check_output_dir, write_atomic
    from deckgen.project import output_dir
    from deckgen.render.calibration import calibration_path, render_calibration
    from deckgen.render.sheets import SheetOptions
    from deckgen.render.subset import parse_offset

    root = check_output_dir(output or output_dir())
    options = SheetOptions(paper=paper, sheet=sheet)
    offset = parse_offset(back_offset) if back_offset is not None else (0.0, 0.0)
    pdf = render_calibration(options.layout(), options.duplex_hint(), offset)
    click.echo(f"wrote {write_atomic(calibration_path(root, sheet_name(sheet, paper, 'poker')), pdf)}")
