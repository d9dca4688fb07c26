"""Tabletop Simulator: face sheets, back images and a saved object that imports the deck.

TTS builds a custom deck from a sheet of faces (at most 10 x 7 cards; it loads larger
images, but 4096 px a side is what every graphics card takes) and one back image. The last
slot of a sheet is its hidden card, the face other players see of a card in someone's hand:
deckgen puts the back there and sets BackIsHidden, so a hidden card shows its back either
way. A sheet thus holds at most 69 distinct faces; cards with another back, and faces beyond
69, go on further sheets, each one deck number of `CustomDeck` (CardID = number x 100 +
slot). Cards are drawn at their trim, without bleed: TTS shows the whole slot.

Image URLs are file:/// URLs of the written files, which TTS loads on this computer only;
to share the deck, upload the images and write the JSON again with `--tts-url-base URL`
(the folder they are served from), or edit the URLs in TTS.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.errors import DeckgenError
from deckgen.model.geometry import CARD_SIZES, CardGeometry, parse_card_size

if TYPE_CHECKING:
    from deckgen.model.deck_data import Deck
    from deckgen.render.faces import Face
    from deckgen.render.sheets import SheetOptions

MAX_COLUMNS = 10
MAX_ROWS = 7
MAX_SIDE_PX = 4096
#: Never drawn larger than this (px per mm, 300 dpi): a 2 x 2 sheet need not be huge.
MAX_PX_PER_MM = 300 / 25.4
#: TTS's smallest custom deck sheet is 2 x 2.
MIN_SIDE = 2
_URL = re.compile(r"(https?|file)://[^\s\"'<>\\]+")


@dataclass(frozen=True, slots=True)
class Sheet:
    """One face sheet: its deck number, the faces in slot order, the grid and cell size."""

    number: int
    back: Face
    faces: tuple[Face, ...]
    columns: int
    rows: int
    cell: tuple[int, int]

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1

    @property
    def size(self) -> tuple[int, int]:
        return self.columns * self.cell[0], self.rows * self.cell[1]


def grid(slots: int) -> tuple[int, int]:
    """Columns and rows for `slots` cards (faces plus the hidden card): as few rows as fit,
    then as few columns, never below TTS's 2 x 2."""
    rows = max(MIN_SIDE, math.ceil(slots / MAX_COLUMNS))
    return max(MIN_SIDE, math.ceil(slots / rows)), rows


def cell_size(card: CardGeometry, columns: int, rows: int) -> tuple[int, int]:
    """Pixels of one card so that the sheet stays within 4096 px a side."""
    per_mm = min(MAX_SIDE_PX / (columns * card.width), MAX_SIDE_PX / (rows * card.height), MAX_PX_PER_MM)
    return math.floor(card.width * per_mm), math.floor(card.height * per_mm)


def plan_sheets(card: CardGeometry, fronts: list[Face], backs: list[Face]) -> list[Sheet]:
    """Faces grouped by back, 69 to a sheet, in deck order; deck numbers from 1."""
    per_sheet = MAX_COLUMNS * MAX_ROWS - 1
    sheets: list[Sheet] = []
    for back in backs:
        faces = [face for face in fronts if face.back_id == back.back_id]
        for start in range(0, len(faces), per_sheet):
            chunk = tuple(faces[start : start + per_sheet])
            columns, rows = grid(len(chunk) + 1)
            sheets.append(Sheet(len(sheets) + 1, back, chunk, columns, rows, cell_size(card, columns, rows)))
    return sheets


def sheet_name(deck: Deck, sheet: Sheet) -> str:
    return f"{deck.id}-faces-{sheet.number}.png"


def _transform(card: CardGeometry) -> dict[str, float]:
    """Face down at the table's centre; TTS's card is poker-shaped, so other sizes scale."""
    poker_w, poker_h = CARD_SIZES["poker"]
    return {"posX": 0.0, "posY": 1.0, "posZ": 0.0, "rotX": 0.0, "rotY": 180.0, "rotZ": 180.0,
            "scaleX": round(card.width / poker_w, 4), "scaleY": 1.0, "scaleZ": round(card.height / poker_h, 4)}


