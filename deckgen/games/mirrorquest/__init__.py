"""Mirrorquest: a shedding game of colour, symbol and location matches with wildcards.

`cards` holds the move codes, the card table and set sampling; `params` the rule numbers;
`legal` a position and its legal moves, listed or drawn at random; `state` how moves change
it and what it reports; `game` the engine, registered here."""

from deckgen.games.registry import register
from deckgen.games.mirrorquest.cards import (
    AFTER_DRAW,
    ANSWER_AFTER_DRAW,
    DRAW,
    DRAW_MOVE,
    FORCED,
    FORCED_AFTER_DRAW,
    NO_LIMIT,
    NORMAL,
    OWED,
    PASS,
    PASS_MOVE,
    PHASE_NAMES,
    PICKUP,
    PICKUP_WILD,
    PICTURE,
    PLAY,
    REGULAR_WILD,
    WILD,
    CardTable,
    sample_set,
    set_count,
)
from deckgen.games.mirrorquest.game import Mirrorquest
from deckgen.games.mirrorquest.state import MirrorquestState

__all__ = [
    "AFTER_DRAW", "ANSWER_AFTER_DRAW", "DRAW", "DRAW_MOVE", "FORCED", "FORCED_AFTER_DRAW", "NO_LIMIT",
    "NORMAL", "OWED", "PASS", "PASS_MOVE", "PHASE_NAMES", "PICKUP", "PICKUP_WILD", "PICTURE", "PLAY",
    "REGULAR_WILD", "WILD", "CardTable", "Mirrorquest", "MirrorquestState", "sample_set", "set_count",
]

register(Mirrorquest)
