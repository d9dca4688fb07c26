"""A proof sheet: every distinct card of a deck once, small, with its id and how many
copies the deck holds, then every back the deck uses: for checking a deck by eye before
printing all of it. Cards count as the same when their signatures (every attribute and
derived field) are equal, as `deckgen check` counts copies.
"""

from __future__ import annotations

import io
from typing import TYPE_CHECKING

from deckgen.model.deck_data import Card, Deck
from deckgen.model.geometry import MM_TO_PT, CardGeometry, parse_paper
from deckgen.render import fonts, painter, svg
from deckgen.render.sheets import (
    FONT,
    FONT_BOLD,
    SheetOptions,
    draw_card,
    new_canvas,
    save_canvas,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: Cards are drawn at this fraction of their size, this far apart (mm), inside this margin.
SCALE = 0.6
GAP = 4.0
MARGIN = 10.0
#: Room under each card for its two caption lines, and above the grid for the title (mm).
CAPTION = 7.0
HEADER = 10.0
CAPTION_SIZE = 6.5
MIN_CAPTION_SIZE = 4.5


def distinct_cards(deck: Deck) -> list[tuple[Card, int]]:
    """Each distinct card (the first of its kind, in deck order) with its number of copies."""
    counts: dict[object, int] = {}
    first: dict[object, Card] = {}
    for card in deck.cards:
        key = card.signature()
        counts[key] = counts.get(key, 0) + 1
        first.setdefault(key, card)
    return [(card, counts[key]) for key, card in first.items()]


def _copies(count: int) -> str:
    return f"{count} copy" if count == 1 else f"{count} copies"


def _fitted(text: str, font: str, width_pt: float) -> tuple[str, float]:
    """The text at the largest caption size that fits the width, shortened if none does."""
    size = CAPTION_SIZE
    while size > MIN_CAPTION_SIZE and fonts.text_width(text, font, size) > width_pt:
        size -= 0.5
    while len(text) > 1 and fonts.text_width(text, font, size) > width_pt:
        text = text[:-2] + "…"
    return text, size


def render_proof(deck: Deck, options: SheetOptions) -> bytes:
    """The proof PDF of a deck as bytes: distinct faces, then the backs, at `SCALE`."""
    geometry = options.geometry()
    page_w, page_h = parse_paper(options.paper)
    card_w, card_h = geometry.width * SCALE, geometry.height * SCALE
    columns = max(1, int((page_w - 2 * MARGIN + GAP) // (card_w + GAP)))
    rows = max(1, int((page_h - 2 * MARGIN - HEADER + GAP) // (card_h + CAPTION + GAP)))
    faces = distinct_cards(deck)
    back_counts: dict[str, int] = {}
    for card in deck.cards:
        back = svg.back_for(deck, card, options.back_id)
        back_counts[back] = back_counts.get(back, 0) + 1
    items: list[tuple[str, str, str]] = [
        (svg.card_svg(deck, card, geometry), card.id, _copies(count) + (f" · No. {card.number}" if card.number else ""))
        for card, count in faces
    ]
    items += [(svg.back_svg(deck, back, geometry), f"back: {back}", f"on {count} card" + ("" if count == 1 else "s")) for back, count in back_counts.items()]
    per_page = columns * rows
    pages = -(-len(items) // per_page)
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (page_w, page_h), f"{deck.name}: proof")
    left = (page_w - columns * card_w - (columns - 1) * GAP) / 2
    for page, start in enumerate(range(0, len(items), per_page), start=1):
        canvas.setFillColorRGB(0.2, 0.2, 0.2)
        canvas.setFont(FONT_BOLD, 9)
        canvas.drawString(MARGIN * MM_TO_PT, (page_h - MARGIN - 4) * MM_TO_PT,
                          f"{deck.name}: proof, {len(faces)} distinct cards of {len(deck.cards)}, "
                          f"{len(back_counts)} back(s); page {page} of {pages}")
        for index, (text, title, note) in enumerate(items[start : start + per_page]):
            row, column = divmod(index, columns)
            x = left + column * (card_w + GAP)
            y = page_h - MARGIN - HEADER - row * (card_h + CAPTION + GAP) - card_h
            _proof_card(canvas, text, geometry, x, y, title, note, f"deck {deck.id}: {title}")
        canvas.showPage()
    return save_canvas(canvas, buffer)


def _proof_card(canvas: Canvas, text: str, geometry: CardGeometry, x: float, y: float, title: str, note: str,
                where: str) -> None:
    """One card at (x, y) mm (lower left of its trim), its outline and its two captions."""
    painter.check_svg(text, where)
    width = geometry.width * SCALE
    draw_card(canvas, text, geometry, x * MM_TO_PT, y * MM_TO_PT, width * MM_TO_PT)
    canvas.setStrokeColorRGB(0.6, 0.6, 0.6)
    canvas.setLineWidth(0.3)
    canvas.rect(x * MM_TO_PT, y * MM_TO_PT, width * MM_TO_PT, geometry.height * SCALE * MM_TO_PT, stroke=1, fill=0)
    canvas.setFillColorRGB(0.1, 0.1, 0.1)
    centre = (x + width / 2) * MM_TO_PT
    shown, size = _fitted(title, FONT_BOLD, width * MM_TO_PT)
    canvas.setFont(FONT_BOLD, size)
    canvas.drawCentredString(centre, (y - 3.2) * MM_TO_PT, shown)
    shown, size = _fitted(note, FONT, width * MM_TO_PT)
    canvas.setFont(FONT, size)
    canvas.drawCentredString(centre, (y - 6.0) * MM_TO_PT, shown)


