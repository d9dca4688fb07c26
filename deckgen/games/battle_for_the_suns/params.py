"""Battle for the Suns's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class SunsParams(StrictModel):
    #: The suit whose cards are the horizon.
    horizon_suit: str
    #: Cards each player holds after every refill, and bidding rounds per sun.
    hand_cards: int = Field(ge=1)
    bidding_rounds: int = Field(ge=1)
    #: Extra bid value for a card of the sun's colour, and for one of its number.
    colour_bonus: int = Field(ge=0)
    number_bonus: int = Field(ge=0)
