"""The pieces of a layout file (docs/layout-format.md): lengths, colours, the element kinds
and the top level, as pydantic schemas. Every number is checked here, when the file is read:
finite and in range, one problem line naming file, element and key.

model/layout.py loads, merges (`extend`) and places what these describe.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any, Callable, Literal

from pydantic import ConfigDict, Field, field_validator, model_validator

from deckgen.model.common import StrictModel, template_names
from deckgen.model.colour import parse_colour
from deckgen.model.path_data import polylines
from deckgen.model.wording import shown

_UNITS = {"mm": 1.0, "pt": 25.4 / 72, "in": 25.4, "%": 0.0}
#: A designer's own icon name, as `:name:` in text takes it.
ICON_NAME = re.compile(r"[A-Za-z0-9_-]+")
#: The most points a polygon or line may have.
MAX_POINTS = 200
#: The largest number a length may have, in any unit: a card is far smaller.
MAX_LENGTH = 1000.0
_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|pt|in|%)?\s*$")
#: The schemas are built when a layout first needs them, not on import: a layout uses a few
#: of the element kinds, and building all of them cost more than reading a layout.
BUILT_ON_USE = ConfigDict(defer_build=True)


@dataclass(frozen=True, slots=True)
class Length:
    """A length as written: millimetres, points or inches, or a percentage of the trim."""

    value: float
    unit: str

    def mm(self, reference: float) -> float:
        """In millimetres; percentages are of `reference` (the trim width or height)."""
        return self.value * reference / 100 if self.unit == "%" else self.value * _UNITS[self.unit]


def _length(value: Any, least: float = -MAX_LENGTH, above: float | None = None) -> Length:
    """A length as written, its number finite and in range: at least `least`, or above
    `above` when given (a size or a box must be more than 0)."""
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"found {shown(value)} (expected a length such as 5mm, 10pt, 0.5in or 90%)")  # noqa: TRY004
    if isinstance(value, (int, float)):
        length = Length(float(value), "mm")
    else:
        match = _LENGTH.match(value)
        if not match:
            raise ValueError(f"found {shown(value)} (expected a length such as 5mm, 10pt, 0.5in or 90%)")
        length = Length(float(match.group(1)), match.group(2) or "mm")
    if not (math.isfinite(length.value) and length.value <= MAX_LENGTH and length.value >= least
            and (above is None or length.value > above)):
        span = f"above {above:g} and at most" if above is not None else f"from {least:g} to"
        raise ValueError(f"found {shown(value)} (expected a length {span} {MAX_LENGTH:g}, in mm, pt, in or %)")
    return length


def positive_length(value: Any) -> Length:
    """A size or box side as written, above 0; ValueError saying what was expected."""
    return _length(value, above=0.0)


def _not_negative(value: Any) -> Length:
    return _length(value, least=0.0)


def _number_from(low: float, high: float, expected: str) -> Callable[[Any], float]:
    """A validator of a plain number from `low` to `high` (a truth value is no number);
    `expected` says the range in the designer's terms."""
    def number(value: Any) -> float:
        if isinstance(value, (int, float)) and not isinstance(value, bool) and low <= value <= high:
            return float(value)
        raise ValueError(f"found {shown(value)} (expected {expected})")
    return number


def _points(value: Any) -> list[tuple[Length, Length]]:
    """`[[x, y], ...]` as lengths from the box's top-left corner (percentages of the box)."""
    if not isinstance(value, list) or len(value) > MAX_POINTS:
        raise ValueError(f"found {shown(value)} (expected a list of up to {MAX_POINTS} points, e.g. "
                         "[[50%, 0%], [100%, 100%], [0%, 100%]])")
    out = []
    for index, point in enumerate(value):
        if not isinstance(point, list) or len(point) != 2:
            raise ValueError(f"point {index + 1}: found {shown(point)} (expected [x, y], e.g. [50%, 0%])")
        try:
            out.append((_length(point[0]), _length(point[1])))
        except ValueError as exc:
            raise ValueError(f"point {index + 1}: {exc}") from None
    return out


class PaletteChoice(StrictModel):
    """A colour (or font) chosen by the value of one of the card's fields."""

    model_config = BUILT_ON_USE

    palette: str
    by: str


def _colour_text(value: Any) -> Any:
    """A colour as written: a colour, or a template taking it from a card's field
    (`"{colour}"`, checked as a colour on every card drawn)."""
    if isinstance(value, str) and is_template(value):
        try:
            template_names(value)
        except ValueError as exc:
            raise ValueError(f"found {shown(value)}: {exc}") from None
    elif isinstance(value, str):
        try:
            parse_colour(value)
        except ValueError:
            raise ValueError(f"found {shown(value)} (expected #rgb, #rrggbb, black, white, none, a field "
                             "such as \"{colour}\", or {palette: NAME, by: FIELD})") from None
    return value


