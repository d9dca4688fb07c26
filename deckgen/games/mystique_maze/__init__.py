"""Mystique Maze: collect a chain of connected cards between your two corner cards.

The three attributes are three lines (colour, suit, number; none wraps), so the deck is a
3 x 4 x 5 box and each seat owns two opposite corners of it. Two cards are connected when
they share two attributes and the third takes neighbouring values on its line. Each turn a
player takes the top card of the deck or of the discard pile, then discards one of the nine
cards held; a player whose eight hand cards then form a chain from one of her corner cards
to the other wins. The corners are hand size + 1 steps apart, so a winning hand is exactly
the inner cards of one shortest path between them.

Cards are ints, hands bit masks. Each seat's shortest paths (avoiding the other seats'
corner cards) are precomputed per player count: a set of hand masks for the win test, and
per card a bit mask over the paths, so that the most hand cards on one path is a handful of
big-int operations (`path_counts`). A turn is two moves: `(FROM_DECK,)` or `(FROM_PILE,)`,
then `(DISCARD, card)`, which ends the turn (win test, then reshuffle).

`cards` holds the moves and card-mask helpers, `paths` each seat's paths and their counts,
`params` the rule numbers, `tables` the engine's tables, which a game in progress reads,
`state` a game in progress, `game` the engine (new games, positions), registered here.
"""

from deckgen.games.registry import register
from deckgen.games.mystique_maze.cards import (
    DECK_MOVE,
    DISCARD,
    FROM_DECK,
    FROM_PILE,
    PILE_MOVE,
    TAKE,
    THROW,
    cards_of,
    nth_card,
)
from deckgen.games.mystique_maze.game import MystiqueMaze
from deckgen.games.mystique_maze.params import MazeParams
from deckgen.games.mystique_maze.paths import SeatPaths, best_paths, path_counts
from deckgen.games.mystique_maze.state import MazeState
from deckgen.games.mystique_maze.tables import MazeTables

__all__ = [
    "DECK_MOVE", "DISCARD", "FROM_DECK", "FROM_PILE", "PILE_MOVE", "TAKE", "THROW", "MazeParams", "MazeState",
    "MazeTables", "MystiqueMaze", "SeatPaths", "best_paths", "cards_of", "nth_card", "path_counts",
]

register(MystiqueMaze)  # a call: mypyc compiles a decorated class as a plain one (see registry.register)
