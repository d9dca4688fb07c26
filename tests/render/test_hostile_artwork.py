"""Hostile and unusual artwork (issue 33): pictures are verified (decoded once) before they are
embedded, headers that claim more than the file holds are refused from the header, SVG art is
bounded in depth and holds only finite numbers, and every PNG mode Pillow reads prints as it
looks (issue 28: 16-bit greyscale printed white)."""

from __future__ import annotations

import io
import random
import struct
import zlib
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from deckgen.errors import DataError, DeckgenError
from deckgen.render import artwork, png
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with
from tests.render.test_artwork import _chunk, art_layout

SIGNATURE = b"\x89PNG\r\n\x1a\n"


def raw_png(width: int, height: int, depth: int, colour: int, rows: bytes, *extra: bytes) -> bytes:
    header = _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour, 0, 0, 0))
    return SIGNATURE + header + b"".join(extra) + _chunk(b"IDAT", rows) + _chunk(b"IEND", b"")


def refusal(tmp_path: Path, name: str, data: bytes | str) -> str:
    """The one problem line rendering a card with this artwork gives."""
    art = tmp_path / "art" / name
    art.parent.mkdir(parents=True, exist_ok=True)
    art.write_bytes(data.encode() if isinstance(data, str) else data)
    deck = deck_with(tmp_path, art_layout(f"art/{name}"), [{"n": 1}])
    with pytest.raises(DeckgenError) as info:
        render_sheets(deck, SheetOptions(backs=False))
    text = str(info.value)
    assert "\n" not in text and "Error" not in text and "Traceback" not in text, text
    return text


def forged_jpeg(width: int, height: int) -> bytes:
    buffer = io.BytesIO()
    Image.new("RGB", (16, 16), (200, 20, 20)).save(buffer, "JPEG")
    data = bytearray(buffer.getvalue())
    frame = data.index(b"\xff\xc0")
    struct.pack_into(">HH", data, frame + 5, height, width)
    return bytes(data)


def test_a_jpeg_header_claiming_56_megapixels_is_refused_from_the_header(tmp_path: Path) -> None:
    line = refusal(tmp_path, "big.jpg", forged_jpeg(7480, 7480))
    assert "its header claims 7480 x 7480 pixels, far more than" in line
    assert "(the file is truncated or damaged)" in line


@pytest.mark.parametrize(("name", "data", "said"), [
    ("bad-idat.png", raw_png(4, 4, 8, 2, b"not zlib data at all"), "cannot be decoded: the file is truncated"),
    ("short-rows.png", raw_png(40, 40, 8, 2, zlib.compress(b"\x00" + b"\x80" * 120)), "cannot be decoded"),
    ("cut.png", raw_png(40, 40, 8, 2, zlib.compress(random.Random(1).randbytes(40 * 121))[:2000]), "cannot be decoded"),
    ("no-plte.png", raw_png(4, 4, 8, 3, zlib.compress(b"\x00\x01\x02\x03\x00" * 4)),
     "a palette image without its palette (no PLTE chunk"),
    ("claims-too-much.png", raw_png(5000, 5000, 8, 6, zlib.compress(b"")), "cannot be decoded"),
    # Rows of the right length whose filter types (the first byte of each row) do not exist.
    ("bad-filter.png", raw_png(4, 4, 8, 2, zlib.compress((b"\x00" + b"\x10" * 12) * 3 + b"\x07" + b"\x10" * 12)),
     "cannot be decoded"),
])
def test_corrupt_pngs_are_refused_before_embedding(tmp_path: Path, name: str, data: bytes, said: str) -> None:
    line = refusal(tmp_path, name, data)
    assert f"image 'art/{name}': " in line and said in line, line


def test_a_corrupt_png_exported_to_png_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "art").mkdir()
    (tmp_path / "art" / "bad.png").write_bytes(raw_png(4, 4, 8, 2, b"garbage"))
    deck = deck_with(tmp_path, art_layout("art/bad.png"), [{"n": 1}])
    with pytest.raises(DataError, match="cannot be decoded: the file is truncated or damaged"):
        png.export_images(deck, SheetOptions(backs=False), tmp_path / "out", png_dpi=30, write_svg=False)
    assert not list((tmp_path / "out").rglob("*.png")) if (tmp_path / "out").exists() else True


def svg(body: str, view_box: str = "0 0 10 10") -> str:
    return f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{view_box}">{body}</svg>'