def is_template(value: str) -> bool:
    """Whether a colour is taken from a card's field (`"{colour}"`) rather than written."""
    return "{" in value


Colour = str | PaletteChoice
#: What `--ink-saver` does to an element: `auto` (a filled rect that bleeds becomes an outline,
#: light text and icons on it turn dark), `keep`, `outline` (rects), `hide`; or a mapping of
#: keys the element takes instead.
InkSaver = Literal["auto", "keep", "outline", "hide"]
#: Keys an `ink_saver` mapping may not change: where the element is and on which cards.
PLACE_KEYS = frozenset({"type", "x", "y", "width", "height", "when", "rotate", "bleed", "ink_saver"})


class _Element(StrictModel):
    """Keys every element has: its box, the cards it is drawn on, and its rotation."""

    model_config = BUILT_ON_USE

    x: Length = Length(0.0, "mm")
    y: Length = Length(0.0, "mm")
    width: Length = Length(100.0, "%")
    height: Length = Length(100.0, "%")
    when: dict[str, str | int | bool | list[str | int | bool]] = Field(default_factory=dict)
    rotate: float = 0.0
    opacity: float = 1.0
    ink_saver: InkSaver | dict[str, Any] = "auto"

    _opacity = field_validator("opacity", mode="before")(
        _number_from(0, 1, "a number from 0, invisible, to 1, opaque"))
    _rotate = field_validator("rotate", mode="before")(
        _number_from(-360, 360, "degrees from -360 to 360, clockwise"))

    @field_validator("ink_saver", mode="before")
    @classmethod
    def _ink_saver(cls, value: Any) -> Any:
        if isinstance(value, dict) or value in ("auto", "keep", "outline", "hide"):
            return value
        raise ValueError(f"found {shown(value)} (expected auto, keep, outline, hide or a mapping of keys to use instead)")

    _place = field_validator("x", "y", mode="before")(_length)
    _box = field_validator("width", "height", mode="before")(positive_length)

    def shows(self, value_of: dict[str, Any]) -> bool:
        """Whether the card (its raw values by field) passes the element's `when`."""
        for name, wanted in self.when.items():
            options = wanted if isinstance(wanted, list) else [wanted]
            if str(value_of.get(name)) not in {str(o) for o in options}:
                return False
        return True


class RectElement(_Element):
    type: Literal["rect"]
    fill: Colour = "none"
    stroke: Colour = "none"
    stroke_width: Length = Length(0.5, "mm")
    radius: Length = Length(0.0, "mm")
    bleed: bool = False

    _colours = field_validator("fill", "stroke", mode="before")(_colour_text)

    _sizes = field_validator("stroke_width", "radius", mode="before")(_not_negative)


def _path_data(value: Any) -> str:
    """SVG path data for text to follow, in mm from the box's top-left corner: it must parse
    and have some length."""
    expected = ("expected SVG path data in mm from the box's top-left corner, such as "
                "\"M 0 20 Q 30 0 60 20\", or give arc: {radius: ..., start: ..., end: ...}")
    if not isinstance(value, str):
        raise ValueError(f"found {shown(value)} ({expected})")  # noqa: TRY004
    try:
        lines = polylines(value)
    except ValueError as exc:
        raise ValueError(f"found {shown(value)}: {exc} ({expected})") from None
    if not any(math.dist(a, b) > 0 for line in lines for a, b in zip(line, line[1:])):
        raise ValueError(f"found {shown(value)}, which has no length ({expected})")
    return value


class ArcPath(StrictModel):
    """A circle's arc for text to follow: its centre (from the box's top-left corner;
    percentages of the box), radius (percentages of the box width) and the angles it runs
    between, in degrees clockwise from the top; from `start` to `end`, so text at the foot
    of a circle reads left to right running from 240 to 120."""

    model_config = BUILT_ON_USE

    x: Length = Length(50.0, "%")
    y: Length = Length(50.0, "%")
    radius: Length
    start: float
    end: float

    _centre = field_validator("x", "y", mode="before")(_length)
    _radius = field_validator("radius", mode="before")(positive_length)
    _angles = field_validator("start", "end", mode="before")(
        _number_from(-720, 720, "degrees from -720 to 720, clockwise from the top"))

    @model_validator(mode="after")
    def _runs(self) -> ArcPath:
        if self.start == self.end:
            raise ValueError(f"start and end are both {self.start:g} (expected two angles: the arc runs "
                             "from start to end, clockwise when end is larger)")
        return self


