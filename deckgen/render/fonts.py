"""The card fonts: DejaVu Sans as shipped inside matplotlib, and the font files a layout
names, embedded in every PDF.

matplotlib is already a dependency and carries the TTF files, so no font is downloaded or
assumed to be installed. Its location is found from the package spec, without importing
matplotlib (whose import alone costs more than a whole sheet render). A project's font is
known by its file (a layout's text says `data-font="fonts/X.ttf"`), never by the family name
inside it: two files of one family (a bold for titles, a regular for text) stay two fonts,
and an installed font of that family is never drawn instead.
"""

from __future__ import annotations

import hashlib
import importlib.util
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path
from struct import error as struct_error
from typing import TYPE_CHECKING, Any

from deckgen.errors import DeckgenError
from deckgen.fileio import contained

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFont

#: The font family name card templates use (`font-family="DejaVu Sans"`).
FAMILY = "DejaVu Sans"
#: reportlab names of the registered (embedded, subset) TrueType fonts.
REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
ITALIC = "DejaVuSans-Oblique"
BOLD_ITALIC = "DejaVuSans-BoldOblique"

_FILES = {REGULAR: "DejaVuSans.ttf", BOLD: "DejaVuSans-Bold.ttf", ITALIC: "DejaVuSans-Oblique.ttf",
          BOLD_ITALIC: "DejaVuSans-BoldOblique.ttf"}

#: Every registered face of DejaVu Sans: (SVG font-family, bold, italic) -> reportlab font name.
_FACES: dict[tuple[str, bool, bool], str] = {}
#: Largest font file read from a project.
MAX_FONT_BYTES = 32 * 1024 * 1024

def font_dir() -> Path:
    """matplotlib's bundled TTF folder."""
    spec = importlib.util.find_spec("matplotlib")
    if spec is None or not spec.submodule_search_locations:
        raise DeckgenError("matplotlib is not installed: it provides the DejaVu Sans card font")
    return Path(next(iter(spec.submodule_search_locations))) / "mpl-data" / "fonts" / "ttf"


def font_path(name: str = REGULAR) -> Path:
    """Path of the TTF for a registered font name (one of the four DejaVu Sans faces)."""
    path = font_dir() / _FILES[name]
    if not path.is_file():
        raise DeckgenError(f"card font not found at {path} (reinstall matplotlib)")
    return path


@cache
def register_fonts() -> tuple[str, str]:
    """Register DejaVu Sans regular and bold with reportlab (once; the obliques on first
    use, by register_italic); returns the regular and bold names."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    for name, bold in ((REGULAR, False), (BOLD, True)):
        pdfmetrics.registerFont(embedded_font(name, font_path(name)))
        _FACES[(FAMILY, bold, False)] = name
    return REGULAR, BOLD


@cache
def register_italic(bold: bool) -> None:
    """DejaVu Sans Oblique or Bold Oblique, each registered on its first use: reading a font
    costs about 0.05 s, which most decks never need to spend, and many spend on one only."""
    from reportlab.pdfbase import pdfmetrics

    name = BOLD_ITALIC if bold else ITALIC
    pdfmetrics.registerFont(embedded_font(name, font_path(name)))
    _FACES[(FAMILY, bold, True)] = name


@dataclass(frozen=True, slots=True)
class ProjectFont:
    """A font file a layout names, registered with reportlab under a name of its own: the
    file, not the family inside it, is what a layout's text is drawn in."""

    name: str
    family: str
    bold: bool
    italic: bool


def embedded_font(name: str, path: Path) -> TTFont:
    """A reportlab TrueType font whose subsets carry tags of their own (`KQWZBD+Name`), not
    reportlab's `AAAAAA+` for the first subset of every font: PDF readers and print shops'
    preflight take two subsets with one tag and one name for the same font. Its face is
    parsed once per font file's bytes and then kept (render/face_cache.py)."""
    from deckgen.render.face_cache import load_face

    return _tagged_font_class()(name, load_face(path))


