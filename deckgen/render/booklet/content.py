"""What a booklet prints, read from the rule and deck data: text blocks, the metadata line,
the setup, option and composition tables, sample cards and how to paint them."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any
from xml.sax.saxutils import escape

from reportlab.lib import colors
from reportlab.pdfgen.canvas import Canvas

from deckgen.compose import NONE_LABEL, check_deck
from deckgen.model.deck_data import Card, Deck
from deckgen.model.geometry import MM_TO_PT
from deckgen.model.rules import GameRules, OptionSpec
from deckgen.render import painter, svg
from deckgen.render.booklet.style import CardPainter

# --------------------------------------------------------------------------- style data

#: Corner radius of a printed card at poker size, in mm (scaled with the drawing).
CARD_CORNER_MM = 3.0


def card_height_for(width: float) -> float:
    """Height of a card drawn `width` wide, at the card renderer's proportions."""
    return width * svg.POKER.height / svg.POKER.width


def card_painter(deck: Deck, outline: colors.Color) -> CardPainter:
    """A painter drawing the deck's card faces as vectors through the card renderer, cut to
    the trim line with rounded corners and a hairline outline (white cards on white paper)."""
    geometry = svg.POKER
    face_svgs: dict[str, str] = {}

    def paint(canvas: Canvas, card: Card, width: float) -> None:
        if card.id not in face_svgs:
            face_svgs[card.id] = svg.card_svg(deck, card, geometry)
        scale = width / (geometry.width * MM_TO_PT)
        height = card_height_for(width)
        bleed = geometry.bleed * MM_TO_PT * scale
        radius = CARD_CORNER_MM * MM_TO_PT * scale
        canvas.saveState()
        clip = canvas.beginPath()
        clip.roundRect(0, 0, width, height, radius)
        canvas.clipPath(clip, stroke=0, fill=0)
        painter.paint_svg(
            canvas, face_svgs[card.id], -bleed, -bleed, width + 2 * bleed, height + 2 * bleed, f"card {card.id}"
        )
        canvas.restoreState()
        canvas.saveState()
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(0.4)
        canvas.roundRect(0, 0, width, height, radius, stroke=1, fill=0)
        canvas.restoreState()

    return paint


# --------------------------------------------------------------------------- text helpers


def rich(text: str) -> str:
    """Plain rule-data text made safe for reportlab's paragraph markup."""
    return escape(text.strip())


def text_blocks(body: str) -> list[tuple[str, str]]:
    """Split a rule-data body into ("para", text) and ("bullet", text) blocks.

    Paragraphs are separated by blank lines; lines starting with "- " are bullets; other
    consecutive lines join into one paragraph.
    """
    blocks: list[tuple[str, str]] = []
    lines: list[str] = []

    def flush() -> None:
        if lines:
            blocks.append(("para", " ".join(lines)))
            lines.clear()

    for raw in body.splitlines():
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("- "):
            flush()
            blocks.append(("bullet", line[2:].strip()))
        elif blocks and blocks[-1][0] == "bullet" and not lines and raw[:1].isspace():
            blocks[-1] = ("bullet", f"{blocks[-1][1]} {line}")  # an indented continuation
        else:
            lines.append(line)
    flush()
    return blocks


def players_text(rules: GameRules) -> str:
    low, high = rules.players.min, rules.players.max
    if low == high:
        return f"{low} player" + ("" if low == 1 else "s")
    return f"{low}\u2013{high} players"


def metadata_line(rules: GameRules) -> str:
    """Players, minutes, complexity, designer and year, as printed under the title."""
    meta = rules.metadata
    minutes = meta.minutes.replace("-", "\u2013")
    parts = [players_text(rules), f"{minutes} minutes", f"complexity {meta.complexity} of 5"]
    if meta.ages:
        parts.append(f"ages {meta.ages}")
    if meta.designer is not None:
        designer = meta.designer if meta.year is None else f"{meta.designer}, {meta.year}"
        parts.append(f"designed by {designer}")
    return " \u00b7 ".join(parts)


