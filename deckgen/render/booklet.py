"""The printed rule booklet: A5 pages in reading order, and the imposed saddle-stitch version.

Everything printed comes from the game's rule data (text, setup table, options, rulings)
and the deck data (card images, composition counts), so the booklet cannot drift from what
the engine plays. The look (sizes, colours, margins) is data in templates/booklet/booklet.yaml.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Callable, Sequence
from xml.sax.saxutils import escape

from pydantic import Field
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.pagesizes import A4, A5
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    CondPageBreak,
    Flowable,
    Frame,
    NextPageTemplate,
    PageBreak,
    PageTemplate,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from deckgen import paths
from deckgen.compose import NONE_LABEL, check_deck
from deckgen.errors import DeckgenError
from deckgen.fileio import atomic_path, write_atomic
from deckgen.model.common import StrictModel, read_yaml, validate
from deckgen.model.deck import Card, Deck, load_deck
from deckgen.model.rules import GameRules, OptionSpec, Section
from deckgen.render import fonts, svg
from deckgen.render.geometry import MM_TO_PT
from deckgen.render.imposition import impose_booklet

# --------------------------------------------------------------------------- style data


class PageStyle(StrictModel):
    size: str = Field(pattern="^A5$")
    margin_top_mm: float = Field(ge=5, le=40)
    margin_bottom_mm: float = Field(ge=8, le=40)
    margin_inner_mm: float = Field(ge=5, le=40)
    margin_outer_mm: float = Field(ge=5, le=40)
    column_gap_mm: float = Field(ge=2, le=20)


class Colours(StrictModel):
    text: str
    muted: str
    accent: str
    accent_light: str
    rule: str
    table_header_text: str
    table_stripe: str


class Sizes(StrictModel):
    """Type sizes in points; body-text sizes have the 9.5 pt floor the booklet promises."""

    body: float = Field(ge=9.5, le=14)
    body_leading: float = Field(ge=11, le=20)
    h1: float = Field(ge=9.5, le=24)
    h2: float = Field(ge=9.5, le=18)
    title: float = Field(ge=16, le=48)
    cover_meta: float = Field(ge=9.5, le=16)
    toc: float = Field(ge=9.5, le=14)
    table: float = Field(ge=9.5, le=14)
    caption: float = Field(ge=6, le=10)
    running_head: float = Field(ge=6, le=10)
    footer: float = Field(ge=7, le=12)


class CoverStyle(StrictModel):
    fan_cards: int = Field(ge=0, le=5)
    fan_card_width_mm: float = Field(ge=15, le=60)
    fan_angle_deg: float = Field(ge=0, le=30)


class ComponentsStyle(StrictModel):
    max_cards: int = Field(ge=1, le=16)
    cards_per_row: int = Field(ge=1, le=6)
    card_width_mm: float = Field(ge=12, le=60)
    card_gap_mm: float = Field(ge=0, le=15)


class Titles(StrictModel):
    """Headings the booklet adds around the rule text (the rule data names its own sections)."""

    contents: str
    special: str
    options_and_variants: str
    options: str
    rulings: str
    setup_table: str
    composition: str
    card_samples: str
    about_deck: str


class BookletStyle(StrictModel):
    page: PageStyle
    colours: Colours
    sizes: Sizes
    cover: CoverStyle
    components: ComponentsStyle
    titles: Titles


def style_path() -> Path:
    return paths.templates_dir() / "booklet" / "booklet.yaml"


@cache
def load_booklet_style() -> BookletStyle:
    """The booklet style sheet, validated (every problem listed, like any data file)."""
    path = style_path()
    return validate(BookletStyle, read_yaml(path), path)


# --------------------------------------------------------------------------- card drawing

#: Draws one card with its lower-left trim corner at the origin of the canvas, `width` points
#: wide; the booklet positions, scales and rotates the canvas around it.
CardPainter = Callable[[Canvas, Card, float], None]


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
        svg.paint_svg(
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
    designer = meta.designer if meta.year is None else f"{meta.designer}, {meta.year}"
    parts.append(f"designed by {designer}")
    return " \u00b7 ".join(parts)


# --------------------------------------------------------------------------- tables from data


def setup_rows(rules: GameRules) -> list[list[str]]:
    """The setup table, one row per player count, straight from rules.setup_for(n).

    Columns that say nothing for this game (one deck throughout, nothing removed, no notes)
    are left out; the header row comes first.
    """
    specs = [(n, rules.setup_for(n)) for n in rules.players.counts()]
    columns: list[tuple[str, Callable[[Any], str]]] = [("Players", lambda s: "")]
    if any(s.decks != 1 for _, s in specs):
        columns.append(("Decks", lambda s: str(s.decks)))
    columns.append(("Cards each", lambda s: "\u2013" if s.hand_size is None else str(s.hand_size)))
    if any(s.removed for _, s in specs):
        columns.append(("Removed unseen", lambda s: str(s.removed)))
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
    if option.type == "choice":
        return " or ".join(option.choices or [])
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


class Heading(Paragraph):
    """A numbered heading: listed in the contents and in the PDF outline (bookmarks)."""

    def __init__(self, number: str, title: str, level: int, style: ParagraphStyle) -> None:
        self.plain = f"{number} {title}"
        self.level = level
        self.key = f"section-{number.rstrip('.')}"
        super().__init__(f"{number}\u2002{rich(title)}", style)


class CardRow(Flowable):
    """Cards side by side, drawn as vectors by the card renderer, each with a caption."""

    def __init__(
        self,
        cards: Sequence[Card],
        painter: CardPainter,
        card_width: float,
        card_height: float,
        gap: float,
        caption_style: ParagraphStyle,
    ) -> None:
        super().__init__()
        self.cards = list(cards)
        self.painter = painter
        self.card_width = card_width
        self.card_height = card_height
        self.gap = gap
        self.captions = [Paragraph(rich(c.name), caption_style) for c in self.cards]
        self.caption_height = 0.0

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        heights = [p.wrap(self.card_width + self.gap * 0.8, available_height)[1] for p in self.captions]
        self.caption_height = max(heights, default=0.0)
        self.width = available_width
        self.height = self.card_height + 2 + self.caption_height
        return self.width, self.height

    def draw(self) -> None:
        count = len(self.cards)
        row_width = count * self.card_width + (count - 1) * self.gap
        x = (self.width - row_width) / 2
        for card, caption in zip(self.cards, self.captions):
            self.canv.saveState()
            self.canv.translate(x, self.caption_height + 2)
            self.painter(self.canv, card, self.card_width)
            self.canv.restoreState()
            caption_width = self.card_width + self.gap * 0.8
            caption.wrap(caption_width, self.caption_height)
            caption.drawOn(self.canv, x - self.gap * 0.4, self.caption_height - caption.height)
            x += self.card_width + self.gap


class CardFan(Flowable):
    """A small fan of cards for the cover."""

    def __init__(
        self, cards: Sequence[Card], painter: CardPainter, card_width: float, card_height: float, angle: float
    ) -> None:
        super().__init__()
        self.cards = list(cards)
        self.painter = painter
        self.card_width = card_width
        self.card_height = card_height
        self.angle = angle

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.width = available_width
        spread = math.radians(self.angle * (len(self.cards) - 1) / 2)
        self.height = self.card_height * (1 + 0.25 * math.sin(spread)) + self.card_width * math.sin(spread)
        return self.width, self.height

    def draw(self) -> None:
        middle = (len(self.cards) - 1) / 2
        pivot_y = -self.card_height * 0.6
        for index, card in enumerate(self.cards):
            self.canv.saveState()
            self.canv.translate(self.width / 2, pivot_y + self.card_height * 0.6 + 2)
            self.canv.rotate(-(index - middle) * self.angle)
            self.canv.translate(-self.card_width / 2, 0)
            self.painter(self.canv, card, self.card_width)
            self.canv.restoreState()


class TwoColumnEntries(Flowable):
    """Short entries (question and answer) in two balanced columns, split between pages only
    between entries. BalancedColumns splits inside entries and strands questions from their
    answers, which reads badly for a FAQ."""

    def __init__(self, entries: Sequence[Sequence[Flowable]], gap: float, entry_gap: float) -> None:
        super().__init__()
        self.entries = [list(e) for e in entries]
        self.gap = gap
        self.entry_gap = entry_gap
        self.column_width = 0.0
        self.heights: list[float] = []
        self.break_at = 0

    def measure(self, available_width: float) -> None:
        self.column_width = (available_width - self.gap) / 2
        self.heights = [
            sum(f.wrap(self.column_width, 1e6)[1] + f.getSpaceAfter() for f in entry) for entry in self.entries
        ]

    def column_height(self, start: int, stop: int) -> float:
        count = stop - start
        return sum(self.heights[start:stop]) + max(0, count - 1) * self.entry_gap

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        self.measure(available_width)
        count = len(self.entries)
        self.break_at = min(
            range(count + 1), key=lambda k: (max(self.column_height(0, k), self.column_height(k, count)), -k)
        )
        self.width = available_width
        self.height = max(self.column_height(0, self.break_at), self.column_height(self.break_at, count))
        return self.width, self.height

    def split(self, available_width: float, available_height: float) -> list[Flowable]:
        self.measure(available_width)
        fitted, column, used = 0, 0, 0.0
        for height in self.heights:
            needed = height if used == 0 else used + self.entry_gap + height
            if needed <= available_height:
                used = needed
            elif column == 0:
                column, used = 1, height
                if height > available_height:
                    break
            else:
                break
            fitted += 1
        if fitted == 0:
            return []
        return [
            TwoColumnEntries(self.entries[:fitted], self.gap, self.entry_gap),
            TwoColumnEntries(self.entries[fitted:], self.gap, self.entry_gap),
        ]

    def draw(self) -> None:
        columns = (range(0, self.break_at), range(self.break_at, len(self.entries)))
        for index, column in enumerate(columns):
            x = index * (self.column_width + self.gap)
            y = self.height
            for entry_index in column:
                for flowable in self.entries[entry_index]:
                    _, height = flowable.wrap(self.column_width, 1e6)
                    y -= height
                    flowable.drawOn(self.canv, x, y)
                    y -= flowable.getSpaceAfter()
                y -= self.entry_gap


# --------------------------------------------------------------------------- the document


@dataclass(frozen=True)
class Styles:
    """Paragraph styles built from the style sheet and the embedded card font."""

    body: ParagraphStyle
    bullet: ParagraphStyle
    #: The last bullet of a list followed by a paragraph: a paragraph's space after it.
    bullet_end: ParagraphStyle
    h1: ParagraphStyle
    h2: ParagraphStyle
    title: ParagraphStyle
    cover_meta: ParagraphStyle
    contents_title: ParagraphStyle
    toc_levels: list[ParagraphStyle]
    table: ParagraphStyle
    table_head: ParagraphStyle
    table_label: ParagraphStyle
    caption: ParagraphStyle
    question: ParagraphStyle


def make_styles(style: BookletStyle) -> Styles:
    regular, bold = fonts.register_fonts()
    s, c = style.sizes, style.colours
    text = colors.HexColor(c.text)
    accent = colors.HexColor(c.accent)
    body = ParagraphStyle(
        "body", fontName=regular, fontSize=s.body, leading=s.body_leading, textColor=text, spaceAfter=s.body * 0.55
    )
    bullet = ParagraphStyle(
        "bullet", parent=body, leftIndent=fonts.bullet_text_indent(regular, s.body, s.body * 0.3),
        bulletIndent=s.body * 0.3, bulletFontName=regular, bulletFontSize=s.body, bulletColor=accent,
        spaceAfter=s.body * 0.3,
    )
    return Styles(
        body=body,
        bullet=bullet,
        bullet_end=ParagraphStyle("bullet_end", parent=bullet, spaceAfter=body.spaceAfter),
        h1=ParagraphStyle(
            "h1", fontName=bold, fontSize=s.h1, leading=s.h1 * 1.25, textColor=accent,
            spaceBefore=s.h1 * 0.9, spaceAfter=s.h1 * 0.45, keepWithNext=1,
        ),
        h2=ParagraphStyle(
            "h2", fontName=bold, fontSize=s.h2, leading=s.h2 * 1.25, textColor=text,
            spaceBefore=s.h2 * 0.6, spaceAfter=s.h2 * 0.35, keepWithNext=1,
        ),
        title=ParagraphStyle(
            "title", fontName=bold, fontSize=s.title, leading=s.title * 1.15, textColor=accent, alignment=TA_CENTER,
            spaceAfter=s.title * 0.4,
        ),
        cover_meta=ParagraphStyle(
            "cover_meta", fontName=regular, fontSize=s.cover_meta, leading=s.cover_meta * 1.4, textColor=text,
            alignment=TA_CENTER,
        ),
        contents_title=ParagraphStyle(
            "contents_title", fontName=bold, fontSize=s.h1, leading=s.h1 * 1.25, textColor=accent,
            spaceAfter=s.h1 * 0.6,
        ),
        toc_levels=[
            ParagraphStyle(
                "toc0", fontName=bold, fontSize=s.toc, leading=s.toc * 1.45, textColor=text,
                leftIndent=0, firstLineIndent=0, spaceBefore=s.toc * 0.35,
            ),
            ParagraphStyle(
                "toc1", fontName=regular, fontSize=s.toc, leading=s.toc * 1.35, textColor=text,
                leftIndent=s.toc * 1.6, firstLineIndent=0,
            ),
        ],
        table=ParagraphStyle("table", fontName=regular, fontSize=s.table, leading=s.table * 1.3, textColor=text),
        table_head=ParagraphStyle(
            "table_head", fontName=bold, fontSize=s.table, leading=s.table * 1.3,
            textColor=colors.HexColor(c.table_header_text),
        ),
        table_label=ParagraphStyle(
            "table_label", fontName=bold, fontSize=s.table, leading=s.table * 1.3, textColor=text
        ),
        caption=ParagraphStyle(
            "caption", fontName=regular, fontSize=s.caption, leading=s.caption * 1.2,
            textColor=colors.HexColor(c.muted), alignment=TA_CENTER,
        ),
        question=ParagraphStyle(
            "question", parent=body, fontName=bold, spaceAfter=s.body * 0.2, keepWithNext=1,
        ),
    )


def font_commands(styles: Styles) -> list[tuple[Any, ...]]:
    """Table font settings: reportlab tables otherwise select Helvetica, which is not embedded."""
    return [
        ("FONTNAME", (0, 0), (-1, -1), styles.table.fontName),
        ("FONTSIZE", (0, 0), (-1, -1), styles.table.fontSize),
    ]


class BookletTemplate(BaseDocTemplate):
    """A5 pages: a cover, then left and right pages with a running head and page numbers.

    Headings feed the table of contents and the PDF outline as they are laid out.
    """

    def __init__(self, filename: str, rules: GameRules, deck: Deck, style: BookletStyle, styles: Styles) -> None:
        self.rules = rules
        self.deck = deck
        self.style = style
        self.styles = styles
        page = style.page
        super().__init__(
            filename,
            pagesize=A5,
            invariant=1,
            initialFontName=styles.body.fontName,  # else every page names unembedded Helvetica
            initialFontSize=styles.body.fontSize,
            title=f"{rules.name}: rules",
            author=rules.metadata.designer,
            subject=metadata_line(rules),
            creator="deckgen",
            leftMargin=page.margin_inner_mm * mm,
            rightMargin=page.margin_outer_mm * mm,
            topMargin=page.margin_top_mm * mm,
            bottomMargin=page.margin_bottom_mm * mm,
        )
        width, height = A5
        frame_height = height - (page.margin_top_mm + page.margin_bottom_mm) * mm
        frame_width = width - (page.margin_inner_mm + page.margin_outer_mm) * mm
        bottom = page.margin_bottom_mm * mm

        def frame(name: str, left_mm: float) -> Frame:
            return Frame(left_mm * mm, bottom, frame_width, frame_height, id=name,
                         leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

        self.addPageTemplates([
            PageTemplate("cover", [frame("cover", page.margin_inner_mm)], onPage=self.draw_cover_page),
            PageTemplate("right", [frame("right", page.margin_inner_mm)], onPage=self.draw_page),
            PageTemplate("left", [frame("left", page.margin_outer_mm)], onPage=self.draw_page),
        ])

    def draw_cover_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = A5
        colours = self.style.colours
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(colours.accent_light))
        canvas.rect(0, 0, width, height * 0.3, stroke=0, fill=1)
        canvas.setFillColor(colors.HexColor(colours.accent))
        canvas.rect(0, height * 0.3, width, 1.2, stroke=0, fill=1)
        canvas.restoreState()
        page = self.style.page
        left = page.margin_inner_mm * mm
        text_width = width - (page.margin_inner_mm + page.margin_outer_mm) * mm
        blurb = [Paragraph(rich(self.style.titles.about_deck.format(deck=self.deck.name)), self.styles.question)]
        if self.deck.description:
            blurb.append(Paragraph(rich(self.deck.description), self.styles.body))
        y = height * 0.3 - page.margin_bottom_mm * mm * 0.6
        for paragraph in blurb:
            _, used = paragraph.wrap(text_width, y)
            y -= used
            paragraph.drawOn(canvas, left, y)
            y -= paragraph.getSpaceAfter()

    def draw_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = A5
        page, sizes, colours = self.style.page, self.style.sizes, self.style.colours
        regular = self.styles.body.fontName
        number = canvas.getPageNumber()
        outer_right = number % 2 == 1
        canvas.saveState()
        canvas.setFont(regular, sizes.running_head)
        canvas.setFillColor(colors.HexColor(colours.muted))
        head_y = height - page.margin_top_mm * mm * 0.55
        if outer_right:
            canvas.drawRightString(width - page.margin_outer_mm * mm, head_y, self.rules.name)
        else:
            canvas.drawString(page.margin_outer_mm * mm, head_y, self.rules.name)
        canvas.setStrokeColor(colors.HexColor(colours.rule))
        canvas.setLineWidth(0.5)
        left = (page.margin_inner_mm if outer_right else page.margin_outer_mm) * mm
        right = width - (page.margin_outer_mm if outer_right else page.margin_inner_mm) * mm
        canvas.line(left, head_y - 4, right, head_y - 4)
        canvas.setFont(regular, sizes.footer)
        canvas.setFillColor(colors.HexColor(colours.text))
        canvas.drawCentredString((left + right) / 2, page.margin_bottom_mm * mm * 0.45, str(number))
        canvas.restoreState()

    def afterFlowable(self, flowable: Flowable) -> None:
        if isinstance(flowable, Heading):
            top = self.frame._y + flowable.height + flowable.getSpaceAfter()
            self.canv.bookmarkHorizontalAbsolute(flowable.key, top + flowable.style.fontSize)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level, closed=False)
            self.notify("TOCEntry", (flowable.level, flowable.plain, self.page, flowable.key))


class StoryBuilder:
    """Turns rule and deck data into the booklet's flowables, numbering the headings."""

    def __init__(self, rules: GameRules, deck: Deck, style: BookletStyle, styles: Styles, painter: CardPainter):
        self.rules = rules
        self.deck = deck
        self.style = style
        self.styles = styles
        self.painter = painter
        self.chapter = 0
        self.subsection = 0
        self.story: list[Flowable] = []

    # headings and text

    def chapter_heading(self, title: str, room_after: float | None = None) -> None:
        """Start a numbered chapter, on a new page unless room for a few lines is left.

        With `room_after` the heading is not kept with what follows (platypus would push a
        long two-column block whole to the next page) but needs that much room below it.
        """
        self.chapter += 1
        self.subsection = 0
        style = self.styles.h1
        needed = self.style.sizes.body_leading * 6
        if room_after is not None:
            style = ParagraphStyle("h1_free", parent=style, keepWithNext=0)
            needed = style.spaceBefore + style.leading + style.spaceAfter + room_after
        self.story.append(CondPageBreak(needed))
        self.story.append(Heading(f"{self.chapter}", title, 0, style))

    def sub_heading(self, title: str) -> None:
        self.subsection += 1
        self.story.append(Heading(f"{self.chapter}.{self.subsection}", title, 1, self.styles.h2))

    def body(self, text: str) -> list[Flowable]:
        out: list[Flowable] = []
        blocks = text_blocks(text)
        for index, (kind, block) in enumerate(blocks):
            if kind == "bullet":
                # A paragraph after a list keeps the gap it would have after a paragraph.
                ends_list = index + 1 < len(blocks) and blocks[index + 1][0] != "bullet"
                style = self.styles.bullet_end if ends_list else self.styles.bullet
                out.append(Paragraph(rich(block), style, bulletText=fonts.BULLET))
            else:
                out.append(Paragraph(rich(block), self.styles.body))
        return out

    def section(self, section: Section, sub: bool = False) -> None:
        if sub:
            self.sub_heading(section.title)
        else:
            self.chapter_heading(section.title)
        self.story.extend(self.body(section.body))

    # pages

    def cover(self) -> None:
        rules, styles, cover = self.rules, self.styles, self.style.cover
        self.story.append(Spacer(1, 18 * mm))
        self.story.append(Paragraph(rich(rules.name), styles.title))
        self.story.append(Paragraph(rich(metadata_line(rules)), styles.cover_meta))
        cards = sample_cards(self.deck, cover.fan_cards) if cover.fan_cards else []
        if cards:
            width = cover.fan_card_width_mm * mm
            self.story.append(Spacer(1, 14 * mm))
            self.story.append(CardFan(cards, self.painter, width, card_height_for(width), cover.fan_angle_deg))
        self.story.append(NextPageTemplate(["left", "right"]))
        self.story.append(PageBreak())

    def contents(self) -> None:
        toc = TableOfContents(dotsMinLevel=0)
        toc.levelStyles = self.styles.toc_levels
        toc.tableStyle = TableStyle([
            *font_commands(self.styles),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LEFTPADDING", (0, 0), (-1, -1), 0),
            ("RIGHTPADDING", (0, 0), (-1, -1), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 0),
        ])
        self.story.append(Paragraph(rich(self.style.titles.contents), self.styles.contents_title))
        self.story.append(toc)
        self.story.append(PageBreak())

    def components(self) -> None:
        text = self.rules.text
        assert text is not None
        self.section(text.components)
        comp = self.style.components
        width = comp.card_width_mm * mm
        height = card_height_for(width)
        cards = sample_cards(self.deck, comp.max_cards)
        if cards:
            self.sub_heading(self.style.titles.card_samples)
            rows = math.ceil(len(cards) / comp.cards_per_row)
            per_row = math.ceil(len(cards) / rows)  # 5 cards as 3 + 2, not 4 + 1
            for start in range(0, len(cards), per_row):
                row = cards[start:start + per_row]
                self.story.append(CardRow(row, self.painter, width, height, comp.card_gap_mm * mm, self.styles.caption))
                self.story.append(Spacer(1, 3 * mm))
        self.sub_heading(self.style.titles.composition)
        composition = [
            [Paragraph(rich(name), self.styles.table_label), Paragraph(rich(value), self.styles.table)]
            for name, value in composition_rows(self.deck)
        ]
        self.story.append(self.table(composition, [0.3, 0.7], header=False))

    def setup(self) -> None:
        text = self.rules.text
        assert text is not None
        self.section(text.setup)
        rows = setup_rows(self.rules)
        header, *data = rows
        cells = [[Paragraph(rich(h), self.styles.table_head) for h in header]]
        cells += [[Paragraph(rich(v), self.styles.table) for v in row] for row in data]
        narrow = [0.16 if h == "Players" else 0.17 for h in header]
        if header[-1] == "Notes":
            narrow[-1] = 1 - sum(narrow[:-1])
        else:
            narrow = [1 / len(header)] * len(header)
        # The table may run on to the next page (its header repeats there) rather than jump
        # whole and leave a third of a page empty; its title goes with the header and a row at least.
        title = Paragraph(rich(self.style.titles.setup_table), ParagraphStyle("setup_title", self.styles.question,
                                                                             keepWithNext=0))
        width, height = self.frame_width(), self.frame_height()
        start = self.table(cells[:2], narrow, header=True)
        needed = title.wrap(width, height)[1] + title.getSpaceAfter() + start.wrap(width, height)[1]
        self.story += [CondPageBreak(needed), title, self.table(cells, narrow, header=True)]

    def special_rules(self) -> None:
        text = self.rules.text
        assert text is not None
        if not text.special:
            return
        self.chapter_heading(self.style.titles.special)
        for section in text.special:
            self.section(section, sub=True)

    def options_and_variants(self) -> None:
        text = self.rules.text
        assert text is not None
        if not (self.rules.options or text.variants):
            return
        self.chapter_heading(self.style.titles.options_and_variants)
        if self.rules.options:
            self.sub_heading(self.style.titles.options)
            cells = [[Paragraph(rich(h), self.styles.table_head) for h in ("Option", "Default", "Values, effect")]]
            for name, option in self.rules.options.items():
                cells.append([
                    Paragraph(rich(name), self.styles.table),
                    Paragraph(rich(option_default_text(option)), self.styles.table),
                    Paragraph(f"<b>{rich(option_range_text(option))}.</b> {rich(option.description)}", self.styles.table),
                ])
            # Option names are typed on the command line: size their column so none breaks.
            longest = max(
                stringWidth(n, self.styles.table.fontName, self.styles.table.fontSize) for n in self.rules.options
            )
            name_share = min(0.45, max(0.2, (longest + 9) / self.frame_width()))
            self.story.append(self.table(cells, [name_share, 0.15, 0.85 - name_share], header=True))
        for section in text.variants:
            self.section(section, sub=True)

    def rulings(self) -> None:
        if not self.rules.rulings:
            return
        entries = [
            [Paragraph(rich(ruling.question), self.styles.question), *self.body(ruling.answer)]
            for ruling in self.rules.rulings
        ]
        column_width = (self.frame_width() - self.style.page.column_gap_mm * mm) / 2
        heights = [sum(f.wrap(column_width, 1e6)[1] + f.getSpaceAfter() for f in entry) for entry in entries]
        for ruling, height in zip(self.rules.rulings, heights):
            if height > self.frame_height():
                raise DeckgenError(
                    f"booklet {self.rules.id}: the ruling {ruling.question[:40]!r} is longer than a "
                    "booklet column; split it into shorter questions"
                )
        self.chapter_heading(self.style.titles.rulings, room_after=heights[0])
        self.story.append(TwoColumnEntries(entries, self.style.page.column_gap_mm * mm, self.style.sizes.body * 0.5))

    def frame_width(self) -> float:
        page = self.style.page
        return A5[0] - (page.margin_inner_mm + page.margin_outer_mm) * mm

    def frame_height(self) -> float:
        page = self.style.page
        return A5[1] - (page.margin_top_mm + page.margin_bottom_mm) * mm

    def table(self, rows: list[list[Flowable]], fractions: list[float], header: bool) -> Table:
        colours = self.style.colours
        width = self.frame_width()
        table = Table(rows, colWidths=[f * width for f in fractions], repeatRows=1 if header else 0, hAlign="LEFT")
        commands: list[tuple[Any, ...]] = [
            *font_commands(self.styles),
            ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("TOPPADDING", (0, 0), (-1, -1), 3),
            ("BOTTOMPADDING", (0, 0), (-1, -1), 4),
            ("LEFTPADDING", (0, 0), (-1, -1), 4),
            ("RIGHTPADDING", (0, 0), (-1, -1), 4),
            ("LINEBELOW", (0, 0), (-1, -1), 0.4, colors.HexColor(colours.rule)),
        ]
        if header:
            commands.append(("BACKGROUND", (0, 0), (-1, 0), colors.HexColor(colours.accent)))
            commands += [
                ("BACKGROUND", (0, row), (-1, row), colors.HexColor(colours.table_stripe))
                for row in range(2, len(rows), 2)
            ]
        else:
            commands.append(("BACKGROUND", (0, 0), (0, -1), colors.HexColor(colours.table_stripe)))
        table.setStyle(TableStyle(commands))
        return table

    def build(self) -> list[Flowable]:
        text = self.rules.text
        assert text is not None
        self.cover()
        self.contents()
        self.section(text.overview)
        self.components()
        self.setup()
        self.section(text.turn)
        self.special_rules()
        self.section(text.end)
        self.options_and_variants()
        self.rulings()
        return self.story


