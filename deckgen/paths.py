"""Where the shipped data, templates and outputs live (overridable for tests and users), and
the folders a data file may be read from: its project's and the shipped data."""

from __future__ import annotations

import os
from pathlib import Path

from deckgen.errors import DataError
from deckgen.fileio import one_line

PROJECT_ROOT = Path(os.environ.get("DECKGEN_ROOT", Path(__file__).resolve().parent.parent))

#: The file that makes a folder a deckgen project.
MARKER = "deckgen.yaml"

#: Folders above the start a marker is looked for in (a deep tree of links is a mistake).
MAX_PARENTS = 64


def decks_dir() -> Path:
    return PROJECT_ROOT / "decks"


def templates_dir() -> Path:
    return PROJECT_ROOT / "templates"


def output_dir() -> Path:
    return Path(os.environ.get("DECKGEN_OUTPUT", "output"))


def user_cache_dir(kind: str) -> Path | None:
    """deckgen's folder of `kind` in the user's cache folder (XDG_CACHE_HOME, else
    ~/.cache), made when missing: what is kept there only spares later runs work. None
    when it cannot be made or written."""
    base = os.environ.get("XDG_CACHE_HOME") or str(Path.home() / ".cache")
    folder = Path(base) / "deckgen" / kind
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder if os.access(folder, os.W_OK) else None


def require_decks_dir() -> Path:
    """The data folder, or a DataError saying it is missing (a wrong DECKGEN_ROOT)."""
    folder = decks_dir()
    if not folder.is_dir():
        raise DataError(f"{one_line(str(folder))}: data folder not found (expected decks/<family>/deck.yaml files; "
                        "DECKGEN_ROOT names the project folder)")
    return folder


def shipped_dirs() -> list[Path]:
    """The package's own data, readable from any project: decks, templates, the package."""
    return [decks_dir(), templates_dir(), Path(__file__).resolve().parent]


def marker_above(start: Path) -> Path | None:
    """The nearest project marker in `start` or a folder above it (links not followed)."""
    folder = start.absolute()
    for _ in range(MAX_PARENTS):
        marker = folder / MARKER
        if marker.is_file():
            return marker
        if folder.parent == folder:
            break
        folder = folder.parent
    return None


def root_of(path: Path) -> Path:
    """The folder files named by a data file must stay in: the project holding it, the
    shipped data when it is shipped, the folder holding its decks/ folder, else the file's own folder."""
    folder = path.absolute().parent
    marker = marker_above(folder)
    if marker is not None:
        return marker.parent
    shipped = PROJECT_ROOT.absolute()
    if folder.resolve().is_relative_to(shipped.resolve()):
        return shipped
    # A project folder without its marker yet: the folder holding the deck's decks/ folder.
    holder = next((parent.parent for parent in (folder, *folder.parents) if parent.name == "decks"), None)
    return holder if holder is not None else folder


def data_roots(path: Path) -> list[Path]:
    """Where a data file (and anything read on its behalf) must resolve, links followed:
    its project (see root_of) or the shipped data. A link out of the project is refused."""
    return [root_of(path), *shipped_dirs()]
