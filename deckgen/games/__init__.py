"""Rules engines, one module per game; each registers itself with deckgen.games.base.register."""
