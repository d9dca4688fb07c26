"""SVG geometry for the painter and the contrast check: transforms, the style SVG elements
inherit, and path data (arcs included) turned into the move, line and curve operations a PDF
path is made of.

* `parse_transform(text) -> Matrix`, `multiply(m, n)`, `apply_matrix(m, x, y)`.
* `PathBuilder(ops)`: collects PDF path operators; `trace_shape` and `trace_path` feed it a
  basic shape or SVG path data; `path_ops(d)` is the cached operators of path data.
* `numbers(text)`, `finite(text)`, `pdf_number(value)`: numbers read from and written to the page.
* `DEFAULT_STYLE`, `INHERITED_STYLE`, `SHAPES`, `LINE_CAPS`, `LINE_JOINS`, `DATA_ATTRIBUTES`,
  `SVG_NS`: the subset of SVG the painter draws.
"""

from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Iterator

from deckgen.render import fonts


Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)

SVG_NS = "{http://www.w3.org/2000/svg}"
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate)\s*\(([^)]*)\)")
_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
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


def finite(text: str) -> float:
    """An SVG number; `nan`, `inf` and overflows such as `1e999` are refused (ValueError):
    written into a PDF they make a file that viewers refuse to draw."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text.strip()!r} is not a finite number")
    return value


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


def _arc_to_beziers(
    x1: float, y1: float, rx: float, ry: float, phi_deg: float, large: bool, sweep: bool,
    x2: float, y2: float,
) -> Iterator[tuple[float, float, float, float, float, float]]:
    """Cubic Bezier segments approximating an SVG elliptical arc (SVG spec, appendix F.6)."""
    if rx == 0 or ry == 0 or (x1 == x2 and y1 == y2):
        yield (x1, y1, x2, y2, x2, y2)
        return
    rx, ry = abs(rx), abs(ry)
    phi = math.radians(phi_deg)
    cos_p, sin_p = math.cos(phi), math.sin(phi)
    dx, dy = (x1 - x2) / 2, (y1 - y2) / 2
    x1p = cos_p * dx + sin_p * dy
    y1p = -sin_p * dx + cos_p * dy
    scale = (x1p / rx) ** 2 + (y1p / ry) ** 2
    if scale > 1:
        rx, ry = rx * math.sqrt(scale), ry * math.sqrt(scale)
    num = rx * rx * ry * ry - rx * rx * y1p * y1p - ry * ry * x1p * x1p
    den = rx * rx * y1p * y1p + ry * ry * x1p * x1p
    coef = math.sqrt(max(0.0, num / den)) if den else 0.0
    if large == sweep:
        coef = -coef
    cxp, cyp = coef * rx * y1p / ry, -coef * ry * x1p / rx
    cx = cos_p * cxp - sin_p * cyp + (x1 + x2) / 2
    cy = sin_p * cxp + cos_p * cyp + (y1 + y2) / 2

    def angle(ux: float, uy: float, vx: float, vy: float) -> float:
        a = math.atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        return a

    theta = angle(1, 0, (x1p - cxp) / rx, (y1p - cyp) / ry)
    delta = angle((x1p - cxp) / rx, (y1p - cyp) / ry, (-x1p - cxp) / rx, (-y1p - cyp) / ry)
    if not sweep and delta > 0:
        delta -= 2 * math.pi
    elif sweep and delta < 0:
        delta += 2 * math.pi
    segments = max(1, math.ceil(abs(delta) / (math.pi / 2) - 1e-9))
    step = delta / segments
    k = 4 / 3 * math.tan(step / 4)

    def point(t: float) -> tuple[float, float]:
        ex, ey = rx * math.cos(t), ry * math.sin(t)
        return (cos_p * ex - sin_p * ey + cx, sin_p * ex + cos_p * ey + cy)

    def deriv(t: float) -> tuple[float, float]:
        ex, ey = -rx * math.sin(t), ry * math.cos(t)
        return (cos_p * ex - sin_p * ey, sin_p * ex + cos_p * ey)

    t = theta
    for _ in range(segments):
        p0, p3 = point(t), point(t + step)
        d0, d3 = deriv(t), deriv(t + step)
        yield (
            p0[0] + k * d0[0],
            p0[1] + k * d0[1],
            p3[0] - k * d3[0],
            p3[1] - k * d3[1],
            p3[0],
            p3[1],
        )
        t += step


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


def trace_path(d: str, out: PathBuilder) -> None:
    """Feed the SVG path data `d` (all commands, absolute and relative) into `out`."""
    tokens = _PATH_TOKEN.findall(d)
    i = 0
    command = ""
    x = y = start_x = start_y = 0.0
    last_control: tuple[float, float] | None = None
    last_quad: tuple[float, float] | None = None

    def take(n: int) -> list[float]:
        nonlocal i
        values = tokens[i : i + n]
        if len(values) < n or any(v.isalpha() for v in values):
            raise ValueError(f"path data ends early near {' '.join(tokens[i:i + n])!r}")
        i += n
        return [finite(v) for v in values]

    while i < len(tokens):
        if tokens[i].isalpha():
            command = tokens[i]
            i += 1
        elif not command:
            raise ValueError("path data must start with a command")
        rel = command.islower()
        kind = command.upper()
        ox, oy = (x, y) if rel else (0.0, 0.0)
        control: tuple[float, float] | None = None
        quad: tuple[float, float] | None = None
        if kind == "Z":
            out.close()
            x, y = start_x, start_y
            command = ""
        elif kind == "M":
            px, py = take(2)
            x, y = ox + px, oy + py
            start_x, start_y = x, y
            out.move(x, y)
            command = "l" if rel else "L"
        elif kind == "L":
            px, py = take(2)
            x, y = ox + px, oy + py
            out.line(x, y)
        elif kind == "H":
            (px,) = take(1)
            x = ox + px
            out.line(x, y)
        elif kind == "V":
            (py,) = take(1)
            y = (y if rel else 0.0) + py
            out.line(x, y)
        elif kind in ("C", "S"):
            if kind == "C":
                c1x, c1y, c2x, c2y, px, py = take(6)
                c1x, c1y = ox + c1x, oy + c1y
            else:
                c2x, c2y, px, py = take(4)
                c1x, c1y = (2 * x - last_control[0], 2 * y - last_control[1]) if last_control else (x, y)
            c2x, c2y, px, py = ox + c2x, oy + c2y, ox + px, oy + py
            out.curve(c1x, c1y, c2x, c2y, px, py)
            control = (c2x, c2y)
            x, y = px, py
        elif kind in ("Q", "T"):
            if kind == "Q":
                qx, qy, px, py = take(4)
                qx, qy = ox + qx, oy + qy
            else:
                px, py = take(2)
                qx, qy = (2 * x - last_quad[0], 2 * y - last_quad[1]) if last_quad else (x, y)
            px, py = ox + px, oy + py
            out.curve(
                x + 2 / 3 * (qx - x), y + 2 / 3 * (qy - y),
                px + 2 / 3 * (qx - px), py + 2 / 3 * (qy - py),
                px, py,
            )
            quad = (qx, qy)
            x, y = px, py
        elif kind == "A":
            rx, ry, phi, large, sweep, px, py = take(7)
            px, py = ox + px, oy + py
            for segment in _arc_to_beziers(x, y, rx, ry, phi, bool(large), bool(sweep), px, py):
                out.curve(*segment)
            x, y = px, py
        else:
            raise ValueError(f"unknown path command {command!r}")
        last_control, last_quad = control, quad


@lru_cache(maxsize=4096)
def path_ops(d: str) -> tuple[str, ...]:
    """PDF operators for SVG path data; cached because icons repeat on many cards."""
    ops: list[str] = []
    trace_path(d, PathBuilder(ops))
    return tuple(ops)
