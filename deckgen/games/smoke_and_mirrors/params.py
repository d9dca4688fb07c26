"""Smoke and Mirrors' typed parameters: the rule data's `params`, read by the engine's tables."""

from __future__ import annotations

from pydantic import Field

from deckgen.model.common import StrictModel


class SmokeParams(StrictModel):
    """How the cards are dealt and how claims climb, from the rule file."""

    #: The attribute whose piles deal one card of each value to every player.
    deal_by: str
    #: Cards taken out before dealing, by player count.
    removed_cards: dict[int, list[str]] = {}
    #: The opening act of a round is exactly this many cards claiming first_claim.
    opening_cards: int = Field(ge=1)
    first_claim: int = Field(ge=0)
    #: Every later act claims the standing claim plus claim_step.
    claim_step: int = Field(ge=1)
    breaks_per_round: int = Field(ge=0)
