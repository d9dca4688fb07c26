"""Mystique Domination: a partnership climbing game of single-colour patterns, to 100 points.

Four players, partners opposite (seats 0 + 2 against 1 + 3). Each round all cards are dealt;
every player passes three cards to her partner (hidden commits in seat order, handed over
together); the holder of card 1 leads. A pattern is single-colour: n of a kind or a run of
consecutive numbers; its value is the sum of its numbers. Followers play the led colour with
a higher value than the last play, or pass (and may play again later in the trick). After
three passes in a row the last player's team takes her last play and every pile card that
shares a suit with it. A player who empties her hand ends the round: her team takes the
pile and the opponents' hands, her partner's hand goes to the opponents. Rounds score suit
majorities and the card majority; after a round with a team at 100 or more, the higher
team wins (level scores: another round).

Cards are ints, hands and piles bit masks. Moves are tuples of card indices, lowest first:
during the pass a set of `pass_cards` hand cards; in a trick one legal pattern (a single
card is one move), or `PASS_MOVE` when following. The game's turns are rounds played.

`params` holds the rule numbers, `patterns` the pattern tables, `tables` what a game in
progress reads from its engine (card masks, patterns by holding), `legal` a position and its
legal moves, `state` a game in progress, `game` the engine (new games, positions), registered
here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_domination.game import MystiqueDomination
from deckgen.games.mystique_domination.params import DominationParams
from deckgen.games.mystique_domination.patterns import PASS, PASS_MOVE, PatternTable
from deckgen.games.mystique_domination.state import DominationState
from deckgen.games.mystique_domination.tables import DominationTables

__all__ = ["PASS", "PASS_MOVE", "DominationParams", "DominationState", "DominationTables", "MystiqueDomination", "PatternTable"]

register(MystiqueDomination)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
