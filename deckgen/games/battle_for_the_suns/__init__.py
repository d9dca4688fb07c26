"""Battle for the Suns: bid hidden cards, in up to three rounds, for each of fifteen suns.

The fifteen suns form the horizon; one rises at a time. Each bidding round, every player
still bidding commits a hand card face down (from the second round, or stops), and all
commits are revealed together. A card bids its number, plus one for the sun's colour and one
for the sun's number. The single highest bid takes the sun; a tie sends it out of the game.
Score: the numbers of the suns won.

Cards are ints, hands bit masks, piles lists with the top last. Moves are `(card,)`, a
commit, or `STOP_MOVE`.

`moves` holds the stop move and the commit codes, `params` the rule numbers, `tables` the
engine's tables, which a game in progress reads, `state` a game in progress, `game` the
engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.battle_for_the_suns.game import BattleForTheSuns
from deckgen.games.battle_for_the_suns.moves import NOT_YET, STOP, STOPPED, STOP_MOVE
from deckgen.games.battle_for_the_suns.params import SunsParams
from deckgen.games.battle_for_the_suns.state import SunsState
from deckgen.games.battle_for_the_suns.tables import SunsTables

__all__ = ["NOT_YET", "STOP", "STOPPED", "STOP_MOVE", "BattleForTheSuns", "SunsParams", "SunsState", "SunsTables"]

register(BattleForTheSuns)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
