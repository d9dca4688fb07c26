"""How the card documents write their values, shared by the templates (render/svg.py), the
layouts (render/layout.py) and the shipped icons (render/icons.py): compact numbers, tints
pre-mixed into opaque colours, text and attributes escaped, file URIs, and the cache of
compiled Jinja templates.

The escaping is xml.sax.saxutils' (the same characters, the same quotes), written here
because importing saxutils imports urllib.request and with it http and email: a tenth of a
layout deck's start-up.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlparse

from deckgen.model.colour import parse_colour
from deckgen.paths import user_cache_dir


def svg_number(value: float) -> str:
    """Compact number for SVG attributes: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def jinja_bytecode_cache(cache_class: Any) -> Any:
    """Compiled templates kept between runs (jinja checks the source hash): compiling the
    card templates costs more than drawing a whole deck. None when no cache folder works."""
    folder = user_cache_dir("jinja")
    return cache_class(str(folder)) if folder is not None else None


def mix_colours(colour: str, backdrop: str, amount: float) -> str:
    """`colour` laid over `backdrop` at opacity `amount`, as one opaque #rrggbb. Card art
    is opaque: PDF transparency inside reused Form XObjects is not portable (reportlab
    leaves its graphics states out of the form's resources), so templates pre-mix tints."""
    top, bottom = parse_colour(colour), parse_colour(backdrop)
    if top is None or bottom is None:
        raise ValueError("mix needs two colours")
    mixed = (amount * a + (1 - amount) * z for a, z in zip(top, bottom))
    return "#" + "".join(f"{round(v * 255):02x}" for v in mixed)


def xml_text(data: str) -> str:
    """Text for an XML element: &, < and > escaped."""
    return data.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def xml_attribute(data: str) -> str:
    """An XML attribute value with its quotes: escaped as text, line breaks and tabs as
    character references, in single quotes when it holds a double quote (and no single one)."""
    data = xml_text(data).replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;")
    if '"' not in data:
        return f'"{data}"'
    if "'" not in data:
        return f"'{data}'"
    return '"' + data.replace('"', "&quot;") + '"'


def file_uri_path(uri: str) -> Path:
    """The file a `file:` URI names (what Path.as_uri wrote), as urllib.request's
    url2pathname reads it on this system."""
    path = urlparse(uri).path
    if os.name == "nt":
        from nturl2path import url2pathname

        return Path(url2pathname(path))
    return Path(unquote(path))
