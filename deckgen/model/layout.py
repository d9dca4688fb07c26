"""Layouts as data: where text, icons, artwork and rectangles go on a card (docs/layout-format.md).

* `load_layout(ref, deck_path) -> Layout`: a layout by name or path, its `extend` chain merged,
  every problem named by file and element path.
* `Layout.placed(geometry, back=False)`: the elements with their boxes in millimetres, checked
  against the card (off the trim) and its safe area (text and icons).
* `project_file(root, relative, where)`: the one place a path from data becomes a file.

The schemas of the file's pieces (lengths, colours, element kinds) are in layout_elements.py.
"""

from __future__ import annotations

import math
import os
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckgen.errors import DataError
from deckgen.fileio import contained, shown_path
from deckgen.model.common import read_yaml, template_names, validate
from deckgen.model.geometry import CardGeometry
from deckgen.model.layout_elements import (
    ELEMENT_KINDS,
    PLACE_KEYS,
    Element,
    FontFiles,
    IconElement,
    LayoutSpec,
    PaletteChoice,
    RectElement,
    TextElement,
)
from deckgen.model.wording import field_path, file_problem, problem, shown
from deckgen.paths import root_of
from deckgen.project import nearby, on_change
from deckgen.model.colour import parse_colour

#: Smallest font size (mm, about 3.4 pt) allowed on a card; the same figure as render.svg's.
DEFAULT_MIN_SIZE = 1.2
#: How many layouts one `extend` chain may hold (a longer chain is almost surely a mistake).
MAX_EXTEND_DEPTH = 16
#: Boxes may stray this far (mm) over an edge before it counts: rounding of percentages.
TOLERANCE = 0.05

@dataclass(frozen=True, slots=True)
class Placed:
    """An element with its box in mm, in trim coordinates (origin at the trim's top left)."""

    id: str
    element: Element
    x: float
    y: float
    width: float
    height: float


@dataclass(frozen=True)
class Layout:
    """A validated layout with its extend chain merged."""

    path: Path
    root: Path
    min_size: float
    fonts: dict[str, FontFiles]
    palettes: dict[str, dict[str, str]]
    elements: tuple[tuple[str, Element], ...]
    back: tuple[tuple[str, Element], ...]
    #: Elements as `--ink-saver` draws them, by (back, id): those whose `ink_saver` is a mapping.
    ink_saver: dict[tuple[bool, str], Element] = field(default_factory=dict)
    #: The file that last wrote each element, by (back, id): an inherited one is its parent's.
    sources: dict[tuple[bool, str], Path] = field(default_factory=dict)
    #: The designer's own icons: name -> SVG file, relative to the project.
    icons: dict[str, str] = field(default_factory=dict)

    def placed(self, geometry: CardGeometry, back: bool = False) -> tuple[Placed, ...]:
        """Every element's box at this card size; raises DataError naming each element that
        leaves the trim, or the safe area for text and icons. Worked out once per card size,
        not for every card drawn."""
        key = (geometry, back)
        found = self._placements.get(key)
        if found is None:
            found = self._placements[key] = tuple(_place(self, geometry, back))
        return found

    #: The boxes `placed` worked out, by (card geometry, back).
    _placements: dict[tuple[CardGeometry, bool], tuple[Placed, ...]] = field(default_factory=dict, compare=False,
                                                                                repr=False)

    #: Messages' `file: elements.id` by (element, back, current folder): worked out once, not
    #: for every element of every card drawn.
    _wheres: dict[tuple[str, bool, str], str] = field(default_factory=dict, compare=False, repr=False)

    def where(self, element_id: str, back: bool = False) -> str:
        """`file: elements.id` for messages, naming the layout file the element comes from."""
        key = (element_id, back, os.getcwd())
        found = self._wheres.get(key)
        if found is None:
            source = self.sources.get((back, element_id), self.path)
            found = self._wheres[key] = located(source, field_path(("back" if back else "elements", element_id)))
        return found


# --------------------------------------------------------------------------- paths


def project_file(root: Path, relative: str, where: str, base: Path | None = None) -> Path:
    """`relative` (to `base`, by default the project `root`) resolved inside the project; a
    DataError naming `where` when it is absolute or leads out of the project (through `..` or
    a link). Every path a layout names (artwork, fonts, other layouts) passes here."""
    if "\x00" in relative or Path(relative).is_absolute():
        raise DataError(f"{where}: {shown(relative)} is not a path inside the project (write it relative to {base or root})")
    try:
        return contained((base or root) / relative, [root], DataError)
    except DataError:  # said from the data's point of view: the field that names the file
        raise DataError(f"{where}: {shown(relative)} leads outside the project folder {root} "
                        "(only files inside it are read)") from None