# --------------------------------------------------------------------------- tables from data


def setup_rows(rules: GameRules) -> list[list[str]]:
    """The setup table, one row per player count, straight from rules.setup[n].

    Columns that say nothing for this game (one deck throughout, nothing removed, no notes)
    are left out; the header row comes first.
    """
    specs = [(n, rules.setup[n]) for n in rules.players.counts()]
    columns: list[tuple[str, Callable[[Any], str]]] = [("Players", lambda s: "")]
    if any(s.decks != 1 for _, s in specs):
        columns.append(("Decks", lambda s: str(s.decks)))
    columns.append(("Cards each", lambda s: "\u2013" if s.hand_size is None else str(s.hand_size)))
    if any(s.removed for _, s in specs):
        columns.append(("Removed unseen", lambda s: str(s.removed)))
    if any(s.set_aside for _, s in specs):
        columns.append(("Set aside", lambda s: str(s.set_aside)))
    if any(s.note for _, s in specs):
        columns.append(("Notes", lambda s: s.note))
    rows = [[title for title, _ in columns]]
    for n, spec in specs:
        rows.append([str(n)] + [cell(spec) for _, cell in columns[1:]])
    return rows


def option_default_text(option: OptionSpec) -> str:
    if option.type == "bool":
        return "on" if option.default else "off"
    return str(option.default)


def option_range_text(option: OptionSpec) -> str:
    """What values an option takes, for the options table."""
    if option.type == "bool":
        return "on or off"
    if option.choices:
        values = [str(value) for value in option.choices]
        return " or ".join(values) if len(values) < 3 else ", ".join(values[:-1]) + " or " + values[-1]
    low = "" if option.min is None else f"{option.min:g}"
    high = "" if option.max is None else f"{option.max:g}"
    if low and high:
        return f"{low} to {high}"
    if low:
        return f"{low} or more"
    if high:
        return f"up to {high}"
    return "a whole number" if option.type == "int" else "a number"


def composition_rows(deck: Deck) -> list[tuple[str, str]]:
    """(attribute, "value count, ...") for every attribute, from the composition check."""
    report = check_deck(deck)
    rows = [("Cards", str(report.total))]
    for attribute, counts in report.by_attribute.items():
        parts = []
        for key, count in counts.items():
            label = f"no {attribute}" if key == NONE_LABEL else deck.label(attribute, key)
            parts.append(f"{label}\u00a0\u00d7\u00a0{count}")
        rows.append((attribute.replace("_", " ").capitalize(), ", ".join(parts)))
    flags = sorted(
        {k for c in deck.cards for k, v in c.fields.items() if isinstance(v, bool)}
    )
    for flag in flags:
        count = sum(1 for c in deck.cards if c.fields.get(flag) is True)
        rows.append((f"{flag.replace('_', ' ').capitalize()} cards", str(count)))
    return rows


def sample_cards(deck: Deck, limit: int) -> list[Card]:
    """A few representative cards: the first of each generation group (one per kind), the
    first flagged special card, then ordinary cards showing attribute values not yet shown."""
    chosen: list[Card] = []
    groups_seen: set[int] = set()
    for card in deck.cards:
        if card.source[0] not in groups_seen:
            groups_seen.add(card.source[0])
            chosen.append(card)
    special = next((c for c in deck.cards if c.fields.get("special") is True), None)
    if special is not None and special not in chosen:
        chosen.append(special)
    seen = {(k, v) for c in chosen for k, v in c.attrs.items() if v is not None}
    while len(chosen) < limit:
        best, best_score = None, 0
        for card in deck.cards:
            if card in chosen or card.fields.get("special") is True:
                continue
            score = sum(1 for k, v in card.attrs.items() if v is not None and (k, v) not in seen)
            if score > best_score:
                best, best_score = card, score
        if best is None:
            break
        chosen.append(best)
        seen.update((k, v) for k, v in best.attrs.items() if v is not None)
    return chosen[:limit]


# --------------------------------------------------------------------------- flowables
