"""Board diagrams for grid games: the rule data's `diagrams` drawn with the real card faces.

The scenario tests replay the same cells, so a picture in the booklet is a position the
engine has been checked on. Square grids put each card on its (column, row); hexagonal grids
(axial q, r) shift each row half a card to the right of the row above, as the text board
does. A stack shows its top card with the count in a badge; a `turned` stack lies sideways,
as it does on the table (then every cell is as wide as a card is tall); every owned stack
carries its player (P1 for seat 0, as the rules count players); marked cells get an accent outline, and marked empty cells a dashed one
(where a card may go).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from reportlab.lib import colors
from reportlab.platypus import Flowable

from deckgen.model.deck_data import Card
from deckgen.model.rules import Diagram
from deckgen.render.booklet.content import card_height_for
from deckgen.render.booklet.style import CardPainter


@dataclass(frozen=True)
class DiagramLook:
    """Sizes and colours of a diagram, in points."""

    max_card_width: float
    max_height: float
    gap: float
    accent: colors.Color
    muted: colors.Color
    badge_font: str
    badge_size: float


class BoardDiagram(Flowable):
    """One diagram, centred in the frame, scaled so the whole board fits the width and height."""

    def __init__(self, diagram: Diagram, hexagonal: bool, cards: Mapping[str, Card], painter: CardPainter,
                 look: DiagramLook) -> None:
        super().__init__()
        self.diagram = diagram
        self.hexagonal = hexagonal
        self.cards = cards
        self.painter = painter
        self.look = look
        spots = [(c.at[0], c.at[1]) for c in diagram.cells] + [(m[0], m[1]) for m in diagram.marked]
        self.columns = {spot: self._column(spot[0], spot[1]) for spot in spots}
        self.rows = {spot: spot[1] for spot in spots}
        self.sideways = any(cell.turned for cell in diagram.cells)
        self.card_width = 0.0

    def _column(self, col: int, row: int) -> float:
        """The cell's column in card pitches (half pitches on a hexagonal grid)."""
        return col + row / 2 if self.hexagonal else float(col)

    def _span(self) -> tuple[float, float]:
        columns, rows = self.columns.values(), self.rows.values()
        return max(columns) - min(columns) + 1, max(rows) - min(rows) + 1

    def _cell_size(self) -> tuple[float, float]:
        """A cell's width and height: a card's, or a square a sideways card fits in."""
        height = card_height_for(self.card_width)
        return (height, height) if self.sideways else (self.card_width, height)

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        span_x, span_y = self._span()
        look = self.look
        ratio = card_height_for(1.0)
        across = ratio if self.sideways else 1.0
        by_width = (available_width - (span_x - 1) * look.gap) / span_x / across
        by_height = (look.max_height - (span_y - 1) * look.gap) / span_y / ratio
        self.card_width = min(look.max_card_width, by_width, by_height)
        self.width = available_width
        self.height = span_y * self._cell_size()[1] + (span_y - 1) * look.gap
        return self.width, self.height

    def _origin(self, spot: tuple[int, int]) -> tuple[float, float]:
        """The lower-left corner of a cell, rows growing downwards on the page."""
        span_x, _ = self._span()
        cell_width, cell_height = self._cell_size()
        pitch_x = cell_width + self.look.gap
        pitch_y = cell_height + self.look.gap
        left = (self.width - (span_x * pitch_x - self.look.gap)) / 2
        x = left + (self.columns[spot] - min(self.columns.values())) * pitch_x
        y = self.height - (self.rows[spot] - min(self.rows.values()) + 1) * pitch_y + self.look.gap
        return x, y

    def draw(self) -> None:
        canvas, look = self.canv, self.look
        width, height = self.card_width, card_height_for(self.card_width)
        cell_width, cell_height = self._cell_size()
        marked = {(m[0], m[1]) for m in self.diagram.marked}
        occupied: dict[tuple[int, int], bool] = {}
        for cell in self.diagram.cells:
            spot = (cell.at[0], cell.at[1])
            occupied[spot] = cell.turned
            x, y = self._origin(spot)
            canvas.saveState()
            if cell.turned:  # a quarter turn clockwise, centred in its square cell
                canvas.translate(x, y + (cell_height + width) / 2)
                canvas.rotate(-90)
            else:
                canvas.translate(x + (cell_width - width) / 2, y)
            self.painter(canvas, self.cards[cell.cards[-1]], width)
            canvas.restoreState()
            badges = []
            if len(cell.cards) > 1:
                badges.append(f"x{len(cell.cards)}")
            if cell.owner >= 0:
                badges.append(f"P{cell.owner + 1}")  # players as the rules count them
            if badges:
                self._badge(x + cell_width, y, " ".join(badges))
        for spot in marked:
            x, y = self._origin(spot)
            turned = occupied.get(spot, False)
            box_width, box_height = (height, width) if turned else (width, height)
            left = x + (cell_width - box_width) / 2
            bottom = y + (cell_height - box_height) / 2
            canvas.saveState()
            canvas.setStrokeColor(look.accent)
            canvas.setLineWidth(1.6)
            if spot not in occupied:
                canvas.setDash(2, 1.5)
            canvas.roundRect(left - 1, bottom - 1, box_width + 2, box_height + 2, width * 0.08, stroke=1, fill=0)
            canvas.restoreState()

    def _badge(self, right: float, bottom: float, text: str) -> None:
        """A small label at the cell's lower right: stack height and owner."""
        canvas, look = self.canv, self.look
        text_width = canvas.stringWidth(text, look.badge_font, look.badge_size)
        pad = look.badge_size * 0.3
        canvas.saveState()
        canvas.setFillColor(colors.white)
        canvas.setStrokeColor(look.muted)
        canvas.setLineWidth(0.4)
        canvas.rect(right - text_width - 2 * pad, bottom, text_width + 2 * pad, look.badge_size + pad, stroke=1, fill=1)
        canvas.setFillColor(colors.black)
        canvas.setFont(look.badge_font, look.badge_size)
        canvas.drawString(right - text_width - pad, bottom + pad * 0.8, text)
        canvas.restoreState()
