"""The icons deckgen ships, drawn from the jinja macros of templates/cards/icons.svg.j2, for
layouts (render/layout.py); a layout's own icons are SVG files it names under `icons:`.

* `ICON_MACROS`: every shipped icon name a layout may use.
* `icon_markup(name, x, y, r, fill, ink) -> str`: the SVG of one, centred on (x, y).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.render.svg_values import jinja_bytecode_cache, mix_colours
from deckgen.render.svg_values import svg_number as n

if TYPE_CHECKING:
    from jinja2.runtime import Macro

#: Icon names a layout may use, by the icons.svg.j2 macro that draws them; True when the
#: macro takes a second colour (the layout's `ink`).
ICON_MACROS: dict[str, tuple[str, bool]] = {
    **{name: (name, False) for name in ("moon", "sun", "arm", "crown", "palm", "star", "sparkle", "swirl",
                                        "deer", "winterwoods", "moonlake", "emberpeak", "mistvale")},
    **{name: (name, True) for name in ("skull", "mirror", "owl", "fox", "hare")},
    **{plural: (plural[:-1], False) for plural in ("moons", "suns", "arms", "crowns")},
    **{suit: ("french_suit", False) for suit in ("hearts", "diamonds", "spades", "clubs")},
}


@cache
def _icon_module() -> Any:
    """The shipped icon macros, read from deckgen's own templates whatever project is open."""
    from jinja2 import (
        Environment,
        FileSystemBytecodeCache,
        FileSystemLoader,
        StrictUndefined,
    )

    folder = Path(__file__).resolve().parents[2] / "templates" / "cards"
    env = Environment(loader=FileSystemLoader(str(folder)), autoescape=True, undefined=StrictUndefined,
                      bytecode_cache=jinja_bytecode_cache(FileSystemBytecodeCache))
    env.filters["n"] = n
    env.filters["mix"] = mix_colours
    return env.get_template("icons.svg.j2").module


def icon_markup(name: str, x: float, y: float, r: float, fill: str, ink: str) -> str:
    """The SVG of a named icon centred on (x, y) with radius r."""
    macro_name, takes_ink = ICON_MACROS[name]
    macro: Macro = getattr(_icon_module(), macro_name)
    if macro_name == "french_suit":
        return str(macro(name, x, y, r, fill))
    return str(macro(x, y, r, fill, ink) if takes_ink else macro(x, y, r, fill))
