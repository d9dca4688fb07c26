"""The quick-reference player aid: a card-sized summary, front and back, several per sheet.

The front carries the turn and the legal plays, the back the special cards and scoring,
all from the game's `quickref` rule data. Text is set at a fixed size of at least 7.5 pt;
whatever does not fit fails the build with the section named, so nothing is ever clipped
or silently shrunk. Sheets use the card renderer's layout (bleed, shared cuts, crop marks
outside the art) and mirror the backs for long-edge duplex printing.
"""

from __future__ import annotations

import dataclasses
import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Sequence
from xml.sax.saxutils import escape

from pydantic import Field
from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph

from deckgen import paths
from deckgen.errors import DeckgenError
from deckgen.fileio import atomic_path, output_file
from deckgen.model.common import StrictModel, read_yaml, validate
from deckgen.model.geometry import (
    CARD_SIZES,
    FOOTER_SIZES,
    MARK_GAP,
    MARK_ZONE,
    PRINTER_MARGIN,
    CardGeometry,
    SheetLayout,
    footer_room,
    parse_paper,
    plan_sheet,
)
from deckgen.model.rules import GameRules
from deckgen.render import fonts
from deckgen.render.page_marks import draw_crop_marks, draw_footer

#: Card sizes a quick reference can be printed at (trim sizes from the card renderer).
QUICKREF_SIZES = ("poker", "tarot")
#: Smallest type the player aid may use, in points.
MIN_TEXT_PT = 7.5


class QuickrefSizes(StrictModel):
    title: float = Field(ge=MIN_TEXT_PT, le=16)
    title_leading: float = Field(ge=MIN_TEXT_PT, le=20)
    face_label: float = Field(ge=MIN_TEXT_PT, le=10)
    heading: float = Field(ge=MIN_TEXT_PT, le=12)
    body: float = Field(ge=MIN_TEXT_PT, le=12)
    body_leading: float = Field(ge=MIN_TEXT_PT, le=16)


class QuickrefPadding(StrictModel):
    band: float = Field(ge=0.5, le=6)
    section_gap: float = Field(ge=0, le=6)
    heading_gap: float = Field(ge=0, le=4)


class QuickrefColours(StrictModel):
    background: str
    band: str
    band_text: str
    heading: str
    text: str
    bullet: str
    crop_marks: str


class QuickrefTitles(StrictModel):
    turn: str
    legal_plays: str
    special: str
    scoring: str
    front: str
    back: str


class QuickrefStyle(StrictModel):
    paper: str
    bleed_mm: float = Field(ge=0, le=10)
    sizes: QuickrefSizes
    padding_mm: QuickrefPadding
    colours: QuickrefColours
    titles: QuickrefTitles


def style_path() -> Path:
    return paths.templates_dir() / "booklet" / "quickref.yaml"


@cache
def load_quickref_style() -> QuickrefStyle:
    path = style_path()
    return validate(QuickrefStyle, read_yaml(path), path)


@dataclass(frozen=True)
class FaceSection:
    """One section of a face: the rule-data key (for error messages), heading and lines."""

    key: str
    title: str
    lines: tuple[str, ...]


@dataclass
class LaidOutSection:
    key: str
    heading: Paragraph
    lines: list[Paragraph]
    height: float


