"""Mismatch's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class LongGame:
    """The long game's deal: every card of the four decks."""

    cards: int = bounded(ge=1)
    hand_size: dict[int, int]
    removed: dict[int, int]


@dataclass(frozen=True, kw_only=True)
class MismatchParams:
    """Mismatch's rule numbers: the colour cycle and its bonus, the short and long games' deals
    and the tie's pot."""

    #: Each colour scores `colour_bonus` extra against the next one in this cycle.
    colour_cycle: list[str] = bounded(min_length=2)
    colour_bonus: int = bounded(ge=0)
    #: The card field holding the number value.
    value_field: str
    #: The short game takes this suit of every colour.
    short_game_suit: str
    short_game_cards: int = bounded(ge=2)
    long_game: LongGame
    #: In a tie each player adds this many cards to the pot before the tie-breaker.
    tie_pot_cards: int = bounded(ge=0)
