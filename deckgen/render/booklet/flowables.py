"""The booklet's own flowables (headings for the contents, card rows and fans, two-column
entries) and its page template (cover, running headers and footers)."""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import (
    BaseDocTemplate,
    Flowable,
    Frame,
    PageTemplate,
    Paragraph,
)

from deckgen.model.deck_data import Card, Deck
from deckgen.model.rules import GameRules
from deckgen.render.booklet.content import metadata_line, rich
from deckgen.render.booklet.paper import BookletPaper
from deckgen.render.booklet.style import BookletStyle, CardPainter, Styles


class Heading(Paragraph):
    """A numbered heading: listed in the contents and in the PDF outline (bookmarks)."""

    def __init__(self, number: str, title: str, level: int, style: ParagraphStyle) -> None:
        #: As the PDF outline shows it (plain text), and as the contents page prints it
        #: (reportlab markup, the title escaped: a title is data, never markup).
        self.plain = f"{number} {title}"
        self.markup = f"{number} {rich(title)}"
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
        columns = (range(self.break_at), range(self.break_at, len(self.entries)))
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



class BookletTemplate(BaseDocTemplate):
    """Booklet pages (A5 or half-Letter): a cover, then left and right pages with a running
    head and page numbers, written to `out` (multiBuild lays the document out several times
    and keeps the last).

    Every page carries the style's bleed around its trim: the media box is the bleed box and
    the trim box is the page a reader holds, which is what print shops read. Only the cover
    panel prints into the bleed. Headings feed the table of contents and the PDF outline as
    they are laid out.
    """

    def __init__(
        self, out: io.BytesIO, rules: GameRules, deck: Deck, style: BookletStyle, styles: Styles, paper: BookletPaper
    ) -> None:
        self.rules = rules
        self.deck = deck
        self.style = style
        self.styles = styles
        self.paper = paper
        page = style.page
        self.bleed = page.bleed_mm * mm
        width, height = paper.page
        media = (width + 2 * self.bleed, height + 2 * self.bleed)
        super().__init__(
            out,
            pagesize=media,
            trimBox=(self.bleed, self.bleed, self.bleed + width, self.bleed + height),
            bleedBox=(0, 0, *media),
            invariant=1,
            initialFontName=styles.body.fontName,  # else every page names unembedded Helvetica
            initialFontSize=styles.body.fontSize,
            title=f"{rules.name}: rules",
            author=rules.metadata.designer,
            subject=metadata_line(rules),
            creator="deckgen",
        )
        frame_height = height - (page.margin_top_mm + page.margin_bottom_mm) * mm
        frame_width = width - (page.margin_inner_mm + page.margin_outer_mm) * mm
        bottom = self.bleed + page.margin_bottom_mm * mm

        def frame(name: str, left_mm: float) -> Frame:
            return Frame(self.bleed + left_mm * mm, bottom, frame_width, frame_height, id=name,
                         leftPadding=0, rightPadding=0, topPadding=0, bottomPadding=0)

        self.addPageTemplates([
            PageTemplate("cover", [frame("cover", page.margin_inner_mm)], onPage=self.draw_cover_page),
            PageTemplate("right", [frame("right", page.margin_inner_mm)], onPage=self.draw_page),
            PageTemplate("left", [frame("left", page.margin_outer_mm)], onPage=self.draw_page),
        ])

    def build(self, flowables: list[Flowable], *args: Any, **kwargs: Any) -> None:
        """One layout pass: it writes the whole document, so start the buffer afresh."""
        out = self.filename
        out.seek(0)
        out.truncate()
        super().build(flowables, *args, **kwargs)

    def draw_cover_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = self.paper.page
        bleed = self.bleed
        colours = self.style.colours
        panel_top = bleed + height * 0.3
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(colours.accent_light))
        canvas.rect(0, 0, width + 2 * bleed, panel_top, stroke=0, fill=1)  # into the bleed on three sides
        canvas.setFillColor(colors.HexColor(colours.accent))
        canvas.rect(0, panel_top, width + 2 * bleed, 1.2, stroke=0, fill=1)
        canvas.restoreState()
        page = self.style.page
        left = bleed + page.margin_inner_mm * mm
        text_width = width - (page.margin_inner_mm + page.margin_outer_mm) * mm
        blurb = [Paragraph(rich(self.style.titles.about_deck.format(deck=self.deck.name)), self.styles.question)]
        if self.deck.description:
            blurb.append(Paragraph(rich(self.deck.description), self.styles.body))
        y = panel_top - page.margin_bottom_mm * mm * 0.6
        for paragraph in blurb:
            _, used = paragraph.wrap(text_width, y)
            y -= used
            paragraph.drawOn(canvas, left, y)
            y -= paragraph.getSpaceAfter()

    def draw_page(self, canvas: Canvas, doc: BaseDocTemplate) -> None:
        width, height = self.paper.page
        page, sizes, colours = self.style.page, self.style.sizes, self.style.colours
        regular = self.styles.body.fontName
        number = canvas.getPageNumber()
        outer_right = number % 2 == 1
        canvas.saveState()
        canvas.translate(self.bleed, self.bleed)  # trim coordinates from here on
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
            self.notify("TOCEntry", (flowable.level, flowable.markup, self.page, flowable.key))
