"""A two-sided test sheet that measures how far a duplex printer shifts the back of a page
against its front, in the page size, orientation and flip of a card sheet.

The front has five crosshairs (centre and near each corner) and a 100 mm scale to check
that the page printed at actual size. Behind each crosshair, the back has a pair of scales
in millimetres whose zero is where the crosshair should be. Held against a light with the
back facing you, the front's vertical line crosses the horizontal scale at X and its
horizontal line crosses the vertical scale at Y: `--back-offset X,Y` moves every back page
by that much (right and up as seen on the back), which puts the zero under the crosshair.
"""

from __future__ import annotations

import io
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.fileio import output_file
from deckgen.model.geometry import MM_TO_PT, SheetLayout
from deckgen.render.sheets import (
    FONT,
    FONT_BOLD,
    check_back_offset,
    new_canvas,
    save_canvas,
)

if TYPE_CHECKING:
    from reportlab.pdfgen.canvas import Canvas

#: Targets sit this far (mm) in from the sides and from the top and bottom.
TARGET_INSET = (40.0, 55.0)
#: Crosshair arm length and scale half-length (mm); scale ticks every half millimetre.
ARM = 20.0
SCALE_REACH = 10
LINE_WIDTH = 0.5


def targets(width: float, height: float) -> list[tuple[str, float, float]]:
    """(label, x, y) of the five targets on the front, in mm from the lower-left corner."""
    ix, iy = TARGET_INSET
    return [("A", ix, height - iy), ("B", width - ix, height - iy), ("C", width / 2, height / 2),
            ("D", ix, iy), ("E", width - ix, iy)]


def render_calibration(layout: SheetLayout, hint: str, back_offset: tuple[float, float] = (0.0, 0.0)) -> bytes:
    """The calibration PDF (front page, then back page) for a sheet layout's page and flip."""
    check_back_offset(back_offset)
    width, height = layout.page_width, layout.page_height
    buffer = io.BytesIO()
    canvas = new_canvas(buffer, (width, height), "deckgen duplex calibration")
    canvas.setSubject(f"print double-sided at 100 % (actual size), {hint}")
    _front(canvas, width, height, hint)
    canvas.showPage()
    _back(canvas, layout, hint, back_offset)
    canvas.showPage()
    return save_canvas(canvas, buffer)


def _text(canvas: Canvas, x: float, y: float, lines: list[str], size: float = 8.0) -> None:
    canvas.setFillColorRGB(0, 0, 0)
    for number, line in enumerate(lines):
        canvas.setFont(FONT_BOLD if number == 0 else FONT, size + (2 if number == 0 else 0))
        canvas.drawString(x * MM_TO_PT, (y - number * (size + 3) / MM_TO_PT) * MM_TO_PT, line)


def _front(canvas: Canvas, width: float, height: float, hint: str) -> None:
    _text(canvas, 15, height - 14, [
        "Duplex calibration: front",
        f"Print this file double-sided at 100 % (actual size, no scaling), {hint}.",
        "Check: the scale below must measure exactly 100 mm; if not, turn off 'fit to page'.",
        "Then turn the sheet over and read the back.",
    ])
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(LINE_WIDTH)
    left, base = (width - 100) / 2, height / 2 - 35
    lines = [(left, base, left + 100, base)]
    lines += [(left + mm, base, left + mm, base + (4 if mm % 10 == 0 else 2)) for mm in range(101)]
    canvas.lines([tuple(v * MM_TO_PT for v in line) for line in lines])
    canvas.setFont(FONT, 7)
    for mm in range(0, 101, 10):
        canvas.drawCentredString((left + mm) * MM_TO_PT, (base + 5.5) * MM_TO_PT, str(mm))
    for label, x, y in targets(width, height):
        canvas.lines([((x - ARM) * MM_TO_PT, y * MM_TO_PT, (x + ARM) * MM_TO_PT, y * MM_TO_PT),
                      (x * MM_TO_PT, (y - ARM) * MM_TO_PT, x * MM_TO_PT, (y + ARM) * MM_TO_PT)])
        canvas.setFont(FONT_BOLD, 10)
        canvas.drawString((x + 2) * MM_TO_PT, (y + 2) * MM_TO_PT, label)


def _back(canvas: Canvas, layout: SheetLayout, hint: str, offset: tuple[float, float]) -> None:
    width, height = layout.page_width, layout.page_height
    _text(canvas, 15, height - 14, [
        "Duplex calibration: back",
        "Hold the sheet against a light with this side facing you. At target C, the front's",
        "vertical line crosses the horizontal scale at X, its horizontal line the vertical scale at Y",
        "(in mm; + is right and up). Then print cards with: deckgen render cards DECK --back-offset X,Y",
        "Targets A, B, D and E should read about the same; if they differ, the printer also turns",
        "or scales the back: use the reading at C, the centre of the page.",
    ])
    if offset != (0.0, 0.0):
        _text(canvas, 15, 20, [(f"Printed with --back-offset {offset[0]:g},{offset[1]:g}: "
                               "every scale should now read 0 at its crosshair.")], size=7)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setLineWidth(0.3)
    for label, fx, fy in targets(width, height):
        x, y = (width - fx, fy) if layout.mirror == "columns" else (fx, height - fy)
        _scales(canvas, x + offset[0], y + offset[1], label)


def _scales(canvas: Canvas, x: float, y: float, label: str) -> None:
    """A horizontal and a vertical millimetre scale with their zero at (x, y)."""
    lines = [(x - SCALE_REACH, y, x + SCALE_REACH, y), (x, y - SCALE_REACH, x, y + SCALE_REACH)]
    for half in range(-2 * SCALE_REACH, 2 * SCALE_REACH + 1):
        at = half / 2
        tick = 2.5 if half % 10 == 0 else 1.6 if half % 2 == 0 else 0.9
        lines.append((x + at, y, x + at, y - tick))
        lines.append((x, y + at, x + tick, y + at))
    canvas.lines([tuple(v * MM_TO_PT for v in line) for line in lines])
    canvas.setFont(FONT, 5)
    for value in range(-SCALE_REACH, SCALE_REACH + 1, 5):  # X above its scale, Y left of its own
        text = f"{value:+d}" if value else "0"
        canvas.drawCentredString((x + value) * MM_TO_PT, (y + 1.2) * MM_TO_PT, text)
        if value:
            canvas.drawRightString((x - 1.2) * MM_TO_PT, (y + value - 0.6) * MM_TO_PT, text)
    canvas.setFont(FONT_BOLD, 9)
    canvas.drawString((x - SCALE_REACH - 4) * MM_TO_PT, (y + 3) * MM_TO_PT, label)


def calibration_path(output_root: Path, sheet_name: str) -> Path:
    """Where the calibration sheet goes: <root>/calibration/duplex-calibration-<sheet>.pdf."""
    return output_file(output_root, "calibration", f"duplex-calibration-{sheet_name}.pdf")
