"""A throwaway project for layout tests: one deck with a card list and a layout of its own."""

from __future__ import annotations

from pathlib import Path

import yaml

from deckgen.model.deck import load_deck_file
from deckgen.model.deck_data import Deck


def make_project(root: Path, layout: dict | str, cards: list[dict] | None = None, deck_extra: dict | None = None) -> Path:
    """Write the project marker, decks/d/deck.yaml (attribute `n`, free fields from `cards`)
    and decks/d/layouts/main.yaml; returns the deck file. The marker makes `root` the folder
    artwork and font paths are read from."""
    cards = cards or [{"n": 1}, {"n": 2}]
    root.mkdir(parents=True, exist_ok=True)
    (root / "deckgen.yaml").write_text("name: test\n")
    deck = root / "decks" / "d"
    (deck / "layouts").mkdir(parents=True, exist_ok=True)
    data = {"id": "d", "name": "Test deck", "layout": "main",
            "attributes": {"n": sorted({c["n"] for c in cards})},
            "groups": [{"cards": cards, "id": "c{n}", "name": "Card {n}"}], **(deck_extra or {})}
    (deck / "deck.yaml").write_text(yaml.safe_dump(data, sort_keys=False))
    text = layout if isinstance(layout, str) else yaml.safe_dump(layout, sort_keys=False)
    (deck / "layouts" / "main.yaml").write_text(text)
    return deck / "deck.yaml"


def deck_with(root: Path, layout: dict | str, cards: list[dict] | None = None) -> Deck:
    return load_deck_file(make_project(root, layout, cards))
