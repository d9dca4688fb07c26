"""Card faces and backs as SVG from jinja2 templates, and a vector painter for those SVGs.

Public API (used by sheets, png, booklet and quick-reference rendering):

* `card_svg(deck, card, geometry=POKER) -> str`: the face of one card as an SVG document.
* `back_svg(deck, back_id, geometry=POKER) -> str`: one of the deck's backs as SVG.
* `back_for(deck, card, back_id=None) -> str`: which back a card gets (see its docstring).
* `paint_svg(canvas, svg_text, x, y, width, height)`: draw an SVG onto a reportlab canvas as
  vectors with real, embedded text, scaled into the box (x, y) - (x+width, y+height) in points.
* `paint_element(canvas, root, x, y, width, height, where)`: the same for a parsed SVG.
* `check_svg(svg_text, where)`: raise DeckgenError when text leaves the card's safe area
  or is smaller than `MIN_TEXT_SIZE`, or when the SVG uses something the painter lacks.

Templates live in `templates/cards/<deck id>/face.svg.j2` and `back.svg.j2`; shared icons are
jinja macros in `templates/cards/icons.svg.j2`. Autoescaping is on. Each document is in
millimetres with the origin at the bleed corner and carries the safe area in `data-safe`.

Why a painter of our own instead of svglib: measured on this project's cards, svglib costs
about 9 ms per card plus 0.13 s of imports, which alone would spend the 1 s budget for a
60-card sheet; this painter handles the small SVG subset the templates use (shapes, paths
with arcs, text, transforms, linear gradients) at well under 1 ms per card and rejects
anything outside that subset instead of silently dropping it.
"""

from __future__ import annotations

import math
import os
import re
import xml.etree.ElementTree as ET
from functools import cache, lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterator

from deckgen import paths
from deckgen.errors import DeckgenError
from deckgen.model.deck import Card, Deck
from deckgen.render import fonts
from deckgen.render.geometry import CARD_SIZES, CardGeometry

if TYPE_CHECKING:
    from jinja2 import Environment, Template
    from reportlab.pdfgen.canvas import Canvas

#: Smallest font size (mm, about 3.4 pt) allowed on a card: smaller text does not print legibly.
MIN_TEXT_SIZE = 1.2

#: The default card: poker size with 3 mm bleed.
POKER = CardGeometry(*CARD_SIZES["poker"])

Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


# --------------------------------------------------------------------------- templates


def _number(value: float) -> str:
    """Compact number for SVG attributes: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _bytecode_cache(cache_class: Any) -> Any:
    """Compiled templates kept between runs (jinja checks the source hash): compiling the
    card templates costs more than drawing a whole deck. None when no cache folder works."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "deckgen" / "jinja"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return cache_class(str(folder)) if os.access(folder, os.W_OK) else None


def _mix(colour: str, backdrop: str, amount: float) -> str:
    """`colour` laid over `backdrop` at opacity `amount`, as one opaque #rrggbb. Card art
    is opaque: PDF transparency inside reused Form XObjects is not portable (reportlab
    leaves its graphics states out of the form's resources), so templates pre-mix tints."""
    top, bottom = _colour(colour), _colour(backdrop)
    if top is None or bottom is None:
        raise ValueError("mix needs two colours")
    mixed = (amount * a + (1 - amount) * z for a, z in zip(top, bottom))
    return "#" + "".join(f"{round(v * 255):02x}" for v in mixed)


@cache
def template_env() -> Environment:
    """The jinja2 environment for card templates: autoescaped, strict about unknown names."""
    from jinja2 import Environment, FileSystemBytecodeCache, FileSystemLoader, StrictUndefined

    env = Environment(
        loader=FileSystemLoader(str(paths.templates_dir() / "cards")),
        bytecode_cache=_bytecode_cache(FileSystemBytecodeCache),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
    )
    env.filters["n"] = _number
    env.filters["mix"] = _mix
    return env


