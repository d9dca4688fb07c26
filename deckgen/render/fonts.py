"""The card font: DejaVu Sans as shipped inside matplotlib, embedded in every PDF.

matplotlib is already a dependency and carries the TTF files, so no font is downloaded or
assumed to be installed. Its location is found from the package spec, without importing
matplotlib (whose import alone costs more than a whole sheet render).
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path

from deckgen.errors import DeckgenError

#: The font family name card templates use (`font-family="DejaVu Sans"`).
FAMILY = "DejaVu Sans"
#: reportlab names of the registered (embedded, subset) TrueType fonts.
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf"}

#: Height above the baseline and depth below it of inked glyphs, as a fraction of the font
#: size (DejaVu Sans: ascenders 0.76, descenders 0.24); used by the safe-area check.
ASCENT = 0.76
DESCENT = 0.24


def font_dir() -> Path:
    """matplotlib's bundled TTF folder."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise DeckgenError("matplotlib is not installed: it provides the DejaVu Sans card font")
    return Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"


def font_path(name: str = REGULAR) -> Path:
    """Path of the TTF for a registered font name (REGULAR or BOLD)."""
    path = font_dir() / _FILES[name]
    if not path.is_file():
        raise DeckgenError(f"card font not found at {path} (reinstall matplotlib)")
    return path


@cache
def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans regular and bold with reportlab (once); returns their names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name in (REGULAR, BOLD):
        pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
    return REGULAR, BOLD


def font_name(family: str, weight: str) -> str:
    """reportlab font for an SVG font-family and font-weight; only the card font is allowed."""
    if family.strip().strip("'\"") != FAMILY:
        raise DeckgenError(f"card templates must use font-family {FAMILY!r} (found {family!r})")
    return BOLD if weight in ("bold", "bolder", "600", "700", "800", "900") else REGULAR


BULLET = "\u2022"


def bullet_text_indent(font: str, size: float, bullet_indent: float = 0.0) -> float:
    """The left indent at which a bulleted paragraph's first line starts where its wrapped
    lines do: reportlab puts the first line at least 0.6 em after the bullet's right edge,
    and a smaller indent pushes that line alone to the right."""
    return bullet_indent + text_width(BULLET, font, size) + 0.6 * size


def text_width(text: str, font: str, size: float) -> float:
    """Advance width of text in the units of size (mm in, mm out)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return stringWidth(text, font, size)