class TextElement(_Element):
    type: Literal["text"]
    text: str
    size: Length = Length(4.0, "mm")
    min_size: Length | None = None
    font: str | PaletteChoice | None = None
    colour: Colour = "#000000"
    bold: bool = False
    italic: bool = False
    align: Literal["left", "center", "right"] = "center"
    valign: Literal["top", "middle", "bottom"] = "middle"
    line_height: float = 1.2
    wrap: bool = True
    #: Text set along a path instead of in lines: SVG path data, or a circle's arc.
    path: str | None = None
    arc: ArcPath | None = None

    _colours = field_validator("colour", mode="before")(_colour_text)
    _path = field_validator("path", mode="before")(_path_data)

    @model_validator(mode="after")
    def _one_path(self) -> TextElement:
        if self.path is not None and self.arc is not None:
            raise ValueError("has both path and arc (give one: the text follows one line)")
        return self

    _line_height = field_validator("line_height", mode="before")(
        _number_from(0.8, 3.0, "a number from 0.8 to 3, times the text size"))

    _sizes = field_validator("size", "min_size", mode="before")(positive_length)


class IconElement(_Element):
    type: Literal["icon"]
    icon: str = Field(min_length=1)
    colour: Colour = "#000000"
    ink: Colour = "#ffffff"

    _colours = field_validator("colour", "ink", mode="before")(_colour_text)


class ImageElement(_Element):
    type: Literal["image"]
    image: str = Field(min_length=1)
    fit: Literal["contain", "cover"] = "contain"
    bleed: bool = False


class _Shape(_Element):
    """Keys the drawn shapes share: fill and outline."""

    fill: Colour = "none"
    stroke: Colour = "none"
    stroke_width: Length = Length(0.5, "mm")

    _colours = field_validator("fill", "stroke", mode="before")(_colour_text)
    _sizes = field_validator("stroke_width", mode="before")(_not_negative)


class EllipseElement(_Shape):
    """An ellipse filling its box (a circle in a square box)."""

    type: Literal["ellipse"]


class PolygonElement(_Shape):
    """A closed shape through `points` (two lengths each, from the box's top-left corner;
    percentages of the box)."""

    type: Literal["polygon"]
    points: list[tuple[Length, Length]] = Field(min_length=3, max_length=MAX_POINTS)

    _points = field_validator("points", mode="before")(_points)


class LineElement(_Element):
    """A line through `points` (two or more; as a polygon's), not closed."""

    type: Literal["line"]
    points: list[tuple[Length, Length]] = Field(min_length=2, max_length=MAX_POINTS)
    stroke: Colour = "#000000"
    stroke_width: Length = Length(0.5, "mm")

    _colours = field_validator("stroke", mode="before")(_colour_text)
    _sizes = field_validator("stroke_width", mode="before")(positive_length)
    _points = field_validator("points", mode="before")(_points)


Element = RectElement | TextElement | IconElement | ImageElement | EllipseElement | PolygonElement | LineElement
ELEMENT_KINDS: dict[str, type[Element]] = {
    "rect": RectElement, "text": TextElement, "icon": IconElement, "image": ImageElement,
    "ellipse": EllipseElement, "polygon": PolygonElement, "line": LineElement,
}


class FontFiles(StrictModel):
    model_config = BUILT_ON_USE

    regular: str
    bold: str | None = None
    italic: str | None = None
    bold_italic: str | None = None


class LayoutSpec(StrictModel):
    """The top level of a layout file; elements are checked one by one (see _elements)."""

    model_config = BUILT_ON_USE

    extend: str | None = None
    min_size: Length | None = None
    fonts: dict[str, str | FontFiles] = Field(default_factory=dict)
    icons: dict[str, str] = Field(default_factory=dict)
    palettes: dict[str, dict[str, str]] = Field(default_factory=dict)
    elements: dict[str, dict[str, Any]] = Field(default_factory=dict)
    back: dict[str, dict[str, Any]] = Field(default_factory=dict)

    _size = field_validator("min_size", mode="before")(positive_length)

    @field_validator("icons", mode="before")
    @classmethod
    def _icons(cls, value: Any) -> Any:
        """Icon names usable as `:name:` (letters, digits, - and _) naming SVG files."""
        for name, file in value.items() if isinstance(value, dict) else ():
            if not isinstance(name, str) or not ICON_NAME.fullmatch(name):
                raise ValueError(f"icon name {shown(name)} (expected letters, digits, - or _, as in :name:)")
            if not isinstance(file, str) or not file.lower().endswith(".svg"):
                raise ValueError(f"{name}: found {shown(file)} (expected the path of an .svg file in the project)")
        return value