def _template(deck: Deck, kind: str) -> Template:
    from jinja2 import TemplateError, TemplateNotFound

    name = f"{deck.id}/{kind}.svg.j2"
    try:
        return template_env().get_template(name)
    except TemplateNotFound:
        raise DeckgenError(
            f"no card template for deck {deck.id!r} (expected templates/cards/{name})"
        ) from None
    except TemplateError as exc:
        raise DeckgenError(_template_problem(name, exc)) from None


def _template_problem(name: str, exc: Exception) -> str:
    line = getattr(exc, "lineno", None)
    where = f"templates/cards/{getattr(exc, 'name', None) or name}" + (f":{line}" if line else "")
    return f"{where}: template error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"


def _context(deck: Deck, geometry: CardGeometry) -> dict[str, Any]:
    """Names every template sees: sizes in mm (trim W x H, bleed b, safe inset s), scale u."""
    w, h, b = geometry.width, geometry.height, geometry.bleed
    return {
        "deck": deck,
        "W": w,
        "H": h,
        "b": b,
        "s": geometry.safe_inset,
        "u": min(w / CARD_SIZES["poker"][0], h / CARD_SIZES["poker"][1]),
        "font": fonts.FAMILY,
        "full_width": geometry.full_width,
        "full_height": geometry.full_height,
        "safe": geometry.safe_box(),
        "label": deck.label,
    }


def _render(deck: Deck, kind: str, where: str, values: dict[str, Any]) -> str:
    from jinja2 import TemplateError

    template = _template(deck, kind)
    try:
        return template.render(values)
    except TemplateError as exc:
        raise DeckgenError(_template_problem(f"{deck.id}/{kind}.svg.j2", exc)) from None
    except (TypeError, ValueError, ArithmeticError) as exc:
        raise DeckgenError(f"templates/cards/{deck.id}/{kind}.svg.j2: {where}: {exc}") from None


def card_svg(deck: Deck, card: Card, geometry: CardGeometry = POKER) -> str:
    """The face of `card` as an SVG document sized trim plus bleed, in millimetres."""
    values = _context(deck, geometry)
    values["card"] = card
    return _render(deck, "face", f"card {card.id}", values)


def back_svg(deck: Deck, back_id: str, geometry: CardGeometry = POKER) -> str:
    """One of the deck's backs (by id, see deck.yaml `backs`) as an SVG document."""
    back = next((b for b in deck.backs if b.id == back_id), None)
    if back is None:
        known = ", ".join(b.id for b in deck.backs)
        raise DeckgenError(f"deck {deck.id} has no back {back_id!r} (backs: {known})")
    values = _context(deck, geometry)
    values["back"] = back
    return _render(deck, "back", f"back {back_id}", values)


def back_for(deck: Deck, card: Card, back_id: str | None = None) -> str:
    """The back a card is printed with: `back_id` when given; otherwise the back named like
    one of the card's attribute values (Mismatch: each colour deck has its own back), else
    the deck's first back (Mystique: gold)."""
    if back_id is not None:
        if not any(b.id == back_id for b in deck.backs):
            known = ", ".join(b.id for b in deck.backs)
            raise DeckgenError(f"deck {deck.id} has no back {back_id!r} (backs: {known})")
        return back_id
    ids = [b.id for b in deck.backs]
    for value in card.attrs.values():
        if str(value) in ids:
            return str(value)
    return ids[0]


# --------------------------------------------------------------------------- SVG painter

_SVG_NS = "{http://www.w3.org/2000/svg}"
_TRANSFORM = re.compile(r"(matrix|translate|scale|rotate)\s*\(([^)]*)\)")
_PATH_TOKEN = re.compile(r"[MmLlHhVvCcSsQqTtAaZz]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?")
_SPLIT = re.compile(r"[\s,]+")
_INHERITED = (
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
    "text-anchor",
)
_DEFAULT_STYLE = {
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
    "text-anchor": "start",
}
_NAMED_COLOURS = {"black": "#000000", "white": "#ffffff"}
_SHAPES = {"rect", "circle", "ellipse", "line", "polyline", "polygon", "path"}
_CAPS = {"butt": 0, "round": 1, "square": 2}
_JOINS = {"miter": 0, "round": 1, "bevel": 2}
# Attributes that only carry data or are handled elsewhere.
_IGNORED = {"id", "class", "data-safe", "data-name", "viewBox", "width", "height", "version"}


