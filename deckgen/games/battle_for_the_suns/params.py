"""Battle for the Suns's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class SunsParams:
    """Battle for the Suns' rule numbers: the horizon, the hands and the bidding."""

    #: The suit whose cards are the horizon.
    horizon_suit: str
    #: Cards each player holds after every refill, and bidding rounds per sun.
    hand_cards: int = bounded(ge=1)
    bidding_rounds: int = bounded(ge=1)
    #: Extra bid value for a card of the sun's colour, and for one of its number.
    colour_bonus: int = bounded(ge=0)
    number_bonus: int = bounded(ge=0)