# --------------------------------------------------------------------------- entry points


def booklet_path(rules: GameRules, out_dir: Path, imposed: bool = False) -> Path:
    suffix = "rules-booklet" if imposed else "rules"
    return out_dir / rules.deck / f"{rules.id}-{suffix}.pdf"


def require_text(rules: GameRules) -> None:
    if rules.text is None:
        raise DeckgenError(f"booklet {rules.id}: the rule data has no text: section to print ({rules.path})")


def render_booklet(rules: GameRules, out_dir: Path, imposed: bool = False) -> list[Path]:
    """Write <out_dir>/<deck>/<game>-rules.pdf (A5, reading order) and, when imposed, also
    <game>-rules-booklet.pdf (A4 landscape sheets for saddle stitching); returns the paths."""
    require_text(rules)
    style = load_booklet_style()
    styles = make_styles(style)
    deck = load_deck(rules.deck)
    painter = card_painter(deck, colors.HexColor(style.colours.rule))
    target = booklet_path(rules, out_dir)
    with atomic_path(target) as temp:
        doc = BookletTemplate(str(temp), rules, deck, style, styles)
        doc.multiBuild(StoryBuilder(rules, deck, style, styles, painter).build())
        reading_order = temp.read_bytes()
    written = [target]
    if imposed:
        sheet = (A4[1], A4[0])  # landscape
        written.append(write_atomic(booklet_path(rules, out_dir, imposed=True), impose_booklet(reading_order, sheet)))
    return written
