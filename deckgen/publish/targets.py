"""What `deckgen build` makes outputs for, known from file names alone."""

from __future__ import annotations

from deckgen import project
from deckgen.model.deck import deck_ids
from deckgen.model.rules import rules_paths


def build_targets() -> tuple[list[str], list[tuple[str, str]]]:
    """The decks and (game, deck) pairs `build` makes outputs for: in a project its own, else
    the shipped ones. Both are known from the file names (a rule file is
    decks/<deck>/games/<game>.yaml, as its loader insists) before any file is parsed, so a
    project's build reads none of the shipped rule files."""
    here = project.current()
    if here.root is None:
        return deck_ids(), [(path.stem, path.parent.parent.name) for path in rules_paths()]
    decks = [d for d, path in here.deck_files().items() if here.owns(path)]
    return decks, [(path.stem, path.parent.parent.name) for path in rules_paths()
                   if here.owns(path) and path.parent.parent.name in decks]
