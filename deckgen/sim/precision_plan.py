"""How many games a run to a precision plays next: enough, by the intervals seen so far, to
reach the precision, and hardly more.

A seat's 95% interval narrows as one over the square root of the games, so the games a run
needs follow from the widest interval it has: `played * (widest / precision) ** 2`. The
next batch aims there (rounded up to a whole step), instead of growing by half of what was
played, which played up to a quarter more games than needed (3,000 where 2,401 do). The
stopping test is unchanged: the run ends when every seat's interval is within the precision
(or at the most games allowed), so the statistics are as strong as before; a batch that
falls just short is followed by a small one. Only the records decide the batches, so a seed
gives the same games whatever the number of processes.

The first batch is small: a rate near 0 or 1 (the greedy bot winning every game against
random ones) has an interval within +/-2 points after 100 games, where a first batch of
1,000 played ten times that (Clique Mystique's greedy duel: 1.9 of its 12 CPU-s). A rate
near a half needs its 2,000-odd games whatever the first batch. Stopping on an interval's
width, checked after each batch, keeps the Wilson interval's coverage: simulated runs with
known rates cover them 95% of the time (tests/sim/test_precision_plan.py).
"""

from __future__ import annotations

import math

#: The first batch of a run to a precision: enough games for the intervals to say how many
#: more the run needs, and all a rate near 0 or 1 needs at +/-2 points.
FIRST_BATCH = 100

#: Batches end on a multiple of this many games, and add at least this many.
STEP = 50

#: The most a batch adds, as a multiple of the games played: a guess made from few finished
#: games (an interval near 0 or 1 narrows faster than the square-root law) does not send the
#: run far past its need.
MOST_GROWTH = 2


def next_batch(played: int, widest: float, precision: float, max_games: int) -> int:
    """Games to play next in a run that has played `played` games whose widest seat interval
    is +/-`widest` (1 without a finished game), aiming at +/-`precision`; 0 when the run is
    done (`widest` within the precision, or `max_games` played)."""
    if played >= max_games or (played and widest <= precision):
        return 0
    if not played:
        return min(FIRST_BATCH, max_games)
    if widest >= 1:  # no finished game yet: nothing to estimate from
        wanted = played
    else:
        needed = math.ceil(played * (widest / precision) ** 2 / STEP) * STEP
        wanted = min(max(STEP, needed - played), MOST_GROWTH * played)
    return min(wanted, max_games - played)
