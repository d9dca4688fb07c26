"""Mystique Circle: trick taking with a cycle of suits and a bid hidden in three hole cards.

The deck is cut down by player count so that everyone gets twelve cards. Each round every
player first sets three of them face down as the hole, whose suits add up to the bid (the
tricks she means to win); the holes are hidden commits made in turn from the dealer's left
and shown when the round ends. Then nine tricks: the led colour must be followed, a card of
another colour is a toss and never wins, and among the led colour a card takes over when its
suit beats the current winner's suit in the cycle (each suit beats only the next one), or
it is the same suit and higher. A trick is worth a point, a bid hit twenty more; rounds go
on, the deal passing left, until someone has sixty.

Cards are ints (deck order, card number - 1) and hands are lists in ascending order. Moves:

- `(a, b, c)` with a < b < c: set those three hand cards as the hole (hole phase);
- `(card,)`: play that card to the trick (trick phase).

`turns` counts rounds played: the unit of game length and of the turn cap.

`tricks` holds the phases and the trick rules as small pure functions, `params` the rule
numbers, `tables` the engine's tables, which a game in progress reads, `state` a game in
progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_circle.game import MystiqueCircle
from deckgen.games.mystique_circle.params import CircleParams
from deckgen.games.mystique_circle.state import CircleState
from deckgen.games.mystique_circle.tables import CircleTables
from deckgen.games.mystique_circle.tricks import HOLE_PHASE, TRICK_PHASE, build_takes

__all__ = [
    "HOLE_PHASE", "TRICK_PHASE", "CircleParams", "CircleState", "CircleTables", "MystiqueCircle", "build_takes",
]

register(MystiqueCircle)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
