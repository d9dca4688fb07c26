"""Mystique Energy: lay cards on a growing hexagonal grid; keep your secret energy card's
colour, suit and number in small groups.

Each player keeps one secret energy card and holds one playing card. On her turn she places
the playing card face up on an unbounded hexagonal grid (the first card at (0, 0), the
second next to it, every later one on an empty cell with at least two occupied neighbours)
and draws another. When every playing card is down, each player multiplies the sizes of the
largest connected groups of her energy card's colour, suit and number; the lowest product
wins, and a tie goes to the player who placed her final card first.

Cards are ints. Cells (q, r) in axial coordinates are kept as one int,
`(q + OFF) << 8 | (r + OFF)`, so the six neighbours are fixed offsets. The frontier (empty
cells next to a card, with their counts of occupied neighbours) and the legal cells are kept
incrementally: `exact` holds the cells with exactly `touching` neighbours, `more` those with
more, each a list with an index for O(1) removal. A move is `(q, r)`: the card is fixed.

`cells` holds the cell encoding, `params` the rule numbers, `tables` the engine's tables,
which a game in progress reads, `state` a game in progress, `game` the engine (new games,
positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_energy.cells import NEIGHBOURS, ORIGIN, cell_of, coords_of
from deckgen.games.mystique_energy.game import MystiqueEnergy
from deckgen.games.mystique_energy.params import EnergyParams
from deckgen.games.mystique_energy.state import EnergyState
from deckgen.games.mystique_energy.tables import ATTRIBUTES, EnergyTables

__all__ = [
    "ATTRIBUTES", "NEIGHBOURS", "ORIGIN", "EnergyParams", "EnergyState", "EnergyTables", "MystiqueEnergy",
    "cell_of", "coords_of",
]

register(MystiqueEnergy)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
