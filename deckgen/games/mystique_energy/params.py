"""Mystique Energy's typed parameters: the rule data's `params`."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class EnergyParams:
    """How many neighbours a placed card needs, and the seat placing first."""

    #: Occupied neighbours a card needs once that many cards are down (the second card
    #: always needs one: it goes next to the first).
    touching: int = bounded(ge=1, le=2)
    #: The seat that places first; play then goes seat + 1.
    first_seat: int = bounded(ge=0)
