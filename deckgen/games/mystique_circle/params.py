"""Mystique Circle's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class CircleParams:
    """The suit cycle and bids, the hole, the numbers removed per count and the scoring."""

    #: The suit cycle: each suit beats the next one, and the last beats the first.
    suit_cycle: list[str] = bounded(min_length=2)
    #: Tricks a hole card bids, by suit.
    bid_values: dict[str, int]
    #: Cards set face down as the hole each round.
    hole_cards: int = bounded(ge=1)
    #: Numbers taken out of the deck, per player count.
    removed_numbers: dict[int, list[int]]
    #: Points per trick won, bonus for tricks won equal to the bid, and the total that ends the game.
    trick_points: int = bounded(ge=0)
    bid_bonus: int = bounded(ge=0)
    target_score: int = bounded(ge=1)
