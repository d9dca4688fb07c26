"""Mystique: the climbing game of the Mystique Deck.

Spells are sets of cards agreeing on one announced attribute value (a colour, a suit or a
number); each answer needs at least as many cards of that value, or the player takes the
round's cards as burns. Fewest burns wins.

Hot paths work on ints: a hand, a pile or a burn pile is a bitmask over the game's card list
(60 cards, or 120 with two decks), and a move is a pair `(action, mask)`:

- `action >= 0`: cast the cards of `mask`, announcing attribute code `action` (codes number
  every value of every spell attribute: colours, then suits, then numbers);
- `DEFLECT`: deflect the spell with the single palm in `mask`;
- `TAKE` (mask 0): take the round's cards as burns.

Every subset of a hand's cards of one value is a distinct legal spell, so the move list is
built by enumerating sub-masks of the value group directly, with no combinatorial objects.

`cards` holds the moves and the card table, `state` a skirmish or match in progress, `game`
the engine, registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique.cards import (
    DEFLECT,
    TAKE,
    TAKE_MOVE,
    CardTable,
    add_subsets,
    build_card_table,
)
from deckgen.games.mystique.game import MystiqueGame
from deckgen.games.mystique.params import MystiqueParams
from deckgen.games.mystique.state import MystiqueState

__all__ = [
    "DEFLECT", "TAKE", "TAKE_MOVE", "CardTable", "MystiqueGame", "MystiqueParams", "MystiqueState",
    "add_subsets", "build_card_table",
]

register(MystiqueGame)
