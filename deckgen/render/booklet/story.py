"""The booklet in reading order, and writing it: the reading-order PDF (A5 or half-Letter) and
its saddle-stitch imposition."""

from __future__ import annotations

import io
import math
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    KeepTogether,
    NextPageTemplate,
    PageBreak,
    Paragraph,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.tableofcontents import TableOfContents

from deckgen.errors import DeckgenError
from deckgen.fileio import output_file, write_atomic
from deckgen.model.deck import load_deck
from deckgen.model.deck_data import Deck
from deckgen.model.rules import GameRules, Section
from deckgen.render import fonts
from deckgen.render.booklet.content import (
    card_height_for,
    card_painter,
    composition_rows,
    metadata_line,
    option_default_text,
    option_range_text,
    rich,
    sample_cards,
    setup_rows,
    text_blocks,
)
from deckgen.render.booklet.diagram import BoardDiagram, DiagramLook
from deckgen.render.booklet.flowables import (
    BookletTemplate,
    CardFan,
    CardRow,
    Heading,
    TwoColumnEntries,
)
from deckgen.render.booklet.paper import DEFAULT_PAPER, BookletPaper
from deckgen.render.booklet.style import (
    BookletStyle,
    CardPainter,
    Styles,
    font_commands,
    load_booklet_style,
    make_styles,
)
from deckgen.render.imposition import impose_booklet

# --------------------------------------------------------------------------- style data

class StoryBuilder:
    """Turns rule and deck data into the booklet's flowables, numbering the headings."""

    def __init__(
        self, rules: GameRules, deck: Deck, style: BookletStyle, styles: Styles, painter: CardPainter,
        paper: BookletPaper,
    ):
        self.rules = rules
        self.paper = paper
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
        # Number columns are narrow, but never narrower than their longest heading word
        # (a half-Letter page is narrower than A5).
        narrow = [max(0.16 if h == "Players" else 0.17, self.word_share(h, self.styles.table_head)) for h in header]
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

    def diagrams(self) -> None:
        """Grid games: the start position and worked examples, drawn with the card faces."""
        if not self.rules.diagrams:
            return
        look = self.style.diagrams
        cards = {card.id: card for card in self.deck.cards}
        self.chapter_heading(self.style.titles.diagrams)
        chapter = [self.story.pop()]  # kept on the page of the first picture
        for diagram in self.rules.diagrams:
            drawing = BoardDiagram(diagram, diagram.grid == "hexagonal", cards, self.painter, DiagramLook(
                max_card_width=look.max_card_width_mm * mm,
                max_height=self.frame_height() * look.max_height_share,
                gap=look.gap_mm * mm,
                accent=colors.HexColor(self.style.colours.accent),
                muted=colors.HexColor(self.style.colours.muted),
                badge_font=self.styles.caption.fontName,
                badge_size=look.badge_size,
            ))
            self.sub_heading(diagram.title)
            heading = self.story.pop()  # kept on the page of its picture
            self.story.append(KeepTogether([*chapter, heading, drawing, Spacer(1, 2 * mm), *self.body(diagram.caption)]))
            chapter = []

    def variants(self) -> None:
        text = self.rules.text
        assert text is not None
        if not text.variants:
            return
        self.chapter_heading(self.style.titles.variants)
        for section in text.variants:
            self.section(section, sub=True)

    def how_deckgen_plays(self) -> None:
        """The closing chapter: what deckgen's engine decides beyond the table rules, the rule
        options by the names the command line takes, and the simulator's turn cap."""
        text = self.rules.text
        assert text is not None
        self.chapter_heading(self.style.titles.deckgen)
        if text.deckgen is not None:
            self.section(text.deckgen, sub=True)
        if self.rules.turn_cap:
            self.story += self.body(
                f"deckgen's simulator stops a game that reaches {self.rules.turn_cap} turns and counts it as "
                "unfinished, never as a win, in every statistic."
            )
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
            longest = max(self.word_share(name, self.styles.table) for name in self.rules.options)
            name_share = min(0.45, max(0.2, longest))
            self.story.append(self.table(cells, [name_share, 0.15, 0.85 - name_share], header=True))

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

    def word_share(self, text: str, style: ParagraphStyle) -> float:
        """The share of the text width a table column needs to hold the longest word of
        `text` unbroken, with the cell padding of `table`."""
        longest = max(stringWidth(word, style.fontName, style.fontSize) for word in text.split())
        return (longest + 9) / self.frame_width()

    def frame_width(self) -> float:
        page = self.style.page
        return self.paper.page[0] - (page.margin_inner_mm + page.margin_outer_mm) * mm

    def frame_height(self) -> float:
        page = self.style.page
        return self.paper.page[1] - (page.margin_top_mm + page.margin_bottom_mm) * mm

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
        self.diagrams()
        self.section(text.end)
        self.variants()
        self.rulings()
        if self.rules.turn_cap or self.rules.options or text.deckgen is not None:  # not for rules-only games
            self.how_deckgen_plays()
        return self.story


# --------------------------------------------------------------------------- entry points


def booklet_path(rules: GameRules, out_dir: Path, imposed: bool = False, paper: BookletPaper = DEFAULT_PAPER) -> Path:
    """<game>-rules.pdf, or -rules-booklet.pdf when imposed; the Letter set adds -letter."""
    kind = "rules-booklet" if imposed else "rules"
    return output_file(out_dir, rules.deck, f"{rules.id}-{kind}{paper.suffix}.pdf")


def require_text(rules: GameRules) -> None:
    if rules.text is None:
        raise DeckgenError(f"booklet {rules.id}: the rule data has no text: section to print ({rules.path})")


def booklet_pdf(rules: GameRules, paper: BookletPaper = DEFAULT_PAPER) -> bytes:
    """The booklet in reading order on `paper`'s page size, in memory (nothing half-written)."""
    require_text(rules)
    style = load_booklet_style()
    styles = make_styles(style)
    deck = load_deck(rules.deck)
    painter = card_painter(deck, colors.HexColor(style.colours.rule))
    out = io.BytesIO()
    doc = BookletTemplate(out, rules, deck, style, styles, paper)
    doc.multiBuild(StoryBuilder(rules, deck, style, styles, painter, paper).build())
    return out.getvalue()


def render_booklet(rules: GameRules, out_dir: Path, imposed: bool = False, paper: BookletPaper = DEFAULT_PAPER) -> list[Path]:
    """Write <out_dir>/<deck>/<game>-rules.pdf (reading order) and, when imposed, also
    <game>-rules-booklet.pdf (landscape sheets for saddle stitching); returns the paths.
    The Letter set's names end in -letter."""
    reading_order = booklet_pdf(rules, paper)
    written = [write_atomic(booklet_path(rules, out_dir, paper=paper), reading_order)]
    if imposed:
        written.append(render_imposed(rules, out_dir, paper, reading_order))
    return written


def render_imposed(rules: GameRules, out_dir: Path, paper: BookletPaper, reading_order: bytes | None = None) -> Path:
    """Write only the imposed booklet on `paper` (from `reading_order` when already built)."""
    pdf = impose_booklet(reading_order or booklet_pdf(rules, paper), paper.sheet)
    return write_atomic(booklet_path(rules, out_dir, imposed=True, paper=paper), pdf)
