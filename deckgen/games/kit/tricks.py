"""Trick taking, the parts every trick game shares: which cards a player must play when they
can follow, and which card of a trick wins."""

from __future__ import annotations

from typing import Sequence


def must_follow(cards: list[int], follows: Sequence[int]) -> list[int]:
    """The cards a player may play: those that follow (`follows[card]` true) if any does,
    else every card (a player who cannot follow plays what they like)."""
    following = [card for card in cards if follows[card]]
    return following or cards


def trick_winner(trick: Sequence[int], among: Sequence[int], by: Sequence[int]) -> int:
    """The position in `trick` (cards in play order) of the winning card: the highest `by`
    among the cards that can win (`among[card]` true), the earliest on a tie; the led card
    when none can."""
    best, winner = 0, -1
    for position, card in enumerate(trick):
        if among[card] and (winner < 0 or by[card] > best):
            best, winner = by[card], position
    return max(winner, 0)
