"""Mystique Pillars's typed parameters: the rule data's `params`."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class PillarsParams(StrictModel):
    #: Pillars the deck is split into, and the cards each player drafts.
    pillars: int = Field(ge=2)
    draft_cards: int = Field(ge=1)
    #: Attributes a build must share with the pillar's top card.
    shared_attributes: int = Field(ge=1, le=3)
