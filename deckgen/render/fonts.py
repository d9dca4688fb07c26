"""The card font: DejaVu Sans as shipped inside matplotlib, embedded in every PDF.

matplotlib is already a dependency and carries the TTF files, so no font is downloaded or
assumed to be installed. Its location is found from the package spec, without importing
matplotlib (whose import alone costs more than a whole sheet render).
"""

from __future__ import annotations

import importlib.util
from functools import cache
from pathlib import Path
from struct import error as struct_error

from deckgen.errors import DeckgenError

#: The font family name card templates use (`font-family="DejaVu Sans"`).
FAMILY = "DejaVu Sans"
#: reportlab names of the registered (embedded, subset) TrueType fonts.
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
ITALIC = "DejaVuSans-Oblique"
BOLD_ITALIC = "DejaVuSans-BoldOblique"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", ITALIC: "DejaVuSans-Oblique.ttf",
          BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf"}

#: Every registered face: (SVG font-family, bold, italic) -> reportlab font name.
_FACES: dict[tuple[str, bool, bool], str] = {}
#: Font files a project brought, by SVG family: what the PNG export tells fontconfig about.
PROJECT_FONT_FILES: dict[str, set[Path]] = {}
#: Largest font file read from a project.
MAX_FONT_BYTES = 32 * 1024 * 1024

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
    """Register DejaVu Sans (regular, bold, oblique, bold oblique) with reportlab (once);
    returns the regular and bold names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, bold in ((REGULAR, False), (BOLD, True)):
        pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
        _FACES[(FAMILY, bold, False)] = name
    return REGULAR, BOLD


@cache
def register_italics() -> None:
    """DejaVu Sans Oblique and Bold Oblique, registered on first use: reading a font costs
    about 0.1 s, which most decks never need to spend."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, bold in ((ITALIC, False), (BOLD_ITALIC, True)):
        pdfmetrics.registerFont(TTFont(name, str(font_path(name))))
        _FACES[(FAMILY, bold, True)] = name


@cache
def register_font_file(path: Path, stamp: int) -> tuple[str, str]:
    """Register a project's TTF (or OTF with TrueType outlines) with reportlab, to be
    embedded as a subset; returns (reportlab name, family name). `stamp` is the file's
    modification time, so an edited font is read again. One DeckgenError line naming the
    file when it does not load. The reportlab name comes from the file's bytes, so the same
    font gives the same PDF wherever the project lies."""
    import hashlib

    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFError, TTFont

    try:
        size = path.stat().st_size
        if size > MAX_FONT_BYTES:
            raise DeckgenError(f"{path}: font file larger than {MAX_FONT_BYTES // (1024 * 1024)} MiB")
        data = path.read_bytes()
    except OSError as exc:
        raise DeckgenError(f"{path}: cannot read the font file ({exc.strerror or exc})") from None
    if data[:4] == b"OTTO":
        raise DeckgenError(f"{path}: OpenType font with PostScript (CFF) outlines, which PDFs made here cannot "
                           "embed; convert it to TTF (e.g. FontForge, or fonttools' otf2ttf) or pick the TTF version")
    name = "F" + hashlib.sha1(data).hexdigest()[:12]
    try:
        font = TTFont(name, str(path))
        family = font.face.familyName
    except (TTFError, ValueError, KeyError, IndexError, TypeError, AttributeError, struct_error) as exc:
        raise DeckgenError(f"{path}: font does not load ({str(exc).splitlines()[0] if str(exc) else 'not a TrueType font'}; "
                           "expected a TTF file)") from None
    text = family.decode("utf-8", "replace") if isinstance(family, bytes) else str(family)
    pdfmetrics.registerFont(font)
    return name, text.strip() or name


def add_face(family: str, bold: bool, italic: bool, name: str, path: Path) -> None:
    """Make a registered project font the (family, bold, italic) face SVG text can name."""
    _FACES[(family, bold, italic)] = name
    PROJECT_FONT_FILES.setdefault(family, set()).add(path)


def font_name(family: str, weight: str, style: str = "normal") -> str:
    """reportlab font for an SVG font-family, font-weight and font-style: DejaVu Sans or a
    font a layout registered; a missing bold or italic face falls back to the regular one."""
    register_fonts()
    name = family.strip().strip("'\"")
    bold = weight in ("bold", "bolder", "600", "700", "800", "900")
    italic = style in ("italic", "oblique")
    if italic and name == FAMILY:
        register_italics()
    for key in ((name, bold, italic), (name, bold, False), (name, False, italic), (name, False, False)):
        if key in _FACES:
            return _FACES[key]
    raise DeckgenError(f"card art must use font-family {FAMILY!r} or a font named in the layout's fonts "
                       f"(found {family!r})")


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
