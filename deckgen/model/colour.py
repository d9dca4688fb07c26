"""Colours as layouts, spans and card templates write them: `#rgb`, `#rrggbb`, `black`,
`white` or `none`. Read here, below the models that check them and the painters that draw
them, so that a layout is validated without importing the renderer.

* `parse_colour(text) -> (r, g, b) | None`: RGB fractions, None for `none`; ValueError otherwise.
"""

from __future__ import annotations

from functools import lru_cache

#: Colour names a layout may write, besides hex and `none`.
NAMED_COLOURS = {"black": "#000000", "white": "#ffffff"}

RGB = tuple[float, float, float]


@lru_cache(maxsize=4096)
def parse_colour(value: str) -> RGB | None:
    """A colour as RGB fractions, or None for `none`; cached, as a card names its few
    colours hundreds of times. ValueError for anything else."""
    value = NAMED_COLOURS.get(value.strip().lower(), value.strip())
    if value == "none":
        return None
    if value.startswith("#") and len(value) == 4:
        value = "#" + "".join(ch * 2 for ch in value[1:])
    if value.startswith("#") and len(value) == 7:
        return tuple(int(value[i : i + 2], 16) / 255 for i in (1, 3, 5))  # type: ignore[return-value]
    raise ValueError(f"unsupported colour {value!r} (use #rgb, #rrggbb, none, black, white)")
