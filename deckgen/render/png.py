"""One image per card: PNG (cairosvg, on every core) and SVG, named after the card ids.

Every PNG carries an sRGB ICC profile and its resolution in dpi, so a print shop reads the
colours and the print size as meant. Print-shop presets (presets.py) and Tabletop Simulator
sheets (tts.py) draw through the same workers (`write_pngs`, `rasterise_all`).

A PNG is the card's trim plus bleed. The trim is rounded to whole pixels and the bleed is
rounded up to whole pixels, and the card is drawn at exactly that size, so nothing is
stretched: a poker card (2.5 x 3.5 in) with 3 mm bleed at 300 dpi is 750 x 1050 px of trim
plus 36 px each side, 822 x 1122 px: the size print shops such as MakePlayingCards ask for.
"""

from __future__ import annotations

import atexit
import functools
import io
import math
import os
import re
import shutil
import struct
import sys
import tempfile
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass
from pathlib import Path
from typing import TypeVar
from xml.sax.saxutils import unescape

from PIL import Image

from deckgen.errors import DeckgenError
from deckgen.fileio import OutputError, atomic_folder, contained, output_file, write_atomic
from deckgen.model.deck_data import Deck
from deckgen.model.geometry import CardGeometry
from deckgen.render import artwork, fonts, painter, svg
from deckgen.render.outlines import outline_font_text
from deckgen.render.svg_export import Portable
from deckgen.render.sheets import SheetOptions
from deckgen.sim.runner import die_with_parent

MM_PER_INCH = 25.4
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class PixelGeometry:
    """A card geometry snapped to whole pixels at a resolution."""

    dpi: int
    trim_width_px: int
    trim_height_px: int
    bleed_px: int

    @property
    def width_px(self) -> int:
        return self.trim_width_px + 2 * self.bleed_px

    @property
    def height_px(self) -> int:
        return self.trim_height_px + 2 * self.bleed_px

    def card(self) -> CardGeometry:
        """The card geometry in mm that maps exactly onto these pixels."""
        per_px = MM_PER_INCH / self.dpi
        return CardGeometry(
            self.trim_width_px * per_px, self.trim_height_px * per_px, self.bleed_px * per_px
        )


def pixel_geometry(card: CardGeometry, dpi: int) -> PixelGeometry:
    """Snap a card to pixels: trim rounded, bleed rounded up (never less than asked)."""
    px = dpi / MM_PER_INCH
    return PixelGeometry(
        dpi, round(card.width * px), round(card.height * px), math.ceil(card.bleed * px - 1e-6)
    )


def _font_config() -> None:
    """Let cairo find the same DejaVu Sans files that the PDFs embed (matplotlib's copy),
    in addition to the system fonts, so PNGs and PDFs share their font metrics."""
    if os.environ.get("FONTCONFIG_FILE"):
        return
    from xml.sax.saxutils import escape

    folders = [fonts.font_dir()]
    text = (
        '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n'
        '  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>\n'
        + "".join(f"  <dir>{escape(str(folder))}</dir>\n" for folder in folders)
        + "</fontconfig>\n"
    )
    try:  # a folder of this run's own (mode 700): no fixed shared name another user could plant
        private = Path(tempfile.mkdtemp(prefix="deckgen-fontconfig-"))
        (private / "fonts.conf").write_text(text, encoding="utf-8")
    except OSError:
        return  # cairo then finds DejaVu Sans among the system fonts, if at all
    atexit.register(shutil.rmtree, private, True)
    os.environ["FONTCONFIG_FILE"] = str(private / "fonts.conf")


#: lcms stamps the time it built a profile into the header (bytes 24-35); a fixed date
#: keeps the embedded profile, and so every PNG, the same from run to run.
_PROFILE_DATE = struct.pack(">6H", 2000, 1, 1, 0, 0, 0)


@functools.cache
def srgb_profile() -> bytes:
    """The sRGB ICC profile embedded in every PNG: without it, print shops and viewers may
    read the colours in another colour space."""
    from PIL import ImageCms

    data = bytearray(ImageCms.ImageCmsProfile(ImageCms.createProfile("sRGB")).tobytes())
    data[24:36] = _PROFILE_DATE
    return bytes(data)


def png_bytes(picture: Image.Image, dpi: float, compress_level: int = 1) -> bytes:
    """A PNG tagged sRGB (embedded profile) with its resolution (pHYs) set to `dpi`.

    Level 1 compression: cairo's own PNG writer spends 90 ms a card on compression alone,
    this about 15 ms."""
    buffer = io.BytesIO()
    picture.save(buffer, "PNG", compress_level=compress_level, dpi=(dpi, dpi), icc_profile=srgb_profile())
    return buffer.getvalue()


