"""Fonts from the project: embedded in the PDF; a font that does not load is one line."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.errors import DataError
from deckgen.render import fonts
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with


def font_layout(file: str) -> dict:
    return {"fonts": {"title": file},
            "elements": {"name": {"type": "text", "text": "{name}", "font": "title", "x": "10%", "y": "10%",
                                  "width": "80%", "height": "10%"}}}


def embedded_fonts(pdf: bytes) -> set[str]:
    names = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        stack = [page["/Resources"]]
        while stack:
            resources = stack.pop().get_object()
            names.update(str(f.get_object()["/BaseFont"]) for f in resources.get("/Font", {}).values())
            stack.extend(x.get_object()["/Resources"] for x in resources.get("/XObject", {}).values()
                         if "/Resources" in x.get_object())
    return names


def test_a_project_ttf_is_embedded(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    shutil.copy(fonts.font_dir() / "DejaVuSerif.ttf", tmp_path / "fonts" / "Serif.ttf")
    deck = deck_with(tmp_path, font_layout("fonts/Serif.ttf"))
    assert any(name.endswith("+DejaVuSerif") for name in embedded_fonts(render_sheets(deck, SheetOptions())))


def test_a_font_that_does_not_load_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00" + b"junk" * 20)
    deck = deck_with(tmp_path, font_layout("fonts/Broken.ttf"))
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions())
    assert len(caught.value.problems) == 1
    assert "Broken.ttf: font does not load" in str(caught.value)


def test_cff_opentype_asks_for_a_ttf(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Title.otf").write_bytes(b"OTTO" + b"\x00" * 64)
    deck = deck_with(tmp_path, font_layout("fonts/Title.otf"))
    with pytest.raises(DataError, match="convert it to TTF"):
        render_sheets(deck, SheetOptions())


def test_a_missing_font_file(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, font_layout("fonts/None.ttf"))
    with pytest.raises(DataError, match=r"main.yaml: fonts.title: file 'fonts/None.ttf' not found in the project"):
        render_sheets(deck, SheetOptions())
