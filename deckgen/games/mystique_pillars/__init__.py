"""Mystique Pillars: draft cards from four face-up pillars, then build them all back on.

The deck is split into four pillars; only their top cards show. Players first draft eight
cards each, one top card at a time; then, on each turn, they build a hand card onto a pillar
whose top card shares exactly two attributes with it, or draw another top card. A draw that
empties a pillar splits another pillar in two. Whoever builds their last card wins.

Cards are ints and hands are bit masks; pillars are lists with the top card last. Only a
pillar's top card shows; every card that has ever been a top or in a hand was seen by all
(`seen`), and only the others are unknown to the players. Moves:

- `(DRAW, pillar, split)`: take the top card of `pillar`; `split` is the pillar whose top
  half moves onto the emptied place when the player picks one, else -1;
- `(BUILD, card, pillar)`: put `card` from hand onto `pillar`.

`moves` holds the move codes and phases, `params` the rule numbers, `tables` the engine's
tables, which a game in progress reads, `state` a game in progress, `game` the engine (new
games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_pillars.game import MystiquePillars
from deckgen.games.mystique_pillars.moves import BUILD, BUILDING, DRAFT, DRAW, PHASE_NAMES
from deckgen.games.mystique_pillars.params import PillarsParams
from deckgen.games.mystique_pillars.state import PillarsState
from deckgen.games.mystique_pillars.tables import PillarsTables

__all__ = ["BUILD", "BUILDING", "DRAFT", "DRAW", "PHASE_NAMES", "MystiquePillars", "PillarsParams", "PillarsState", "PillarsTables"]

register(MystiquePillars)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
