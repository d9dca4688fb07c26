"""Where the shipped data, templates and outputs live (overridable for tests and users)."""

from __future__ import annotations

import os
from pathlib import Path

PROJECT_ROOT = Path(os.environ.get("DECKGEN_ROOT", Path(__file__).resolve().parent.parent))


def decks_dir() -> Path:
    return PROJECT_ROOT / "decks"


def templates_dir() -> Path:
    return PROJECT_ROOT / "templates"


def output_dir() -> Path:
    return Path(os.environ.get("DECKGEN_OUTPUT", "output"))
