"""Smoke and Mirrors: rising face-down claims, bluffs, challenges and mirror cards.

Hot paths work on bitmasks of card indices (bit i = card i of the deck's card list): hands,
acts on the table and the out pile are ints, the totals a set of cards can make are an int
bitmask cached per card mask, and legal move lists are cached per (cards, flags) key.

Moves (tuples of ints):
- (CHALLENGE,)              challenge the standing act
- (BREAK,)                  rest this turn; the claim stays
- (ACT, c1, c2, ...)        take back your previous act, play these cards claiming one more
- (GIVE, c)                 after a challenge, the survivor hands card c to the eliminated player

`cards` holds the moves and card values, `params` the rule numbers, `tables` what a game in
progress reads from its engine (card values, cached move lists, deal layouts), `state` a game
in progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.smoke_and_mirrors.cards import (
    ACT,
    BREAK,
    BREAK_MOVE,
    CHALLENGE,
    CHALLENGE_MOVE,
    GIVE,
    PHASE_OPENING,
    PHASE_SWAP,
    PHASE_TURN,
    possible_totals,
)
from deckgen.games.smoke_and_mirrors.game import SmokeAndMirrors
from deckgen.games.smoke_and_mirrors.params import SmokeParams
from deckgen.games.smoke_and_mirrors.state import SmokeState
from deckgen.games.smoke_and_mirrors.tables import SmokeTables

__all__ = [
    "ACT", "BREAK", "BREAK_MOVE", "CHALLENGE", "CHALLENGE_MOVE", "GIVE", "PHASE_OPENING", "PHASE_SWAP",
    "PHASE_TURN", "SmokeAndMirrors", "SmokeParams", "SmokeState", "SmokeTables", "possible_totals",
]

register(SmokeAndMirrors)
