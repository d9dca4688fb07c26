"""TrueType faces kept parsed between runs, in the user's cache folder.

reportlab reads a TrueType file's tables (names, metrics, the character map and every
glyph's width and position) in Python on each load: DejaVu Sans and its bold, which every
card sheet embeds, take about 30 ms of CPU (190 million instructions) of each `render
cards` run to parse. What parsing found is plain data (numbers, strings, lists and dicts),
kept here with marshal (which runs no code on load) under a digest of the font's bytes,
the reportlab, Python and marshal versions and this module's format: a later run that
reads the same bytes rebuilds the same face from it in about a third of that. The file's
bytes themselves are read from the font every time, so a cached face never subsets stale
data.

Anything unexpected (no cache folder, a damaged or foreign entry, a face holding a value
marshal cannot keep) falls back to parsing the file, as reportlab does without a cache.
"""

from __future__ import annotations

import hashlib
import marshal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.errors import DeckgenError
from deckgen.fileio import write_atomic
from deckgen.paths import user_cache_dir

if TYPE_CHECKING:
    from reportlab.pdfbase.ttfonts import TTFontFace

#: Bump when what is stored changes: older entries are then never read.
FORMAT = 1
#: Face attributes not stored: the file's bytes (read from the font each time) and the
#: scaling function reportlab makes from the font's units per em (made again from them).
_NOT_STORED = frozenset({"_ttf_data", "_pdfScale"})


def load_face(path: Path) -> TTFontFace:
    """The parsed face of the TrueType file at `path`: from the cache when an entry for
    these bytes exists, else parsed by reportlab (raising its errors) and then stored."""
    from reportlab import Version
    from reportlab.pdfbase.ttfonts import TTFontFace

    data = path.read_bytes()
    versions = f"{FORMAT}/{Version}/{sys.version_info[0]}.{sys.version_info[1]}/{marshal.version}/"
    key = hashlib.sha256(versions.encode() + data).hexdigest()
    folder = user_cache_dir("fonts")
    entry = folder / f"{key}.marshal" if folder is not None else None
    if entry is not None:
        face = _from_entry(entry, data, str(path))
        if face is not None:
            return face
    face = TTFontFace(str(path))
    if entry is not None:
        _store(entry, face)
    return face


def _from_entry(entry: Path, data: bytes, filename: str) -> TTFontFace | None:
    from reportlab.pdfbase.ttfonts import TTFNameBytes, TTFontFace

    try:
        names, state = marshal.loads(entry.read_bytes())
        face = TTFontFace.__new__(TTFontFace)
        face.__dict__.update(state)
        for name in names:
            setattr(face, name, TTFNameBytes(state[name]))
        face._ttf_data = data
        face._pdfScale = _pdf_scale(state["unitsPerEm"])
        face.filename = filename
    except (OSError, EOFError, ValueError, TypeError, KeyError, AttributeError, ZeroDivisionError):
        return None
    return face


def _pdf_scale(units_per_em: int) -> Callable[[float], float]:
    """Font units to PDF's thousandths of an em, as reportlab's parser scales them."""
    if units_per_em == 1000:
        return lambda value: value
    factor = 1000 / units_per_em
    return lambda value: value * factor


def _store(entry: Path, face: TTFontFace) -> None:
    from reportlab.pdfbase.ttfonts import TTFNameBytes

    state: dict[str, Any] = {k: v for k, v in vars(face).items() if k not in _NOT_STORED}
    names = [k for k, v in state.items() if isinstance(v, TTFNameBytes)]
    for name in names:
        state[name] = bytes(state[name])
    try:
        write_atomic(entry, marshal.dumps((names, state)))
    except (DeckgenError, OSError, ValueError):  # a cache that cannot be written, a value marshal cannot keep
        pass
