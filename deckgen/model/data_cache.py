"""Checked data kept between commands, as black and mypy keep theirs: a command that reads files
it read before, unchanged, takes what it made of them from a cache instead of parsing and
validating again (for a simulation, that is most of its start-up: the schema library alone
costs more than a thousand short games).

An entry is a pickle of plain data with the files it was made from and their sizes and
modification times; it is used only while every one of them is unchanged (and the key, which
names deckgen's version, matches). A missing, stale or unreadable entry is made again, and a
cache that cannot be written is skipped: the cache only ever saves time. It lives beside
deckgen's other caches (`deckgen.paths.user_cache_dir`), in `~/.cache/deckgen/data/`.
"""

from __future__ import annotations

import os
import pickle
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from deckgen import __version__
from deckgen.compiled import RACY_NS
from deckgen.digest import sha256
from deckgen.errors import DeckgenError
from deckgen.fileio import write_atomic
from deckgen.paths import user_cache_dir

#: One input file as an entry records it: its path, size and modification time (-1 when absent).
Stamp = tuple[str, int, int]


def stamps(paths: Iterable[str | Path]) -> tuple[Stamp, ...]:
    """Each file's path, size and modification time, as an entry records them."""
    out = []
    for path in paths:
        try:
            status = os.stat(path)
            out.append((str(path), status.st_size, status.st_mtime_ns))
        except OSError:
            out.append((str(path), -1, -1))
    return tuple(out)


def _entry_path(folder: Path, kind: str, key: str) -> Path:
    full = f"{__version__}|{sys.version}|{key}"
    return folder / f"{kind}-{sha256(full.encode()).hexdigest()[:32]}.pickle"


def read(kind: str, key: str) -> Any | None:
    """The value stored under `key`, or None when there is none or a file it was made from
    has changed since."""
    folder = user_cache_dir("data")
    if folder is None:
        return None
    try:
        with open(_entry_path(folder, kind, key), "rb") as entry:
            stored_key, inputs, value = pickle.load(entry)
    except Exception:  # absent, or written by another deckgen or Python: made again
        return None
    if stored_key != key or stamps(name for name, _, _ in inputs) != inputs:
        return None
    return value


def write(kind: str, key: str, value: Any, inputs: Iterable[Path] = (), started_ns: int = 0) -> None:
    """Store `value` under `key`, made from `inputs` by work that started at `started_ns`
    (`time.time_ns()`; a value made from no file, which nothing makes stale, needs neither).
    A file modified since shortly before then (RACY_NS, the compiled engines' rule) is left
    uncached (it may have changed while it was read, and would look current): the next
    command stores it."""
    now = stamps(inputs)
    if any(mtime >= started_ns - RACY_NS for _, _, mtime in now):
        return
    folder = user_cache_dir("data")
    if folder is None:
        return
    try:
        write_atomic(_entry_path(folder, kind, key), pickle.dumps((key, now, value), protocol=pickle.HIGHEST_PROTOCOL))
    except (DeckgenError, OSError, pickle.PicklingError, TypeError, AttributeError):
        pass  # a cache that cannot be written, or a value pickle cannot keep: only time is lost
