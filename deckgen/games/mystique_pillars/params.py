"""Mystique Pillars's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class PillarsParams:
    """Mystique Pillars' rule numbers: the pillars, the draft and what a build must share."""

    #: Pillars the deck is split into, and the cards each player drafts.
    pillars: int = bounded(ge=2)
    draft_cards: int = bounded(ge=1)
    #: Attributes a build must share with the pillar's top card.
    shared_attributes: int = bounded(ge=1, le=3)