class QuickrefFace:
    """One side of the player aid, laid out once and then drawn on every slot of a sheet."""

    def __init__(
        self,
        rules: GameRules,
        label: str,
        sections: Sequence[FaceSection],
        geometry: CardGeometry,
        style: QuickrefStyle,
        size_name: str,
    ) -> None:
        regular, bold = fonts.register_fonts()
        self.geometry = geometry
        self.style = style
        sizes, colours, pad = style.sizes, style.colours, style.padding_mm
        self.width = geometry.width * mm
        self.height = geometry.height * mm
        inset = geometry.safe_inset * mm
        self.text_left = inset
        self.text_width = self.width - 2 * inset
        self.title = Paragraph(
            escape(rules.name),
            ParagraphStyle("qr_title", fontName=bold, fontSize=sizes.title, leading=sizes.title_leading,
                           textColor=colors.HexColor(colours.band_text)),
        )
        self.label = label
        self.label_font = regular
        _, title_height = self.title.wrap(self.text_width, self.height)
        # The band runs from the top trim down past the safe inset, so its text sits inside
        # the safe area and the colour bleeds off the edge.
        self.band_height = inset + title_height + sizes.face_label * 1.3 + pad.band * mm
        heading_style = ParagraphStyle(
            "qr_heading", fontName=bold, fontSize=sizes.heading, leading=sizes.heading * 1.2,
            textColor=colors.HexColor(colours.heading), spaceAfter=pad.heading_gap * mm,
        )
        line_style = ParagraphStyle(
            "qr_line", fontName=regular, fontSize=sizes.body, leading=sizes.body_leading,
            textColor=colors.HexColor(colours.text), leftIndent=fonts.bullet_text_indent(regular, sizes.body),
            bulletIndent=0, bulletFontName=regular, bulletFontSize=sizes.body,
            bulletColor=colors.HexColor(colours.bullet),
        )
        self.sections: list[LaidOutSection] = []
        for section in sections:
            heading = Paragraph(escape(section.title), heading_style)
            lines = [Paragraph(escape(line.strip()), line_style, bulletText=fonts.BULLET) for line in section.lines]
            height = heading.wrap(self.text_width, self.height)[1] + heading.getSpaceAfter()
            height += sum(p.wrap(self.text_width, self.height)[1] for p in lines)
            self.sections.append(LaidOutSection(section.key, heading, lines, height))
        self.section_gap = pad.section_gap * mm
        self.check_fit(rules, size_name)

    def available_height(self) -> float:
        """Height for sections: from under the band to the bottom of the safe area."""
        return self.height - self.band_height - self.section_gap - self.geometry.safe_inset * mm

    def check_fit(self, rules: GameRules, size_name: str) -> None:
        room = self.available_height()
        used = 0.0
        for index, section in enumerate(self.sections):
            used += section.height + (self.section_gap if index else 0.0)
            if used > room + 0.01:
                total = used + sum(s.height + self.section_gap for s in self.sections[index + 1:])
                needed = math.ceil((total - room) / mm)
                raise DeckgenError(
                    f"quickref {rules.id}: section {section.key!r} does not fit on a {size_name} card "
                    f"(needs {needed} mm more)"
                )

    def draw(self, canvas: Canvas) -> None:
        """Draw the face with its trim box at the origin; bleed extends below zero and past
        the trim size (the caller clips it to the bleed this slot shows)."""
        colours, sizes = self.style.colours, self.style.sizes
        bleed = self.geometry.bleed * mm
        canvas.setFillColor(colors.HexColor(colours.background))
        canvas.rect(-bleed, -bleed, self.width + 2 * bleed, self.height + 2 * bleed, stroke=0, fill=1)
        canvas.setFillColor(colors.HexColor(colours.band))
        band_bottom = self.height - self.band_height
        canvas.rect(-bleed, band_bottom, self.width + 2 * bleed, self.band_height + bleed, stroke=0, fill=1)
        inset = self.geometry.safe_inset * mm
        title_top = self.height - inset
        self.title.drawOn(canvas, self.text_left, title_top - self.title.height)
        canvas.setFillColor(colors.HexColor(colours.band_text))
        canvas.setFont(self.label_font, sizes.face_label)
        canvas.drawString(self.text_left, title_top - self.title.height - sizes.face_label * 1.1, self.label)
        y = band_bottom - self.section_gap
        for section in self.sections:
            y -= section.heading.height
            section.heading.drawOn(canvas, self.text_left, y)
            y -= section.heading.getSpaceAfter()
            for line in section.lines:
                y -= line.height
                line.drawOn(canvas, self.text_left, y)
            y -= self.section_gap


def quickref_faces(rules: GameRules, geometry: CardGeometry, style: QuickrefStyle, size_name: str) -> tuple[QuickrefFace, QuickrefFace]:
    """The front (turn, legal plays) and back (special cards, scoring) of the player aid."""
    data = rules.quickref
    if data is None:
        raise DeckgenError(f"quickref {rules.id}: the rule data has no quickref: section ({rules.path})")
    if data.turn is None:  # the moves' says lines, filled in when the rule file is loaded
        raise DeckgenError(f"quickref {rules.id}: the quickref: section has no turn: lines ({rules.path})")
    titles = style.titles
    front = [FaceSection("turn", titles.turn, tuple(data.turn)),
             FaceSection("legal_plays", titles.legal_plays, tuple(data.legal_plays))]
    back = [FaceSection("special", titles.special, tuple(data.special))] if data.special else []
    back.append(FaceSection("scoring", titles.scoring, tuple(data.scoring)))
    return (
        QuickrefFace(rules, titles.front, front, geometry, style, size_name),
        QuickrefFace(rules, titles.back, back, geometry, style, size_name),
    )


