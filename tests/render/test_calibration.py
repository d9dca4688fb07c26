"""The duplex calibration sheet: scales sit exactly behind the front's crosshairs for the
sheet's flip, and --back-offset moves them by exactly the offset."""

from __future__ import annotations

import io
import re

from pypdf import PdfReader

from deckgen.model.geometry import MM_TO_PT
from deckgen.render.calibration import SCALE_REACH, render_calibration, targets
from deckgen.render.sheets import SheetOptions

LINE = re.compile(r"(-?[\d.]+) (-?[\d.]+) m (-?[\d.]+) (-?[\d.]+) l")


def scale_zeros(pdf: bytes) -> set[tuple[float, float]]:
    """Where the back's scales cross: the middle of each full-length horizontal scale line."""
    content = PdfReader(io.BytesIO(pdf)).pages[1].get_contents().get_data().decode("latin-1")
    zeros = set()
    for x0, y0, x1, y1 in (tuple(float(v) / MM_TO_PT for v in m) for m in LINE.findall(content)):
        if abs(y0 - y1) < 1e-6 and abs(abs(x1 - x0) - 2 * SCALE_REACH) < 1e-3:
            zeros.add((round((x0 + x1) / 2, 2), round(y0, 2)))
    return zeros


def test_scales_sit_behind_the_crosshairs_for_each_flip() -> None:
    a4 = SheetOptions(paper="a4").layout()
    assert scale_zeros(render_calibration(a4, "flip on the long edge")) == {
        (round(210 - x, 2), round(y, 2)) for _, x, y in targets(210, 297)}
    letter = SheetOptions(paper="letter").layout()  # landscape, flipped on the long edge: rows mirror
    assert scale_zeros(render_calibration(letter, "flip on the long edge")) == {
        (round(x, 2), round(215.9 - y, 2)) for _, x, y in targets(279.4, 215.9)}


def test_back_offset_moves_the_scales_exactly() -> None:
    a4 = SheetOptions(paper="a4").layout()
    plain = scale_zeros(render_calibration(a4, "flip on the long edge"))
    moved = scale_zeros(render_calibration(a4, "flip on the long edge", (0.75, -1.5)))
    assert moved == {(round(x + 0.75, 2), round(y - 1.5, 2)) for x, y in plain}
    text = PdfReader(io.BytesIO(render_calibration(a4, "flip on the long edge"))).pages[0].extract_text()
    assert "100 %" in text and "flip on the long edge" in text
