"""Chain of Restraints: four in a row on a floating 4 x 4 grid, each card restraining the next.

Players take turns putting one card on a shared grid: on top of any stack, or on an empty
cell orthogonally next to a card, as long as all cards still fit in a 4 x 4 box. A card may
share no colour, no suit and no number with the card played just before it. A player with
no such card shows her hand and every hand moves one seat to the right, until the player to
move holds a playable card; after a full round the hands are back with their owners and she
discards hers and draws new hands until one can be played. The top cards of four cells in a
line sharing a colour, a suit or a number win; a draw that the deck cannot serve ends the game
drawn.

Cards are ints and hands are bit masks. The grid lives in a square array of
(2 x grid_side - 1) cells a side, wide enough for any 4 x 4 box that holds the cards
already placed; `ocol`/`orow` are the grid coordinates of the array's cell 0. A move is
`(card, col, row)` in grid coordinates: the first card of the game goes to (0, 0).

`params` holds the rule numbers, `tables` the engine's tables, which a game in progress
reads, `state` a game in progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.chain_of_restraints.game import ChainOfRestraints
from deckgen.games.chain_of_restraints.params import RestraintsParams
from deckgen.games.chain_of_restraints.state import RestraintsState
from deckgen.games.chain_of_restraints.tables import ATTRIBUTES, DIRECTIONS, RestraintsTables

__all__ = ["ATTRIBUTES", "DIRECTIONS", "ChainOfRestraints", "RestraintsParams", "RestraintsState", "RestraintsTables"]

register(ChainOfRestraints)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