def rasterise(svg_text: str, width: int, height: int, name: str = "") -> Image.Image:
    """Draw an SVG document with cairo onto exactly width x height pixels (RGB). An image
    or font that cairo cannot read (a damaged file the PDF did not need whole) is one line
    naming the card (`name`, the PNG's file name) instead of cairo's error."""
    from cairocffi import CairoError
    from cairosvg.parser import Tree
    from cairosvg.surface import PNGSurface

    tree = Tree(bytestring=outline_font_text(svg_text).encode("utf-8"),
                url_fetcher=_project_fetcher(svg_text, max(width, height)))
    try:
        surface = PNGSurface(tree, None, 96, output_width=width, output_height=height)
    except (CairoError, OSError, MemoryError):  # cairo's statuses READ_ERROR, NO_MEMORY and the rest
        raise DeckgenError(f"{name or 'a card'}: cannot be drawn as a PNG: an image or font it shows cannot be read "
                           "(a damaged or cut-short file; open it in an image editor and save it again)") from None
    image = surface.cairo
    image.flush()
    # cairo's ARGB32 is a native-endian 32-bit word: B, G, R, A bytes on little-endian
    # machines. Cards are opaque, so alpha is dropped.
    raw_mode = "BGRX" if sys.byteorder == "little" else "XRGB"
    return Image.frombuffer("RGB", (width, height), bytes(image.get_data()), "raw", raw_mode,
                            image.get_stride(), 1)


@dataclass(frozen=True, slots=True)
class RasterJob:
    """One SVG to draw at a pixel size; written as a PNG to `target`, or returned as pixels."""

    svg_text: str
    width: int
    height: int
    dpi: float
    target: str = ""


def _render_png(job: RasterJob) -> str:
    """Worker: rasterise one SVG and write it as a PNG (atomically)."""
    target = Path(job.target)
    write_atomic(target, png_bytes(rasterise(job.svg_text, job.width, job.height, target.name), job.dpi))
    return job.target


def _render_pixels(job: RasterJob) -> bytes:
    """Worker: rasterise one SVG and return its RGB pixels (for images made of many cards)."""
    return rasterise(job.svg_text, job.width, job.height).tobytes()


