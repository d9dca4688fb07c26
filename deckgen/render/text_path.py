"""Where the glyphs of a text set along a path go (a layout text's `path:` or `arc:`,
docs/layout-format.md): each glyph upright on the line at its own point, turned to the
line's direction there, as SVG's textPath places them.

* `arc_track(cx, cy, radius, start, end)` and `data_track(d, x, y)`: the line, in mm.
* `Track.length`; `Track.glyphs(advances, align, drop)`: each glyph's origin and angle.

The line is cut into short straight pieces (a degree of an arc, a 24th of a curve): a glyph
sits on the piece under its middle, which at card sizes is within a hundredth of a mm of the
true curve.
"""

from __future__ import annotations

import math
from bisect import bisect_right
from collections.abc import Sequence

from deckgen.model.path_data import Point, polylines

#: Pieces an arc is cut into per degree it turns.
ARC_STEPS_PER_DEGREE = 1


#: Where one glyph is drawn: its origin on the baseline (x, y, mm) and its turn (degrees, clockwise).
Glyph = tuple[float, float, float]


class Track:
    """A line as straight pieces, with the distance along it at which each piece starts."""

    def __init__(self, lines: Sequence[Sequence[Point]]) -> None:
        self.pieces: list[tuple[Point, Point]] = []
        self.starts: list[float] = []
        self.length = 0.0
        for line in lines:
            for a, b in zip(line, line[1:]):
                step = math.dist(a, b)
                if step > 0:
                    self.pieces.append((a, b))
                    self.starts.append(self.length)
                    self.length += step

    def at(self, distance: float) -> tuple[float, float, float]:
        """The point `distance` mm along the line (held to its ends) and the line's direction
        there, in radians clockwise from the x axis (y runs down)."""
        index = max(0, min(len(self.pieces) - 1, bisect_right(self.starts, distance) - 1))
        (x0, y0), (x1, y1) = self.pieces[index]
        step = math.dist((x0, y0), (x1, y1))
        t = (distance - self.starts[index]) / step
        return x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, math.atan2(y1 - y0, x1 - x0)

    def glyphs(self, advances: Sequence[float], align: str, drop: float) -> list[Glyph]:
        """Glyphs of these advance widths (mm) set one after another along the line: from its
        start (`left`), centred on it or ending at its end (`right`); each glyph's middle on
        the line, its baseline `drop` mm below the line (negative: above)."""
        slack = self.length - sum(advances)
        distance = {"left": 0.0, "center": slack / 2, "right": slack}[align]
        out = []
        for advance in advances:
            x, y, turn = self.at(distance + advance / 2)
            cos, sin = math.cos(turn), math.sin(turn)
            # back half the advance along the line, then down (the glyph's own down) by `drop`
            out.append((x - cos * advance / 2 - sin * drop, y - sin * advance / 2 + cos * drop, math.degrees(turn)))
            distance += advance
        return out


def arc_track(cx: float, cy: float, radius: float, start: float, end: float) -> Track:
    """A circle's arc from `start` to `end` degrees, clockwise from the top (counter-clockwise
    when `end` is smaller)."""
    steps = max(2, math.ceil(abs(end - start) * ARC_STEPS_PER_DEGREE))
    points = []
    for step in range(steps + 1):
        turn = math.radians(start + (end - start) * step / steps)
        points.append((cx + radius * math.sin(turn), cy - radius * math.cos(turn)))
    return Track([points])


def data_track(d: str, x: float, y: float) -> Track:
    """The line SVG path data draws, its coordinates mm from (x, y); subpaths follow each
    other (the jump between them holds no text)."""
    return Track([[(x + px, y + py) for px, py in line] for line in polylines(d)])
