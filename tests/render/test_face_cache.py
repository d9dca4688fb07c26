"""Parsed TrueType faces kept between runs: a face read from the cache is the face reportlab
parses, and a missing, damaged or unwritable cache only means parsing again."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from reportlab.pdfbase.ttfonts import TTFont, TTFontFace
from reportlab.pdfgen.canvas import Canvas

from deckgen.render import face_cache, fonts


@pytest.fixture
def cache_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache" / "deckgen" / "fonts"


def _state(face: TTFontFace) -> dict[str, object]:
    return {k: v for k, v in vars(face).items() if k != "_pdfScale"}


def test_a_cached_face_is_the_parsed_face(cache_home: Path) -> None:
    path = fonts.font_path(fonts.BOLD)
    parsed = TTFontFace(str(path))
    first = face_cache.load_face(path)  # parses and stores
    assert len(list(cache_home.iterdir())) == 1
    cached = face_cache.load_face(path)  # rebuilt from the entry
    for face in (first, cached):
        assert _state(face) == _state(parsed)
        assert [face._pdfScale(v) for v in (1, 700, -2048)] == [parsed._pdfScale(v) for v in (1, 700, -2048)]
    assert cached.name.ustr == parsed.name.ustr and type(cached.familyName) is type(parsed.familyName)


def test_a_font_on_a_cached_face_is_set_up_as_reportlab_sets_up_its_own(cache_home: Path) -> None:
    """The tagged font builds around a face what TTFont.__init__ builds around the one it
    parses: the same attributes with the same values (a reportlab upgrade that adds one
    fails here)."""
    path = fonts.font_path(fonts.REGULAR)
    own = TTFont("Probe", str(path))
    ours = fonts.embedded_font("Probe", path)
    assert set(vars(ours)) == set(vars(own))
    for name, value in vars(own).items():
        if name == "face":
            assert _state(ours.face) == _state(value)
        elif name == "state":
            assert dict(ours.state) == dict(value) == {}
        elif name == "encoding":
            assert vars(ours.encoding) == vars(value)
        else:
            assert getattr(ours, name) == value, name


def _pdf(font: TTFont) -> bytes:
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    canvas.setFont(font.fontName, 12)
    canvas.drawString(10, 10, "Moons & Suns: 7")
    canvas.save()
    return buffer.getvalue()


def test_the_same_pdf_from_a_parsed_and_a_cached_face(cache_home: Path) -> None:
    from reportlab.pdfbase import pdfmetrics

    path = fonts.font_path(fonts.REGULAR)
    pdfs = []
    for name in ("ProbeParsed", "ProbeCached"):  # the first run stores the entry the second reads
        font = fonts.embedded_font("Probe", path)
        font.fontName = name
        pdfmetrics.registerFont(font)
        pdfs.append(_pdf(font))
    assert len(list(cache_home.iterdir())) == 1
    assert pdfs[0] == pdfs[1]


def test_a_damaged_entry_is_parsed_again_and_replaced(cache_home: Path) -> None:
    path = fonts.font_path(fonts.REGULAR)
    face_cache.load_face(path)
    (entry,) = cache_home.iterdir()
    entry.write_bytes(b"not marshal data")
    assert _state(face_cache.load_face(path)) == _state(TTFontFace(str(path)))
    assert _state(face_cache.load_face(path)) == _state(TTFontFace(str(path)))  # from the rewritten entry
    assert entry.read_bytes() != b"not marshal data"


def test_without_a_cache_folder_fonts_are_parsed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where the cache folder would go")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocker))
    path = fonts.font_path(fonts.REGULAR)
    assert _state(face_cache.load_face(path)) == _state(TTFontFace(str(path)))
