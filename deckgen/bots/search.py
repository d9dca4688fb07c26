"""The `search` bot, for every game: determinized Monte Carlo with sequential halving.

A seat cannot see the other hands, so each playout starts from a determinization (the
hidden cards dealt again at random, `State.determinize`), plays the candidate move and then
the game to its end, and scores 1 for a win (1/k for a win shared by k) and 0 otherwise.
Where the game has a greedy bot, every seat plays it in the playouts: against sensible
opponents, random playouts misjudge a move (in 4-player Mirrorquest search:200 wins 37% of
seat-rotated games against greedy bots with greedy playouts, 23% with random ones at 100).
A game without one is played out with random moves on the engine's fast path, or with its
report bot where random play rarely ends a game. The greedy move is always among the
candidates and wins ties, so search departs from a sensible beginner only where its
playouts say so; and every candidate meets the same determinizations and dice (common
random numbers), so that their differences are the moves' and not the luck's. The budget is the number of playouts per decision. With many
legal moves a flat split would give each move a playout or two, so the budget is spent by
sequential halving (Karnin, Koren and Somekh 2013): every candidate gets an equal share,
the better half goes on to the next round, until one is left. Moves are tried in the order
the engine lists them and ties keep the earlier move, so one seed gives one game.

`search:200` sets the budget; `search:200:0.5` also stops a decision after 0.5 seconds
(then the game depends on the machine's speed, and is no longer reproducible).
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, Callable

from deckgen.errors import UnknownName
from deckgen.games.base import Move, State

DEFAULT_BUDGET = 100
#: A decision considers at most this share of its budget as first-round candidates, so
#: each candidate gets at least a few playouts (others are dropped at random, seeded).
PLAYOUTS_PER_CANDIDATE = 4


def parse_search_spec(spec: str) -> tuple[int, float | None]:
    """`search`, `search:200` or `search:200:0.5` as (budget, seconds or None)."""
    parts = spec.split(":")
    if parts[0] != "search" or len(parts) > 3:
        raise UnknownName(f"bot {spec!r}: expected search, search:BUDGET or search:BUDGET:SECONDS")
    try:
        budget = int(parts[1]) if len(parts) > 1 else DEFAULT_BUDGET
        seconds = float(parts[2]) if len(parts) > 2 else None
    except ValueError:
        raise UnknownName(f"bot {spec!r}: the budget is a whole number of playouts and the limit seconds") from None
    if not 1 <= budget <= 1_000_000:
        raise UnknownName(f"bot {spec!r}: the budget must be 1 to 1000000 playouts per decision")
    if seconds is not None and not 0 < seconds <= 3600:
        raise UnknownName(f"bot {spec!r}: the time limit must be more than 0 and at most 3600 seconds")
    return budget, seconds


def playout_value(state: State, seat: int) -> float:
    """A playout's worth to `seat`: 1 for a win, 1/k for a win shared by k, else 0. A game the
    turn cap stops is worth nothing to anybody, as in the statistics: otherwise a seat ahead
    would learn to stall."""
    result = state.result()
    if not result.finished or seat not in result.winners:
        return 0.0
    return 1.0 / len(result.winners)


class SearchBot:
    """Determinized Monte Carlo over the legal moves, budget spent by sequential halving."""

    def __init__(self, rng: random.Random, seat: int, turn_cap: int, budget: int = DEFAULT_BUDGET,
                 seconds: float | None = None, playout_bot: Callable[[random.Random, int], Any] | None = None,
                 prior_bot: Callable[[random.Random, int], Any] | None = None) -> None:
        self.rng = rng
        self.seat = seat
        self.turn_cap = turn_cap
        self.budget = budget
        self.seconds = seconds
        #: Makes the playout bot of a seat; None: random moves on the engine's fast path.
        self.playout_bot = playout_bot
        #: The game's greedy bot, whose move is always a candidate and wins ties: search
        #: then departs from a sensible beginner only where its playouts say so.
        self.prior = prior_bot(rng, seat) if prior_bot is not None else None
        #: Playouts made and decisions taken, for decisions-per-second figures.
        self.playouts = 0
        self.decisions = 0

    def choose(self, state: State) -> Move:
        moves = state.legal_moves()
        self.decisions += 1
        if len(moves) == 1:
            return moves[0]
        rng = self.rng
        candidates = list(range(len(moves)))
        preferred = moves.index(self.prior.choose(state)) if self.prior is not None else -1
        most = max(2, self.budget // PLAYOUTS_PER_CANDIDATE)
        if len(candidates) > most:
            candidates = sorted(rng.sample(candidates, most))
            if preferred >= 0 and preferred not in candidates:
                candidates = sorted(candidates[1:] + [preferred])
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        totals = [0.0] * len(moves)
        tries = [0] * len(moves)
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        left = self.budget
        for round_number in range(rounds):
            if len(candidates) == 1:
                break
            share = max(1, left // ((rounds - round_number) * len(candidates)))
            for _ in range(share):
                # Common random numbers: every candidate meets the same deal of the hidden
                # cards and the same dice, so their difference is the move's, not the luck's.
                start = rng.getstate()
                for index in candidates:
                    rng.setstate(start)
                    totals[index] += self._playout(state, moves[index])
                    tries[index] += 1
                    left -= 1
                if deadline is not None and time.perf_counter() > deadline:
                    break
            ranked = sorted(candidates, key=lambda i: (-(totals[i] / tries[i]) if tries[i] else 1.0, i != preferred, i))
            candidates = sorted(ranked[: max(1, (len(ranked) + 1) // 2)])
            if deadline is not None and time.perf_counter() > deadline:
                break
        best = min(candidates, key=lambda i: (-(totals[i] / tries[i]) if tries[i] else 1.0, i != preferred, i))
        return moves[best]

    def _playout(self, state: State, move: Move) -> float:
        world = state.determinize(self.seat, self.rng)
        world.apply(move)
        if self.playout_bot is None:
            world.play_randomly(self.rng, self.turn_cap)
        else:
            # Fresh bots every playout: a bot may keep what it has read of one game's history.
            choose = [self.playout_bot(self.rng, s).choose for s in range(state.n_players)]
            apply, cap = world.apply, self.turn_cap
            while not world.is_over and world.turns < cap:
                apply(choose[world.current_player](world))
        self.playouts += 1
        return playout_value(world, self.seat)
