"""What the fuzz suite (tests/test_fuzz.py) stands on: hypothesis settings, a time limit per
case, the clean-error check, the disk check (every file and folder under the fuzz root
before and after, and the peak memory) and the small project every target works in."""

from __future__ import annotations

import os
import resource
import shutil
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import yaml
from hypothesis import HealthCheck, settings

#: Seconds one case may take before it counts as a hang (the issue's bound for a hostile input).
CASE_LIMIT = 5

#: Bytes of memory one fuzz target may add to the process's peak (the issue's bound).
MEMORY_LIMIT = 500 * 1024 * 1024

#: Words of Python or pydantic that must never reach the user (user values are drawn
#: from alphabets that cannot spell them).
INTERNALS = ("Traceback", "<root>", "Input should", "Value error", "[type=", "function-after", "errors.pydantic",
             "For further information", "Exceeds the limit", "invalid literal", "could not convert",
             "BadZipFile", "unpack requires", "Errno", "object has no attribute")


def fuzz(examples: int):  # type: ignore[no-untyped-def]
    return settings(max_examples=examples, deadline=None, database=None, print_blob=True,
                    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large,
                                           HealthCheck.filter_too_much, HealthCheck.function_scoped_fixture])


class Hang(Exception):
    pass


@contextmanager
def time_limit(seconds: float = CASE_LIMIT) -> Iterator[None]:
    """Fail a case that runs longer than `seconds` (a hang) instead of waiting for it."""
    def stop(signum: int, frame: Any) -> None:
        raise Hang(f"a case ran longer than {seconds} s")

    previous = signal.signal(signal.SIGALRM, stop)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def assert_clean(lines: list[str], prefix: str) -> None:
    """One problem per line, each naming its source, none in Python's words."""
    assert lines
    for line in lines:
        assert line.startswith(prefix), line
        assert "\n" not in line and "\r" not in line, line
        assert not any(word in line for word in INTERNALS), line


# --------------------------------------------------------------------------- the disk


def tree(root: Path) -> dict[Path, tuple[bool, int, int]]:
    """Every file, folder and link under `root` (links not followed): (is a folder, size, mtime)."""
    found: dict[Path, tuple[bool, int, int]] = {}
    for folder, dirs, files in os.walk(root):
        for name in dirs + files:
            path = Path(folder) / name
            info = path.lstat()
            is_dir = path.is_dir() and not path.is_symlink()
            found[path] = (is_dir, 0, 0) if is_dir else (False, info.st_size, info.st_mtime_ns)
    return found


class Disk:
    """The fuzz root as it was when a target started: at the end, whatever changed must lie
    in the output folder or be an input the target wrote itself (through `put`)."""

    def __init__(self, root: Path, output: Path) -> None:
        self.root, self.output = root, output
        self.inputs: set[Path] = set()
        self.before = tree(root)
        self.peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024

    def put(self, path: Path, data: str | bytes) -> Path:
        """Write an input (replacing a link or folder there), and allow it to change."""
        if path.is_symlink() or path.is_file():
            path.unlink()
        elif path.is_dir():
            shutil.rmtree(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(data, str):
            path.write_text(data, encoding="utf-8")
        else:
            path.write_bytes(data)
        self.allow(path)
        return path

    @contextmanager
    def keeping(self, *paths: Path) -> Iterator[None]:
        """Let a target replace project files, and put them back as they were at the end."""
        kept = {path: path.read_bytes() for path in paths}
        try:
            yield
        finally:
            for path, data in kept.items():
                self.put(path, data)

    def allow(self, path: Path) -> None:
        self.inputs.update([path, *[p for p in path.parents if p.is_relative_to(self.root)]])

    def check(self) -> None:
        after = tree(self.root)
        changed = {p for p in self.before.keys() | after.keys() if self.before.get(p) != after.get(p)}
        stray = sorted(p for p in changed if not p.is_relative_to(self.output) and p not in self.inputs)
        assert not stray, f"written outside the output folder: {stray[:5]}"
        grown = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024 - self.peak
        assert grown < MEMORY_LIMIT, f"the peak memory grew by {grown // 2**20} MiB"


# --------------------------------------------------------------------------- the project

DECK = """id: one
name: One
attributes: {kind: [a, b]}
groups:
  - source: cards.csv
layout: card
backs: [{id: plain, name: Plain}]
"""
CARDS = "id,name,kind,art\nc1,One,a,pic.png\n"
LAYOUT: dict[str, Any] = {
    "fonts": {"title": "fonts/f.ttf"},
    "elements": {
        "art": {"type": "image", "image": "art/{art}", "x": "10%", "y": "10%", "width": "80%", "height": "50%",
                "fit": "contain"},
        "title": {"type": "text", "text": "{name}", "font": "title", "size": "4mm", "x": "10%", "y": "70%",
                  "width": "80%", "height": "10%"},
    },
    "back": {"background": {"type": "rect", "fill": "#14213d", "bleed": True}},
}
BOOK = "id: book\nname: Book\nattributes: {colour: [red, blue]}\ngroups:\n  - source: cards.xlsx\n" \
       "backs: [{id: plain, name: Plain}]\n"


def build_project(root: Path, font: Path, picture: bytes, workbook: bytes) -> None:
    """The fuzz project: a marker, a one-card deck drawn from a CSV by a layout with an image
    and a font of its own, and a deck from a workbook; work happens two folders below."""
    (root / "deckgen.yaml").write_text("name: fuzz\n", encoding="utf-8")
    one = root / "decks" / "one"
    (one / "layouts").mkdir(parents=True)
    (one / "deck.yaml").write_text(DECK, encoding="utf-8")
    (one / "cards.csv").write_text(CARDS, encoding="utf-8")
    (one / "layouts" / "card.yaml").write_text(yaml.safe_dump(LAYOUT), encoding="utf-8")
    (root / "decks" / "book").mkdir()
    (root / "decks" / "book" / "deck.yaml").write_text(BOOK, encoding="utf-8")
    (root / "decks" / "book" / "cards.xlsx").write_bytes(workbook)
    (root / "art").mkdir()
    (root / "art" / "pic.png").write_bytes(picture)
    (root / "fonts").mkdir()
    shutil.copy(font, root / "fonts" / "f.ttf")
    (root / "here" / "deep").mkdir(parents=True)
