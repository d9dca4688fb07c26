"""The pixel data of every picture checked before its bytes go into a PDF (issue 33): a
truncated or damaged file is refused in one line, never embedded broken.

* `deep_problem(path, kind) -> str | None`: a PNG's data unpacked once (zlib's checksum, the
  row count, every row's filter type) or, for a JPEG or an interlaced PNG, decoded by Pillow.
* `png_chunks(data)`, `png_header(data)`: a PNG's chunks and its IHDR fields.
* `Checks`: the checks of one render, run on a worker thread while the cards are drawn (zlib
  unpacks without the interpreter's lock), answered together before the PDF is handed out;
  pictures the output folder's record (render/picture_record.py) vouches for are not unpacked
  again, and those found sound are added to it.
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

if TYPE_CHECKING:
    from concurrent.futures import Future, ThreadPoolExecutor

    from deckgen.render.picture_record import PictureRecord

#: Bytes of pixel rows per byte of a PNG's compressed data: deflate packs at most 1032 to 1.
MAX_DEFLATE_RATIO = 1032
#: PNG colour type -> channels.
PNG_CHANNELS = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}
#: Adam7 passes: first column and row, then column and row steps.
_ADAM7 = ((0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2))
BROKEN = "cannot be decoded: the file is truncated or damaged (export it again from your drawing app)"
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


class PngHeader(NamedTuple):
    """The fields of a PNG's IHDR chunk that say how its pixel data is laid out."""

    width: int
    height: int
    depth: int
    colour: int
    interlace: int


def png_header(data: bytes) -> PngHeader | None:
    """The IHDR fields of a PNG, or None when the file does not start as a PNG does."""
    if not data.startswith(PNG_SIGNATURE) or data[12:16] != b"IHDR" or len(data) < 33:
        return None
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", data[16:29])
    return PngHeader(width, height, depth, colour, interlace)


def png_problem(data: bytes) -> str | None:
    """What is wrong with a PNG's structure, from its chunks: a palette image without its
    palette, or pixel data that does not unpack to exactly the rows its header declares
    (Pillow pads short data silently). None when it is sound."""
    chunks = png_chunks(data)
    header = dict(chunks).get(b"IHDR", b"")
    if len(header) != 13:
        return BROKEN
    width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", header)
    if colour not in PNG_CHANNELS:
        return BROKEN
    if colour == 3 and not dict(chunks).get(b"PLTE"):
        return "a palette image without its palette (no PLTE chunk; export it again from your drawing app)"
    bits = depth * PNG_CHANNELS[colour]
    passes = _ADAM7 if interlace else ((0, 0, 1, 1),)
    expected = 0
    for x0, y0, dx, dy in passes:
        columns, rows = -(-(width - x0) // dx), -(-(height - y0) // dy)
        if columns > 0 and rows > 0:
            expected += rows * (1 + -(-columns * bits // 8))
    compressed = [body for kind, body in chunks if kind == b"IDAT"]
    if expected > MAX_DEFLATE_RATIO * sum(map(len, compressed)) + 1024:
        return BROKEN
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
                    return BROKEN
                unpacked += len(piece)
                body = inflate.unconsumed_tail
        piece = inflate.flush()
        if stride and piece and max(piece[-unpacked % stride::stride], default=0) > 4:
            return BROKEN
        unpacked += len(piece)
    except zlib.error:
        return BROKEN
    return None if unpacked == expected and inflate.eof else BROKEN


def _interlaced(png: bytes) -> bool:
    header = dict(png_chunks(png)).get(b"IHDR", b"")
    return len(header) == 13 and header[12] != 0


def decode_problem(path: Path, kind: str) -> str | None:
    """Decode the picture once (a JPEG at an eighth of its size: every byte is still read),
    so that a corrupt file is refused here rather than embedded broken. None when it decodes."""
    from PIL import Image

    try:
        with Image.open(path) as image:
            if kind == "jpeg":
                image.draft(image.mode, (image.width // 8, image.height // 8))
            image.load()
    except (OSError, ValueError, SyntaxError, EOFError, struct.error, zlib.error):
        return BROKEN
    return None


def png_chunks(data: bytes) -> list[tuple[bytes, bytes]]:
    """A PNG's chunks as (kind, body), in order; a chunk cut short keeps what is there."""
    out = []
    position = 8
    while position + 8 <= len(data):
        length, kind = struct.unpack(">I4s", data[position : position + 8])
        out.append((kind, data[position + 8 : position + 8 + length]))
        position += 12 + length
    return out


def deep_problem(path: Path, kind: str) -> str | None:
    """What a full check finds wrong with a PNG or JPEG, or None: a plain PNG is unpacked
    once, a JPEG or an interlaced PNG decoded."""
    try:
        data = path.read_bytes() if kind == "png" else b""
    except OSError as exc:
        return f"cannot read the file ({exc.strerror or exc})"
    problem = png_problem(data) if kind == "png" else None
    if problem is None and (kind == "jpeg" or _interlaced(data)):  # a sound plain PNG is verified whole above
        problem = decode_problem(path, kind)
    return problem


class Checks:
    """The full checks of one render's pictures: started as each picture is first met, on a
    worker thread, and answered together by `problems()`; `check(path, stamp, size, kind)`
    is the check itself (cached per file version by the caller). With a `record`, a picture
    it vouches for is not checked again, and every picture found sound is added to it."""

    def __init__(self, check: Callable[[Path, int, int, str], str | None], record: PictureRecord | None = None) -> None:
        self.check = check
        self.record = record
        self.pending: dict[tuple[str, int, int], tuple[str, Future[str | None]]] = {}
        #: The record's key of each picture met (see picture_record.picture_key).
        self.keys: dict[tuple[str, int, int], str] = {}
        self._worker: ThreadPoolExecutor | None = None

    def start(self, path: Path, kind: str, stamp: int, size: int, where: str, key: str | None = None) -> None:
        """Check the picture unless this render checks it already or the record vouches
        for it (by its `key`)."""
        pending = (str(path), stamp, size)
        if pending in self.pending or pending in self.keys:
            return
        if key is not None:
            self.keys[pending] = key
            if self.record is not None and self.record.vouches_for(key):
                return
        from concurrent.futures import ThreadPoolExecutor  # only where pictures are unpacked

        if self._worker is None:
            self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="deckgen-picture-check")
        self.pending[pending] = (where, self._worker.submit(self.check, path, stamp, size, kind))

    def failed(self, path: Path) -> bool:
        """Whether the picture's check (waited for) found it damaged: what is decoded to be
        embedded must be sound first."""
        return any(Path(key[0]) == path and future.result() is not None for key, (_, future) in self.pending.items())

    def problems(self) -> list[str]:
        """Every picture that failed, one line each naming where it was first met; the sound
        ones go into the record."""
        found = {pending: (where, future.result()) for pending, (where, future) in self.pending.items()}
        self.close()
        if self.record is not None:
            self.record.keep(key for pending, key in self.keys.items()
                             if pending not in found or found[pending][1] is None)
        return [f"{where}: {problem}" for where, problem in found.values() if problem is not None]

    def close(self) -> None:
        """Stop the worker, dropping checks not yet started (a render that failed early)."""
        if self._worker is not None:
            self._worker.shutdown(wait=False, cancel_futures=True)
