"""Artwork files on cards: checked before use, embedded once per distinct file in a PDF.

* `inspect(path, where) -> ImageInfo`: kind and size from the file's header only (Pillow
  reads no pixels), refusing what is missing, unreadable, not PNG/JPEG/SVG or too large.
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
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen.errors import DataError

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
#: Bytes of pixel rows per byte of a PNG's compressed data: deflate packs at most 1032 to 1.
MAX_DEFLATE_RATIO = 1032
#: PNG colour type -> channels.
_PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
#: Adam7 passes: first column and row, then column and row steps.
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
_BROKEN = "cannot be decoded: the file is truncated or damaged (export it again from your drawing app)"


@dataclass(frozen=True, slots=True)
class ImageInfo:
    path: Path
    kind: str  # png, jpeg or svg
    width: int
    height: int


def inspect(path: Path, where: str) -> ImageInfo:
    """What an artwork file is; DataError naming `where` (the card and the path) when it is
    missing, not a regular file, too large, or not a PNG, JPEG or SVG."""
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
    return found


@lru_cache(maxsize=4096)
def _inspect(path_text: str, stamp: int, size: int) -> ImageInfo | str:
    """The file's description, or what is wrong with it: checked and decoded once per file
    version, whichever card or element asks."""
    path = Path(path_text)
    if path.suffix.lower() == ".svg":
        if size > MAX_SVG_BYTES:
            return f"SVG larger than {MAX_SVG_BYTES // (1024 * 1024)} MiB"
        return ImageInfo(path, "svg", 0, 0)
    if size > MAX_IMAGE_BYTES:
        return f"image larger than {MAX_IMAGE_BYTES // (1024 * 1024)} MiB"
    import warnings

    from PIL import Image, UnidentifiedImageError

    too_large = f"too large (more than {MAX_PIXELS // 1_000_000} million pixels; scale it down)"
    Image.MAX_IMAGE_PIXELS = MAX_PIXELS  # Pillow's bomb guard at our limit; its warning is an error here
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            with Image.open(path) as image:
                kind = (image.format or "").lower()
                width, height = image.size
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        return too_large
    except (UnidentifiedImageError, OSError, ValueError, SyntaxError, struct.error):
        return "not a readable PNG, JPEG or SVG file"
    if kind not in ("png", "jpeg"):
        return f"a {kind.upper() or 'unknown'} image (expected PNG, JPEG or SVG)"
    if width > MAX_SIDE or height > MAX_SIDE or width * height > MAX_PIXELS:
        return (f"{width} x {height} pixels is too large (at most {MAX_SIDE} a side and "
                f"{MAX_PIXELS // 1_000_000} million pixels; scale it down)")
    if kind == "jpeg" and width * height > MAX_JPEG_PIXELS_PER_BYTE * size:
        return (f"its header claims {width} x {height} pixels, far more than {size:,} bytes "
                "can hold (the file is truncated or damaged)")
    data = path.read_bytes() if kind == "png" else b""
    problem = _png_problem(data) if kind == "png" else None
    if problem is None and (kind == "jpeg" or _interlaced(data)):  # a sound plain PNG is verified whole above
        problem = _decode_problem(path, kind)
    if problem is not None:
        return problem
    return ImageInfo(path, kind, width, height)


def _png_problem(data: bytes) -> str | None:
    """What is wrong with a PNG's structure, from its chunks: a palette image without its
    palette, or pixel data that does not unpack to exactly the rows its header declares
    (Pillow pads short data silently). None when it is sound."""
    chunks = _chunks(data)
    header = dict(chunks).get(b"IHDR", b"")
    if len(header) != 13:
        return _BROKEN
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if colour not in _PNG_CHANNELS:
        return _BROKEN
    if colour == 3 and not dict(chunks).get(b"PLTE"):
        return "a palette image without its palette (no PLTE chunk; export it again from your drawing app)"
    bits = depth * _PNG_CHANNELS[colour]
    passes = _ADAM7 if interlace else ((0, 0, 1, 1),)
    expected = 0
    for x0, y0, dx, dy in passes:
        columns, rows = -(-(width - x0) // dx), -(-(height - y0) // dy)
        if columns > 0 and rows > 0:
            expected += rows * (1 + -(-columns * bits // 8))
    compressed = [body for kind, body in chunks if kind == b"IDAT"]
    if expected > MAX_DEFLATE_RATIO * sum(map(len, compressed)) + 1024:
        return _BROKEN
    # Each row starts with its filter type (0 to 4): checked as the data unpacks, so that a
    # sound file needs no second decode (an interlaced one has rows of several widths: the
    # caller decodes it whole).
    stride = 0 if interlace else 1 + -(-width * bits // 8)
    inflate, unpacked = zlib.decompressobj(), 0
    try:
        for body in compressed:
            while body and unpacked <= expected:
                piece = inflate.decompress(body, 1 << 20)
                if stride and piece and max(piece[-unpacked % stride::stride], default=0) > 4:
                    return _BROKEN
                unpacked += len(piece)
                body = inflate.unconsumed_tail
        piece = inflate.flush()
        if stride and piece and max(piece[-unpacked % stride::stride], default=0) > 4:
            return _BROKEN
        unpacked += len(piece)
    except zlib.error:
        return _BROKEN
    return None if unpacked == expected and inflate.eof else _BROKEN


def _interlaced(png: bytes) -> bool:
    header = dict(_chunks(png)).get(b"IHDR", b"")
    return len(header) == 13 and header[12] != 0


def _decode_problem(path: Path, kind: str) -> str | None:
    """Decode the picture once (a JPEG at an eighth of its size: every byte is still read),
    so that a corrupt file is refused here rather than embedded broken. None when it decodes."""
    from PIL import Image

    try:
        with Image.open(path) as image:
            if kind == "jpeg":
                image.draft(image.mode, (image.width // 8, image.height // 8))
            image.load()
    except (OSError, ValueError, SyntaxError, EOFError, struct.error, zlib.error):
        return _BROKEN
    return None


def _chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    out = []
    position = 8
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        out.append((kind, data[position + 8 : position + 8 + length]))
        position += 12 + length
    return out


def _xobject(info: ImageInfo, name: str):  # type: ignore[no-untyped-def]
    """A reportlab image XObject for the file: PNG and JPEG data copied when PDF can read
    it as is, otherwise decoded once."""
    from reportlab.pdfbase import pdfdoc
    from reportlab.pdfbase.pdfdoc import (
        PDFArray,
        PDFDictionary,
        PDFName,
        PDFStream,
        PDFString,
    )

    data = info.path.read_bytes()
    if info.kind == "jpeg":
        try:
            return pdfdoc.PDFImageXObject(name, str(info.path))
        except (OSError, ValueError, struct.error):  # reportlab reads the JPEG's markers itself
            raise DataError(f"{info.path}: {_BROKEN}") from None
    chunks = _chunks(data)
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
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    try:
        with Image.open(info.path) as image:
            image.load()
            picture = _eight_bit(image)
            picture = picture.convert("RGBA" if "A" in picture.getbands() or "transparency" in picture.info
                                      else "RGB")
    except (OSError, ValueError, SyntaxError, zlib.error, struct.error):
        raise DataError(f"{info.path}: {_BROKEN}") from None
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
    """How deeply an SVG's elements nest, counted without recursion (the drawing code recurses)."""
    deepest, stack = 0, [(root, 1)]
    while stack:
        element, level = stack.pop()
        deepest = max(deepest, level)
        stack.extend((child, level + 1) for child in element)
    return deepest
