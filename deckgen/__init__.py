"""deckgen: design, check, print and play-test card games."""

__version__ = "0.1.0"
