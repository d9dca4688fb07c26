"""Colour-vision check: can players with colour-vision deficiencies tell a deck's attribute
values apart?

* `colour_vision(deck) -> list[PairDifference]`: for every attribute that declares `colours`
  (deck.yaml), every pair of its values and every colour field named there, the CIEDE2000
  difference under normal vision and simulated protanopia, deuteranopia and tritanopia.
* `format_colour_vision(rows) -> str`: the text table `deckgen check` prints.

Simulation is Machado, Oliveira and Fernandes (2009) at full severity, from colorspacious
(each colour once, then kept in deckgen's data cache: `SeenColours`); CIEDE2000 is Sharma, Wu
and Dalal's (2005) formulation, written out here. A pair is flagged when some vision sees less
than `FLAG_BELOW` between its colours and the design gives no second cue: none of the
attribute's `cues` (each value has its own word, glyph, icon or pattern) and no `marks` entry
carried by exactly one of the two values.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache, partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.model import data_cache
from deckgen.model.common import template_names
from deckgen.model.deck_data import Deck
from deckgen.model.deck_data import Attribute

if TYPE_CHECKING:
    from deckgen.model.layout import Layout

#: Simulated visions, in report order.
VISIONS = ("normal", "protanopia", "deuteranopia", "tritanopia")
_CVD_TYPES = {"protanopia": "protanomaly", "deuteranopia": "deuteranomaly", "tritanopia": "tritanomaly"}
#: A CIEDE2000 difference below this is hard to see at a glance across a table.
FLAG_BELOW = 10.0

RGB = tuple[float, float, float]
Lab = tuple[float, float, float]


def hex_to_rgb(colour: str) -> RGB:
    """#rrggbb as sRGB channels 0..1 (the deck schema has checked the form)."""
    return (int(colour[1:3], 16) / 255, int(colour[3:5], 16) / 255, int(colour[5:7], 16) / 255)


def simulate(rgb: RGB, vision: str) -> RGB:
    """How `rgb` looks under a colour-vision deficiency at full severity (normal: as it is)."""
    if vision == "normal":
        return rgb
    from colorspacious import cspace_convert

    space = {"name": "sRGB1+CVD", "cvd_type": _CVD_TYPES[vision], "severity": 100}
    seen = cspace_convert(rgb, space, "sRGB1")
    return (min(1.0, max(0.0, float(seen[0]))), min(1.0, max(0.0, float(seen[1]))), min(1.0, max(0.0, float(seen[2]))))


def to_lab(rgb: RGB) -> Lab:
    """CIE L*a*b* (D65) of an sRGB colour."""
    from colorspacious import cspace_convert

    lab = cspace_convert(rgb, "sRGB1", "CIELab")
    return (float(lab[0]), float(lab[1]), float(lab[2]))


#: The data cache's kind and key for colours as each vision sees them (`SeenColours`).
SEEN_KIND = "colour-vision"
SEEN_KEY = "Machado, Oliveira and Fernandes (2009) at full severity; CIE L*a*b* (D65)"


class SeenColours:
    """Colours as each vision sees them, in CIE L*a*b*: worked out by colorspacious once per
    colour, then kept in deckgen's data cache, so that a check of a deck whose colours did
    not change loads neither colorspacious nor numpy (a third of `deckgen check`)."""

    def __init__(self) -> None:
        kept = data_cache.read(SEEN_KIND, SEEN_KEY)
        self.known: dict[tuple[RGB, str], Lab] = kept if isinstance(kept, dict) else {}
        self.added = False

    def lab(self, rgb: RGB, vision: str) -> Lab:
        """`to_lab(simulate(rgb, vision))`, from the colours already seen when it is there."""
        key = (rgb, vision)
        found = self.known.get(key)
        if found is None:
            found = self.known[key] = to_lab(simulate(rgb, vision))
            self.added = True
        return found

    def keep(self) -> None:
        """Store the colours seen, if any is new since they were read or last stored."""
        if self.added:
            data_cache.write(SEEN_KIND, SEEN_KEY, self.known)
            self.added = False


@cache
def seen_colours() -> SeenColours:
    """The process's colours seen, read from the data cache once: `deckgen check` of a deck
    drawn from a layout both refuses its flagged pairs and prints its table."""
    return SeenColours()


