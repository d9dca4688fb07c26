"""Card faces and backs drawn from a layout (deckgen/model/layout.py) instead of a template;
the shipped icons come from render/icons.py.

* `layout_face_svg(deck, card, geometry) -> str` and `layout_back_svg(deck, back_id, geometry)`:
  the same kind of SVG document as render.svg's templates make (millimetres, origin at the
  bleed corner, `data-safe`), so the painter, the sheets and the PNG export draw it as is.

Text from the data is escaped; paths from the data are resolved inside the project
(`data-project` on the document tells the painter where artwork may be read from).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from deckgen.errors import DataError, DeckgenError
from deckgen.model.common import template_names
from deckgen.model.deck_data import Card, Deck
from deckgen.model.geometry import ASCENT, DESCENT, CardGeometry
from deckgen.model.layout import Layout, Placed, load_layout, located, project_file
from deckgen.model.layout_elements import (
    EllipseElement,
    IconElement,
    ImageElement,
    LineElement,
    PaletteChoice,
    PolygonElement,
    RectElement,
    TextElement,
    is_template,
)
from deckgen.model.text_spans import span_style
from deckgen.model.wording import field_path
from deckgen.render import artwork, fonts, text_path, textfit
from deckgen.render.icons import ICON_MACROS, icon_markup
from deckgen.render.ink_saver import OUTLINE_WIDTH, Paper, outline_box
from deckgen.render.svg_values import svg_number as n
from deckgen.render.svg_values import xml_attribute as quoteattr
from deckgen.render.svg_values import xml_text as escape
from deckgen.model.colour import parse_colour

#: An inline icon's radius and how far its centre sits above the baseline (x the text size).
INLINE_RADIUS = 0.42
INLINE_RISE = 0.33


def deck_layout(deck: Deck) -> Layout:
    """The layout a deck draws with: its `layout:` or the built-in default."""
    return load_layout(deck.layout or "default", deck.path)


#: The card field (a CSV column, or a group's `set:`) that names a card's own layout.
LAYOUT_FIELD = "layout"


def card_layout(deck: Deck, card: Card) -> Layout:
    """The layout a card's face is drawn with: the one its `layout` field names (looked up
    as the deck's `layout:` is), else the deck's."""
    chosen = card.fields.get(LAYOUT_FIELD)
    if chosen is None or not str(chosen).strip():
        return deck_layout(deck)
    return load_layout(str(chosen).strip(), deck.path, f"deck {deck.id}: card {card.id}: field {LAYOUT_FIELD}")


def _text_value(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def card_values(deck: Deck, card: Card) -> tuple[dict[str, str], dict[str, str]]:
    """What placeholders stand for on a card: (labels for text, raw values for paths, icons
    and palettes)."""
    raw: dict[str, str] = {k: _text_value(v) for k, v in card.fields.items()}
    raw.update({k: _text_value(v) for k, v in card.attrs.items()})
    number = "" if card.number is None else str(card.number)
    if deck.number_field:
        raw[deck.number_field] = number
    raw.update(id=card.id, name=card.name, number=number, index=number or card.id)
    labels = dict(raw)
    labels.update({a: deck.label(a, v) for a, v in card.attrs.items()})
    labels["attributes"] = "\n".join(f"{a}: {deck.label(a, v)}" for a, v in card.attrs.items() if v is not None)
    raw["attributes"] = labels["attributes"]
    return labels, raw


class _Drawing:
    """Builds one card's SVG from placed elements, naming the card and element in errors."""

    def __init__(self, layout: Layout, subject: str, labels: dict[str, str], raw: dict[str, str], back: bool,
                 ink_saver: bool, geometry: CardGeometry) -> None:
        self.layout = layout
        self.subject = subject
        self.labels = labels
        self.raw = raw
        self.back = back
        self.out: list[str] = []
        #: With --ink-saver: the trim size, and the grounds drawn so far (see render/ink_saver.py).
        self.paper = Paper() if ink_saver else None
        self.trim = (geometry.width, geometry.height)

    def fail(self, element_id: str, message: str) -> DataError:
        return DataError(f"{self.subject}: {self.layout.where(element_id, self.back)}: {message}")

    def fill(self, element_id: str, key: str, template: str, values: dict[str, str]) -> str:
        missing = [name for name in template_names(template) if name not in values]
        if missing:
            known = ", ".join(sorted(values))
            raise self.fail(element_id, f"{key}: no field {{{missing[0]}}} on this card (fields: {known})")
        return template.format_map(values)

    def choose(self, element_id: str, key: str, value: str | PaletteChoice | None) -> str | None:
        """A colour or font name, looked up in its palette when chosen by a field, or (a
        colour) filled from a card's field and checked."""
        if isinstance(value, str) and key != "font" and is_template(value):
            given = self.fill(element_id, key, value, self.raw).strip()
            try:
                parse_colour(given)
            except ValueError:
                raise self.fail(element_id, f"{key}: {value} gives {given!r} on this card, not a colour (expected "
                                "#rgb, #rrggbb, black, white or none in the card's data)") from None
            return given
        if not isinstance(value, PaletteChoice):
            return value
        if value.by not in self.raw:
            raise self.fail(element_id, f"{key}.by: no field {value.by!r} on this card (fields: {', '.join(sorted(self.raw))})")
        palette = self.layout.palettes[value.palette]
        found = palette.get(self.raw[value.by], palette.get("default"))
        if found is None:
            raise self.fail(element_id, f"{key}: palette {value.palette!r} has no entry for {value.by} = "
                            f"{self.raw[value.by]!r} and no default (add one of them)")
        return found

    def draw(self, placed: Placed) -> None:
        element = placed.element
        if not element.shows(self.raw):
            return
        saving = False
        if self.paper is not None:
            if isinstance(element.ink_saver, dict):
                element = self.layout.ink_saver[(self.back, placed.id)]
            elif element.ink_saver == "hide":
                return
            saving = element.ink_saver != "keep"
        x, y, w, h = placed.x, placed.y, placed.width, placed.height
        if element.opacity < 1:
            self.out.append(f'<g opacity="{n(element.opacity)}">')
        if element.rotate:
            cx, cy = x + w / 2, y + h / 2
            self.out.append(f'<g transform="rotate({n(element.rotate)} {n(cx)} {n(cy)})">')
            if element.rotate % 180 == 90:
                x, y, w, h = cx - h / 2, cy - w / 2, h, w
        if isinstance(element, RectElement):
            self.rect(placed.id, element, x, y, w, h, saving)
        elif isinstance(element, TextElement):
            self.text(placed.id, element, x, y, w, h, saving)
        elif isinstance(element, IconElement):
            self.icon(placed.id, element, x, y, w, h, saving)
        elif isinstance(element, ImageElement):
            self.image(placed.id, element, x, y, w, h)
        else:
            self.shape(placed.id, element, x, y, w, h)
        if element.rotate:
            self.out.append("</g>")
        if element.opacity < 1:
            self.out.append("</g>")

    def rect(self, element_id: str, element: RectElement, x: float, y: float, w: float, h: float, saving: bool) -> None:
        fill = self.choose(element_id, "fill", element.fill)
        stroke = self.choose(element_id, "stroke", element.stroke)
        stroke_width = element.stroke_width.mm(min(w, h))
        if self.paper is not None and fill is not None and fill != "none":
            outlined = saving and (element.ink_saver == "outline" or element.bleed)
            self.paper.add((x, y, w, h), fill if outlined else None)
            if outlined:
                x, y, w, h = outline_box(x, y, w, h, *self.trim)
                fill, stroke, stroke_width = "none", fill, OUTLINE_WIDTH
        radius = min(element.radius.mm(min(w, h)), w / 2, h / 2)
        stroke_part = ""
        if stroke and stroke != "none":
            stroke_part = f' stroke={quoteattr(stroke)} stroke-width="{n(stroke_width)}"'
        rounded = f' rx="{n(radius)}"' if radius > 0 else ""
        self.out.append(f'<rect x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}"{rounded} '
                        f'fill={quoteattr(fill or "none")}{stroke_part}/>')

    def shape(self, element_id: str, element: EllipseElement | PolygonElement | LineElement,
              x: float, y: float, w: float, h: float) -> None:
        """An ellipse filling the box, or a polygon or line through points measured from the
        box's top-left corner."""
        fill = "none" if isinstance(element, LineElement) else self.choose(element_id, "fill", element.fill) or "none"
        stroke = self.choose(element_id, "stroke", element.stroke) or "none"
        paint = f'fill={quoteattr(fill)}'
        if stroke != "none":
            paint += f' stroke={quoteattr(stroke)} stroke-width="{n(element.stroke_width.mm(min(w, h)))}"'
        if isinstance(element, EllipseElement):
            self.out.append(f'<ellipse cx="{n(x + w / 2)}" cy="{n(y + h / 2)}" rx="{n(w / 2)}" ry="{n(h / 2)}" {paint}/>')
            return
        points = " ".join(f"{n(x + px.mm(w))},{n(y + py.mm(h))}" for px, py in element.points)
        tag = "polygon" if isinstance(element, PolygonElement) else "polyline"
        self.out.append(f'<{tag} points="{points}" {paint}/>')

    def icon(self, element_id: str, element: IconElement, x: float, y: float, w: float, h: float, saving: bool) -> None:
        name = self.fill(element_id, "icon", element.icon, self.raw).strip()
        if name not in ICON_MACROS and name not in self.layout.icons:
            raise self.fail(element_id, f"unknown icon {name!r} (icons: {self.icon_names()})")
        if name in self.layout.icons:
            side = min(w, h)
            self.own_icon(name, x + (w - side) / 2, y + (h - side) / 2, side)
            return
        colour = self.ink(self.choose(element_id, "colour", element.colour) or "#000000", (x, y, w, h), saving)
        ink = self.choose(element_id, "ink", element.ink) or "#ffffff"
        self.out.append(icon_markup(name, x + w / 2, y + h / 2, min(w, h) / 2, colour, ink))

    def icon_names(self) -> str:
        """The icons a layout can draw, its own first, for messages."""
        return ", ".join([*self.layout.icons, *(n for n in ICON_MACROS if n not in self.layout.icons)])

    def own_icon(self, name: str, x: float, y: float, side: float) -> None:
        """One of the layout's own icons (an SVG file in the project) in a square box, in its
        own colours; drawn once into the PDF, however many cards and texts show it."""
        where = located(self.layout.path, field_path(("icons", name)))
        self.picture(project_file(self.layout.root, self.layout.icons[name], where), where, (x, y, side, side), False)

    def image(self, element_id: str, element: ImageElement, x: float, y: float, w: float, h: float) -> None:
        relative = self.fill(element_id, "image", element.image, self.raw)
        where = f"{self.subject}: {self.layout.where(element_id, self.back)}"
        path = project_file(self.layout.root, relative, where)
        self.picture(path, f"{where}: image {relative!r}", (x, y, w, h), element.fit == "cover")

    def picture(self, path: Path, where: str, box: tuple[float, float, float, float], cover: bool) -> None:
        """A picture file from the project fitted into (cover: filling) a box."""
        artwork.inspect(path, where)
        x, y, w, h = box
        aspect = "xMidYMid slice" if cover else "xMidYMid meet"
        self.out.append(f'<image x="{n(x)}" y="{n(y)}" width="{n(w)}" height="{n(h)}" '
                        f'preserveAspectRatio="{aspect}" href={quoteattr(path.as_uri())}/>')

    def ink(self, colour: str, box: tuple[float, float, float, float], saving: bool) -> str:
        """A text's or icon's colour, made to read on paper where --ink-saver took its ground."""
        return self.paper.ink(colour, box) if self.paper is not None and saving else colour

    def text(self, element_id: str, element: TextElement, x: float, y: float, w: float, h: float, saving: bool) -> None:
        content = self.fill(element_id, "text", element.text, self.labels)
        if not content.strip():
            return
        size = element.size.mm(h)
        try:
            paragraphs = textfit.parse_markup(content, {*ICON_MACROS, *self.layout.icons},
                                              lambda words: span_style(words, self.layout.palettes, size),
                                              element.bold, element.italic)
        except textfit.UnknownIcon as exc:
            raise self.fail(element_id, f"unknown icon :{exc}: in the text (icons: {self.icon_names()}; "
                            f"write \\:{exc}: to print the colons)") from None
        except textfit.BadSpan as exc:
            raise self.fail(element_id, f"text: {exc}") from None
        faces = self.faces(self.choose(element_id, "font", element.font))
        colour = self.ink(self.choose(element_id, "colour", element.colour) or "#000000", (x, y, w, h), saving)

        def measure(piece: textfit.Piece) -> float:
            return fonts.text_width(piece.text, _font_of(faces, piece), 1.0)

        least = element.min_size.mm(h) if element.min_size is not None else self.layout.min_size
        if element.path is not None or element.arc is not None:
            self.along(element_id, element, paragraphs, faces, colour, (x, y, w, h), saving, least)
            return
        try:
            fitted = textfit.fit(paragraphs, measure, w, h, size, least, element.line_height, element.wrap)
        except textfit.DoesNotFit as exc:
            raise self.fail(element_id, f"text does not fit: {exc} (shorten the text, enlarge the box "
                            "or lower min_size)") from None
        self.lines(element_id, fitted, element, faces, colour, (x, y, w, h), saving)

    def lines(self, element_id: str, fitted: textfit.Fitted, element: TextElement,
              faces: dict[tuple[bool, bool], Face] | None, colour: str, box: tuple[float, float, float, float],
              saving: bool) -> None:
        """The fitted lines as SVG text, each piece naming its element (`data-name`: the contrast
        check reports by element) and drawn at its span's size and colour."""
        x, y, w, h = box
        s = fitted.size
        block = fitted.height(element.line_height)
        top = y + {"top": 0.0, "middle": (h - block) / 2, "bottom": h - block}[element.valign]
        first = fitted.lines[0].scale if fitted.lines else 1.0
        for line, step in zip(fitted.lines, fitted.steps()):
            baseline = top + ASCENT * s * first + step * element.line_height * s
            slack = w - line.width * s
            left = x + {"left": 0.0, "center": slack / 2, "right": slack}[element.align]
            for offset, piece in line.pieces:
                px = left + offset * s
                ps = s * piece.scale
                ink = colour if piece.colour is None else self.ink(piece.colour, box, saving)
                if piece.icon is not None:
                    r = INLINE_RADIUS * ps
                    cx, cy = px + ps * textfit.ICON_WIDTH / 2, baseline - INLINE_RISE * ps
                    if piece.icon in self.layout.icons:
                        self.own_icon(piece.icon, cx - r, cy - r, 2 * r)
                    else:
                        self.out.append(icon_markup(piece.icon, cx, cy, r, ink, "#ffffff"))
                    continue
                self.out.append(f'<text x="{n(px)}" y="{n(baseline)}" font-size="{n(ps)}"{_face_attributes(faces, piece)} '
                                f'fill={quoteattr(ink)} data-name={quoteattr(element_id)}>{escape(piece.text)}</text>')

    def along(self, element_id: str, element: TextElement, paragraphs: list[list[textfit.Piece]],
              faces: dict[tuple[bool, bool], Face] | None, colour: str, box: tuple[float, float, float, float],
              saving: bool, least: float) -> None:
        """Text set glyph by glyph along the element's `path` or `arc` (one line: a line break
        is a space), at the largest size up to its `size` at which it fits the line; `valign`
        puts it on the line (bottom), across it (middle) or hanging below it (top)."""
        x, y, w, h = box
        arc = element.arc
        track = (text_path.arc_track(x + arc.x.mm(w), y + arc.y.mm(h), arc.radius.mm(w), arc.start, arc.end)
                 if arc is not None else text_path.data_track(element.path or "", x, y))
        pieces = [piece for paragraph in paragraphs for piece in (textfit.Piece(" "), *paragraph)][1:]
        runs: list[tuple[textfit.Piece, str | None, float]] = []  # each glyph or icon and its advance at size 1
        for piece in pieces:
            if piece.icon is not None:
                runs.append((piece, None, textfit.ICON_WIDTH * piece.scale))
            else:
                font = _font_of(faces, piece)
                runs += [(piece, char, fonts.text_width(char, font, piece.scale)) for char in piece.text]
        length = sum(advance for _, _, advance in runs)
        size = element.size.mm(h)
        smallest = min((piece.scale for piece in pieces if piece.icon is None), default=1.0)
        low = min(least / min(smallest, 1.0), size)
        fitted = min(size, track.length / length) if length else size
        if fitted < low - 1e-9:
            raise self.fail(element_id, f"text does not fit: it is {length * low:.1f} mm long even at {low:g} mm, "
                            f"its path {track.length:.1f} mm (shorten the text, lengthen the path or lower min_size)")
        drop = {"bottom": 0.0, "middle": (ASCENT - DESCENT) / 2, "top": ASCENT}[element.valign] * fitted
        glyphs = track.glyphs([advance * fitted for _, _, advance in runs], element.align, drop)
        for (piece, char, advance), (gx, gy, degrees) in zip(runs, glyphs):
            ps = fitted * piece.scale
            ink = colour if piece.colour is None else self.ink(piece.colour, box, saving)
            if char is None and piece.icon is not None:
                r, cos, sin = INLINE_RADIUS * ps, math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
                half, rise = advance * fitted / 2, INLINE_RISE * ps
                cx, cy = gx + cos * half + sin * rise, gy + sin * half - cos * rise
                self.out.append(f'<g transform="rotate({n(degrees)} {n(cx)} {n(cy)})">')
                if piece.icon in self.layout.icons:
                    self.own_icon(piece.icon, cx - r, cy - r, 2 * r)
                else:
                    self.out.append(icon_markup(piece.icon, cx, cy, r, ink, "#ffffff"))
                self.out.append("</g>")
            elif char and char.strip():
                self.out.append(f'<text x="{n(gx)}" y="{n(gy)}" transform="rotate({n(degrees)} {n(gx)} {n(gy)})" '
                                f'font-size="{n(ps)}"{_face_attributes(faces, piece)} fill={quoteattr(ink)} '
                                f'data-name={quoteattr(element_id)}>{escape(char)}</text>')

    def faces(self, font: str | None) -> dict[tuple[bool, bool], Face] | None:
        """The faces of a layout font by (bold, italic), their files registered; None for
        DejaVu Sans."""
        fonts.register_fonts()
        if font is None:
            return None
        files = self.layout.fonts[font]
        found: dict[tuple[bool, bool], Face] = {}
        for key, bold, italic in (("regular", False, False), ("bold", True, False), ("italic", False, True),
                                  ("bold_italic", True, True)):
            relative = getattr(files, key)
            if relative is None:
                continue
            where = located(self.layout.path, field_path(("fonts", font) if key == "regular" else ("fonts", font, key)))
            path = project_file(self.layout.root, relative, where)
            if not path.is_file():
                raise DataError(f"{where}: file {relative!r} not found in the project (copy the font there "
                                "or correct the path, which is relative to the project folder)")
            try:
                loaded = fonts.load_font_file(path)
            except DeckgenError as exc:
                raise DataError(f"{where}: {relative}: {exc.problems[0].removeprefix(f'{path}: ')}") from None
            found[(bold, italic)] = Face(path.relative_to(self.layout.root).as_posix(), loaded)
        return found


