"""Artwork in layouts: each distinct file stored once in the PDF, only project files read."""

from __future__ import annotations

import io
import os
import re
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from deckgen.errors import DataError
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with


def art_layout(image: str, fit: str = "contain") -> dict:
    return {"elements": {"art": {"type": "image", "image": image, "x": "10%", "y": "10%", "width": "80%",
                                 "height": "50%", "fit": fit}}}


def picture(path: Path, colour: tuple[int, ...], mode: str = "RGB", size: tuple[int, int] = (30, 42)) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    Image.new(mode, size, colour).save(path)


def image_xobjects(pdf: bytes) -> int:
    found = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        stack = [page["/Resources"]]
        while stack:
            for ref in stack.pop().get_object().get("/XObject", {}).values():
                xobject = ref.get_object()
                if xobject["/Subtype"] == "/Image":
                    found.add(ref.idnum)
                elif "/Resources" in xobject:
                    stack.append(xobject["/Resources"])
    return len(found)


def cards(count: int) -> list[dict]:
    return [{"n": i} for i in range(1, count + 1)]


def test_each_distinct_picture_is_stored_once(tmp_path: Path) -> None:
    for i in range(1, 121):
        picture(tmp_path / "art" / f"c{i}.png", (i, 2 * i, 255 - i))
    deck = deck_with(tmp_path, art_layout("art/{id}.png", "cover"), cards(120))
    assert image_xobjects(render_sheets(deck, SheetOptions(backs=False))) == 120


def test_a_shared_picture_is_stored_once(tmp_path: Path) -> None:
    picture(tmp_path / "art" / "one.png", (200, 10, 10))
    deck = deck_with(tmp_path, art_layout("art/one.png"), cards(120))
    pdf = render_sheets(deck, SheetOptions(backs=False))
    assert image_xobjects(pdf) == 1
    assert pdf == render_sheets(deck, SheetOptions(backs=False))  # same input, same bytes


def test_jpeg_palette_and_transparent_pngs(tmp_path: Path) -> None:
    picture(tmp_path / "art" / "c1.jpg", (10, 200, 10))
    picture(tmp_path / "art" / "c2.png", (10, 10, 200, 128), "RGBA")
    Image.new("P", (20, 20), 3).save(tmp_path / "art" / "c3.png")
    layout = art_layout("art/{file}")
    deck = deck_with(tmp_path, layout, [{"n": 1, "file": "c1.jpg"}, {"n": 2, "file": "c2.png"}, {"n": 3, "file": "c3.png"}])
    pdf = render_sheets(deck, SheetOptions(backs=False))
    assert image_xobjects(pdf) == 3  # the transparent one's soft mask hangs off its image


def test_missing_file_names_card_and_path(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, art_layout("art/{id}.png"))
    with pytest.raises(DataError, match=r"card c1: \S*decks/d/layouts/main.yaml: elements.art: image 'art/c1.png': file not found"):
        render_sheets(deck, SheetOptions())


def test_paths_leaving_the_project_are_refused(tmp_path: Path) -> None:
    picture(tmp_path / "outside.png", (0, 0, 0))
    deck = deck_with(tmp_path / "project", art_layout("../outside.png"))
    with pytest.raises(DataError, match="leads outside the project folder"):
        render_sheets(deck, SheetOptions())


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


@pytest.mark.parametrize(("width", "height", "message"), [
    (25_000, 100, "25000 x 100 pixels is too large (at most 20000 a side"),
    (9_000, 9_000, "too large (more than 60 million pixels; scale it down)"),
    (19_000, 19_000, "too large (more than 60 million pixels; scale it down)"),
])
def test_huge_images_are_refused_before_decoding(tmp_path: Path, width: int, height: int, message: str) -> None:
    """Pillow's bomb guard is set to our 60 million pixels; a side of more than 20,000 is ours."""
    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    png = b"\x89PNG\r\n\x1a\n" + _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(b"")) + _chunk(b"IEND", b"")
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "bomb.png").write_bytes(png)
    deck = deck_with(tmp_path, art_layout("art/bomb.png"))
    with pytest.raises(DataError, match=re.escape(message)):
        render_sheets(deck, SheetOptions())


def test_unreadable_image(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "c1.png").write_bytes(b"not a picture")
    deck = deck_with(tmp_path, art_layout("art/c1.png"))
    with pytest.raises(DataError, match="not a readable PNG, JPEG or SVG file"):
        render_sheets(deck, SheetOptions())


def forms_by_id(pdf: bytes) -> dict[int, bytes]:
    """Every Form XObject of the PDF (nested ones too) with its decoded content, by object number."""
    found: dict[int, bytes] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        stack = [page["/Resources"]]
        while stack:
            for ref in stack.pop().get_object().get("/XObject", {}).values():
                xobject = ref.get_object()
                if xobject["/Subtype"] == "/Form" and ref.idnum not in found:
                    found[ref.idnum] = xobject.get_data()
                    stack.append(xobject.get("/Resources", {}))
    return found


def test_svg_art_is_painted_as_vectors_once_for_every_card(tmp_path: Path) -> None:
    """120 cards showing one SVG file: its drawing (a red square and a word) is in one Form
    XObject that every card's form calls, not repeated 120 times."""
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "logo.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#ff0000"/>'
        '<text x="1" y="6" font-size="3">Logo</text></svg>')
    deck = deck_with(tmp_path, art_layout("art/logo.svg", "cover"), cards(120))
    pdf = render_sheets(deck, SheetOptions(backs=False))
    assert image_xobjects(pdf) == 0
    forms = forms_by_id(pdf)
    holding_art = [content for content in forms.values() if b"1.0000 0.0000 0.0000 rg" in content]
    assert len(holding_art) == 1 and b"Tj" in holding_art[0]
    calls = [content for content in forms.values() if b"/FormXob.SvgArt" in content]
    assert len(calls) == 120  # every card face shows it, by reference
    assert b"re W n" in calls[0]  # fit: cover clips the art to its box
    assert pdf == render_sheets(deck, SheetOptions(backs=False))  # same input, same bytes


def test_svg_art_changed_on_disk_gets_a_new_form(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    logo = tmp_path / "art" / "logo.svg"
    logo.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#00ff00"/></svg>')
    deck = deck_with(tmp_path, art_layout("art/logo.svg"))
    first = render_sheets(deck, SheetOptions(backs=False))
    logo.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#0000ff"/></svg>')
    os.utime(logo, ns=(logo.stat().st_atime_ns, logo.stat().st_mtime_ns + 1_000_000))
    second = render_sheets(deck, SheetOptions(backs=False))
    assert any(b"0.0000 1.0000 0.0000 rg" in c for c in forms_by_id(first).values())
    assert any(b"0.0000 0.0000 1.0000 rg" in c for c in forms_by_id(second).values())