@pytest.mark.parametrize(("data", "said"), [
    (svg("<g>" * 900 + '<rect width="1" height="1"/>' + "</g>" * 900), "SVG elements nested 902 deep (at most 100)"),
    (svg('<rect width="1" height="1"/>', "0 0 nan 10"),
     "image art.svg: unsupported or malformed SVG ('nan' is not a finite number)"),
    (svg('<rect width="1" height="1"/>', "0 0 inf 10"), "'inf' is not a finite number"),
    (svg('<rect width="1" height="1"/>', "0 0 1e-320 1e-320"), "a coordinate too large to draw"),
    (svg('<g transform="scale(nan)"><rect width="1" height="1"/></g>'), "'nan' is not a finite number"),
    (svg('<g transform="translate(1e999 0)"><rect width="1" height="1"/></g>'), "'1e999' is not a finite number"),
    (svg('<path d="M 0 0 L 1e999 5 Z"/>'), "'1e999' is not a finite number"),
    (svg('<g transform="scale(1e300) scale(1e300)"><rect width="1" height="1"/></g>'),
     "a coordinate too large to draw"),
])
def test_hostile_svg_art_is_one_line(tmp_path: Path, data: str, said: str) -> None:
    line = refusal(tmp_path, "art.svg", data)
    assert said in line, line


def pdf_colour(pdf: bytes) -> tuple[int, int, int]:
    """The colour at the middle of the first page, drawn with Pillow from the one embedded
    picture as PDF reads it (pypdf decodes the stream, the palette and the soft mask)."""
    (picture,) = PdfReader(io.BytesIO(pdf)).pages[0].images
    image = picture.image
    assert image is not None
    if image.mode in ("RGBA", "LA", "PA"):
        backdrop = Image.new("RGBA", image.size, (255, 255, 255, 255))
        image = Image.alpha_composite(backdrop, image.convert("RGBA"))
    r, g, b = image.convert("RGB").getpixel((image.width // 2, image.height // 2))  # type: ignore[misc]
    return r, g, b


def mode_picture(mode: str) -> tuple[Image.Image, tuple[int, int, int]]:
    """A picture of `mode` in a dark colour, and that colour as RGB over white paper."""
    if mode == "1":
        return Image.new("1", (8, 8), 0), (0, 0, 0)
    if mode == "L":
        return Image.new("L", (8, 8), 60), (60, 60, 60)
    if mode == "I;16":
        return Image.new("I;16", (8, 8), 60 * 257), (60, 60, 60)
    if mode == "LA":
        return Image.new("LA", (8, 8), (60, 255)), (60, 60, 60)
    if mode in ("P", "PA"):
        image = Image.new("P", (8, 8), 1)
        image.putpalette([255, 255, 255, 30, 90, 150] + [0] * 762)
        if mode == "PA":  # PNG keeps a palette's alpha in tRNS; Pillow reads it as P with transparency
            image.info["transparency"] = bytes([255, 255])
        return image, (30, 90, 150)
    colour = (30, 90, 150)
    return Image.new(mode, (8, 8), colour + ((255,) if mode == "RGBA" else ())), colour


@pytest.mark.parametrize("mode", ["1", "L", "I;16", "LA", "P", "PA", "RGB", "RGBA"])
def test_every_png_mode_prints_as_it_looks(tmp_path: Path, mode: str) -> None:
    image, expected = mode_picture(mode)
    (tmp_path / "art").mkdir()
    save = {"transparency": image.info["transparency"]} if "transparency" in image.info else {}
    image.save(tmp_path / "art" / "pic.png", **save)
    with Image.open(tmp_path / "art" / "pic.png") as check:
        assert check.mode == ("P" if mode == "PA" else mode)
    deck = deck_with(tmp_path, art_layout("art/pic.png"), [{"n": 1}])
    found = pdf_colour(render_sheets(deck, SheetOptions(backs=False)))
    assert all(abs(a - b) <= 2 for a, b in zip(found, expected)), (mode, found, expected)


@pytest.mark.parametrize(("name", "mode"), [("big.jpg", "RGB"), ("big.png", "I;16"), ("big.png", "RGBA")])
def test_png_export_hands_cairo_pictures_no_larger_than_the_card(tmp_path: Path, name: str, mode: str) -> None:
    """cairosvg decodes art at full size; a picture larger than the card is reduced first
    (a 56 Mpx photo took 8 s and 700 MB for one card), in its colours."""
    path = tmp_path / name
    colour = {"RGB": (30, 90, 150), "I;16": 60 * 257, "RGBA": (30, 90, 150, 255)}[mode]
    Image.new(mode, (400, 300), colour).save(path)
    with Image.open(io.BytesIO(artwork.export_bytes(path, 100))) as reduced:
        assert reduced.size == (100, 75) and reduced.format == "PNG"
        expected = (60, 60, 60) if mode == "I;16" else (30, 90, 150)
        found = reduced.convert("RGB").getpixel((50, 37))
        assert all(abs(a - b) <= 3 for a, b in zip(found, expected)), found  # type: ignore[arg-type]  # JPEG
    assert artwork.export_bytes(path, 400) == path.read_bytes()
