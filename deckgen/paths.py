"""Where the shipped data, templates and outputs live (overridable for tests and users)."""

from __future__ import annotations

import os
from pathlib import Path

from deckgen.errors import DataError
from deckgen.fileio import one_line

PROJECT_ROOT = Path(os.environ.get("DECKGEN_ROOT", Path(__file__).resolve().parent.parent))


def decks_dir() -> Path:
    return PROJECT_ROOT / "decks"


def templates_dir() -> Path:
    return PROJECT_ROOT / "templates"


def output_dir() -> Path:
    return Path(os.environ.get("DECKGEN_OUTPUT", "output"))


def require_decks_dir() -> Path:
    """The data folder, or a DataError saying it is missing (a wrong DECKGEN_ROOT)."""
    folder = decks_dir()
    if not folder.is_dir():
        raise DataError(f"{one_line(str(folder))}: data folder not found (expected decks/<family>/deck.yaml files; "
                        "DECKGEN_ROOT names the project folder)")
    return folder