def _multiply(m: Matrix, n: Matrix) -> Matrix:
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


def _apply(m: Matrix, x: float, y: float) -> tuple[float, float]:
    return (m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5])


def _floats(text: str) -> list[float]:
    return [float(v) for v in _SPLIT.split(text.strip()) if v]


def parse_transform(text: str) -> Matrix:
    """An SVG transform list as one matrix."""
    matrix = IDENTITY
    for kind, args in _TRANSFORM.findall(text):
        v = _floats(args)
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
                local = _multiply(_multiply((1, 0, 0, 1, cx, cy), local), (1, 0, 0, 1, -cx, -cy))
        else:
            local = (v[0], v[1], v[2], v[3], v[4], v[5])
        matrix = _multiply(matrix, local)
    return matrix


def _colour(value: str) -> tuple[float, float, float] | None:
    value = _NAMED_COLOURS.get(value.strip().lower(), value.strip())
    if value == "none":
        return None
    if value.startswith("#") and len(value) == 4:
        value = "#" + "".join(ch * 2 for ch in value[1:])
    if value.startswith("#") and len(value) == 7:
        return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    raise ValueError(f"unsupported colour {value!r} (use #rgb, #rrggbb, none, black, white)")


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


def _f(value: float) -> str:
    """A number for the PDF content stream (3 decimals: 1/1000 mm in card units)."""
    return "%.3f" % value


class _PathBuilder:
    """Collects path segments as PDF path operators."""

    def __init__(self, ops: list[str]) -> None:
        self.ops = ops

    def move(self, x: float, y: float) -> None:
        self.ops.append(f"{_f(x)} {_f(y)} m")

    def line(self, x: float, y: float) -> None:
        self.ops.append(f"{_f(x)} {_f(y)} l")

    def curve(self, x1: float, y1: float, x2: float, y2: float, x: float, y: float) -> None:
        self.ops.append(f"{_f(x1)} {_f(y1)} {_f(x2)} {_f(y2)} {_f(x)} {_f(y)} c")

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
            self.ops.append(f"{_f(x)} {_f(y)} {_f(w)} {_f(h)} re")
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


def _trace_path(d: str, out: _PathBuilder) -> None:
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
        return [float(v) for v in values]

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
def _path_ops(d: str) -> tuple[str, ...]:
    """PDF operators for SVG path data; cached because icons repeat on many cards."""
    ops: list[str] = []
    _trace_path(d, _PathBuilder(ops))
    return tuple(ops)


