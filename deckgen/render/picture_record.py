"""Which pictures an output folder has seen pass their full check (render/picture_check.py),
so that rendering the same files again does not unpack their pixel data again: that check
inflates every byte of a picture, about 0.5 s of CPU for a deck of 120 card-sized PNGs.

* `PictureRecord.read(folder)`: the record of an output folder (`<folder>/.picture-checks`).
* `record.vouches_for(key)`, `record.keep(keys)`: what it holds; the sound pictures of a render.
* `picture_key(digest, stat, kind)`: what a verdict is filed under.

The record lives inside the output folder, never elsewhere, and holds only pictures found
sound. Each is filed under its content digest *and* the identity of the file on this disk
(device, inode, modification time and size): a record that arrived with someone's project
(copied, unpacked or cloned) names other inodes, so it vouches for nothing here, and a
damaged or hostile picture is still checked whole and refused in one line.
"""

from __future__ import annotations

import os
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from deckgen.fileio import OutputError, write_atomic

#: The record's file inside an output folder.
RECORD_NAME = ".picture-checks"
#: Its first line: a change to the checks changes it, and older verdicts are then ignored.
HEADER = "deckgen picture checks 1"
#: At most this many pictures are remembered (the latest render's first); about 100 bytes each.
MAX_ENTRIES = 20_000


def picture_key(digest: str, stat: os.stat_result, kind: str) -> str:
    """A picture as one version of one file on this disk: content, place and time."""
    return f"{digest} {stat.st_size} {stat.st_dev} {stat.st_ino} {stat.st_mtime_ns} {kind}"


@dataclass(frozen=True, slots=True)
class PictureRecord:
    """The pictures an output folder's earlier renders found sound."""

    folder: Path
    sound: frozenset[str]

    @classmethod
    def read(cls, folder: Path) -> PictureRecord:
        """The folder's record; an empty one when there is none or it cannot be read."""
        path = folder / RECORD_NAME
        lines: list[str] = []
        try:
            if path.is_file():  # a regular file only: reading a pipe or a device put there might never end
                with path.open(encoding="utf-8", errors="replace") as file:
                    lines = file.read(MAX_ENTRIES * 160).splitlines()
        except OSError:
            pass
        if not lines or lines[0] != HEADER:
            return cls(folder, frozenset())
        return cls(folder, frozenset(lines[1:MAX_ENTRIES + 1]))

    def vouches_for(self, key: str) -> bool:
        return key in self.sound

    def keep(self, found_sound: Iterable[str]) -> None:
        """Write the record again with the pictures a render found sound first: best effort,
        as an output folder that cannot take the record only means checking again next time."""
        latest = list(dict.fromkeys(found_sound))
        entries = [*latest, *sorted(self.sound.difference(latest))][:MAX_ENTRIES]
        if set(entries) == self.sound:
            return
        try:
            write_atomic(self.folder / RECORD_NAME, "\n".join([HEADER, *entries]) + "\n")
        except (OSError, OutputError):
            pass
