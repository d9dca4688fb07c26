"""Validate deck and rule files, collecting the problems of every file."""

from __future__ import annotations

from pathlib import Path

from deckgen import paths
from deckgen.errors import DataError, DeckgenError, problem
from deckgen.model.deck import load_deck_file
from deckgen.model.rules import load_rules_file, rules_paths


def shipped_files() -> list[Path]:
    return sorted(paths.decks_dir().glob("*/deck.yaml")) + rules_paths()


def _expand(given: list[Path]) -> list[Path]:
    out: list[Path] = []
    for path in given:
        if path.is_dir():
            out.extend(sorted(path.rglob("*.yaml")))
        else:
            out.append(path)
    return out


def validate_paths(given: list[Path]) -> int:
    """Validate files (a file under games/ is rule data, anything else a deck); returns the count."""
    files = _expand(given) if given else shipped_files()
    problems: list[str] = []
    for path in files:
        if not path.exists():
            problems.append(problem(path, "", "file not found"))
            continue
        try:
            if path.parent.name == "games":
                load_rules_file(path)
            else:
                load_deck_file(path)
        except DeckgenError as exc:
            problems.extend(exc.problems)
    if problems:
        raise DataError(*problems)
    return len(files)
