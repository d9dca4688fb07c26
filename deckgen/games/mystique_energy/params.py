"""Mystique Energy's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class EnergyParams(StrictModel):
    """How many neighbours a placed card needs, and the seat placing first."""

    #: Occupied neighbours a card needs once that many cards are down (the second card
    #: always needs one: it goes next to the first).
    touching: int = Field(ge=1, le=2)
    #: The seat that places first; play then goes seat + 1.
    first_seat: int = Field(ge=0)