def _run(worker: Callable[[RasterJob], T], jobs: list[RasterJob]) -> list[T]:
    """Run the jobs on every core (in order), or in this process when there are only a few:
    starting workers costs more than drawing two or three cards."""
    _font_config()
    import cairosvg  # noqa: F401  imported before forking so workers share it

    workers = max(1, min(len(jobs), os.cpu_count() or 1))
    if workers == 1 or len(jobs) < 4:
        return [worker(job) for job in jobs]
    # Workers end with this process (even killed), and are waited for however it ends.
    pool = ProcessPoolExecutor(max_workers=workers, initializer=die_with_parent)
    try:
        return list(pool.map(worker, jobs, chunksize=max(1, len(jobs) // (4 * workers))))
    except BrokenProcessPool:
        raise OutputError("a process drawing PNGs was stopped (killed, or out of memory); nothing was written, "
                          "run again") from None
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def write_pngs(jobs: list[RasterJob]) -> None:
    """Write every job's PNG to its target, in parallel."""
    _run(_render_png, jobs)


def rasterise_all(jobs: list[RasterJob]) -> list[Image.Image]:
    """Every job's picture, in order, drawn in parallel."""
    return [Image.frombytes("RGB", (job.width, job.height), data)
            for job, data in zip(jobs, _run(_render_pixels, jobs))]


_PROJECT = re.compile(r'data-project="([^"]*)"')


def _project_fetcher(svg_text: str, side: int) -> Callable[[str, str], bytes]:
    """cairosvg's file reader for one card of at most `side` pixels a side: artwork files
    inside the card's project (the painter has checked them already), pictures larger than
    the card reduced to it, nothing else; cairosvg skips what returns nothing."""
    from urllib.parse import urlparse
    from urllib.request import url2pathname

    found = _PROJECT.search(svg_text)
    project = Path(unescape(found.group(1))).resolve() if found else None

    def fetch(url: str, resource_type: str) -> bytes:
        if project is None or not url.startswith("file:"):
            return b""
        try:
            path = contained(Path(url2pathname(urlparse(url).path)), [project])
        except DeckgenError:
            return b""
        return artwork.export_bytes(path, side) if path.is_file() else b""

    return fetch


def _jobs(deck: Deck, geometry: CardGeometry, ink_saver: bool) -> list[tuple[str, str]]:
    """(file stem, SVG) for every card face and every back of the deck, text checked. Backs
    are named back-<id>; a card id of that form would overwrite one, so it is refused."""
    items = []
    for card in deck.cards:
        text = svg.card_svg(deck, card, geometry, ink_saver=ink_saver)
        painter.check_svg(text, f"deck {deck.id}: card {card.id}")
        items.append((card.id, text))
    taken = {card.id for card in deck.cards}
    for back in deck.backs:
        if f"back-{back.id}" in taken:
            raise OutputError(f"deck {deck.id}: card id 'back-{back.id}' is also the image name of back {back.id!r}; "
                              "rename the card or the back")
        text = svg.back_svg(deck, back.id, geometry, ink_saver=ink_saver)
        painter.check_svg(text, f"deck {deck.id}: back {back.id}")
        items.append((f"back-{back.id}", text))
    return items


def export_images(
    deck: Deck, options: SheetOptions, output_root: Path, png_dpi: int | None, write_svg: bool
) -> list[Path]:
    """Write <root>/<deck>/png/<card id>.png (at png_dpi) and/or <root>/<deck>/svg/<id>.svg
    for every card and back. Every card is checked before anything is written, and each
    folder is written aside and then replaces the old one as a whole: a failed or killed run
    never leaves files of two runs (two resolutions) mixed."""
    geometry = options.geometry()
    written: list[Path] = []
    if write_svg:
        svg_items = _jobs(deck, geometry, options.ink_saver)
        folder = output_file(output_root, deck.id, "svg")
        with atomic_folder(folder) as temp:
            portable = Portable(temp)  # pictures copied into svg/art/ and linked from there
            for stem, text in svg_items:
                write_atomic(output_file(temp, f"{stem}.svg"), portable.make(text))
        written += [folder / f"{stem}.svg" for stem, _ in svg_items]
    if png_dpi is not None:
        pixels = pixel_geometry(geometry, png_dpi)
        png_items = _jobs(deck, pixels.card(), options.ink_saver)
        folder = output_file(output_root, deck.id, "png")
        with atomic_folder(folder) as temp:
            write_pngs([
                RasterJob(text, pixels.width_px, pixels.height_px, pixels.dpi, str(output_file(temp, f"{stem}.png")))
                for stem, text in png_items
            ])
        written += [folder / f"{stem}.png" for stem, _ in png_items]
    return written


#: Card thumbnails for the index page: a dozen distinct card faces, and every back.
THUMBNAIL_DPI = 40
THUMBNAIL_FACES = 12


def thumbnail_stems(deck: Deck) -> list[str]:
    """File stems of a deck's thumbnails: THUMBNAIL_FACES of its distinct faces (copies of one
    card count once), spread evenly over the deck so that every kind of card shows, then
    back-<id> for each back."""
    seen: set[tuple[tuple[str, ...], tuple[str, ...]]] = set()
    distinct = []
    for card in deck.cards:
        if card.signature() not in seen:
            seen.add(card.signature())
            distinct.append(card.id)
    count = min(THUMBNAIL_FACES, len(distinct))
    # Every stride-th card, the stride prime to the deck's size so that it does not keep
    # landing on the same value of a generated attribute (every 5th of 60: only the ones).
    stride = max(1, math.ceil(len(distinct) / count))
    while math.gcd(stride, len(distinct)) != 1:
        stride += 1
    faces = [distinct[i] for i in sorted({index * stride % len(distinct) for index in range(count)})]
    backs = [f"back-{back.id}" for back in deck.backs]
    if set(faces) & set(backs):
        raise OutputError(f"deck {deck.id}: card id {min(set(faces) & set(backs))!r} is also the image name of "
                          "a back; rename the card or the back")
    return faces + backs


def export_thumbnails(deck: Deck, output_root: Path, dpi: int = THUMBNAIL_DPI) -> list[Path]:
    """Write <root>/<deck>/thumbs/<stem>.png for the cards of thumbnail_stems at `dpi`, in this
    process (a dozen small images: a pool would cost more than it saves). The folder is
    replaced as a whole, like the full-size export."""
    pixels = pixel_geometry(SheetOptions().geometry(), dpi)
    wanted = set(thumbnail_stems(deck))
    faces = [(card.id, card) for card in deck.cards if card.id in wanted]
    geometry = pixels.card()
    items = [(stem, svg.card_svg(deck, card, geometry)) for stem, card in faces]
    items += [(f"back-{back.id}", svg.back_svg(deck, back.id, geometry)) for back in deck.backs]
    for stem, text in items:
        painter.check_svg(text, f"deck {deck.id}: {stem}")
    folder = output_file(output_root, deck.id, "thumbs")
    _font_config()
    with atomic_folder(folder) as temp:
        for stem, text in items:
            _render_png(RasterJob(text, pixels.width_px, pixels.height_px, dpi, str(output_file(temp, f"{stem}.png"))))
    return [folder / f"{stem}.png" for stem, _ in items]
