"""Colour-vision check: can players with colour-vision deficiencies tell a deck's attribute
values apart?

* `colour_vision(deck) -> list[PairDifference]`: for every attribute that declares `colours`
  (deck.yaml), every pair of its values and every colour field named there, the CIEDE2000
  difference under normal vision and simulated protanopia, deuteranopia and tritanopia.
* `format_colour_vision(rows) -> str`: the text table `deckgen check` prints.

Simulation is Machado, Oliveira and Fernandes (2009) at full severity, from colorspacious;
CIEDE2000 is colour-science's. A pair is flagged when some vision sees less than
`FLAG_BELOW` between its colours and the design gives no second cue: none of the attribute's
`cues` (each value has its own word, glyph, icon or pattern) and no `marks` entry carried by
exactly one of the two values.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Any

from deckgen.model.deck import AttributeSpec, Deck

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


def delta_e_2000(first: Lab, second: Lab) -> float:
    """CIEDE2000 colour difference of two L*a*b* colours."""
    from colour.difference import delta_E_CIE2000

    return float(delta_E_CIE2000(first, second))


@dataclass(frozen=True, slots=True)
class PairDifference:
    """Two values of an attribute, compared on one colour field under every vision."""

    attribute: str
    field: str
    first: str
    second: str
    differences: dict[str, float]
    cue: str | None  # what tells the two apart besides colour, if anything

    @property
    def flagged(self) -> bool:
        return self.cue is None and min(self.differences.values()) < FLAG_BELOW

    def to_json(self) -> dict[str, Any]:
        return {"attribute": self.attribute, "field": self.field, "values": [self.first, self.second],
                "ciede2000": {v: round(d, 2) for v, d in self.differences.items()},
                "second_cue": self.cue, "flagged": self.flagged}


def _second_cue(spec: AttributeSpec, first: Any, second: Any) -> str | None:
    assert spec.colours is not None
    marks = [mark for mark, marked in spec.colours.marks.items() if (first in marked) != (second in marked)]
    return ", ".join([*spec.colours.cues, *marks]) or None


def colour_vision(deck: Deck) -> list[PairDifference]:
    """Every pair of values of every attribute that declares its colours, on every colour field."""
    rows = []
    for name, spec in deck.specs.items():
        if spec.colours is None:
            continue
        for field in spec.colours.fields:
            colours = {value: hex_to_rgb(str(spec.fields[field][str(value)])) for value in spec.values}
            seen = {vision: {v: to_lab(simulate(rgb, vision)) for v, rgb in colours.items()} for vision in VISIONS}
            for first, second in itertools.combinations(spec.values, 2):
                differences = {vision: delta_e_2000(seen[vision][first], seen[vision][second]) for vision in VISIONS}
                rows.append(PairDifference(name, field, str(first), str(second), differences,
                                           _second_cue(spec, first, second)))
    return rows


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
