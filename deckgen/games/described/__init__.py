"""Engines built from rule files that describe play (the `play` section)."""

from deckgen.games.described import game as game
