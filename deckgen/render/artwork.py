"""Artwork files on cards: checked before use, embedded once per distinct file in a PDF.

* `inspect(path, where, root=None) -> ImageInfo`: kind and size from the file's header,
  refusing what is missing, unreadable, not PNG/JPEG/SVG or too large, and the pixel data
  checked whole (render/picture_check.py): at once, or, inside `checked_later()`, on a worker
  thread while the cards are drawn.
* `checked_later(record) -> Checks`: the checks of one render, whose `problems()` the render
  asks before it hands out its PDF; with an output folder, its record of pictures already
  found sound spares unpacking them again (render/picture_record.py).
* `draw_raster(canvas, ops, info, x, y, w, h, fit)`: place a PNG or JPEG in the painter's
  y-down millimetre space, stored in the PDF once however many cards show it.

Why not reportlab's drawImage: it decodes every PNG to raw pixels and compresses them again
(about 40 ms for a 600 x 840 card picture). A PNG without transparency is already a Flate
stream with PNG predictors, which PDF reads as is, so its data chunks are copied unchanged;
JPEG is copied as DCT. Only PNGs with alpha or unusual depths are decoded (alpha becomes a
soft mask).
"""

from __future__ import annotations

import hashlib
import os
import struct
import zlib
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DataError
from deckgen.render.picture_check import (
    BROKEN,
    PNG_SIGNATURE,
    Checks,
    deep_problem,
    png_chunks,
    png_header,
)
from deckgen.render.picture_record import PictureRecord, picture_key

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

    from PIL import Image
    from reportlab.pdfgen.canvas import Canvas

#: Limits of one artwork file: bytes, and pixels (checked from the header, before decoding).
MAX_IMAGE_BYTES = 64 * 1024 * 1024
MAX_SVG_BYTES = 4 * 1024 * 1024
MAX_PIXELS = 60_000_000
MAX_SIDE = 20_000
#: Elements nested in an SVG (card or artwork): the painter and cairosvg walk them recursively.
MAX_SVG_DEPTH = 100
#: Pixels a JPEG's header may claim per byte of the file: libjpeg's smallest flat picture
#: holds about 250, so a header claiming far more is forged or the file truncated.
MAX_JPEG_PIXELS_PER_BYTE = 4096
#: The bit depths PNG allows for each colour type.
_PNG_DEPTHS = {0: {1, 2, 4, 8, 16}, 2: {8, 16}, 3: {1, 2, 4, 8}, 4: {8, 16}, 6: {8, 16}}
_UNREADABLE = "not a readable PNG, JPEG or SVG file"


@dataclass(frozen=True, slots=True)
class ImageInfo:
    path: Path
    kind: str  # png, jpeg or svg
    width: int
    height: int


#: The checks of the render under way (see checked_later), or None: pictures are checked at once.
_later: Checks | None = None


@contextmanager
def checked_later(record: Path | None = None) -> Iterator[Checks]:
    """Inside this, `inspect` starts each picture's full check on a worker thread instead of
    waiting for it; the caller asks `problems()` before it hands out what it drew. `record`:
    the output folder whose record of sound pictures is read, and extended by `problems()`."""
    global _later
    outer, checks = _later, Checks(checked, PictureRecord.read(record) if record is not None else None)
    _later = checks
    try:
        yield checks
    finally:
        checks.close()
        _later = outer


def inspect(path: Path, where: str) -> ImageInfo:
    """What an artwork file is; DataError naming `where` (the card and the path) when it is
    missing, not a regular file, too large, not a PNG, JPEG or SVG, or damaged."""
    try:
        info = path.stat()
    except FileNotFoundError:
        raise DataError(f"{where}: file not found (paths are relative to the project folder)") from None
    except OSError as exc:
        raise DataError(f"{where}: cannot read the file ({exc.strerror or exc})") from None
    if not path.is_file():
        raise DataError(f"{where}: not a regular file (expected a PNG, JPEG or SVG file)")
    found = _inspect(str(path), info.st_mtime_ns, info.st_size)
    if isinstance(found, str):
        raise DataError(f"{where}: {found}")
    if found.kind != "svg":
        if _later is not None:
            _later.start(path, found.kind, info.st_mtime_ns, info.st_size, where, _record_key(path, info, found.kind))
        else:
            problem = _checked(str(path), info.st_mtime_ns, info.st_size, found.kind)
            if problem is not None:
                raise DataError(f"{where}: {problem}")
    return found


def _record_key(path: Path, info: os.stat_result, kind: str) -> str | None:
    """What the render's record files the picture under, or None without a record (or when
    the file cannot be read whole: its check then says so)."""
    if _later is None or _later.record is None:
        return None
    try:
        return picture_key(_digest(str(path), info.st_mtime_ns), info, kind)
    except OSError:
        return None


