"""The booklet's look as data (templates/booklet/booklet.yaml) and the paragraph styles
built from it, shared with the quick reference."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from pydantic import Field
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen.canvas import Canvas

from deckgen import paths
from deckgen.model.common import StrictModel, read_yaml, validate
from deckgen.model.deck_data import Card
from deckgen.render import fonts

# --------------------------------------------------------------------------- style data

class PageStyle(StrictModel):
    """Margins of a booklet page (its size is the paper set's), and the bleed around it: the
    cover panel runs into the bleed so that a cut a little off the trim leaves no white edge."""

    margin_top_mm: float = Field(ge=5, le=40)
    margin_bottom_mm: float = Field(ge=8, le=40)
    margin_inner_mm: float = Field(ge=5, le=40)
    margin_outer_mm: float = Field(ge=5, le=40)
    column_gap_mm: float = Field(ge=2, le=20)
    bleed_mm: float = Field(ge=0, le=6)


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


class DiagramStyle(StrictModel):
    """Board diagrams of grid games: the largest card drawn, and the share of a page a
    board may take (a large board is drawn with smaller cards)."""

    max_card_width_mm: float = Field(ge=8, le=40)
    max_height_share: float = Field(gt=0.1, le=0.9)
    gap_mm: float = Field(ge=0, le=5)
    badge_size: float = Field(ge=5, le=12)


class Titles(StrictModel):
    """Headings the booklet adds around the rule text (the rule data names its own sections)."""

    contents: str
    special: str
    variants: str
    deckgen: str
    options: str
    rulings: str
    setup_table: str
    composition: str
    card_samples: str
    about_deck: str
    diagrams: str


class BookletStyle(StrictModel):
    page: PageStyle
    colours: Colours
    sizes: Sizes
    cover: CoverStyle
    components: ComponentsStyle
    diagrams: DiagramStyle
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
