"""The search bot's playouts: how a determinized world is played on from a candidate move, and
what the position it stops in is worth to the searching seat.

A playout is truncated: it plays random moves on the engine's fast path for at most `depth`
moves (to the end when the game ends sooner) and then reads the game's standing
(`State.standing()`: points, or minus the cards left) instead of playing on. Most of a full
playout's moves are far from the decision and add noise rather than information, and they
cost most of the time: in Mystique Circle a playout to the end with greedy players took
36 ms, two hundred times what a decision may spend on one at 50 decisions a second with 100
playouts. Random rather than greedy players: a greedy bot costs up to a thousand random
moves a move (Mystique Chain's looks two moves ahead, Circle's weighs every hole), and over
a few rounds random replies judged moves no worse (search:100 against greedy in
two-player Mirrorquest: 57 % of seat-rotated games with random truncated playouts, 49 % with
greedy ones, 200 games each).
"""

from __future__ import annotations

import random

from deckgen.games.base import State

#: A playout plays at most this many rounds of moves (this times the player count) before
#: the standing judges it.
DEPTH_ROUNDS = 3


def playout_depth(n_players: int) -> int:
    """The most moves a playout plays after the candidate move."""
    return DEPTH_ROUNDS * n_players


def finished_value(state: State, seat: int) -> float:
    """A finished game's worth to `seat`: 1 for a win, 1/k for a win shared by k, else 0. A game
    the turn cap stops is worth nothing to anybody, as in the statistics: otherwise a seat
    ahead would learn to stall."""
    result = state.result()
    if not result.finished or seat not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)


def standing_value(state: State, seat: int) -> float:
    """An unfinished game's worth to `seat` by the standing: the share of the other seats it
    stands above (a level seat counts half), so 1 when it leads alone, 1/2 when all are level."""
    standing = state.standing()
    mine = standing[seat]
    ahead = sum(1.0 if mine > other else 0.5 if mine == other else 0.0
                for index, other in enumerate(standing) if index != seat)
    return ahead / (len(standing) - 1)


def play_out(world: State, seat: int, rng: random.Random, depth: int, turn_cap: int) -> float:
    """Play `world` on with random moves for at most `depth` moves and return its worth to
    `seat`: its result if it ended, else its standing."""
    moves_left = depth
    apply, random_move = world.apply, world.random_move
    while moves_left and not world.is_over and world.turns < turn_cap:
        apply(random_move(rng))
        moves_left -= 1
    if world.is_over or world.turns >= turn_cap:
        return finished_value(world, seat)
    return standing_value(world, seat)
