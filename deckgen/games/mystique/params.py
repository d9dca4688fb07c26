"""Mystique's rule numbers, as the rule data's `params` gives them."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class MystiqueParams:
    """The Mystique game's rule numbers: spells, deflection, aces, the order of play and the
    partnerships."""

    #: The attributes a spell may share, in the deck's attribute names.
    spell_attributes: list[str] = bounded(min_length=1)
    #: An opening spell has open_min..open_max cards; an answer at least as many as the spell.
    open_min_cards: int = bounded(ge=1)
    open_max_cards: int = bounded(ge=1)
    #: Seat step of play (-1: anticlockwise), and the opener's offset from the dealer.
    turn_direction: int
    first_player_offset: int
    #: Deflection: one card of this number, sharing the spell's attribute, on these attributes.
    deflect_number: int
    deflect_attributes: list[str]
    #: Aces scoring: a card of this number counts this many burns.
    ace_number: int
    ace_burns: int = bounded(ge=1)
    #: Partnerships are played with these player counts; partners sit opposite.
    partnership_players: list[int]