class _Painter:
    """Walks an SVG tree, drawing onto a reportlab canvas (or only checking, without one)."""

    def __init__(self, canvas: Canvas | None, where: str) -> None:
        self.canvas = canvas
        self.where = where
        self.gradients: dict[str, ET.Element] = {}
        self.safe: tuple[float, float, float, float] | None = None
        #: PDF operators not yet handed to the canvas (collected, then discarded, when checking).
        self.ops: list[str] = []

    def flush(self) -> None:
        """Hand the collected operators to the canvas before reportlab draws on it itself."""
        if self.canvas is not None and self.ops:
            self.canvas.addLiteral("\n".join(self.ops))
        self.ops.clear()

    def fail(self, message: str) -> DeckgenError:
        return DeckgenError(f"{self.where}: {message}")

    def run(self, root: ET.Element) -> None:
        if _tag(root) != "svg":
            raise self.fail("card art must be an <svg> document")
        safe = root.get("data-safe")
        if safe:
            x, y, w, h = _floats(safe)
            self.safe = (x, y, x + w, y + h)
        for element in root.iter():
            if _tag(element) == "linearGradient" and element.get("id"):
                self.gradients[element.get("id", "")] = element
        self.children(root, dict(_DEFAULT_STYLE), IDENTITY)
        self.flush()

    def children(self, parent: ET.Element, style: dict[str, str], matrix: Matrix) -> None:
        for element in parent:
            self.element(element, style, matrix)

    def element(self, element: ET.Element, inherited: dict[str, str], matrix: Matrix) -> None:
        tag = _tag(element)
        if tag in ("defs", "title", "desc", "linearGradient", "stop"):
            return
        if tag not in _SHAPES and tag not in ("g", "text"):
            raise self.fail(f"unsupported SVG element <{tag}> (use g, text or basic shapes)")
        style = inherited
        if any(key in element.attrib for key in _INHERITED):
            style = dict(inherited)
            for key in _INHERITED:
                value = element.get(key)
                if value is not None:
                    style[key] = value
        for key in element.attrib:
            if key not in _INHERITED and key not in _IGNORED and key not in _GEOMETRY[tag]:
                raise self.fail(f"unsupported attribute {key!r} on <{tag}>")
        transform = element.get("transform")
        ops = self.ops
        if transform:
            local = parse_transform(transform)
            matrix = _multiply(matrix, local)
            ops.append("q " + " ".join(_f(v) for v in local) + " cm")
        if tag == "g":
            self.children(element, style, matrix)
        elif tag == "text":
            self.text(element, style, matrix)
        else:
            self.shape(tag, element, style)
        if transform:
            self.ops.append("Q")

    def shape(self, tag: str, element: ET.Element, style: dict[str, str]) -> None:
        ops = self.ops
        fill = style["fill"]
        stroke = _colour(style["stroke"])
        gradient = self.gradients.get(fill[5:-1]) if fill.startswith("url(#") else None
        if fill.startswith("url(#") and gradient is None:
            raise self.fail(f"fill {fill} names no linearGradient")
        fill_colour = None if gradient is not None else _colour(fill)
        if tag == "line":
            fill_colour = gradient = None
        if fill_colour is None and gradient is None and stroke is None:
            return
        path: list[str] = []
        out = _PathBuilder(path)
        g = _attrs(element)
        if tag == "rect":
            rx = g.get("rx", g.get("ry", 0.0))
            out.rect(g.get("x", 0.0), g.get("y", 0.0), g["width"], g["height"], rx)
        elif tag == "circle":
            out.ellipse(g.get("cx", 0.0), g.get("cy", 0.0), g["r"], g["r"])
        elif tag == "ellipse":
            out.ellipse(g.get("cx", 0.0), g.get("cy", 0.0), g["rx"], g["ry"])
        elif tag == "line":
            out.move(g.get("x1", 0.0), g.get("y1", 0.0))
            out.line(g.get("x2", 0.0), g.get("y2", 0.0))
        elif tag in ("polyline", "polygon"):
            points = _floats(element.get("points", ""))
            out.move(points[0], points[1])
            for index in range(2, len(points) - 1, 2):
                out.line(points[index], points[index + 1])
            if tag == "polygon":
                out.close()
        else:
            path.extend(_path_ops(element.get("d", "")))
        even_odd = style["fill-rule"] == "evenodd"
        if gradient is not None:
            self.gradient_fill(path, gradient, even_odd)
        if fill_colour is not None:
            ops.append("%.4f %.4f %.4f rg" % fill_colour)
        if stroke is not None:
            ops.append("%.4f %.4f %.4f RG" % stroke)
            ops.append(f"{_f(float(style['stroke-width']))} w {_CAPS[style['stroke-linecap']]} J "
                       f"{_JOINS[style['stroke-linejoin']]} j")
            dash = style["stroke-dasharray"]
            ops.append("[" + " ".join(_f(v) for v in _floats(dash)) + "] 0 d" if dash != "none" else "[] 0 d")
        if fill_colour is not None or stroke is not None:
            ops.extend(path)
            if fill_colour is not None and stroke is not None:
                ops.append("B*" if even_odd else "B")
            elif fill_colour is not None:
                ops.append("f*" if even_odd else "f")
            else:
                ops.append("S")

    def gradient_fill(self, path: list[str], gradient: ET.Element, even_odd: bool) -> None:
        ops = self.ops
        colours: list[tuple[float, float, float]] = []
        positions: list[float] = []
        for stop in gradient:
            rgb = _colour(stop.get("stop-color", "#000"))
            if rgb is None:
                raise self.fail("gradient stops need a colour")
            colours.append(rgb)
            positions.append(float(stop.get("offset", "0")))
        if not colours:
            raise self.fail("linearGradient has no stops")
        if gradient.get("gradientUnits") != "userSpaceOnUse":
            raise self.fail('linearGradient needs gradientUnits="userSpaceOnUse"')
        x1, y1, x2, y2 = (float(gradient.get(k, "0")) for k in ("x1", "y1", "x2", "y2"))
        length = math.hypot(x2 - x1, y2 - y1) or 1.0
        # Bands across the axis, each painted from its start to far beyond the end so that
        # later bands cover earlier ones without seams. Bands rather than a PDF shading:
        # reportlab registers shadings on the page, which breaks inside reused Form XObjects.
        nx, ny = -(y2 - y1) / length * _FAR, (x2 - x1) / length * _FAR
        end_x, end_y = x1 + (x2 - x1) * _FAR / length, y1 + (y2 - y1) * _FAR / length
        ops.append("q")
        ops.extend(path)
        ops.append("W* n" if even_odd else "W n")
        for band in range(_BANDS + 1):
            t = -_FAR / length if band == 0 else (band - 0.5) / _BANDS
            rgb = _interpolate(colours, positions, min(1.0, max(0.0, t)))
            sx, sy = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
            ops.append(
                "%.4f %.4f %.4f rg " % rgb
                + f"{_f(sx + nx)} {_f(sy + ny)} m {_f(end_x + nx)} {_f(end_y + ny)} l "
                f"{_f(end_x - nx)} {_f(end_y - ny)} l {_f(sx - nx)} {_f(sy - ny)} l h f"
            )
        ops.append("Q")

    def text(self, element: ET.Element, style: dict[str, str], matrix: Matrix) -> None:
        if len(element):
            raise self.fail("<text> must hold plain text (no <tspan>)")
        content = element.text or ""
        if not content.strip():
            return
        font = fonts.font_name(style["font-family"], style["font-weight"])
        size = float(style["font-size"])
        printed = size * math.sqrt(abs(matrix[0] * matrix[3] - matrix[1] * matrix[2]))
        if self.safe is not None and printed < MIN_TEXT_SIZE - 1e-9:
            raise self.fail(
                f"text {content!r} would print {printed:.2f} mm high, below the "
                f"{MIN_TEXT_SIZE} mm that stays legible (use a larger card size)"
            )
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        width = fonts.text_width(content, font, size)
        anchor = style["text-anchor"]
        left = x - (width / 2 if anchor == "middle" else width if anchor == "end" else 0.0)
        self.check_safe(content, matrix, left, y - fonts.ASCENT * size, left + width, y + fonts.DESCENT * size)
        canvas = self.canvas
        if canvas is None:
            return
        fill = _colour(style["fill"])
        if fill is None:
            return
        self.flush()
        canvas.saveState()
        canvas.transform(1, 0, 0, -1, x, y)
        canvas.setFillColorRGB(*fill)
        canvas.setFont(font, size)
        canvas.drawString(left - x, 0, content)
        canvas.restoreState()

    def check_safe(self, content: str, m: Matrix, x0: float, y0: float, x1: float, y1: float) -> None:
        if self.safe is None:
            return
        corners = [_apply(m, px, py) for px in (x0, x1) for py in (y0, y1)]
        xs = [p[0] for p in corners]
        ys = [p[1] for p in corners]
        sx0, sy0, sx1, sy1 = self.safe
        over = max(sx0 - min(xs), max(xs) - sx1, sy0 - min(ys), max(ys) - sy1)
        if over > 0.05:
            raise self.fail(
                f"text {content!r} overflows the safe area by {over:.1f} mm "
                "(use a larger card size or shorter text)"
            )


