"""Print-shop presets: the files The Game Crafter, MakePlayingCards and DriveThruCards take,
and Tabletop Simulator's deck (tts.py), each with a manifest of what to order.

* `tgc`, `mpc`: one PNG per distinct face and one per back, at the shop's own pixel size
  (trim plus the shop's bleed at 300 dpi: 825 x 1125 and 822 x 1122 px for poker cards).
* `dtc`: one PDF, one card per page with 1/8 in bleed, back then front for every physical
  card in deck order (DriveThruCards' page order), fonts embedded, no crop marks.
* `tts`: see tts.py.

A shop prints only the sizes it makes, so a preset takes the shop's size nearest the one
asked for (within `SIZE_TOLERANCE` on each side: `63x88mm` is poker) and renders the cards
at exactly that size; a size the shop does not make is refused, naming the ones it does.
Every preset writes its files into OUTPUT/DECK/PRESET/, a folder replaced as a whole, with
manifest.csv and manifest.json listing every file with the card it shows and its copies.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.errors import DeckgenError
from deckgen.model.geometry import MM_TO_PT, CardGeometry, parse_card_size
from deckgen.render.faces import Face, distinct_faces, face_rows, manifest_files

if TYPE_CHECKING:
    from deckgen.model.deck_data import Deck
    from deckgen.render.sheets import SheetOptions

MM_PER_INCH = 25.4
#: A size asked for matches a shop's size when each side is at most this far off (mm).
SIZE_TOLERANCE = 1.0


@dataclass(frozen=True, slots=True)
class ShopSize:
    """A card size a shop makes, portrait, in inches (the unit the shops publish)."""

    name: str
    width_in: float
    height_in: float

    @property
    def mm(self) -> tuple[float, float]:
        return (round(self.width_in * MM_PER_INCH, 4), round(self.height_in * MM_PER_INCH, 4))

    def __str__(self) -> str:
        return f"{self.name} {self.width_in:g}x{self.height_in:g}in"


@dataclass(frozen=True, slots=True)
class Shop:
    """A print shop: its name, the bleed it asks for on each side (in) and the sizes it makes."""

    id: str
    name: str
    bleed_in: float
    sizes: tuple[ShopSize, ...]
    dpi: int = 300

    def geometry(self, width: float, height: float) -> CardGeometry:
        """The shop's card nearest `width` x `height` mm, with the shop's bleed."""
        for size in self.sizes:
            shop_w, shop_h = size.mm
            if abs(shop_w - width) <= SIZE_TOLERANCE and abs(shop_h - height) <= SIZE_TOLERANCE:
                return CardGeometry(shop_w, shop_h, round(self.bleed_in * MM_PER_INCH, 4))
        raise DeckgenError(
            f"{self.name} makes no {width:g} x {height:g} mm card (its sizes: "
            f"{', '.join(map(str, self.sizes))}); pick one with --card-size"
        )

    def pixels(self, geometry: CardGeometry) -> tuple[int, int]:
        """Image size (trim plus bleed) at the shop's resolution."""
        per_mm = self.dpi / MM_PER_INCH
        return round(geometry.full_width * per_mm), round(geometry.full_height * per_mm)


_POKER = ShopSize("poker", 2.5, 3.5)
_BRIDGE = ShopSize("bridge", 2.25, 3.5)
_MINI = ShopSize("mini", 1.75, 2.5)
_TAROT = ShopSize("tarot", 2.75, 4.75)

#: The shops and the card sizes deckgen knows they make (from their product pages; see
#: docs/print-shops.md). TGC and DTC ask for 1/8 in bleed; MPC's templates carry 0.12 in
#: (36 px at 300 dpi: 822 x 1122 px for a poker card).
SHOPS: dict[str, Shop] = {
    "tgc": Shop("tgc", "The Game Crafter", 0.125, (
        _POKER, _BRIDGE, _MINI, ShopSize("micro", 1.25, 1.75), _TAROT, ShopSize("jumbo", 3.5, 5.5),
        ShopSize("square", 3.5, 3.5), ShopSize("small-square", 2.5, 2.5), ShopSize("domino", 1.75, 3.5),
        ShopSize("business", 2.0, 3.5),
    )),
    "mpc": Shop("mpc", "MakePlayingCards", 0.12, (_POKER, _BRIDGE, _MINI, _TAROT, ShopSize("square", 2.5, 2.5))),
    "dtc": Shop("dtc", "DriveThruCards", 0.125, (_POKER, _TAROT)),
}
PRESET_NAMES = ("tgc", "mpc", "dtc", "tts")


def _png_shop(shop: Shop, geometry: CardGeometry, fronts: list[Face], backs: list[Face],
              temp: Path) -> list[dict[str, Any]]:
    """Write one PNG per front and back at the shop's size; the manifest rows."""
    from deckgen.fileio import output_file
    from deckgen.render.png import RasterJob, write_pngs

    width, height = shop.pixels(geometry)
    faces = fronts + backs
    write_pngs([RasterJob(face.svg_text, width, height, shop.dpi, str(output_file(temp, f"{face.stem}.png")))
                for face in faces])
    return face_rows(faces, {face.stem: f"{face.stem}.png" for face in faces})


