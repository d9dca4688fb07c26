"""Validated data models for decks and game rules."""
