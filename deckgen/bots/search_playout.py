"""The search bot's playouts: how a determinized world is played on from a candidate move, and
what the position it stops in is worth to the searching seat.

A playout is truncated: it plays at most `depth` moves (to the end when the game ends sooner)
and then reads the game's standing (`State.standing()`: points, or minus the cards left), or
the game's own estimate where the standing says nothing until the end (President's race,
`search_climbing`), instead of playing on. Most of a full playout's moves are far from the decision and add noise
rather than information, and they cost most of the time: in Mystique Circle a playout to the
end with greedy players took 36 ms, two hundred times what a decision may spend on one at 50
decisions a second with 100 playouts. Its first moves may be greedy replies (the game's greedy
bot, whichever seat moves), the others are random moves on the engine's fast path: a greedy
move costs up to a thousand random ones in some games (Mystique Chain's bot looks two moves
ahead, Circle's weighs every hole), so `search_settings` gives greedy replies only where the
game's greedy bot is cheap or a random reply hides what matters.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Protocol, Sequence, runtime_checkable

from deckgen.games.base import Move, State


#: An unfinished position's worth to a seat, 0 to 1 (the game's standing by default).
Evaluation = Callable[[Any, int], float]

#: Whether a playout stops at a position, before its moves run out, to be judged there.
Stop = Callable[[Any], bool]


class Chooser(Protocol):
    """A bot as a playout uses it: a move for the state's current player."""

    def choose(self, state: Any) -> Move: ...


@runtime_checkable
class OpponentModel(Protocol):
    """Deals the worlds search plays from consistent with what the other players showed: a
    game's greedy bot reading their moves as its own policy would have made them (Smoke and
    Mirrors: a claim), or a game's own model (`search_shedding`: a player who drew)."""

    def sample_world(self, state: Any, rng: random.Random) -> State: ...


@runtime_checkable
class MoveObserver(Protocol):
    """An opponent model that is told each move the searching seat makes (forced ones too), to
    read what the others did after it."""

    def observe(self, state: Any, move: Move, rng: random.Random) -> None: ...


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


#: Rounds of moves a playout plays after the candidate unless the game says otherwise.
DEPTH_ROUNDS = 3


@dataclass(frozen=True)
class PlayoutSettings:
    """One game's playout shape: rounds played in all, how many of the first moves are greedy
    (and whose), and how an unfinished playout is judged."""

    rounds: int = DEPTH_ROUNDS
    greedy_moves: int = 0
    #: What an unfinished playout is worth to the searching seat.
    evaluate: Evaluation = standing_value
    #: Makes the bot of a seat's greedy moves in playouts, where not the game's greedy bot.
    reply: Callable[[random.Random, int], Chooser] | None = None
    #: Whether every playout opens with the greedy moves, not only the duel's (a policy rollout).
    greedy_always: bool = False
    #: Makes a seat's model of the others' play, which deals its worlds, where not the greedy bot.
    model: Callable[[random.Random, int], OpponentModel] | None = None
    #: Where a playout ends early, to be judged (Mystique Domination: the end of its round).
    stop: Stop | None = None
    #: Makes the bot of the searching seat's own greedy moves in playouts, where not `reply`'s: a
    #: better policy than the others' (Crazy Eights: they are greedy players, the searcher is not).
    own_reply: Callable[[random.Random, int], Chooser] | None = None
    #: Makes the bot whose move search starts from and keeps unless another clearly beats it,
    #: where not the game's greedy bot (which still models the others where it is their model).
    prior: Callable[[random.Random, int], Chooser] | None = None

    def depth(self, n_players: int) -> int:
        """The most moves a playout plays after the candidate move."""
        return self.rounds * n_players


def play_out(world: State, seat: int, rng: random.Random, depth: int, turn_cap: int,
             replies: Sequence[Chooser] = (), greedy_moves: int = 0,
             evaluate: Evaluation = standing_value, stop: Stop | None = None) -> float:
    """Play `world` on for at most `depth` moves, or until `stop` says, and return its worth to
    `seat`: its result if it ended, else `evaluate`'s judgement (the standing unless the game
    has its own). The first `greedy_moves` of them are the `replies` bots' (one per seat, the
    game's greedy bot or a cheaper rendition of its policy), the others random."""
    moves_left = depth
    apply, random_move = world.apply, world.random_move
    while moves_left and not world.is_over and world.turns < turn_cap and (stop is None or not stop(world)):
        if depth - moves_left < greedy_moves:
            apply(replies[world.current_player].choose(world))
        else:
            apply(random_move(rng))
        moves_left -= 1
    if world.is_over or world.turns >= turn_cap:
        return finished_value(world, seat)
    return evaluate(world, seat)
