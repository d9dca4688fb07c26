"""SVG geometry for the painter and the contrast check: transforms, the style SVG elements
inherit, and path data (arcs included) turned into the move, line and curve operations a PDF
path is made of.

* `parse_transform(text) -> Matrix`, `multiply(m, n)`, `apply_matrix(m, x, y)`.
* `PathBuilder(ops)`: collects PDF path operators; `trace_shape` feeds it a basic shape and
  model/path_data.py's `trace_path` SVG path data; `path_ops(d)` is the cached operators of
  path data.
* `numbers(text)`, `pdf_number(value)`: numbers read from and written to the page.
* `DEFAULT_STYLE`, `INHERITED_STYLE`, `SHAPES`, `LINE_CAPS`, `LINE_JOINS`, `DATA_ATTRIBUTES`,
  `SVG_NS`: the subset of SVG the painter draws.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache

from deckgen.model.path_data import finite, trace_path
from deckgen.render import fonts


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

SVG_NS = "{http://www.w3.org/2000/svg}"
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate)\s*\(([^)]*)\)")
_SPLIT = re.compile(r"[\s,]+")
INHERITED_STYLE = (
    "fill",
    "stroke",
    "stroke-width",
    "stroke-linecap",
    "stroke-linejoin",
    "stroke-dasharray",
    "fill-rule",
    "font-family",
    "font-size",
    "font-weight",
    "font-style",
    "text-anchor",
)
DEFAULT_STYLE = {
    "fill": "#000",
    "stroke": "none",
    "stroke-width": "1",
    "stroke-linecap": "butt",
    "stroke-linejoin": "miter",
    "stroke-dasharray": "none",
    "fill-rule": "nonzero",
    "font-family": fonts.FAMILY,
    "font-size": "4",
    "font-weight": "normal",
    "font-style": "normal",
    "text-anchor": "start",
}
SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path"}
LINE_CAPS = {"butt": 0, "round": 1, "square": 2}
LINE_JOINS = {"miter": 0, "round": 1, "bevel": 2}
# Attributes that only carry data or are handled elsewhere.
DATA_ATTRIBUTES = {"id", "class", "data-safe", "data-name", "viewBox", "width", "height", "version"}


def multiply(m: Matrix, n: Matrix) -> Matrix:
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + c * b2,
        b * a2 + d * b2,
        a * c2 + c * d2,
        b * c2 + d * d2,
        a * e2 + c * f2 + e,
        b * e2 + d * f2 + f,
    )


def apply_matrix(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def numbers(text: str) -> list[float]:
    return [finite(v) for v in _SPLIT.split(text.strip()) if v]


@lru_cache(maxsize=4096)
def parse_transform(text: str) -> Matrix:
    """An SVG transform list as one matrix; cached, as cards repeat their transforms."""
    matrix = IDENTITY
    for kind, args in _TRANSFORM.findall(text):
        v = numbers(args)
        if kind == "translate":
            local = (1.0, 0.0, 0.0, 1.0, v[0], v[1] if len(v) > 1 else 0.0)
        elif kind == "scale":
            local = (v[0], 0.0, 0.0, v[1] if len(v) > 1 else v[0], 0.0, 0.0)
        elif kind == "rotate":
            r = math.radians(v[0])
            cos, sin = math.cos(r), math.sin(r)
            local = (cos, sin, -sin, cos, 0.0, 0.0)
            if len(v) == 3:
                cx, cy = v[1], v[2]
                local = multiply(multiply((1, 0, 0, 1, cx, cy), local), (1, 0, 0, 1, -cx, -cy))
        else:
            local = (v[0], v[1], v[2], v[3], v[4], v[5])
        matrix = multiply(matrix, local)
    return matrix


def pdf_number(value: float) -> str:
    """A number for the PDF content stream (3 decimals: 1/1000 mm in card units); finite
    numbers can still multiply to infinity (a huge scale), which is refused here."""
    if not math.isfinite(value):
        raise ValueError("a coordinate too large to draw (check the viewBox, sizes and transforms)")
    return "%.3f" % value


class PathBuilder:
    """Collects path segments as PDF path operators (numbers written as pdf_number writes them,
    without a call per number: a deck's cards write tens of thousands)."""

    def __init__(self, ops: list[str]) -> None:
        self.ops = ops

    def move(self, x: float, y: float) -> None:
        self.ops.append(f"{x:.3f} {y:.3f} m")

    def line(self, x: float, y: float) -> None:
        self.ops.append(f"{x:.3f} {y:.3f} l")

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.ops.append(f"{x1:.3f} {y1:.3f} {x2:.3f} {y2:.3f} {x:.3f} {y:.3f} c")

    def close(self) -> None:
        self.ops.append("h")

    def ellipse(self, cx: float, cy: float, rx: float, ry: float) -> None:
        kx, ky = rx * _KAPPA, ry * _KAPPA
        self.move(cx + rx, cy)
        self.curve(cx + rx, cy + ky, cx + kx, cy + ry, cx, cy + ry)
        self.curve(cx - kx, cy + ry, cx - rx, cy + ky, cx - rx, cy)
        self.curve(cx - rx, cy - ky, cx - kx, cy - ry, cx, cy - ry)
        self.curve(cx + kx, cy - ry, cx + rx, cy - ky, cx + rx, cy)
        self.close()

    def rect(self, x: float, y: float, w: float, h: float, r: float) -> None:
        if r <= 0:
            self.ops.append(f"{x:.3f} {y:.3f} {w:.3f} {h:.3f} re")
            return
        r = min(r, w / 2, h / 2)
        k = r * _KAPPA
        self.move(x + r, y)
        self.line(x + w - r, y)
        self.curve(x + w - r + k, y, x + w, y + r - k, x + w, y + r)
        self.line(x + w, y + h - r)
        self.curve(x + w, y + h - r + k, x + w - r + k, y + h, x + w - r, y + h)
        self.line(x + r, y + h)
        self.curve(x + r - k, y + h, x, y + h - r + k, x, y + h - r)
        self.line(x, y + r)
        self.curve(x, y + r - k, x + r - k, y, x + r, y)
        self.close()


#: Control-point distance of a cubic Bezier quarter circle.
_KAPPA = 0.5522847498


def trace_shape(tag: str, number: dict[str, float], points: str, out: PathBuilder) -> None:
    """The segments of a basic shape (rect, circle, ellipse, line, polyline, polygon; not a
    path) into `out`: the painter writes them as PDF operators, the contrast check flattens them."""
    if tag == "rect":
        out.rect(number.get("x", 0.0), number.get("y", 0.0), number["width"], number["height"],
                 number.get("rx", number.get("ry", 0.0)))
    elif tag == "circle":
        out.ellipse(number.get("cx", 0.0), number.get("cy", 0.0), number["r"], number["r"])
    elif tag == "ellipse":
        out.ellipse(number.get("cx", 0.0), number.get("cy", 0.0), number["rx"], number["ry"])
    elif tag == "line":
        out.move(number.get("x1", 0.0), number.get("y1", 0.0))
        out.line(number.get("x2", 0.0), number.get("y2", 0.0))
    elif tag in ("polyline", "polygon"):
        coordinates = numbers(points)
        out.move(coordinates[0], coordinates[1])
        for index in range(2, len(coordinates) - 1, 2):
            out.line(coordinates[index], coordinates[index + 1])
        if tag == "polygon":
            out.close()


@lru_cache(maxsize=4096)
def path_ops(d: str) -> tuple[str, ...]:
    """PDF operators for SVG path data; cached because icons repeat on many cards."""
    ops: list[str] = []
    trace_path(d, PathBuilder(ops))
    return tuple(ops)