#: Gradients are drawn as this many colour bands (invisible steps at card sizes) ...
_BANDS = 48
#: ... reaching this far (user units) beyond the gradient axis, to cover any clipped shape.
_FAR = 1000.0


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


_GEOMETRY: dict[str, set[str]] = {
    "g": {"transform"},
    "text": {"x", "y", "transform", "xml:space"},
    "rect": {"x", "y", "width", "height", "rx", "ry", "transform"},
    "circle": {"cx", "cy", "r", "transform"},
    "ellipse": {"cx", "cy", "rx", "ry", "transform"},
    "line": {"x1", "y1", "x2", "y2", "transform"},
    "polyline": {"points", "transform"},
    "polygon": {"points", "transform"},
    "path": {"d", "transform"},
}


def _tag(element: ET.Element) -> str:
    tag = element.tag
    return tag[len(_SVG_NS) :] if isinstance(tag, str) and tag.startswith(_SVG_NS) else str(tag)


def _attrs(element: ET.Element) -> dict[str, float]:
    return {
        key: float(value)
        for key, value in element.attrib.items()
        if key in ("x", "y", "width", "height", "rx", "ry", "cx", "cy", "r", "x1", "y1", "x2", "y2")
    }


def parse_svg(svg_text: str, where: str) -> ET.Element:
    """Parse an SVG document, turning XML errors into one DeckgenError line."""
    try:
        return ET.fromstring(svg_text)
    except ET.ParseError as exc:
        raise DeckgenError(f"{where}: card template produced invalid SVG ({exc})") from None


