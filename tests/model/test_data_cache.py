"""The data cache: an entry is used only while every file it was made from is unchanged, and
a cache that is missing, broken or cannot be written only costs time."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from deckgen.compiled import RACY_NS
from deckgen.model import data_cache
from tests.fresh_process import settled


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The folder entries go to, in a cache home of the test's own."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "home"))
    return tmp_path / "home" / "deckgen" / "data"


def old_file(path: Path, text: str) -> Path:
    """A file last modified a minute ago: older than any build that reads it."""
    path.write_text(text)
    settled(path)
    return path


def test_an_entry_comes_back_while_its_files_are_unchanged(cache: Path, tmp_path: Path) -> None:
    source = old_file(tmp_path / "rules.yaml", "turn_cap: 5")
    data_cache.write("engine", "key", {"turn_cap": 5}, [source], time.time_ns())
    assert data_cache.read("engine", "key") == {"turn_cap": 5}
    assert data_cache.read("engine", "another key") is None


def test_an_edited_or_removed_file_makes_its_entry_stale(cache: Path, tmp_path: Path) -> None:
    source = old_file(tmp_path / "rules.yaml", "turn_cap: 5")
    other = old_file(tmp_path / "deck.yaml", "id: deck")
    data_cache.write("engine", "key", 5, [source, other], time.time_ns())
    source.write_text("turn_cap: 50")  # the same size, but a new time
    assert data_cache.read("engine", "key") is None
    data_cache.write("engine", "key", 50, [old_file(source, "turn_cap: 50"), other], time.time_ns())
    assert data_cache.read("engine", "key") == 50
    other.unlink()
    assert data_cache.read("engine", "key") is None


def test_a_file_modified_just_before_the_build_is_not_cached(cache: Path, tmp_path: Path) -> None:
    """It may have changed while it was read, in the same tick of the file clock."""
    source = tmp_path / "rules.yaml"
    source.write_text("turn_cap: 5")
    data_cache.write("engine", "key", 5, [source], os.stat(source).st_mtime_ns + RACY_NS // 2)
    assert data_cache.read("engine", "key") is None
    assert not list(cache.glob("*"))


def test_a_broken_entry_is_made_again(cache: Path, tmp_path: Path) -> None:
    source = old_file(tmp_path / "rules.yaml", "turn_cap: 5")
    data_cache.write("engine", "key", 5, [source], time.time_ns())
    (entry,) = cache.iterdir()
    entry.write_bytes(b"not a pickle")
    assert data_cache.read("engine", "key") is None
    data_cache.write("engine", "key", 6, [source], time.time_ns())
    assert data_cache.read("engine", "key") == 6


def test_a_cache_that_cannot_be_written_is_skipped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocked = tmp_path / "a file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked / "cache"))
    source = old_file(tmp_path / "rules.yaml", "turn_cap: 5")
    data_cache.write("engine", "key", 5, [source], time.time_ns())
    assert data_cache.read("engine", "key") is None