def checked(path: Path, stamp: int, size: int, kind: str) -> str | None:
    """The full check of one version of a picture (its modification time and size): what is
    wrong with it, or None."""
    return _checked(str(path), stamp, size, kind)


@lru_cache(maxsize=4096)
def _checked(path_text: str, stamp: int, size: int, kind: str) -> str | None:
    """The full check of a picture, once per file version, whichever card or element asks."""
    return deep_problem(Path(path_text), kind)


@lru_cache(maxsize=4096)
def _inspect(path_text: str, stamp: int, size: int) -> ImageInfo | str:
    """The file's description from its header, or what is wrong with it: read once per file
    version, whichever card or element asks. A PNG's header is read here (Pillow is
    imported only for JPEGs)."""
    path = Path(path_text)
    if path.suffix.lower() == ".svg":
        if size > MAX_SVG_BYTES:
            return f"SVG larger than {MAX_SVG_BYTES // (1024 * 1024)} MiB"
        return ImageInfo(path, "svg", 0, 0)
    if size > MAX_IMAGE_BYTES:
        return f"image larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MiB"
    try:
        with path.open("rb") as file:
            start = file.read(33)
    except OSError as exc:
        return f"cannot read the file ({exc.strerror or exc})"
    if start.startswith(PNG_SIGNATURE):
        found = _png_size(start)
        if isinstance(found, str):
            return found
        kind, (width, height) = "png", found
    else:
        found = _jpeg_size(path)
        if isinstance(found, str):
            return found
        kind, (width, height) = "jpeg", found
    if width * height > MAX_PIXELS:
        return f"too large (more than {MAX_PIXELS // 1_000_000} million pixels; scale it down)"
    if width > MAX_SIDE or height > MAX_SIDE:
        return (f"{width} x {height} pixels is too large (at most {MAX_SIDE} a side and "
                f"{MAX_PIXELS // 1_000_000} million pixels; scale it down)")
    if kind == "jpeg" and width * height > MAX_JPEG_PIXELS_PER_BYTE * size:
        return (f"its header claims {width} x {height} pixels, far more than {size:,} bytes "
                "can hold (the file is truncated or damaged)")
    return ImageInfo(path, kind, width, height)


def _png_size(start: bytes) -> tuple[int, int] | str:
    """A PNG's size from its IHDR chunk (checksum and fields checked, as Pillow does)."""
    header = png_header(start)
    if header is None or struct.unpack(">I", start[29:33])[0] != zlib.crc32(start[12:29]):
        return _UNREADABLE
    if header.width == 0 or header.height == 0 or header.depth not in _PNG_DEPTHS.get(header.colour, ()):
        return _UNREADABLE
    return header.width, header.height


def _jpeg_size(path: Path) -> tuple[int, int] | str:
    """A JPEG's size from its header, by Pillow (which reads no pixels); anything else it
    opens is named, anything it cannot is unreadable."""
    import warnings

    from PIL import Image, UnidentifiedImageError

    Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's bomb guard at our limit; its warning is an error here
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                kind = (image.format or "").lower()
                size = image.size
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return f"too large (more than {MAX_PIXELS // 1_000_000} million pixels; scale it down)"
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error):
        return _UNREADABLE
    if kind != "jpeg":
        return f"a {kind.upper() or 'unknown'} image (expected PNG, JPEG or SVG)"
    return size


def _xobject(info: ImageInfo, name: str):  # type: ignore[no-untyped-def]
    """A reportlab image XObject for the file: PNG and JPEG data copied when PDF can read
    it as is, otherwise decoded once; None for a picture whose check (waited for first) failed."""
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFDictionary,
        PDFName,
        PDFStream,
        PDFString,
    )

    data = info.path.read_bytes()
    if _later is not None and info.kind == "jpeg" and _later.failed(info.path):
        return None
    if info.kind == "jpeg":
        try:
            return pdfdoc.PDFImageXObject(name, str(info.path))
        except (OSError, ValueError, struct.error):  # reportlab reads the JPEG's markers itself
            raise DataError(f"{info.path}: {BROKEN}") from None
    chunks = png_chunks(data)
    header = dict(chunks).get(b"IHDR", b"")
    kinds = {kind for kind, _ in chunks}
    if len(header) == 13:
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
        if depth == 8 and colour in (0, 2, 3) and interlace == 0 and b"tRNS" not in kinds:
            colours = {0: 1, 2: 3, 3: 1}[colour]
            space: object = PDFName("DeviceGray" if colour == 0 else "DeviceRGB")
            if colour == 3:
                palette = dict(chunks).get(b"PLTE", b"")
                space = PDFArray([PDFName("Indexed"), PDFName("DeviceRGB"), len(palette) // 3 - 1,
                                  PDFString(palette, enc="raw")])
            idat = b"".join(body for kind, body in chunks if kind == b"IDAT")

            class _Flate(pdfdoc.PDFObject):
                def format(self, document):  # type: ignore[no-untyped-def]
                    stream = PDFStream(content=idat, filters=())
                    stream.dictionary = PDFDictionary({
                        "Type": PDFName("XObject"), "Subtype": PDFName("Image"), "Width": width,
                        "Height": height, "BitsPerComponent": 8, "ColorSpace": space,
                        "Filter": PDFName("FlateDecode"), "Length": len(idat),
                        "DecodeParms": PDFDictionary({"Predictor": 15, "Colors": colours,
                                                      "BitsPerComponent": 8, "Columns": width}),
                    })
                    return stream.format(document)

            return _Flate()
    if _later is not None and _later.failed(info.path):
        return None
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    try:
        with Image.open(info.path) as image:
            image.load()
            picture = _eight_bit(image)
            picture = picture.convert("RGBA" if "A" in picture.getbands() or "transparency" in picture.info
                                      else "RGB")
    except (OSError, ValueError, SyntaxError, zlib.error, struct.error):
        raise DataError(f"{info.path}: {BROKEN}") from None
    return pdfdoc.PDFImageXObject(name, ImageReader(picture), mask="auto")


