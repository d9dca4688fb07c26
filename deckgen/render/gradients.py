"""SVG linear gradients as the painter fills shapes with them (render/painter.py).

* `gradient_ops(path, gradient, even_odd) -> list[str]`: PDF operators that fill the shape
  drawn by `path` with a `<linearGradient>`; `GradientProblem` for one the painter lacks.

Bands rather than a PDF shading: reportlab registers shadings on the page, which breaks
inside the reused Form XObjects every card is drawn into.
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET

from deckgen.model.colour import parse_colour
from deckgen.model.path_data import finite
from deckgen.render.svgpath import pdf_number

#: Gradients are drawn as this many colour bands (invisible steps at card sizes) ...
BANDS = 48
#: ... reaching this far (user units) beyond the gradient axis, to cover any clipped shape.
FAR = 1000.0


class GradientProblem(ValueError):
    """A gradient the painter cannot draw: said in one line naming the card."""


def gradient_ops(path: tuple[str, ...], gradient: ET.Element, even_odd: bool) -> list[str]:
    """Operators filling the shape `path` draws with the gradient, clipped to the shape: bands
    across the axis, each painted from its start to far beyond the end, so that later bands
    cover earlier ones without seams."""
    colours: list[tuple[float, float, float]] = []
    positions: list[float] = []
    for stop in gradient:
        rgb = parse_colour(stop.get("stop-color", "#000"))
        if rgb is None:
            raise GradientProblem("gradient stops need a colour")
        colours.append(rgb)
        positions.append(finite(stop.get("offset", "0")))
    if not colours:
        raise GradientProblem("linearGradient has no stops")
    if gradient.get("gradientUnits") != "userSpaceOnUse":
        raise GradientProblem('linearGradient needs gradientUnits="userSpaceOnUse"')
    x1, y1, x2, y2 = (finite(gradient.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
    length = math.hypot(x2 - x1, y2 - y1) or 1.0
    nx, ny = -(y2 - y1) / length * FAR, (x2 - x1) / length * FAR
    end_x, end_y = x1 + (x2 - x1) * FAR / length, y1 + (y2 - y1) * FAR / length
    ops = ["q", *path, "W* n" if even_odd else "W n"]
    for band in range(BANDS + 1):
        t = -FAR / length if band == 0 else (band - 0.5) / BANDS
        rgb = _interpolate(colours, positions, min(1.0, max(0.0, t)))
        sx, sy = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        ops.append(
            "%.4f %.4f %.4f rg " % rgb
            + f"{pdf_number(sx + nx)} {pdf_number(sy + ny)} m {pdf_number(end_x + nx)} {pdf_number(end_y + ny)} l "
            f"{pdf_number(end_x - nx)} {pdf_number(end_y - ny)} l {pdf_number(sx - nx)} {pdf_number(sy - ny)} l h f"
        )
    ops.append("Q")
    return ops


def _interpolate(
    colours: list[tuple[float, float, float]], positions: list[float], t: float
) -> tuple[float, float, float]:
    """The gradient colour at t (0..1) between its stops."""
    if t <= positions[0]:
        return colours[0]
    for index in range(1, len(positions)):
        if t <= positions[index]:
            span = positions[index] - positions[index - 1] or 1.0
            f = (t - positions[index - 1]) / span
            a, b = colours[index - 1], colours[index]
            return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f)
    return colours[-1]