def shipped_layouts_dir() -> Path:
    """The layouts deckgen ships (`default`), wherever the project being rendered lies."""
    return Path(__file__).resolve().parents[2] / "decks" / "layouts"


def find_layout(ref: str, base: Path, root: Path, where: str) -> Path:
    """A layout by name (the deck's `layouts/`, the project's `decks/layouts/`, the shipped
    ones) or, when `ref` has a `/` or ends in .yaml, by path relative to the folder `base`."""
    if "/" in ref or ref.endswith((".yaml", ".yml")):
        path = project_file(root, ref, where, base)
        if not path.is_file():
            raise DataError(f"{where}: layout file {shown(ref)} not found (expected a path relative to {base})")
        return path
    candidates = [base / "layouts" / f"{ref}.yaml", root / "decks" / "layouts" / f"{ref}.yaml",
                  shipped_layouts_dir() / f"{ref}.yaml"]
    for path in candidates:
        if path.is_file():
            return path
    known = sorted({p.stem for folder in {c.parent for c in candidates} if folder.is_dir()
                    for p in folder.glob("*.yaml")})
    raise DataError(f"{where}: unknown layout {shown(ref)} (known: {', '.join(known) or 'none'}; "
                    "or give a path such as layouts/mine.yaml)")


def located(path: Path, field: str) -> str:
    """`file: field` at the start of a message (the file relative to the current folder
    when it lies inside it)."""
    return f"{shown_path(nearby(path))}: {field}"


# --------------------------------------------------------------------------- loading


def load_layout(ref: str, deck_path: Path, where: str | None = None) -> Layout:
    """The layout a deck names in `layout:` (see find_layout), or a card in its `layout`
    field, validated and merged; `where` names the field in messages (the deck's `layout:`
    by default)."""
    path, root = _layout_file(ref, deck_path.absolute(), where)
    stamp = path.stat().st_mtime_ns
    return _load(str(path), stamp, str(root))


@lru_cache(maxsize=256)
def _layout_file(ref: str, deck_path: Path, where: str | None) -> tuple[Path, Path]:
    """Where a deck's layout lies and the project it reads from: looked up once per deck,
    not for every card (forgotten when the project or its files change)."""
    root = root_of(deck_path).resolve()
    return find_layout(ref, deck_path.parent, root, where or located(deck_path, "layout")), root


@lru_cache(maxsize=64)
def _load(path_text: str, stamp: int, root_text: str) -> Layout:
    path, root = Path(path_text), Path(root_text)
    shown_at = nearby(path)  # read through the path messages show: short when below this folder
    sources: dict[tuple[bool, str], Path] = {}
    raw = _merged(shown_at, root, [], sources)
    spec, elements, back, problems = _checked(raw, shown_at)
    if problems or spec is None:
        raise DataError(*problems)
    fonts = {name: FontFiles(regular=f) if isinstance(f, str) else f for name, f in spec.fonts.items()}
    min_size = spec.min_size.mm(1.0) if spec.min_size is not None else DEFAULT_MIN_SIZE
    saver = {(is_back, element_id): _ink_saver_element(raw[section][element_id], element, shown_at, (section, element_id))
             for is_back, section, listed in ((False, "elements", elements), (True, "back", back))
             for element_id, element in listed if isinstance(element.ink_saver, dict)}
    return Layout(path, root, min_size, fonts, spec.palettes, tuple(elements), tuple(back), saver, sources,
                  spec.icons)


on_change(_load.cache_clear)  # a layout's parents can change without the layout itself
on_change(_layout_file.cache_clear)


def _checked(raw: dict[str, Any], path: Path) -> tuple[LayoutSpec | None, list[tuple[str, Element]],
                                                       list[tuple[str, Element]], list[str]]:
    """The layout's top level and its elements validated, with every problem found."""
    problems: list[str] = []
    spec: LayoutSpec | None = None
    try:
        spec = validate(LayoutSpec, raw, path)
    except DataError as exc:
        problems.extend(exc.problems)
    sections: list[dict[str, Any]] = [raw[key] if isinstance(raw.get(key), dict) else {} for key in ("elements", "back")]
    elements = _elements(sections[0], path, "elements", problems)
    back = _elements(sections[1], path, "back", problems)
    if spec is not None:
        fonts = {name: FontFiles(regular=f) if isinstance(f, str) else f for name, f in spec.fonts.items()}
        _check_references(spec, fonts, elements, "elements", path, problems)
        _check_references(spec, fonts, back, "back", path, problems)
        if spec.min_size is not None and (spec.min_size.unit == "%" or spec.min_size.mm(1.0) < DEFAULT_MIN_SIZE - 1e-9):
            problems.append(problem(path, "min_size", f"found {shown(raw.get('min_size'))} (expected a size of at least "
                                    f"{DEFAULT_MIN_SIZE} mm, such as 1.5mm or 5pt: smaller text does not print legibly)"))
    return spec, elements, back, list(dict.fromkeys(problems))