@cache
def _tagged_font_class() -> type[TTFont]:
    """The TTFont subclass behind embedded_font, made on first use (reportlab is imported
    only when something is drawn)."""
    from fnmatch import fnmatch
    from weakref import WeakKeyDictionary

    from reportlab import rl_config
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.ttfonts import TTEncoding, TTFont, TTFontFace, makeToUnicodeCMap

    class TaggedFont(TTFont):
        def __init__(self, name: str, face: TTFontFace) -> None:
            """What reportlab's TTFont.__init__ (4.x, 5.x) sets up, around a face read
            beforehand instead of one it parses itself (a test holds the two alike)."""
            self.fontName = name
            self.face = face
            self.encoding = TTEncoding()
            self.state = WeakKeyDictionary()
            self._asciiReadable = rl_config.ttfAsciiReadable
            self.shapable = not any(fnmatch(name, glob) for glob in getattr(rl_config, "unShapedFontGlob", ()))

        def subset_tag(self, index: int, subset: list[int]) -> str:
            """Six capitals from the font, the subset's number and its characters: the same
            text gives the same tag (reproducible PDFs), two fonts or subsets different tags."""
            key = f"{self.fontName}/{index}/{','.join(map(str, subset))}".encode()
            number = int.from_bytes(hashlib.sha1(key).digest()[:8], "big")
            return "".join(chr(65 + number // 26**i % 26) for i in range(6))

        def addObjects(self, doc: Any) -> None:  # noqa: N802  reportlab's name
            """reportlab's TTFont.addObjects (4.x, 5.x) with subset_tag as the tag."""
            if doc not in self.state:
                self.state[doc] = self.State(self._asciiReadable)
            state = self.state[doc]
            state.frozen = 1
            for index, subset in enumerate(state.subsets):
                internal = self.getSubsetInternalName(index, doc)[1:]
                base = (self.subset_tag(index, subset).encode() + b"+" + self.face.name
                        + self.face.subfontNameX).decode("pdfdoc")
                pdf_font = pdfdoc.PDFTrueTypeFont()
                pdf_font.__Comment__ = f"Font {self.fontName} subset {index}"
                pdf_font.Name = internal
                pdf_font.BaseFont = base
                pdf_font.FirstChar = 0
                pdf_font.LastChar = len(subset) - 1
                pdf_font.Widths = pdfdoc.PDFArray(list(map(self.face.getCharWidth, subset)))
                cmap = pdfdoc.PDFStream()
                cmap.content = makeToUnicodeCMap(base, subset)
                if doc.compression:
                    cmap.filters = [pdfdoc.PDFZCompress]
                pdf_font.ToUnicode = doc.Reference(cmap, "toUnicodeCMap:" + base)
                pdf_font.FontDescriptor = self.face.addSubsetObjects(doc, base, subset)
                doc.Reference(pdf_font, internal)
                doc.idToObject["BasicFonts"].dict[internal] = pdf_font
            del self.state[doc]

    return TaggedFont


def load_font_file(path: Path) -> ProjectFont:
    """A project's TTF (or OTF with TrueType outlines) registered with reportlab, to be
    embedded as a subset; read again when the file changes. One DeckgenError line naming the
    file when it does not load."""
    try:
        stamp = path.stat().st_mtime_ns
    except OSError as exc:
        raise DeckgenError(f"{path}: cannot read the font file ({exc.strerror or exc})") from None
    return _register_font_file(path, stamp)


@cache
def _register_font_file(path: Path, stamp: int) -> ProjectFont:
    """load_font_file, once per file and modification time. The reportlab name comes from
    the file's bytes, so the same font gives the same PDF wherever the project lies."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import FF_FORCEBOLD, FF_ITALIC, TTFError

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
        font = embedded_font(name, path)
        family = font.face.familyName
    except TTFError as exc:  # reportlab's own words: what the font lacks
        raise DeckgenError(f"{path}: font does not load ({str(exc).splitlines()[0] if str(exc) else 'not a TrueType font'}; "
                           "expected a TTF file)") from None
    except (ValueError, KeyError, IndexError, TypeError, AttributeError, struct_error):  # Python's words, not ours
        raise DeckgenError(f"{path}: font does not load (the file is truncated or damaged; expected a TTF file)") from None
    text = family.decode("utf-8", "replace") if isinstance(family, bytes) else str(family)
    pdfmetrics.registerFont(font)
    flags = font.face.flags
    return ProjectFont(name, text.strip() or name, bool(flags & FF_FORCEBOLD), bool(flags & FF_ITALIC))


def font_file(project: Path | None, relative: str) -> Path:
    """The file a card's text names with `data-font` (relative to the card's project), only
    inside that project."""
    if project is None:
        raise DeckgenError("fonts come only from a layout's fonts: (files inside the project)")
    try:
        return contained(project / relative, [project])
    except DeckgenError:  # said from the card's point of view, never naming the file it leads to
        raise DeckgenError(f"font {relative!r} lies outside the project folder {project}") from None


def text_font(attributes: dict[str, str], style: dict[str, str], project: Path | None) -> str:
    """reportlab font of an SVG <text>: the project file its `data-font` names (a layout's
    text), else its inherited family, weight and style (DejaVu Sans)."""
    relative = attributes.get("data-font")
    if relative is not None:
        return load_font_file(font_file(project, relative)).name
    return font_name(style["font-family"], style["font-weight"], style["font-style"])


def font_name(family: str, weight: str, style: str = "normal") -> str:
    """reportlab font for an SVG font-family, font-weight and font-style (DejaVu Sans); a
    missing bold or italic face falls back to the regular one."""
    register_fonts()
    name = family.strip().strip("'\"")
    bold = weight in ("bold", "bolder", "600", "700", "800", "900")
    italic = style in ("italic", "oblique")
    if italic and name == FAMILY:
        register_italic(bold)
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


@lru_cache(maxsize=1 << 16)
def text_width(text: str, font: str, size: float) -> float:
    """Advance width of text in the units of size (mm in, mm out); remembered, as cards
    measure the same words in the same fonts and sizes over and over (a font's name comes
    from its file's bytes, so a name always means the same widths)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    register_fonts()
    return stringWidth(text, font, size)
