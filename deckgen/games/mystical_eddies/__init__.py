"""Mystical Eddies: trick taking where the next player decides what the led card means.

The first player after the leader who holds a card sharing an attribute with the led card
must play one; what it shares is *established* (one or two attributes), later players must
share all of it if they can, else toss; the candidates rank by what was not established, and
the leader wins if nothing was. Cards are ints, hands bit masks, a move is `(card,)`;
attributes are bits (SUIT 1, COLOUR 2, NUMBER 4). A turn (cap, game length) is a round.

`tricks` holds the trick rules as small pure functions, `params` the rule numbers, `tables`
the engine's tables built from them, which a game in progress reads, `state` a game in
progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystical_eddies.game import MysticalEddies
from deckgen.games.mystical_eddies.params import EddiesParams
from deckgen.games.mystical_eddies.state import EddiesState
from deckgen.games.mystical_eddies.tables import EddiesTables
from deckgen.games.mystical_eddies.tricks import (
    ATTRIBUTE_WORDS,
    COLOUR,
    MASKS,
    NUMBER,
    SUIT,
    follows,
    ranking_key,
    shared_attributes,
    trick_outcome,
)

__all__ = [
    "ATTRIBUTE_WORDS", "COLOUR", "MASKS", "NUMBER", "SUIT", "EddiesParams", "EddiesState", "EddiesTables",
    "MysticalEddies", "follows", "ranking_key", "shared_attributes", "trick_outcome",
]

register(MysticalEddies)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