def _merged(path: Path, root: Path, chain: list[Path], sources: dict[tuple[bool, str], Path]) -> dict[str, Any]:
    """The raw layout with its `extend` chain applied (parents first, this file winning);
    `sources` learns which file last wrote each element."""
    if path in chain:
        cycle = " -> ".join(p.name for p in [*chain, path])
        raise DataError(file_problem(chain[0], f"extend goes round in a circle ({cycle}); remove one extend"))
    if len(chain) >= MAX_EXTEND_DEPTH:
        raise DataError(file_problem(chain[0], f"extend chain longer than {MAX_EXTEND_DEPTH} layouts"))
    data = read_yaml(path)
    if not isinstance(data, dict):
        validate(LayoutSpec, data, path)  # raises the "expected a mapping" problem
    for section in ("elements", "back"):
        if isinstance(data.get(section), dict):
            sources.update({(section == "back", element_id): path for element_id in data[section]})
    parent_ref = data.get("extend")
    if parent_ref is None:
        return data
    if not isinstance(parent_ref, str) or not parent_ref:
        validate(LayoutSpec, data, path)
        raise DataError(problem(path, "extend", f"found {shown(parent_ref)} (expected a layout name or path)"))
    home = path.parent.parent if path.parent.name == "layouts" else path.parent  # the deck's folder
    parent_path = nearby(find_layout(parent_ref, home, root, located(path, "extend")))
    mine = dict(sources)
    parent = _merged(parent_path, root, [*chain, path], sources)
    sources.update(mine)
    wrong = _checked({**parent, "extend": None}, parent_path)[3]  # the parent's own problems name it
    if wrong:
        raise DataError(*wrong)
    out = {k: v for k, v in parent.items() if k != "extend"}
    for key, value in data.items():
        if key == "extend":
            continue
        if key in ("fonts", "icons") and isinstance(value, dict) and isinstance(out.get(key), dict):
            out[key] = {**out[key], **value}  # a font or icon name names other files as a whole
        elif key in ("palettes", "elements", "back") and isinstance(value, dict) and isinstance(out.get(key), dict):
            merged = dict(out[key])
            for name, entries in value.items():  # a palette's entries, an element's keys: one by one
                base = merged.get(name)
                both = isinstance(base, dict) and isinstance(entries, dict)
                merged[name] = {**base, **entries} if both else entries  # type: ignore[dict-item]
            out[key] = merged
        else:
            out[key] = value
    return out


def _elements(raw: dict[str, dict[str, Any]], path: Path, section: str, problems: list[str]) -> list[tuple[str, Element]]:
    out: list[tuple[str, Element]] = []
    for element_id, data in raw.items():
        at = (section, element_id)
        kind = data.get("type") if isinstance(data, dict) else None
        model = ELEMENT_KINDS.get(kind) if isinstance(kind, str) else None
        if model is None:
            where = field_path((*at, "type")) if isinstance(data, dict) and "type" in data else field_path(at)
            found = f"found {shown(kind)}" if isinstance(data, dict) and "type" in data else "no type"
            problems.append(problem(path, where, f"{found} (expected type: {', '.join(ELEMENT_KINDS)})"))
            continue
        try:
            element = validate(model, data, path, at)
            if element.ink_saver == "outline" and not isinstance(element, RectElement):
                problems.append(problem(path, field_path((*at, "ink_saver")), f"found 'outline', which only a rect can "
                                        f"become (expected auto, keep, hide or a mapping of keys for a {element.type})"))
                continue
            if isinstance(element.ink_saver, dict):
                _ink_saver_element(data, element, path, at)
            out.append((element_id, element))
        except DataError as exc:
            problems.extend(exc.problems)
    return out


def _ink_saver_element(data: dict[str, Any], element: Element, path: Path, at: tuple[str, str]) -> Element:
    """The element at `at` as `--ink-saver` draws it when its `ink_saver` is a mapping of
    keys to use instead (its place stays), validated as an element of its kind."""
    assert isinstance(element.ink_saver, dict)
    where = (*at, "ink_saver")
    moved = sorted(PLACE_KEYS.intersection(element.ink_saver))
    if moved:
        raise DataError(problem(path, field_path((*where, moved[0])), "cannot change with --ink-saver (the element keeps "
                                "its place and cards; give colours, strokes, sizes or fonts)"))
    return validate(type(element), {**data, **element.ink_saver, "ink_saver": "keep"}, path, where)


