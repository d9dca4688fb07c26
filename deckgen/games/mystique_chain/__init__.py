"""Mystique Chain: two players take turns carrying a chain of matches out of a face-up pool.

The opener declares an attribute of the top card (colour, suit or number); the player to move
takes a pool card with that value, lays it on top and declares one of its attributes for the
next player. Whoever cannot follow loses. Everything is public after the setup draw.

Cards are ints; the pool is a bit mask. Moves are small tuples:

- `(attribute,)`: the opener's setup declaration (0 colour, 1 suit, 2 number);
- `(card, attribute)`: play a matching pool card and declare one of its attributes.

`moves` holds the attributes a move declares, `params` the rule numbers, `tables` the
engine's tables, which a game in progress reads, `state` a game in progress, `game` the
engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_chain.game import MystiqueChain
from deckgen.games.mystique_chain.moves import ATTRIBUTES
from deckgen.games.mystique_chain.params import ChainParams
from deckgen.games.mystique_chain.state import ChainState
from deckgen.games.mystique_chain.tables import ChainTables

__all__ = ["ATTRIBUTES", "ChainParams", "ChainState", "ChainTables", "MystiqueChain"]

register(MystiqueChain)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
