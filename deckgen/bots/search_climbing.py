"""How the search bot judges an unfinished climbing game (President), where the game's standing
says nothing: every seat stands level until someone goes out, and the first out has won.

A playout that stops before anyone is out is judged by a race estimate: each seat needs about
one play per rank it holds to go out, less one for each of its sets of the highest ranks, which
win a pile back and let it lead again. A seat's chance to go out first is then taken as a
softmax of minus those counts (`RACE_SCALE` plays make a factor e), so one play ahead over
two seats is worth more than a level race and less than a sure win. A playout in which
someone went out is judged by who went out first: that seat has won, whatever follows.

Beside it, `ClimbingReply` plays the greedy bot's policy in playouts at a fraction of its
cost. Both read the world they are handed (a determinization: the other hands dealt again),
never the real game, and only the hands, the places (the result's scores) and the game's
greedy rating of a card, which in President rates a card the lower the higher it plays
(`14 - power(card)`).
"""

from __future__ import annotations

import math
import random
from typing import TYPE_CHECKING

from deckgen.games.base import Move

if TYPE_CHECKING:  # annotations only: importing it loads the described engine and its grammar in every run
    from deckgen.games.described.state import DescribedState

#: Plays of difference that make a seat's chance to go out first e times another's.
RACE_SCALE = 1.5
#: Ranks counted as the highest: a set of one of these takes a pile back (in President 2s,
#: aces and kings). With the duel's playouts greedy, counting the two highest won 42 % of 200
#: games against greedy, the three highest 48 % (four: the same), only the highest 40 %.
TOP_RANKS = 3

#: Per layout (by id, with the layout itself, which keeps the id from being reused by another
#: layout while its entry stands): each card's greedy rating, its rank order (0: the highest
#: rank) and each seat's hand zone.
_TABLES: dict[int, tuple[object, tuple[list[int], list[int], list[int]]]] = {}


def climbing_tables(world: DescribedState) -> tuple[list[int], list[int], list[int]]:
    """Each card's greedy rating and rank order, 0 for the highest (the rating's order: President
    sheds its low cards first, so the lowest rating plays highest), and each seat's hand zone."""
    layout = world.layout
    entry = _TABLES.get(id(layout))
    if entry is not None and entry[0] is layout:
        return entry[1]
    ratings = [int(layout.greedy(world, card)) for card in range(len(layout.card_ids))] if layout.greedy else []
    order = sorted(set(ratings))
    hands = [layout.zone_index[f"hand/{seat}"] for seat in range(world.n_players)]
    found = (ratings, [order.index(rating) for rating in ratings], hands)
    _TABLES[id(layout)] = (layout, found)
    return found


class ClimbingReply:
    """The greedy bot's policy at a playout's price: play when it can, the play whose cards
    rate highest (the lowest set, the biggest of them), the first such play in the engine's
    order. The game's greedy bot (`deckgen/bots/described.py`) weighs every move through the
    description's expressions and breaks ties at random, three times a playout's random moves
    in President; this reads the ratings from a table."""

    def __init__(self, rng: random.Random, seat: int) -> None:
        self.seat = seat
        #: Each card's greedy rating, read on the first move (every world shares the layout).
        self.ratings: list[int] = []

    def choose(self, world: DescribedState) -> Move:
        ratings = self.ratings or self.read_ratings(world)
        moves = world.legal_moves()
        best, best_worth = moves[0], -1
        for move in moves:
            if move[1] >= 0:
                worth = ratings[move[1]]
                for card in move[3:]:
                    worth += ratings[card]
                if worth > best_worth:
                    best, best_worth = move, worth
        return best

    def read_ratings(self, world: DescribedState) -> list[int]:
        self.ratings = climbing_tables(world)[0]
        return self.ratings


def plays_to_go_out(ranks: set[int]) -> float:
    """About how many plays a hand holding these ranks needs to go out: one per rank, less one
    per rank among the highest (it wins the pile back, so the next play comes free)."""
    return len(ranks) - sum(1 for rank in ranks if rank < TOP_RANKS)


def climbing_value(world: DescribedState, seat: int) -> float:
    """An unfinished President deal's worth to `seat`: 1 or 0 once someone went out (the first
    out has won), else its softmax chance to go out first by `plays_to_go_out`."""
    _, rank_of, hands = climbing_tables(world)
    zones = world.zones
    if any(not zones[zone] for zone in hands):
        places = world.result().scores
        return 1.0 if places[seat] == 1 else 0.0
    weights = [math.exp(-plays_to_go_out({rank_of[card] for card in zones[zone]}) / RACE_SCALE) for zone in hands]
    return weights[seat] / sum(weights)