def _check_references(spec: LayoutSpec, fonts: dict[str, FontFiles], elements: list[tuple[str, Element]],
                      section: str, path: Path, problems: list[str]) -> None:
    """Templates that parse, palettes and fonts that exist, palette colours that are colours."""
    for name, entries in spec.palettes.items():
        if not entries:
            problems.append(problem(path, field_path(("palettes", name)), "is empty (expected value: colour entries)"))
    for element_id, element in elements:
        for key in ("text", "icon", "image"):
            template = getattr(element, key, None)
            if isinstance(template, str):
                try:
                    template_names(template)
                except ValueError as exc:
                    problems.append(problem(path, field_path((section, element_id, key)), str(exc)))
        for key in ("fill", "stroke", "colour", "ink", "font"):
            choice = getattr(element, key, None)
            where = field_path((section, element_id, key))
            if isinstance(choice, PaletteChoice):
                palette = spec.palettes.get(choice.palette)
                if palette is None:
                    known = ", ".join(spec.palettes) or "none declared"
                    problems.append(problem(path, f"{where}.palette", f"unknown palette {shown(choice.palette)} (palettes: {known})"))
                elif key != "font":
                    for value, colour in palette.items():
                        try:
                            parse_colour(colour)
                        except ValueError:
                            problems.append(problem(path, field_path(("palettes", choice.palette, value)),
                                                    f"found {shown(colour)} (expected a colour: #rgb, #rrggbb, black, white or none)"))
                else:
                    for value, font in palette.items():
                        if font not in fonts:
                            problems.append(problem(path, field_path(("palettes", choice.palette, value)),
                                                    f"unknown font {shown(font)} (fonts: {', '.join(fonts) or 'none declared'})"))
            elif key == "font" and isinstance(choice, str) and choice not in fonts:
                problems.append(problem(path, where, f"unknown font {shown(choice)} (fonts: {', '.join(fonts) or 'none declared'})"))
    problems[:] = list(dict.fromkeys(problems))


# --------------------------------------------------------------------------- placing


def turned_box(x: float, y: float, width: float, height: float, degrees: float) -> tuple[float, float, float, float]:
    """The upright box around a box turned about its centre: what must stay on the card. At
    90 and 270 degrees an element is laid out along its box's height and covers the box."""
    if degrees % 90 == 0:
        return x, y, width, height
    turn = math.radians(degrees)
    cos, sin = abs(math.cos(turn)), abs(math.sin(turn))
    new_width, new_height = width * cos + height * sin, width * sin + height * cos
    return x + (width - new_width) / 2, y + (height - new_height) / 2, new_width, new_height


def _place(layout: Layout, geometry: CardGeometry, back: bool) -> list[Placed]:
    w, h, b = geometry.width, geometry.height, geometry.bleed
    inset = geometry.safe_inset
    problems: list[str] = []
    out: list[Placed] = []
    for element_id, element in layout.back if back else layout.elements:
        x, y = element.x.mm(w), element.y.mm(h)
        width, height = element.width.mm(w), element.height.mm(h)
        where = layout.where(element_id, back)
        if width <= 0 or height <= 0:
            problems.append(f"{where}: box is {width:g} x {height:g} mm (expected a width and height above 0)")
            continue
        bx, by, bw, bh = turned_box(x, y, width, height, element.rotate)
        over = max(-bx, -by, bx + bw - w, by + bh - h)
        if over > TOLERANCE:
            problems.append(f"{where}: lies {over:.1f} mm off the {w:g} x {h:g} mm card "
                            "(keep the box inside the trim; `bleed: true` reaches into the bleed)")
            continue
        if isinstance(element, (TextElement, IconElement)):
            unsafe = max(inset - bx, inset - by, bx + bw - (w - inset), by + bh - (h - inset))
            if unsafe > TOLERANCE:
                problems.append(f"{where}: reaches {unsafe:.1f} mm outside the safe area (keep {element.type} "
                                f"at least {inset:g} mm inside the trim of a {w:g} x {h:g} mm card)")
                continue
        if getattr(element, "bleed", False):
            x0 = -b if x <= TOLERANCE else x
            y0 = -b if y <= TOLERANCE else y
            x1 = w + b if x + width >= w - TOLERANCE else x + width
            y1 = h + b if y + height >= h - TOLERANCE else y + height
            x, y, width, height = x0, y0, x1 - x0, y1 - y0
        out.append(Placed(element_id, element, x, y, width, height))
    if problems:
        raise DataError(*problems)
    return out
