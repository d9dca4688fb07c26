"""Atomic writes leave either the complete new file or the old state."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.fileio import atomic_path, write_atomic


def test_write_creates_parents_and_content(tmp_path: Path):
    target = tmp_path / "a" / "b.txt"
    write_atomic(target, "hello")
    assert target.read_text() == "hello"
    assert list(target.parent.iterdir()) == [target]


def test_failure_leaves_nothing_behind(tmp_path: Path):
    target = tmp_path / "out.pdf"
    with pytest.raises(RuntimeError):
        with atomic_path(target) as temp:
            temp.write_bytes(b"half")
            raise RuntimeError("render failed")
    assert list(tmp_path.iterdir()) == []


def test_failure_keeps_the_previous_file(tmp_path: Path):
    target = write_atomic(tmp_path / "out.txt", b"old")
    with pytest.raises(ValueError):
        with atomic_path(target) as temp:
            temp.write_bytes(b"new")
            raise ValueError
    assert target.read_bytes() == b"old" and len(list(tmp_path.iterdir())) == 1
