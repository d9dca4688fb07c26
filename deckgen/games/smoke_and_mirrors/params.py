"""Smoke and Mirrors' typed parameters: the rule data's `params`, read by the engine's tables."""

from __future__ import annotations

from dataclasses import dataclass, field

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class SmokeParams:
    """How the cards are dealt and how claims climb, from the rule file."""

    #: The attribute whose piles deal one card of each value to every player.
    deal_by: str
    #: Cards taken out before dealing, by player count.
    removed_cards: dict[int, list[str]] = field(default_factory=dict)
    #: The opening act of a round is exactly this many cards claiming first_claim.
    opening_cards: int = bounded(ge=1)
    first_claim: int = bounded(ge=0)
    #: Every later act claims the standing claim plus claim_step.
    claim_step: int = bounded(ge=1)
    breaks_per_round: int = bounded(ge=0)
