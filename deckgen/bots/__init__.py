"""Bots: a generic random bot here, one greedy bot module per game."""
