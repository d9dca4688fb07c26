"""Rules engines, one module per game; each registers itself with deckgen.games.registry.register.

The engines compiled by setup.py load from the cache folder only while their sources are as
compiled; an edited engine runs from its source at once (deckgen.compiled)."""

from pathlib import Path

from deckgen.compiled import install

install(__name__, Path(__file__).parent)
