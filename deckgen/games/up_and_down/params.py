"""Up and Down's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class UpAndDownParams(StrictModel):
    #: Cards each player turns face up from their pile as their hand.
    hand_cards: int = Field(ge=1)
