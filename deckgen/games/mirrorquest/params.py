"""Mirrorquest's rule numbers, as the rule data's `params` gives them."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.params import bounded


@dataclass(frozen=True, kw_only=True)
class MirrorquestParams:
    """Mirrorquest's rule numbers: who starts, what a colour match and a catch-up set need, the draws."""

    #: The seat that plays first.
    first_seat: int = bounded(ge=0)
    #: A colour match has exactly this many cards until the first reshuffle.
    colour_match_cards: int = bounded(ge=1)
    #: After the first reshuffle, a colour match may have any number of cards.
    reshuffle_unlocks_colour_sets: bool
    #: A catch-up set against a pickup has at least this many cards.
    catch_up_min_cards: int = bounded(ge=2)
    #: Cards drawn by the draw move.
    draw_cards: int = bounded(ge=1)
    #: Cards drawn when an opponent calls a player's name first.
    call_penalty_cards: int = bounded(ge=0)
    #: Cards a player owes after a regular wildcard.
    cards_owed_after_wildcard: int = bounded(ge=1)
