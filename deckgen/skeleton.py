"""`deckgen init`: a new project from the skeleton shipped in deckgen/project_template/.

The skeleton is a working project (a deck from a CSV, a layout, an artwork file, a game
whose rule file describes play, so deckgen prints it and plays it, a README saying what to
edit) that renders, plays and builds as it is, so a designer starts from output and
changes it step by step.
"""

from __future__ import annotations

from importlib import resources
from importlib.abc import Traversable
from pathlib import Path

import yaml

from deckgen.fileio import OutputError, shown_path, write_atomic
from deckgen.project import MARKER

#: The package folder holding the skeleton.
TEMPLATE = "project_template"


def template_files() -> list[tuple[str, bytes]]:
    """Every skeleton file as (path relative to the project, bytes), in a fixed order."""
    found: list[tuple[str, bytes]] = []

    def walk(folder: Traversable, prefix: str) -> None:
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.startswith((".", "__")):
                continue
            if entry.is_dir():
                walk(entry, f"{prefix}{entry.name}/")
            else:
                found.append((prefix + entry.name, entry.read_bytes()))

    walk(resources.files("deckgen") / TEMPLATE, "")
    return found


def marker_text(name: str) -> str:
    return ("# This folder is a deckgen project: commands run here (or below) work on its decks\n"
            "# and games and write to output/. See README.md.\n" + yaml.safe_dump({"name": name}, allow_unicode=True))


def init_project(folder: Path) -> list[Path]:
    """Write a new project into `folder` (new, or an empty folder); returns the files written.
    Nothing is written into a folder that holds anything; a failed write removes what was
    written."""
    if folder.exists() or folder.is_symlink():
        if not folder.is_dir():
            raise OutputError(f"{shown_path(folder)}: not a folder (give a new or empty folder for the project)")
        if any(folder.iterdir()):
            raise OutputError(f"{shown_path(folder)}: not empty (deckgen init writes a new project into a new "
                              "or empty folder)")
    elif not folder.parent.is_dir():
        raise OutputError(f"{shown_path(folder.parent)}: does not exist (create it first)")
    name = folder.resolve().name or "My card game"
    created = not folder.exists()
    written: list[Path] = []
    try:
        folder.mkdir(exist_ok=True)
        written.append(write_atomic(folder / MARKER, marker_text(name)))
        for relative, data in template_files():
            target = folder / relative
            target.parent.mkdir(parents=True, exist_ok=True)
            written.append(write_atomic(target, data))
    except OSError as exc:
        _remove(folder, written, created)
        raise OutputError(f"{shown_path(exc.filename or folder)}: cannot write ({exc.strerror or 'input/output error'})"
                          ) from None
    return written


def _remove(folder: Path, written: list[Path], created: bool) -> None:
    """Undo a failed init: the files written, then the folders left empty."""
    for path in written:
        path.unlink(missing_ok=True)
    folders = sorted({p for w in written for p in w.parents if p.is_relative_to(folder) and p != folder},
                     key=lambda p: len(p.parts), reverse=True)
    for path in folders + ([folder] if created else []):
        try:
            path.rmdir()
        except OSError:
            pass
