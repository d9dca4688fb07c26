"""Zoomies: four-player trick taking with the Mirror Deck, where second place wins.

Cards are ints (indices into the deck's card list) and every card's two readings are
precomputed, so a turn is a list removal, a lookup and an append. A move is
`(card, code)`: for an ordinary card `code` picks its LOW or HIGH reading; for a double
led to a trick it names the goal (LOW or HIGH); a double played later has one move,
code LOW, and flips the goal.

Rulings the sources leave open (also in the rule data):
- a led double sets the goal by its player's call and does not flip it as well;
- a double's own number competes for the trick like any other;
- values in a trick never tie, since every number 1-99 is on a single card;
- if all players tie for most points nobody is eliminated and all share the win.

`moves` holds the reading codes, `params` the rule numbers, `scoring` who wins from the
points, `tables` the engine's tables, which a game in progress reads, `state` a game in
progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.zoomies.game import Zoomies
from deckgen.games.zoomies.moves import GOAL_NAMES, HIGH, LOW
from deckgen.games.zoomies.params import ZoomiesParams
from deckgen.games.zoomies.scoring import standing
from deckgen.games.zoomies.state import ZoomiesState
from deckgen.games.zoomies.tables import ZoomiesTables

__all__ = ["GOAL_NAMES", "HIGH", "LOW", "Zoomies", "ZoomiesParams", "ZoomiesState", "ZoomiesTables", "standing"]

register(Zoomies)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