def delta_e_2000(first: Lab, second: Lab) -> float:
    """CIEDE2000 colour difference of two L*a*b* colours (Sharma, Wu and Dalal 2005, whose
    test pairs tests/test_colour_check.py checks). Written out rather than imported from
    colour-science, whose import alone takes 1.5 s of every `validate` and `check`."""
    l1, a1, b1 = first
    l2, a2, b2 = second
    c_mean = (math.hypot(a1, b1) + math.hypot(a2, b2)) / 2
    g = 0.5 * (1 - math.sqrt(c_mean**7 / (c_mean**7 + 25**7)))
    a1, a2 = (1 + g) * a1, (1 + g) * a2
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    h1 = math.degrees(math.atan2(b1, a1)) % 360 if c1 else 0.0
    h2 = math.degrees(math.atan2(b2, a2)) % 360 if c2 else 0.0
    turn = h2 - h1
    if c1 * c2 == 0:
        turn = 0.0
    elif abs(turn) > 180:
        turn -= math.copysign(360, turn)
    dl, dc = l2 - l1, c2 - c1
    dh = 2 * math.sqrt(c1 * c2) * math.sin(math.radians(turn) / 2)
    l_mean, c_mean = (l1 + l2) / 2, (c1 + c2) / 2
    if c1 * c2 == 0:
        h_mean = h1 + h2
    elif abs(h1 - h2) <= 180:
        h_mean = (h1 + h2) / 2
    else:
        h_mean = (h1 + h2 + (360 if h1 + h2 < 360 else -360)) / 2
    t = (1 - 0.17 * math.cos(math.radians(h_mean - 30)) + 0.24 * math.cos(math.radians(2 * h_mean))
         + 0.32 * math.cos(math.radians(3 * h_mean + 6)) - 0.20 * math.cos(math.radians(4 * h_mean - 63)))
    sl = 1 + 0.015 * (l_mean - 50) ** 2 / math.sqrt(20 + (l_mean - 50) ** 2)
    sc = 1 + 0.045 * c_mean
    sh = 1 + 0.015 * c_mean * t
    rotation = -2 * math.sqrt(c_mean**7 / (c_mean**7 + 25**7)) * math.sin(
        math.radians(60 * math.exp(-(((h_mean - 275) / 25) ** 2))))
    return math.sqrt((dl / sl) ** 2 + (dc / sc) ** 2 + (dh / sh) ** 2 + rotation * (dc / sc) * (dh / sh))


@dataclass(frozen=True, slots=True)
class PairDifference:
    """Two values of an attribute, compared on one colour field under every vision."""

    attribute: str
    field: str
    first: str
    second: str
    differences: dict[str, float]
    cue: str | None  # what tells the two apart besides colour, if anything
    #: A pair a layout draws: where (`card.yaml: elements.band.fill`) and a card of each value.
    where: str = ""
    cards: tuple[str, str] = ("", "")

    @property
    def flagged(self) -> bool:
        return self.cue is None and min(self.differences.values()) < FLAG_BELOW

    def to_json(self) -> dict[str, Any]:
        return {"attribute": self.attribute, "field": self.field, "values": [self.first, self.second],
                "ciede2000": {v: round(d, 2) for v, d in self.differences.items()},
                "second_cue": self.cue, "flagged": self.flagged}


def _second_cue(spec: Attribute, first: Any, second: Any) -> str | None:
    assert spec.colours is not None
    marks = [mark for mark, marked in spec.colours.marks.items() if (first in marked) != (second in marked)]
    return ", ".join([*spec.colours.cues, *marks]) or None


def colour_vision(deck: Deck) -> list[PairDifference]:
    """Every pair of values of every attribute that declares its colours, on every colour
    field; then every pair of colours the deck's layout tells cards apart by."""
    colours_seen = seen_colours()
    rows = layout_pairs(deck, colours_seen)
    for name, spec in deck.specs.items():
        if spec.colours is None:
            continue
        for field in spec.colours.fields:
            colours = {value: hex_to_rgb(str(spec.fields[field][str(value)])) for value in spec.values}
            seen = {vision: {v: colours_seen.lab(rgb, vision) for v, rgb in colours.items()} for vision in VISIONS}
            for first, second in itertools.combinations(spec.values, 2):
                differences = {vision: delta_e_2000(seen[vision][first], seen[vision][second]) for vision in VISIONS}
                rows.append(PairDifference(name, field, str(first), str(second), differences,
                                           _second_cue(spec, first, second)))
    colours_seen.keep()
    return rows


def layout_pairs(deck: Deck, colours_seen: SeenColours) -> list[PairDifference]:
    """For a deck drawn from a layout: each element colour chosen by a field (a palette's
    `by`, or a colour taken from a field, `"{colour}"`), every pair of that field's values on
    the cards the element is drawn on, compared on the colours they get. The second cue is
    any element that shows the field itself (`icon: "{suit}"`, `text: "{suit}"`). Cards with
    a layout of their own (a `layout` field) are compared within their layout."""
    from deckgen.render.svg import uses_layout

    if not uses_layout(deck):
        return []
    from deckgen.render.layout import card_layout, card_values

    groups: dict[Path, tuple[Layout, list[tuple[str, dict[str, str]]]]] = {}
    for card in deck.cards:
        layout = card_layout(deck, card)
        groups.setdefault(layout.path, (layout, []))[1].append((card.id, card_values(deck, card)[1]))
    return [row for layout, cards in groups.values() for row in _layout_pairs(deck, layout, cards, colours_seen)]


