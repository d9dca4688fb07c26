"""The cards of one or two Up and Down decks with what the rules compare."""

from __future__ import annotations

from dataclasses import dataclass

from deckgen.games.kit.cards import CardIndex


@dataclass(frozen=True, eq=False)
class CardTable:
    """One or two decks' cards with what the rules compare: colour, suit, number, rank."""

    cards: CardIndex
    colour: list[int]
    suit: list[int]
    number: list[int]
    #: Higher ranks start: card number first, then the gold copy before the silver.
    rank: list[int]
    #: uphill[top]: the cards (as bits) that may go on `top` uphill, sharing its colour or suit
    #: with a number not lower; downhill[top] likewise with a number not higher. Random play
    #: reads them instead of comparing attributes card by card.
    uphill: list[int]
    downhill: list[int]
