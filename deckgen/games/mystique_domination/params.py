"""Mystique Domination's rule numbers, as the rule data's `params` gives them."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class DominationParams:
    """The pass, the first lead and the scoring, from the rule file."""

    #: Cards each player passes to her partner at the start of a round.
    pass_cards: int = bounded(ge=0)
    #: The card whose holder leads the first trick of a round (card 1).
    lead_card: str
    #: Points for a suit majority, and for holding more than half of all cards.
    suit_points: int = bounded(ge=0)
    cards_points: int = bounded(ge=0)
    #: The game ends after a round in which a team reaches this score.
    target: int = bounded(ge=1)