@dataclass(frozen=True, slots=True)
class Face:
    """One file of a layout font: its path inside the project and what reportlab made of it."""

    relative: str
    font: fonts.ProjectFont


def _face(faces: dict[tuple[bool, bool], Face], piece: textfit.Piece) -> Face:
    """The face a piece of text is set in: a missing bold or italic file falls back to the
    regular one, as `**bold**` in a font without a bold file does."""
    for key in ((piece.bold, piece.italic), (piece.bold, False), (False, piece.italic)):
        if key in faces:
            return faces[key]
    return faces[(False, False)]


def _font_of(faces: dict[tuple[bool, bool], Face] | None, piece: textfit.Piece) -> str:
    """The reportlab font a piece of text is measured and drawn in."""
    if faces is None:
        return fonts.font_name(fonts.FAMILY, "bold" if piece.bold else "normal", "italic" if piece.italic else "normal")
    return _face(faces, piece).font.name


def _face_attributes(faces: dict[tuple[bool, bool], Face] | None, piece: textfit.Piece) -> str:
    """A text's font attributes: DejaVu Sans by weight and style; a layout font by its file
    (`data-font`, what every output draws), with the family, weight and style inside that
    file for whoever opens the SVG."""
    if faces is None:
        return (' font-weight="bold"' if piece.bold else "") + (' font-style="italic"' if piece.italic else "")
    font = _face(faces, piece).font
    return (f" font-family={quoteattr(font.family)}" + (' font-weight="bold"' if font.bold else "")
            + (' font-style="italic"' if font.italic else "") + f" data-font={quoteattr(_face(faces, piece).relative)}")


