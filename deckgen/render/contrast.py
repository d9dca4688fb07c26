"""Text contrast on card art, after WCAG 2: relative luminance and contrast ratio, and the
colour beneath every `<text>` of a card's SVG.

* `contrast_ratio(a, b) -> float`: 1 (same luminance) to 21 (black on white).
* `text_contrasts(svg_text) -> list[TextContrast]`: each text with its ink, the colour
  beneath it and their ratio.

The colour beneath a text is found geometrically, not by rasterising: the SVG is walked in
paint order and, at three points along the text's middle (a tenth in from either end and the
centre), the topmost filled shape containing the point gives the ground (a gradient is read
at that point; where nothing is painted, the paper is white). The worst of the three counts,
so a word that runs off its label onto another colour is caught. Strokes are ignored: thin
lines do not make a ground.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from deckgen.model.colour import RGB, parse_colour
from deckgen.model.path_data import bezier_points, trace_path
from deckgen.render import fonts
from deckgen.render.svgpath import (
    DEFAULT_STYLE,
    IDENTITY,
    INHERITED_STYLE,
    SHAPES,
    Matrix,
    PathBuilder,
    apply_matrix,
    multiply,
    parse_transform,
    trace_shape,
)
Point = tuple[float, float]
Box = tuple[float, float, float, float]

#: The least contrast any text on a card may have (WCAG's figure for large text).
MIN_TEXT_CONTRAST = 3.0

_PAPER: RGB = (1.0, 1.0, 1.0)
_CURVE_STEPS = 8
SVG_NS = "{http://www.w3.org/2000/svg}"


def _linear(channel: float) -> float:
    return channel / 12.92 if channel <= 0.04045 else ((channel + 0.055) / 1.055) ** 2.4


def relative_luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour with channels 0..1."""
    r, g, b = (_linear(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours: (lighter + 0.05) / (darker + 0.05)."""
    la, lb = relative_luminance(a), relative_luminance(b)
    return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)


def hex_colour(rgb: RGB) -> str:
    return "#" + "".join(f"{round(c * 255):02x}" for c in rgb)


@dataclass(frozen=True, slots=True)
class TextContrast:
    """One text of a card, its ink, the worst ground found beneath it and their ratio."""

    text: str
    ink: RGB
    ground: RGB
    ratio: float
    #: The layout element that drew it (its `data-name`), when a layout did.
    element: str | None = None


class _Flattener(PathBuilder):
    """Collects a path as polygons (curves cut into short lines) in card coordinates."""

    def __init__(self, matrix: Matrix) -> None:
        super().__init__([])
        self.matrix = matrix
        self.polygons: list[list[Point]] = []
        self._last = (0.0, 0.0)  # the current point, untransformed: curves start there

    def move(self, x: float, y: float) -> None:
        self._last = (x, y)
        self.polygons.append([apply_matrix(self.matrix, x, y)])

    def line(self, x: float, y: float) -> None:
        self._last = (x, y)
        self.polygons[-1].append(apply_matrix(self.matrix, x, y))

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        for px, py in bezier_points(self._last, (x1, y1), (x2, y2), (x, y), _CURVE_STEPS):
            self.polygons[-1].append(apply_matrix(self.matrix, px, py))
        self._last = (x, y)

    def close(self) -> None:
        pass

    def rect(self, x: float, y: float, w: float, h: float, r: float) -> None:
        if r <= 0:
            r = 1e-9  # the builder's plain-rectangle shortcut emits no points
        super().rect(x, y, w, h, r)


_GEOMETRY = ("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "points", "d")


@lru_cache(maxsize=8192)
def shape_outline(tag: str, geometry: tuple[tuple[str, str], ...], matrix: Matrix) -> tuple[tuple[list[Point], ...], Box]:
    """A shape's outline as polygons in card coordinates, and their bounding box; cached, as
    icons repeat on many cards."""
    out = _Flattener(matrix)
    given = dict(geometry)
    number = {k: float(v) for k, v in given.items() if k not in ("points", "d")}
    if tag == "path":
        trace_path(given.get("d", ""), out)
    else:
        trace_shape(tag, number, given.get("points", ""), out)
    xs = [p[0] for polygon in out.polygons for p in polygon] or [0.0]
    ys = [p[1] for polygon in out.polygons for p in polygon] or [0.0]
    return tuple(out.polygons), (min(xs), min(ys), max(xs), max(ys))


def _winding(polygons: tuple[list[Point], ...], x: float, y: float) -> tuple[int, int]:
    """Winding number and crossing count of the point against closed polygons."""
    winding = crossings = 0
    for polygon in polygons:
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1]):
            if (y0 <= y) != (y1 <= y):
                cross_x = x0 + (y - y0) * (x1 - x0) / (y1 - y0)
                if cross_x > x:
                    crossings += 1
                    winding += 1 if y1 > y0 else -1
    return winding, crossings


@dataclass(frozen=True, slots=True)
class _Ground:
    """A filled shape in paint order: its outline and how to read its colour at a point."""

    polygons: tuple[list[Point], ...]
    box: Box
    even_odd: bool
    colour: RGB | None
    gradient: tuple[Point, Point, list[float], list[RGB]] | None

    def contains(self, x: float, y: float) -> bool:
        if not (self.box[0] <= x <= self.box[2] and self.box[1] <= y <= self.box[3]):
            return False
        winding, crossings = _winding(self.polygons, x, y)
        return crossings % 2 == 1 if self.even_odd else winding != 0

    def colour_at(self, x: float, y: float) -> RGB:
        if self.colour is not None:
            return self.colour
        assert self.gradient is not None
        (x1, y1), (x2, y2), offsets, stops = self.gradient
        length = (x2 - x1) ** 2 + (y2 - y1) ** 2 or 1.0
        t = min(1.0, max(0.0, ((x - x1) * (x2 - x1) + (y - y1) * (y2 - y1)) / length))
        for index in range(1, len(offsets)):
            if t <= offsets[index]:
                f = (t - offsets[index - 1]) / ((offsets[index] - offsets[index - 1]) or 1.0)
                a, b = stops[index - 1], stops[index]
                return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f)
        return stops[-1]


class _Walker:
    """Walks the SVG in paint order, keeping the filled shapes painted so far."""

    def __init__(self, root: ET.Element) -> None:
        self.gradients = {g.get("id", ""): g for g in root.iter(f"{SVG_NS}linearGradient")}
        self.grounds: list[_Ground] = []
        self.found: list[TextContrast] = []
        project = root.get("data-project")
        self.project = Path(project).resolve() if project else None

    def walk(self, parent: ET.Element, style: dict[str, str], matrix: Matrix) -> None:
        for element in parent:
            tag = element.tag[len(SVG_NS):] if isinstance(element.tag, str) else ""
            local = dict(style)
            local.update({k: v for k, v in element.attrib.items() if k in INHERITED_STYLE})
            here = multiply(matrix, parse_transform(element.get("transform", ""))) if element.get("transform") else matrix
            if tag == "g":
                self.walk(element, local, here)
            elif tag == "text":
                self.text(element, local, here)
            elif tag in SHAPES and tag != "line":
                self.shape(tag, element, local, here)

    def shape(self, tag: str, element: ET.Element, style: dict[str, str], matrix: Matrix) -> None:
        fill = style["fill"]
        geometry = tuple((k, element.attrib[k]) for k in _GEOMETRY if k in element.attrib)
        even_odd = style["fill-rule"] == "evenodd"
        if fill.startswith("url(#"):
            gradient = self.gradients.get(fill[5:-1])
            if gradient is None:
                return
            ends = [float(gradient.get(k, "0")) for k in ("x1", "y1", "x2", "y2")]
            offsets = [float(stop.get("offset", "0")) for stop in gradient]
            stops = [parse_colour(stop.get("stop-color", "#000")) or _PAPER for stop in gradient]
            axis = (apply_matrix(matrix, ends[0], ends[1]), apply_matrix(matrix, ends[2], ends[3]), offsets, stops)
            self.grounds.append(_Ground(*shape_outline(tag, geometry, matrix), even_odd, None, axis))
            return
        colour = parse_colour(fill)
        if colour is not None:
            self.grounds.append(_Ground(*shape_outline(tag, geometry, matrix), even_odd, colour, None))

    def text(self, element: ET.Element, style: dict[str, str], matrix: Matrix) -> None:
        content = element.text or ""
        ink = parse_colour(style["fill"])
        if not content.strip() or ink is None:
            return
        size = float(style["font-size"])
        width = fonts.text_width(content, fonts.text_font(element.attrib, style, self.project), size)
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        anchor = style["text-anchor"]
        left = x - (width / 2 if anchor == "middle" else width if anchor == "end" else 0.0)
        middle = y - 0.35 * size
        worst: tuple[float, RGB] | None = None
        for fraction in (0.1, 0.5, 0.9):
            px, py = apply_matrix(matrix, left + fraction * width, middle)
            ground = next((g.colour_at(px, py) for g in reversed(self.grounds) if g.contains(px, py)), _PAPER)
            ratio = contrast_ratio(ink, ground)
            if worst is None or ratio < worst[0]:
                worst = (ratio, ground)
        assert worst is not None
        self.found.append(TextContrast(content, ink, worst[1], worst[0], element.get("data-name")))


def text_contrasts(svg_text: str) -> list[TextContrast]:
    """Every text of a card SVG with the colour beneath it and its contrast ratio."""
    root = ET.fromstring(svg_text)
    walker = _Walker(root)
    walker.walk(root, dict(DEFAULT_STYLE), IDENTITY)
    return walker.found
