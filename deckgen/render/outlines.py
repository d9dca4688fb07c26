"""A layout's own fonts in raster output: its text turned into glyph outlines from the very
file the layout names, before cairo draws the card.

* `outline_font_text(svg_text) -> str`: the card's SVG with every `<text data-font=...>` (a
  layout font, see render/layout.py) replaced by the outlines of its glyphs.

Why outlines: cairo finds fonts through fontconfig, by family name, so a bold and a regular
file of one family (or an installed font of that family) could be drawn instead of the file
the layout names. Outlines drawn from the file itself look the same in PNG, tgc, mpc and TTS
output as in the PDF, which embeds that file. Glyphs are placed by their advance widths, as
the PDF places them (no kerning in either).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from deckgen.errors import DeckgenError
from deckgen.render import fonts

SVG_NAMESPACE = "http://www.w3.org/2000/svg"
_SVG_NS = "{" + SVG_NAMESPACE + "}"


@dataclass
class _Glyphs:
    """One font file's outlines as SVG path data, in font units, read as characters need them."""

    units_per_em: int
    cmap: dict[int, str]
    glyph_set: Any
    notdef: str
    paths: dict[str, tuple[str, float]] = field(default_factory=dict)

    def glyph(self, char: str) -> tuple[str, float]:
        """(path data, advance width) of a character; a character the font lacks draws its
        .notdef glyph, as the PDF does."""
        name = self.cmap.get(ord(char), self.notdef)
        found = self.paths.get(name)
        if found is None:
            from fontTools.pens.svgPathPen import SVGPathPen

            glyph = self.glyph_set[name]
            pen = SVGPathPen(self.glyph_set)
            glyph.draw(pen)
            found = self.paths[name] = (pen.getCommands(), float(glyph.width))
        return found


@lru_cache(maxsize=32)
def _glyphs(path: Path, stamp: int) -> _Glyphs:
    """The outlines of a font file, read once per file and modification time."""
    from fontTools.ttLib import TTFont, TTLibError

    try:
        font = TTFont(str(path), lazy=True)
        return _Glyphs(font["head"].unitsPerEm, font.getBestCmap() or {}, font.getGlyphSet(), font.getGlyphOrder()[0])
    except (TTLibError, OSError, KeyError, ValueError, AssertionError) as exc:
        raise DeckgenError(f"{path}: font does not load ({exc}; expected a TTF file)") from None


def _outlined(text: ET.Element, project: Path | None) -> ET.Element:
    """A group of glyph outlines drawing `text` as its data-font file would."""
    path = fonts.font_file(project, text.get("data-font", ""))
    glyphs = _glyphs(path, path.stat().st_mtime_ns)
    size = float(text.get("font-size", "0"))
    scale = size / glyphs.units_per_em
    x, y = float(text.get("x", "0")), float(text.get("y", "0"))
    group = ET.Element(f"{_SVG_NS}g", {"transform": f"translate({x:g} {y:g}) scale({scale:.6g} {-scale:.6g})"})
    for key in ("fill", "opacity", "fill-opacity"):
        if key in text.attrib:
            group.set(key, text.attrib[key])
    if "transform" in text.attrib:
        group.set("transform", f"{text.attrib['transform']} {group.attrib['transform']}")
    advance = 0.0
    for char in text.text or "":
        outline, width = glyphs.glyph(char)
        if outline:
            ET.SubElement(group, f"{_SVG_NS}path", {"d": outline, "transform": f"translate({advance:g} 0)"})
        advance += width
    return group


def outline_font_text(svg_text: str) -> str:
    """The SVG with every text in a layout font drawn as outlines of that font file; other
    documents unchanged (and not parsed)."""
    if "data-font=" not in svg_text:
        return svg_text
    ET.register_namespace("", SVG_NAMESPACE)
    root = ET.fromstring(svg_text)
    project = root.get("data-project")
    where = Path(project).resolve() if project else None
    for parent in root.iter():
        for index, child in enumerate(list(parent)):
            if child.tag == f"{_SVG_NS}text" and child.get("data-font") is not None:
                parent[index] = _outlined(child, where)
    return ET.tostring(root, encoding="unicode")