def dtc_pdf(deck: Deck, geometry: CardGeometry, fronts: list[Face], backs: list[Face]) -> tuple[bytes, dict[str, list[int]]]:
    """DriveThruCards' PDF: every physical card in deck order as two pages, its back then its
    front, each page the card with its bleed (TrimBox and BleedBox set), no marks. Each image
    is drawn once as a Form XObject. Returns the PDF and the page numbers of every face."""
    from reportlab import rl_config
    from reportlab.pdfgen.canvas import Canvas

    from deckgen.render import fonts, painter

    fonts.register_fonts()
    page = (geometry.full_width * MM_TO_PT, geometry.full_height * MM_TO_PT)
    bleed = geometry.bleed * MM_TO_PT
    trim = (bleed, bleed, page[0] - bleed, page[1] - bleed)
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=page, invariant=1, pageCompression=1, initialFontName=fonts.REGULAR)
    canvas.setTitle(f"{deck.name}: cards for DriveThruCards")
    canvas.setAuthor("deckgen")
    canvas.setCreator("deckgen")
    canvas.setSubject(f"{len(deck.cards)} cards, back then front, {geometry.width:g} x {geometry.height:g} mm "
                      f"trim with {geometry.bleed:g} mm bleed")
    face_of = {card.id: face for face in fronts for card in face.cards}
    back_of = {card.id: face for face in backs for card in face.cards}
    defined: set[str] = set()
    pages: dict[str, list[int]] = {face.stem: [] for face in fronts + backs}
    number = 0
    for card in deck.cards:
        for face in (back_of[card.id], face_of[card.id]):
            if face.stem not in defined:
                canvas.beginForm(face.stem, 0, 0, *page)
                where = f"deck {deck.id}: {face.side} {face.card_id}"
                painter.paint_element(canvas, painter.parse_svg(face.svg_text, where), 0, 0, *page, where)
                painter.end_form(canvas, face.stem)
                defined.add(face.stem)
            canvas.setBleedBox((0, 0, *page))
            canvas.setTrimBox(trim)
            canvas.doForm(face.stem)
            canvas.showPage()
            number += 1
            pages[face.stem].append(number)
    use_a85 = rl_config.useA85
    rl_config.useA85 = 0  # binary compressed streams: smaller, and ASCII85 costs time
    try:
        canvas.save()
    finally:
        rl_config.useA85 = use_a85
    return buffer.getvalue(), pages


def _dtc(deck: Deck, geometry: CardGeometry, fronts: list[Face], backs: list[Face],
         temp: Path) -> list[dict[str, Any]]:
    """Write DriveThruCards' PDF; the manifest rows name the pages of every face."""
    from deckgen.fileio import output_file, write_atomic

    name = f"{deck.id}-dtc.pdf"
    data, pages = dtc_pdf(deck, geometry, fronts, backs)
    write_atomic(output_file(temp, name), data)
    return [{"file": name, "pages": " ".join(map(str, pages[face.stem])), "side": face.side,
             "card": face.card_id, "name": face.name, "copies": len(face.cards)} for face in fronts + backs]


def export_preset(deck: Deck, options: SheetOptions, output_root: Path, preset: str | None,
                  url_base: str | None = None) -> Path:
    """Write the files of `preset` for `deck` into <root>/<deck>/<preset>/ (replaced as a
    whole; nothing is written when a card or an option is wrong); returns that folder."""
    from deckgen.fileio import atomic_folder, output_file, write_atomic

    if url_base is not None and preset != "tts":
        raise DeckgenError("--tts-url-base is for --preset tts only (add --preset tts)")
    if preset not in PRESET_NAMES:
        raise DeckgenError(f"unknown preset {preset!r} (expected one of: {', '.join(PRESET_NAMES)})")
    folder = output_file(output_root, deck.id, preset)
    if preset == "tts":
        from deckgen.render.tts import export_tts

        return export_tts(deck, options, folder, url_base)
    shop = SHOPS[preset]
    geometry = shop.geometry(*parse_card_size(options.card_size))
    fronts, backs = distinct_faces(deck, geometry, options.back_id)
    about = {"deck": deck.id, "preset": preset, "shop": shop.name,
             "card_mm": [geometry.width, geometry.height], "bleed_mm": geometry.bleed,
             "cards": len(deck.cards)}
    with atomic_folder(folder) as temp:
        if preset == "dtc":
            rows = _dtc(deck, geometry, fronts, backs, temp)
        else:
            width, height = shop.pixels(geometry)
            about.update(pixels=[width, height], dpi=shop.dpi)
            rows = _png_shop(shop, geometry, fronts, backs, temp)
        for name, text in manifest_files(rows, about).items():
            write_atomic(output_file(temp, name), text)
    return folder
