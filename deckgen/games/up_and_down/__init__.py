"""Up and Down: shed a personal pile onto one centre pile that climbs, then falls.

Each player has a face-down pile and four face-up hand cards. A card may go on the centre
pile when it shares colour or suit with the top card and its number is not lower (uphill)
or not higher (downhill); a player who can play must. When everyone passes in a row the
direction flips; when everyone passes again, the game restarts from the highest card in
hand. The first player to refill from an empty pile wins.

Cards are ints (with two decks the gold copy of a card comes first). Moves are `(card,)`,
or `PASS_MOVE` when no card is legal.

`moves` holds the pass move and the directions, `params` the rule numbers, `cards` the card
table of one or two decks, `tables` the engine's tables, which a game in progress reads,
`state` a game in progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.up_and_down.cards import CardTable
from deckgen.games.up_and_down.game import UpAndDown
from deckgen.games.up_and_down.moves import DIRECTION_NAMES, DOWNHILL, PASS, PASS_MOVE, UPHILL
from deckgen.games.up_and_down.params import UpAndDownParams
from deckgen.games.up_and_down.state import UpAndDownState
from deckgen.games.up_and_down.tables import UpAndDownTables

__all__ = ["DIRECTION_NAMES", "DOWNHILL", "PASS", "PASS_MOVE", "UPHILL", "CardTable", "UpAndDown", "UpAndDownParams", "UpAndDownState", "UpAndDownTables"]

register(UpAndDown)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