def _eight_bit(image: Image.Image) -> Image.Image:
    """16- and 32-bit greyscale scaled to 8 bits: Pillow's convert clips them, so every grey
    above 255 of 65535 (nearly all of a 16-bit picture) would print white."""
    if image.mode not in ("I", "I;16", "I;16B", "I;16L", "I;16N"):
        return image
    return image.convert("I").point(lambda value: value * (1 / 257)).convert("L")


def draw_raster(canvas: Canvas, ops: list[str], info: ImageInfo, x: float, y: float, w: float, h: float,
                cover: bool) -> None:
    """Add the operators that show the picture in the box (fitted whole, or covering it and
    clipped) to `ops`, defining its XObject in the canvas's document on first use. The
    XObject's name is a digest of the file's bytes: same files, same PDF."""
    from reportlab.pdfbase import pdfdoc

    name = "Art" + digest(info.path)
    document = canvas._doc
    reg_name = document.getXObjectName(name)
    if reg_name not in document.idToObject:
        image = _xobject(info, name)
        if image is None:  # damaged: the render names it when it asks its checks
            return
        smask = getattr(image, "_smask", None)
        document.Reference(image, reg_name)
        if smask is not None:
            mask_name = document.getXObjectName(smask.name)
            known = document.idToObject.get(mask_name)
            image.smask = pdfdoc.PDFObjectReference(mask_name) if known else document.Reference(smask, mask_name)
            del image._smask
    canvas._formsinuse.append(name)
    scale = (max if cover else min)(w / info.width, h / info.height)
    dw, dh = info.width * scale, info.height * scale
    dx, dy = x + (w - dw) / 2, y + (h - dh) / 2
    ops.append("q")
    if cover:
        ops.append(f"{x:.4f} {y:.4f} {w:.4f} {h:.4f} re W n")
    ops.append(f"{dw:.4f} 0 0 {-dh:.4f} {dx:.4f} {dy + dh:.4f} cm /{reg_name} Do Q")


def digest(path: Path) -> str:
    """A short digest of the file's bytes, read again only when the file changes: names in
    the PDF that depend on content alone (same files, same PDF)."""
    return _digest(str(path), path.stat().st_mtime_ns)


@lru_cache(maxsize=4096)
def _digest(path_text: str, stamp: int) -> str:
    return hashlib.sha1(Path(path_text).read_bytes()).hexdigest()[:20]


def export_bytes(path: Path, side: int) -> bytes:
    """A PNG or JPEG's bytes as cairosvg should draw them onto a card of at most `side`
    pixels a side: as they are, or, for a larger picture, a copy no larger than the card
    (cairosvg decodes art at full size: a 56 Mpx photo took 8 s and 700 MB for one card);
    a JPEG is then decoded at a fraction of its size. Other files are returned as they are."""
    data = path.read_bytes()
    if path.suffix.lower() not in (".png", ".jpg", ".jpeg"):
        return data
    import io

    from PIL import Image

    with Image.open(io.BytesIO(data)) as image:
        if max(image.size) <= side:
            return data
        image.draft("RGB", (side, side))
        picture = _eight_bit(image)
        picture = picture.convert("RGBA" if "A" in picture.getbands() or "transparency" in picture.info else "RGB")
        picture.thumbnail((side, side))
        out = io.BytesIO()
        picture.save(out, "PNG", compress_level=0)  # read once, by cairo, straight away
        return out.getvalue()


def svg_depth(root: ET.Element) -> int:
    """How deeply an SVG's elements nest, counted without recursion (the drawing code
    recurses): one level of elements at a time, each gathered in one comprehension."""
    depth, level = 0, [root]
    while level:
        depth += 1
        level = [child for element in level for child in element]
    return depth