def _layout_pairs(deck: Deck, layout: Layout, cards: list[tuple[str, dict[str, str]]],
                  colours_seen: SeenColours) -> list[PairDifference]:
    """layout_pairs for the cards (id, raw values) one layout draws."""
    from deckgen.model.layout_elements import PaletteChoice, is_template

    rows = []
    for element_id, element in layout.elements:
        for key in ("fill", "stroke", "colour", "ink"):
            value = getattr(element, key, None)
            colour_of: Callable[[dict[str, str]], str]
            if isinstance(value, PaletteChoice):
                by, colour_of = value.by, partial(_from_palette, layout.palettes[value.palette], value.by)
            elif isinstance(value, str) and is_template(value):
                by, colour_of = template_names(value)[0], value.format_map
            else:
                continue
            found: dict[str, tuple[RGB, str]] = {}  # the field's value -> its colour, its first card
            for card_id, raw in cards:
                if element.shows(raw) and raw.get(by, "") not in found:
                    rgb = _rgb(colour_of, raw)
                    if rgb is not None:
                        found[raw[by]] = (rgb, card_id)
            where = f"{layout.where(element_id)}.{key}"
            rows += _pairs(by, f"{element_id}.{key}", found, _shown_by(layout.elements, by, deck), where, colours_seen)
    return rows


def _from_palette(palette: dict[str, str], by: str, raw: dict[str, str]) -> str:
    return palette.get(raw[by], palette.get("default", "none"))


def _rgb(colour_of: Callable[[dict[str, str]], str], raw: dict[str, str]) -> RGB | None:
    """The colour an element gets on a card, or None where it has none (or no valid one:
    drawing the card reports that)."""
    from deckgen.model.colour import parse_colour

    try:
        return parse_colour(colour_of(raw).strip())
    except (KeyError, ValueError):
        return None


def _shown_by(elements: Iterable[tuple[str, Any]], field: str, deck: Deck) -> str | None:
    """The elements that show a field's value by other means than colour, as a second cue."""
    names = []
    for element_id, element in elements:
        template = getattr(element, element.type, "")
        used = template_names(template) if isinstance(template, str) else []
        if field in used or (field in deck.attributes and "attributes" in used):
            names.append(f"{element.type} {element_id}")
    return ", ".join(names) or None


def _pairs(field: str, drawn: str, found: dict[str, tuple[RGB, str]], cue: str | None,
           where: str, colours_seen: SeenColours) -> list[PairDifference]:
    """Every pair of distinct colours among a field's values, under every vision."""
    seen = {vision: {v: colours_seen.lab(rgb, vision) for v, (rgb, _) in found.items()} for vision in VISIONS}
    rows = []
    for first, second in itertools.combinations(found, 2):
        if found[first][0] == found[second][0]:
            continue  # one colour for both: colour does not tell them apart here
        differences = {vision: delta_e_2000(seen[vision][first], seen[vision][second]) for vision in VISIONS}
        rows.append(PairDifference(field, drawn, first or "(empty)", second or "(empty)", differences, cue, where,
                                   (found[first][1], found[second][1])))
    return rows


def layout_colour_problems(deck: Deck) -> list[str]:
    """A flagged pair of a layout's colours, one line each naming a card of each value and
    the element: what `validate` and `check` refuse for a deck drawn from a layout."""
    lines = []
    colours_seen = seen_colours()
    for row in layout_pairs(deck, colours_seen):
        if row.flagged:
            vision = min(row.differences, key=lambda v: row.differences[v])
            lines.append(f"deck {deck.id}: cards {row.cards[0]} and {row.cards[1]}: {row.where}: {row.attribute} "
                         f"{row.first!r} and {row.second!r} are {row.differences[vision]:.1f} apart with {vision} "
                         f"(CIEDE2000; under {FLAG_BELOW:g} they are easily mixed up) and nothing else on the card "
                         f"tells them apart (show {{{row.attribute}}} as an icon or a text, or move the colours apart)")
    colours_seen.keep()
    return lines


def format_colour_vision(rows: list[PairDifference]) -> str:
    """The colour-vision table: one line per pair and field, flagged pairs marked."""
    if not rows:
        return "colour vision: no attribute declares its colours (see docs/colour-check.md)"
    header = ["pair", "field", *VISIONS, "second cue"]
    table = [[f"{r.attribute}: {r.first} / {r.second}", r.field, *(f"{r.differences[v]:.1f}" for v in VISIONS),
              (r.cue or "none") + ("  FLAGGED" if r.flagged else "")] for r in rows]
    widths = [max(len(line[i]) for line in [header, *table]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i in (0, 1, len(cells) - 1) else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()

    flagged = sum(r.flagged for r in rows)
    title = (f"colour vision (CIEDE2000 between values; under {FLAG_BELOW:g} without a second cue is flagged): "
             + (f"{flagged} pair(s) flagged" if flagged else "no pair flagged"))
    return "\n".join([title, line(header), line(["-" * w for w in widths]), *map(line, table)])
