"""Clique Mystique: place cards on a virtual 7x7 board to form Groups and turn the other
player's stacks into your own.

A stack belongs to the player its cards face (seat 0 vertical, seat 1 horizontal). A
placement puts 1-3 hand cards, on empty cells or on the mover's own stacks, all in one line
whose top cards then form a Group (a Clique of 3, 4 or 5, or a Motley Crew) holding an
uncovered earlier stack of the mover and a stack of the opponent; every qualifying Group
through a placed card turns the opponent's stacks in it. Two passes in a row end the game:
cards owned on the board minus cards in hand.

Moves are small tuples of ints:

- `(PLACE, cell, card, ...)`: one to three (cell, card) pairs, cells ascending; cells are
  `(row + 3) * 7 + col + 3` on the 7x7 board;
- `(REPLACE, card, ...)`: the hand cards set aside, ascending;
- `(PASS,)`.

`board` holds the geometry and the Group table, `moves` the move kinds, `params` the rule
numbers, `tables` what a game in progress reads from its engine (geometry, card keys, Group
memo), `placements` where a seat may place and what a placement turns, `state` how moves
change a game in progress, `game` the engine (the deal, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.clique_mystique.board import (
    CLIQUE_3,
    CLIQUE_4,
    CLIQUE_5,
    KIND_NAMES,
    MOTLEY,
    NO_GROUP,
    Geometry,
)
from deckgen.games.clique_mystique.game import CliqueMystique
from deckgen.games.clique_mystique.moves import PASS, PASS_MOVE, PLACE, REPLACE
from deckgen.games.clique_mystique.params import CliqueParams
from deckgen.games.clique_mystique.state import CliqueState
from deckgen.games.clique_mystique.tables import CliqueTables

__all__ = [
    "CLIQUE_3", "CLIQUE_4", "CLIQUE_5", "KIND_NAMES", "MOTLEY", "NO_GROUP", "PASS", "PASS_MOVE", "PLACE",
    "REPLACE", "CliqueMystique", "CliqueParams", "CliqueState", "CliqueTables", "Geometry",
]

register(CliqueMystique)
