"""Mismatch: a war-style game of duels for the four single-colour decks.

Players hold a face-down deck each; two at a time turn up their top card and the higher
value (rank value plus a colour bonus against the next colour of the cycle) takes both.
There are no player decisions, so a move is just the current duel's first player starting
it; one move is one duel and one turn. Cards are ints (indices into the full 208-card deck)
and all values come precomputed in a strength-difference table, so a duel is a couple of
deque pops and one table lookup.

`moves` holds the one move, `params` the rule numbers, `tables` the engine's tables, which a
game in progress reads, `state` a game in progress, `game` the engine (new games,
positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mismatch.game import MismatchGame
from deckgen.games.mismatch.moves import REVEAL
from deckgen.games.mismatch.params import LongGame, MismatchParams
from deckgen.games.mismatch.state import MismatchState
from deckgen.games.mismatch.tables import MismatchTables

__all__ = ["REVEAL", "LongGame", "MismatchGame", "MismatchParams", "MismatchState", "MismatchTables"]

register(MismatchGame)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
