"""Pictures are checked whole before their bytes reach a PDF, on a worker thread while the cards
are drawn, and a picture an earlier render checked (the same bytes, by path, size, time and a
digest of its content) is not unpacked again; a damaged one is still refused in one line."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest
from PIL import Image

from deckgen.errors import DataError
from deckgen.render import artwork, picture_check
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with
from tests.render.test_artwork import art_layout
from tests.render.test_hostile_artwork import raw_png

RECORD = Path("output") / ".deckgen" / "checked-pictures.json"


@pytest.fixture
def unpacked(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The length of every PNG whose data a check unpacks."""
    seen: list[int] = []
    real = picture_check.png_problem

    def counting(data: bytes) -> str | None:
        seen.append(len(data))
        return real(data)

    monkeypatch.setattr(picture_check, "png_problem", counting)
    return seen


def project_with_art(root: Path, cards: int = 3) -> None:
    (root / "art").mkdir(parents=True)
    for n in range(1, cards + 1):
        Image.new("RGB", (30, 40), (n * 60, 20, 90)).save(root / "art" / f"c{n}.png")


def test_a_second_render_does_not_unpack_pictures_already_checked(tmp_path: Path, unpacked: list[int]) -> None:
    project_with_art(tmp_path)
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}, {"n": 2}, {"n": 3}])
    first = render_sheets(deck, SheetOptions(backs=False))
    assert len(unpacked) == 3 and (tmp_path / RECORD).is_file()
    assert "art/c1.png|" in (tmp_path / RECORD).read_text()  # named inside the project
    artwork._checked.cache_clear()
    assert render_sheets(deck, SheetOptions(backs=False)) == first
    assert len(unpacked) == 3  # none again: the record knew all three


def test_a_picture_replaced_by_a_damaged_one_of_the_same_size_and_time_is_refused(tmp_path: Path) -> None:
    project_with_art(tmp_path, cards=1)
    picture = tmp_path / "art" / "c1.png"
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}])
    render_sheets(deck, SheetOptions(backs=False))
    good, stamp = picture.read_bytes(), picture.stat().st_mtime_ns
    header_end = good.index(b"IDAT") - 4
    broken = good[:header_end] + raw_png(30, 40, 8, 2, zlib.compress(b"\x00" * 10))[33:]
    picture.write_bytes(broken[:len(good)].ljust(len(good), b"\x00"))
    os.utime(picture, ns=(stamp, stamp))  # the record's path, size and time still match
    artwork._inspect.cache_clear()
    artwork._digest.cache_clear()
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions(backs=False))
    (line,) = caught.value.problems
    assert "image 'art/c1.png': cannot be decoded" in line


def test_a_render_with_a_damaged_picture_records_nothing(tmp_path: Path) -> None:
    project_with_art(tmp_path, cards=2)
    (tmp_path / "art" / "c2.png").write_bytes(raw_png(4, 4, 8, 2, b"not zlib data"))
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}, {"n": 2}])
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions(backs=False))
    (line,) = caught.value.problems
    assert line.startswith("deck d: card c2: ") and "cannot be decoded" in line
    assert not (tmp_path / RECORD).exists()  # a failed render writes nothing, not even its record


def test_outside_a_render_a_picture_is_checked_at_once(tmp_path: Path) -> None:
    (tmp_path / "bad.png").write_bytes(raw_png(4, 4, 8, 2, b"not zlib data"))
    with pytest.raises(DataError, match="here: cannot be decoded"):
        artwork.inspect(tmp_path / "bad.png", "here")


def test_the_record_keeps_one_entry_per_picture(tmp_path: Path) -> None:
    project_with_art(tmp_path, cards=1)
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}])
    render_sheets(deck, SheetOptions(backs=False))
    Image.new("RGB", (30, 40), (1, 2, 3)).save(tmp_path / "art" / "c1.png")  # a new version of the picture
    artwork._inspect.cache_clear()
    render_sheets(deck, SheetOptions(backs=False))
    assert (tmp_path / RECORD).read_text().count("art/c1.png|") == 1
