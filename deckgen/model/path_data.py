"""SVG path data (`M 0 10 C 5 0 15 0 20 10 A 5 5 0 0 1 30 10 Z`, every command, absolute and
relative) read into the segments a drawing is made of: for the painter's PDF paths, the
contrast check's outlines and text set along a path. Pure geometry, below the layouts that
check path data when they are read.

* `trace_path(d, out)`: feed the segments (move, line, cubic curve, close) into `out`;
  ValueError naming what is wrong.
* `polylines(d, steps)`: the path cut into lines (each curve into `steps`), one list of
  points per subpath.
* `finite(text)`: a number that is not nan or infinite.
"""

from __future__ import annotations

import math
import re
from typing import Iterator, Protocol

_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")

Point = tuple[float, float]


class PathSink(Protocol):
    """What path data is traced into."""

    def move(self, x: float, y: float) -> None: ...
    def line(self, x: float, y: float) -> None: ...
    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None: ...
    def close(self) -> None: ...


def finite(text: str) -> float:
    """An SVG number; `nan`, `inf` and overflows such as `1e999` are refused (ValueError):
    written into a PDF they make a file that viewers refuse to draw."""
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"{text.strip()!r} is not a finite number")
    return value


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


def trace_path(d: str, out: PathSink) -> None:
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


def bezier_points(start: Point, c1: Point, c2: Point, end: Point, steps: int) -> Iterator[Point]:
    """Points along a cubic Bezier curve after its start, `steps` of them, the last its end."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = start, c1, c2, end
    for step in range(1, steps + 1):
        t = step / steps
        s = 1 - t
        yield (s**3 * x0 + 3 * s * s * t * x1 + 3 * s * t * t * x2 + t**3 * x3,
               s**3 * y0 + 3 * s * s * t * y1 + 3 * s * t * t * y2 + t**3 * y3)


class _Polylines:
    """Collects traced path data as lists of points, curves cut into short lines."""

    def __init__(self, steps: int) -> None:
        self.steps = steps
        self.lines: list[list[Point]] = []

    def move(self, x: float, y: float) -> None:
        self.lines.append([(x, y)])

    def line(self, x: float, y: float) -> None:
        self.lines[-1].append((x, y))

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.lines[-1].extend(bezier_points(self.lines[-1][-1], (x1, y1), (x2, y2), (x, y), self.steps))

    def close(self) -> None:
        first = self.lines[-1][0]
        self.lines[-1].append(first)
        self.lines.append([first])  # a command after Z starts from the subpath's start


def polylines(d: str, steps: int = 24) -> list[list[Point]]:
    """The path data as polylines (each curve cut into `steps` lines), one per subpath with
    at least one segment; ValueError when the data is malformed."""
    out = _Polylines(steps)
    trace_path(d, out)
    return [line for line in out.lines if len(line) > 1]
