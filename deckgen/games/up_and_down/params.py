"""Up and Down's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class UpAndDownParams:
    """Up and Down's rule numbers: the hand each player turns up."""

    #: Cards each player turns face up from their pile as their hand.
    hand_cards: int = bounded(ge=1)