def saved_object(deck: Deck, card: CardGeometry, sheets: list[Sheet], url: Callable[[str], str]) -> dict[str, Any]:
    """The saved-object document: one DeckCustom holding a Card for every physical card
    (copies included) in deck order, named after the card."""
    custom = {
        str(sheet.number): {
            "FaceURL": url(sheet_name(deck, sheet)), "BackURL": url(f"{sheet.back.stem}.png"),
            "NumWidth": sheet.columns, "NumHeight": sheet.rows,
            "BackIsHidden": True, "UniqueBack": False, "Type": 0,
        }
        for sheet in sheets
    }
    where = {c.id: (sheet.number, slot) for sheet in sheets for slot, face in enumerate(sheet.faces) for c in face.cards}
    transform = _transform(card)
    contained = []
    for physical in deck.cards:
        number, slot = where[physical.id]
        contained.append({
            "Name": "Card", "Transform": transform, "Nickname": physical.name, "Description": "",
            "CardID": number * 100 + slot, "CustomDeck": {str(number): custom[str(number)]},
        })
    state = {
        "Name": "DeckCustom", "Transform": transform, "Nickname": deck.name, "Description": "",
        "DeckIDs": [c["CardID"] for c in contained], "CustomDeck": custom, "ContainedObjects": contained,
    }
    return {"SaveName": deck.name, "GameMode": "", "Date": "", "Table": "", "Sky": "", "Note": "",
            "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "", "ObjectStates": [state]}


def url_maker(folder: Path, url_base: str | None) -> Callable[[str], str]:
    """file:/// URLs of the files in `folder`, or URLs under `url_base` when given."""
    if url_base is None:
        final = folder.resolve()
        return lambda name: (final / name).as_uri()
    if not _URL.fullmatch(url_base):
        raise DeckgenError(f"--tts-url-base {url_base!r} is not a URL (expected http://, https:// or file:// "
                           "and no spaces or quotes, e.g. https://example.org/cards)")
    base = url_base.rstrip("/")
    return lambda name: f"{base}/{name}"


def _sheet_image(sheet: Sheet, pictures: dict[str, Any]) -> Any:
    """Paste the faces into their slots and the back into the hidden slot."""
    from PIL import Image

    width, height = sheet.cell
    image = Image.new("RGB", sheet.size, (255, 255, 255))
    for slot, face in enumerate(sheet.faces):
        image.paste(pictures[face.stem], ((slot % sheet.columns) * width, (slot // sheet.columns) * height))
    hidden = sheet.hidden_slot
    image.paste(pictures[sheet.back.stem].resize(sheet.cell),
                ((hidden % sheet.columns) * width, (hidden // sheet.columns) * height))
    return image


def export_tts(deck: Deck, options: SheetOptions, folder: Path, url_base: str | None) -> Path:
    """Write the face sheets, the backs, <deck>.json and the manifest into `folder`
    (replaced as a whole); returns it."""
    from deckgen.fileio import atomic_folder, output_file, write_atomic
    from deckgen.render.png import RasterJob, png_bytes, rasterise_all
    from deckgen.render.faces import distinct_faces, face_rows, manifest_files

    url = url_maker(folder, url_base)
    card = CardGeometry(*parse_card_size(options.card_size), bleed=0.0)
    fronts, backs = distinct_faces(deck, card, options.back_id)
    sheets = plan_sheets(card, fronts, backs)
    # Every face is drawn at its sheet's cell size; a back at the largest cell it fills.
    jobs: dict[str, RasterJob] = {}
    for sheet in sheets:
        for face in sheet.faces:
            jobs[face.stem] = RasterJob(face.svg_text, *sheet.cell, dpi=0)
        drawn = jobs.get(sheet.back.stem)
        if drawn is None or drawn.width < sheet.cell[0]:
            jobs[sheet.back.stem] = RasterJob(sheet.back.svg_text, *sheet.cell, dpi=0)
    pictures = dict(zip(jobs, rasterise_all(list(jobs.values()))))
    document = saved_object(deck, card, sheets, url)
    rows = []
    with atomic_folder(folder) as temp:
        for sheet in sheets:
            name = sheet_name(deck, sheet)
            dpi = sheet.cell[0] / card.width * 25.4
            write_atomic(output_file(temp, name), png_bytes(_sheet_image(sheet, pictures), dpi, compress_level=6))
            on_sheet = face_rows(list(sheet.faces), {face.stem: name for face in sheet.faces})
            rows += [{**row, "slot": slot} for slot, row in enumerate(on_sheet)]
        for back in backs:
            picture = pictures[back.stem]
            write_atomic(output_file(temp, f"{back.stem}.png"), png_bytes(picture, picture.width / card.width * 25.4))
            rows += [{**row, "slot": ""} for row in face_rows([back], {back.stem: f"{back.stem}.png"})]
        json_name = f"{deck.id}.json"
        write_atomic(output_file(temp, json_name), json.dumps(document, indent=2) + "\n")
        about = {"deck": deck.id, "preset": "tts", "saved_object": json_name, "cards": len(deck.cards),
                 "card_mm": [card.width, card.height]}
        for name, text in manifest_files(rows, about).items():
            write_atomic(output_file(temp, name), text)
    return folder