def _document(geometry: CardGeometry, layout: Layout, body: list[str]) -> str:
    fw, fh, b = geometry.full_width, geometry.full_height, geometry.bleed
    safe = " ".join(n(v) for v in geometry.safe_box())
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{n(fw)}mm" height="{n(fh)}mm" '
        f'viewBox="0 0 {n(fw)} {n(fh)}" data-safe="{safe}" data-project={quoteattr(str(layout.root))}>\n'
        f'<g transform="translate({n(b)} {n(b)})" font-family="{fonts.FAMILY}">\n'
        + "\n".join(body)
        + "\n</g>\n</svg>\n"
    )


def layout_face_svg(deck: Deck, card: Card, geometry: CardGeometry, ink_saver: bool = False) -> str:
    """The face of `card` drawn from its layout (as `--ink-saver` prints it when asked)."""
    layout = card_layout(deck, card)
    labels, raw = card_values(deck, card)
    drawing = _Drawing(layout, f"deck {deck.id}: card {card.id}", labels, raw, False, ink_saver, geometry)
    for placed in layout.placed(geometry):
        drawing.draw(placed)
    return _document(geometry, layout, drawing.out)


def layout_back_svg(deck: Deck, back_id: str, geometry: CardGeometry, ink_saver: bool = False) -> str:
    """One of the deck's backs drawn from the layout's `back:` (the default layout's back
    when the layout has none)."""
    layout = deck_layout(deck)
    if not layout.back:
        layout = load_layout("default", deck.path)
    back = next(b for b in deck.backs if b.id == back_id)
    values: dict[str, str] = {"id": back.id, "name": back.name, "deck": deck.name}
    drawing = _Drawing(layout, f"deck {deck.id}: back {back_id}", values, values, True, ink_saver, geometry)
    for placed in layout.placed(geometry, back=True):
        drawing.draw(placed)
    return _document(geometry, layout, drawing.out)
