"""How the card documents write their values, shared by the templates (render/svg.py), the
layouts (render/layout.py) and the shipped icons (render/icons.py): compact numbers, tints
pre-mixed into opaque colours, and the cache of compiled Jinja templates.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from deckgen.model.colour import parse_colour


def svg_number(value: float) -> str:
    """Compact number for SVG attributes: at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def jinja_bytecode_cache(cache_class: Any) -> Any:
    """Compiled templates kept between runs (jinja checks the source hash): compiling the
    card templates costs more than drawing a whole deck. None when no cache folder works."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "deckgen" / "jinja"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return cache_class(str(folder)) if os.access(folder, os.W_OK) else None


def mix_colours(colour: str, backdrop: str, amount: float) -> str:
    """`colour` laid over `backdrop` at opacity `amount`, as one opaque #rrggbb. Card art
    is opaque: PDF transparency inside reused Form XObjects is not portable (reportlab
    leaves its graphics states out of the form's resources), so templates pre-mix tints."""
    top, bottom = parse_colour(colour), parse_colour(backdrop)
    if top is None or bottom is None:
        raise ValueError("mix needs two colours")
    mixed = (amount * a + (1 - amount) * z for a, z in zip(top, bottom))
    return "#" + "".join(f"{round(v * 255):02x}" for v in mixed)