def draw_sheet_side(canvas: Canvas, face: QuickrefFace, layout: SheetLayout, mirrored: bool, marks: colors.Color,
                    footer: list[str]) -> None:
    slots = [layout.slot(index, mirrored=mirrored) for index in range(layout.per_page)]
    for slot in slots:
        canvas.saveState()
        clip = canvas.beginPath()
        clip.rect(
            (slot.x - slot.bleed_left) * mm,
            (slot.y - slot.bleed_bottom) * mm,
            (layout.card.width + slot.bleed_left + slot.bleed_right) * mm,
            (layout.card.height + slot.bleed_bottom + slot.bleed_top) * mm,
        )
        canvas.clipPath(clip, stroke=0, fill=0)
        canvas.translate(slot.x * mm, slot.y * mm)
        face.draw(canvas)
        canvas.restoreState()
    draw_crop_marks(canvas, layout, slots, marks)
    draw_footer(canvas, layout, slots, footer)


def quickref_path(rules: GameRules, out_dir: Path, paper: str = "a4") -> Path:
    """<deck>/<game>-quickref.pdf on A4, -quickref-letter.pdf on Letter (as the card sheets)."""
    suffix = "" if paper.lower() == "a4" else f"-{paper.lower()}"
    return output_file(out_dir, rules.deck, f"{rules.id}-quickref{suffix}.pdf")


def _aid_sheet(paper: tuple[float, float], card: CardGeometry) -> SheetLayout:
    """The page, portrait or landscape, that holds the most player aids and leaves room for
    the footer above and below the grid (the grid is centred; footer_lines picks a side).
    Backs are printed flipping on the long edge: on a landscape page that reflects the rows."""
    reserve = 2 * (footer_room(FOOTER_SIZES[-1], MARK_GAP) + PRINTER_MARGIN - MARK_ZONE)
    portrait = plan_sheet(paper, card, reserve)
    landscape = dataclasses.replace(plan_sheet((paper[1], paper[0]), card, reserve), mirror="rows")
    return landscape if landscape.per_page > portrait.per_page else portrait


#: The papers a quick reference is printed on.
QUICKREF_PAPERS = ("a4", "letter")


def render_quickref(rules: GameRules, out_dir: Path, size: str = "poker", paper: str | None = None) -> Path:
    """Write <out_dir>/<deck>/<game>-quickref.pdf (-quickref-letter.pdf on Letter; the style's
    paper by default): a sheet of fronts and a sheet of backs (mirrored for long-edge duplex),
    each with bleed, crop marks and a footer saying what it is and how to print it; returns
    the path."""
    if size not in QUICKREF_SIZES:
        raise DeckgenError(f"unknown quickref size {size!r} (expected one of: {', '.join(QUICKREF_SIZES)})")
    style = load_quickref_style()
    paper = (paper or style.paper).lower()
    if paper not in QUICKREF_PAPERS:
        raise DeckgenError(f"unknown paper {paper!r} (expected one of: {', '.join(QUICKREF_PAPERS)})")
    geometry = CardGeometry(*CARD_SIZES[size], bleed=style.bleed_mm)
    front, back = quickref_faces(rules, geometry, style, size)
    paper_size = parse_paper(paper)
    layout = _aid_sheet(paper_size, geometry)
    regular, _ = fonts.register_fonts()
    marks = colors.HexColor(style.colours.crop_marks)
    target = quickref_path(rules, out_dir, paper)
    printing = ["Print at 100 % (actual size)", "double-sided, flip on the long edge"]
    with atomic_path(target) as temp:
        canvas = Canvas(
            str(temp), pagesize=(layout.page_width * mm, layout.page_height * mm), invariant=1,
            initialFontName=regular, initialFontSize=style.sizes.body,
        )
        canvas.setTitle(f"{rules.name}: quick reference")
        canvas.setAuthor(rules.metadata.designer)
        canvas.setCreator("deckgen")
        draw_sheet_side(canvas, front, layout, False, marks, [f"{rules.name}: quick reference, fronts", *printing])
        canvas.showPage()
        draw_sheet_side(canvas, back, layout, True, marks, [f"{rules.name}: quick reference, backs", *printing])
        canvas.showPage()
        canvas.save()
    return target