def svg_size(root: ET.Element) -> tuple[float, float]:
    """The document's user-space size (its viewBox width and height, in mm)."""
    view_box = root.get("viewBox")
    if not view_box:
        raise DeckgenError("card SVG needs a viewBox")
    _, _, width, height = _floats(view_box)
    return width, height


def _guard(where: str, action: Callable[[], None]) -> None:
    try:
        action()
    except DeckgenError:
        raise
    except (ValueError, KeyError, IndexError, ZeroDivisionError) as exc:
        raise DeckgenError(f"{where}: unsupported or malformed SVG ({exc})") from None


def check_svg(svg_text: str, where: str) -> None:
    """Raise DeckgenError if the SVG uses anything the painter cannot draw or if any text
    leaves the safe area declared in `data-safe` (measured with the embedded font)."""
    root = parse_svg(svg_text, where)
    _guard(where, lambda: _Painter(None, where).run(root))


def paint_element(canvas: Canvas, root: ET.Element, x: float, y: float, width: float, height: float, where: str) -> None:
    """Draw a parsed SVG scaled to the box (x, y, width, height) in points (y up)."""
    doc_w, doc_h = svg_size(root)
    canvas.saveState()
    canvas.transform(width / doc_w, 0, 0, -height / doc_h, x, y + height)
    _guard(where, lambda: _Painter(canvas, where).run(root))
    canvas.restoreState()


def paint_svg(canvas: Canvas, svg_text: str, x: float, y: float, width: float, height: float, where: str = "card") -> None:
    """Draw an SVG document (from card_svg / back_svg) as vectors onto a reportlab canvas,
    filling the box whose lower-left corner is (x, y), in points. Text stays real text in the
    embedded DejaVu Sans; fonts are registered on first use."""
    fonts.register_fonts()
    paint_element(canvas, parse_svg(svg_text, where), x, y, width, height, where)
