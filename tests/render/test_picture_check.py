"""Pictures are checked whole before their bytes reach a PDF, on a worker thread while the cards
are drawn, once per version of a file in a run and, with an output folder, once per file on this
disk across runs; a damaged one is refused in one line."""

from __future__ import annotations

import os
import zlib
from pathlib import Path

import pytest
from PIL import Image

from deckgen.errors import DataError
from deckgen.render import artwork, picture_check, picture_record
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with
from tests.render.test_artwork import art_layout
from tests.render.test_hostile_artwork import raw_png


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


def test_a_picture_is_unpacked_once_per_run_however_many_cards_show_it(tmp_path: Path, unpacked: list[int]) -> None:
    project_with_art(tmp_path, cards=2)
    deck = deck_with(tmp_path, art_layout("art/{pic}.png"), [{"n": 1, "pic": "c1"}, {"n": 2, "pic": "c2"}, {"n": 3, "pic": "c1"}])
    artwork._checked.cache_clear()
    first = render_sheets(deck, SheetOptions(backs=False))
    assert len(unpacked) == 2
    assert render_sheets(deck, SheetOptions(backs=False)) == first
    assert len(unpacked) == 2  # the same versions of the files: not unpacked again in this run


def test_a_picture_changed_between_renders_is_checked_again(tmp_path: Path) -> None:
    project_with_art(tmp_path, cards=1)
    picture = tmp_path / "art" / "c1.png"
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}])
    render_sheets(deck, SheetOptions(backs=False))
    good = picture.read_bytes()
    header_end = good.index(b"IDAT") - 4
    picture.write_bytes(good[:header_end] + raw_png(30, 40, 8, 2, zlib.compress(b"\x00" * 10))[33:])
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions(backs=False))
    (line,) = caught.value.problems
    assert "image 'art/c1.png': cannot be decoded" in line


def test_a_render_with_a_damaged_picture_names_its_card(tmp_path: Path) -> None:
    project_with_art(tmp_path, cards=2)
    (tmp_path / "art" / "c2.png").write_bytes(raw_png(4, 4, 8, 2, b"not zlib data"))
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}, {"n": 2}])
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions(backs=False))
    (line,) = caught.value.problems
    assert line.startswith("deck d: card c2: ") and "cannot be decoded" in line


def test_outside_a_render_a_picture_is_checked_at_once(tmp_path: Path) -> None:
    (tmp_path / "bad.png").write_bytes(raw_png(4, 4, 8, 2, b"not zlib data"))
    with pytest.raises(DataError, match="here: cannot be decoded"):
        artwork.inspect(tmp_path / "bad.png", "here")


def test_pictures_an_output_folder_saw_sound_are_not_unpacked_again(tmp_path: Path, unpacked: list[int]) -> None:
    project_with_art(tmp_path / "project", cards=2)
    deck = deck_with(tmp_path / "project", art_layout("art/{id}.png"), [{"n": 1}, {"n": 2}])
    output = tmp_path / "output"
    output.mkdir()
    artwork._checked.cache_clear()
    first = render_sheets(deck, SheetOptions(backs=False), output)
    assert len(unpacked) == 2
    assert (output / picture_record.RECORD_NAME).read_text().count("\n") == 3  # its header and two pictures
    artwork._checked.cache_clear()  # as a new process would start
    assert render_sheets(deck, SheetOptions(backs=False), output) == first
    assert len(unpacked) == 2
    (tmp_path / "project" / "art" / "c2.png").write_bytes((tmp_path / "project" / "art" / "c2.png").read_bytes())
    artwork._checked.cache_clear()
    render_sheets(deck, SheetOptions(backs=False), output)
    assert len(unpacked) == 3  # a file written again is checked again


def test_a_record_that_came_with_a_project_vouches_for_no_damaged_picture(tmp_path: Path) -> None:
    """The record names a file by its inode too: one copied, unpacked or cloned with the
    project (or forged) does not name this disk's files, so the damaged picture is refused."""
    project_with_art(tmp_path, cards=1)
    picture = tmp_path / "art" / "c1.png"
    picture.write_bytes(raw_png(30, 40, 8, 2, zlib.compress(b"\x00" * 10)))
    deck = deck_with(tmp_path, art_layout("art/{id}.png"), [{"n": 1}])
    output = tmp_path / "output"
    output.mkdir()
    stat = picture.stat()
    foreign = os.stat_result((stat.st_mode, stat.st_ino + 1, *stat[2:]))
    forged = picture_record.picture_key(artwork.digest(picture), foreign, "png")
    (output / picture_record.RECORD_NAME).write_text(f"{picture_record.HEADER}\n{forged}\n")
    artwork._checked.cache_clear()
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions(backs=False), output)
    (line,) = caught.value.problems
    assert "image 'art/c1.png': cannot be decoded" in line
    assert forged in (output / picture_record.RECORD_NAME).read_text()  # nothing added, nothing vouched
