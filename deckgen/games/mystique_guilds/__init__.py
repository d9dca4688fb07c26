"""Mystique Guilds: draw and buy cards until the Draw Deck runs out, then control guilds.

A guild is a colour and a suit (12 guilds of five cards). Each turn a player draws the top
card of the Draw Deck or of the discard pile, or buys: discards an Influence Card from hand
and draws up to its number of cards. The game ends the moment the Draw Deck is empty; each
guild goes to the single player with the highest total of numbers in it.

Cards are ints and hands are bit masks. Moves are small tuples:

- `(DECK,)` and `(DISCARD,)`: draw the top card of that pile;
- `(BUY, card, from_deck, from_discard)`: buy with `card` as the Influence Card, drawing
  `from_deck` cards from the Draw Deck and `from_discard` from the discard pile (only with
  the `buy_from_both` option); the Influence Card goes to the discard pile afterwards.

`moves` holds the move codes, `params` the rule numbers, `tables` the engine's tables, which
a game in progress reads, `state` a game in progress, `game` the engine (new games,
positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_guilds.game import MystiqueGuilds
from deckgen.games.mystique_guilds.moves import BUY, DECK, DECK_MOVE, DISCARD, DISCARD_MOVE
from deckgen.games.mystique_guilds.params import GuildSpec, GuildsParams
from deckgen.games.mystique_guilds.state import GuildsState
from deckgen.games.mystique_guilds.tables import GuildsTables

__all__ = ["BUY", "DECK", "DECK_MOVE", "DISCARD", "DISCARD_MOVE", "GuildSpec", "GuildsParams", "GuildsState", "GuildsTables", "MystiqueGuilds"]

register(MystiqueGuilds)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
