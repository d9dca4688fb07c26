"""The distinct images of a deck and the manifests that list them, shared by the print-shop
presets (presets.py) and Tabletop Simulator's export (tts.py).

* `distinct_faces(deck, geometry, back_id) -> (fronts, backs)`: identical cards share one image.
* `face_rows(faces, file_for)`, `manifest_files(rows, about)`: what to order, as CSV and JSON.
"""

from __future__ import annotations

import csv
import io
import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from deckgen.model.deck_data import Card, Deck
    from deckgen.model.geometry import CardGeometry


@dataclass(slots=True)
class Face:
    """One distinct image: a card face shared by identical cards (copies), or a back."""

    stem: str  # file name without extension: the first card's id, or back-<back id>
    svg_text: str
    name: str
    side: str  # "front" or "back"
    back_id: str
    cards: list[Card] = field(default_factory=list)

    @property
    def card_id(self) -> str:
        return self.cards[0].id if self.side == "front" else self.back_id


def distinct_faces(deck: Deck, geometry: CardGeometry, back_id: str | None) -> tuple[list[Face], list[Face]]:
    """The deck's distinct fronts (cards whose SVG is the same and whose back is the same are
    copies of one face) and the backs its cards use, in deck order, every text checked
    against the safe area."""
    from deckgen.fileio import OutputError
    from deckgen.render import painter, svg

    fronts: dict[tuple[str, str], Face] = {}
    backs: dict[str, Face] = {}
    names = {back.id: back.name for back in deck.backs}
    for card in deck.cards:
        back = svg.back_for(deck, card, back_id)
        if back not in backs:
            text = svg.back_svg(deck, back, geometry)
            painter.check_svg(text, f"deck {deck.id}: back {back}")
            backs[back] = Face(f"back-{back}", text, names[back], "back", back)
        backs[back].cards.append(card)
        text = svg.card_svg(deck, card, geometry)
        face = fronts.get((text, back))
        if face is None:
            painter.check_svg(text, f"deck {deck.id}: card {card.id}")
            face = fronts[(text, back)] = Face(card.id, text, card.name, "front", back)
        face.cards.append(card)
    clash = {face.stem for face in fronts.values()} & {face.stem for face in backs.values()}
    if clash:
        raise OutputError(f"deck {deck.id}: card id {min(clash)!r} is also the image name of a back; "
                          "rename the card or the back")
    return list(fronts.values()), list(backs.values())


def manifest_files(rows: list[dict[str, Any]], about: dict[str, Any]) -> dict[str, str]:
    """manifest.csv (one row per file or page run: what it shows and how many to order) and
    manifest.json (the same rows with what the files are for)."""
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    document = {**about, "files": rows}
    return {"manifest.csv": text.getvalue(), "manifest.json": json.dumps(document, indent=2) + "\n"}


def face_rows(faces: list[Face], file_for: dict[str, str]) -> list[dict[str, Any]]:
    """Manifest rows of image files: the file, its side, the card it shows, its copies."""
    return [{"file": file_for[face.stem], "side": face.side, "card": face.card_id, "name": face.name,
             "copies": len(face.cards)} for face in faces]
