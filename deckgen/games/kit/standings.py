"""What a traced game's standings say, position by position: the sides standing on top, how
often that set changes (Ludii's lead change), when the winner pulls clear for good (Ludii's
decisiveness) and how far behind the leader it stood (deckgen's winner's deficit).

sim.metrics defines these measures and cites them (docs/metrics.md); they are worked out
here, in the kit, so that mypyc compiles them with the engines. In interpreted code, a
traced game's measures cost several times the compiled game they measure.
"""

from __future__ import annotations

import math

#: One position before a move, as `State.play_randomly_watched` notes it: the seat to move,
#: its number of legal moves and every seat's standing (a copy, never changed). A standing
#: that did not change may be noted as the same list again (Mystique Chain's, level until the
#: end): the measures below work out each list once, however many positions note it. Each
#: keeps that memo in its own loop: one helper taking the work as a function made Up and
#: Down's 1,000-game run 2 % slower (a call through a Python object per standing, compiled).
Noted = tuple[int, int, list[float]]


def by_side(standing: list[float], sides: list[int], n_sides: int) -> list[float]:
    """A standing per side: a team stands as its best seat (the standing itself when every
    seat is its own side)."""
    if len(standing) == n_sides:
        return standing
    best = [-math.inf] * n_sides
    for seat in range(len(standing)):
        side = sides[seat]
        value = float(standing[seat])
        if value > best[side]:
            best[side] = value
    return best


def side_standings(watched: list[Noted], sides: list[int], n_sides: int) -> list[list[float]]:
    """The standing per side before every move noted (one list for positions noting one)."""
    found: list[list[float]] = []
    last: list[float] | None = None
    per_side: list[float] = []
    for _, _, standing in watched:
        if standing is not last:
            last, per_side = standing, by_side(standing, sides, n_sides)
        found.append(per_side)
    return found


def decision_counts(watched: list[Noted], n_players: int) -> list[int]:
    """Per seat, the moves it made with at least two legal moves to choose from."""
    counts = [0] * n_players
    for seat, legal, _ in watched:
        if legal >= 2:
            counts[seat] += 1
    return counts


def legal_move_total(watched: list[Noted]) -> int:
    """The legal moves there were, summed over the positions noted."""
    total = 0
    for _, legal, _ in watched:
        total += legal
    return total


def highest(values: list[float]) -> float:
    """The largest value (the first of equals), as max() finds it."""
    best = values[0]
    for value in values:
        if value > best:
            best = value
    return best


def lowest(values: list[float]) -> float:
    """The smallest value (the first of equals), as min() finds it."""
    worst = values[0]
    for value in values:
        if value < worst:
            worst = value
    return worst


def top_sides(standing: list[float]) -> tuple[int, ...]:
    """Every side standing level at the top, in side order."""
    best = highest(standing)
    return tuple([side for side in range(len(standing)) if standing[side] == best])


def leader_sets(standings: list[list[float]]) -> list[tuple[int, ...]]:
    """The sides on top (`top_sides`) at every position."""
    found: list[tuple[int, ...]] = []
    last: list[float] | None = None
    leaders: tuple[int, ...] = ()
    for standing in standings:
        if standing is not last:
            last, leaders = standing, top_sides(standing)
        found.append(leaders)
    return found


def has_sole_leader(leaders: list[tuple[int, ...]]) -> bool:
    """Whether one side alone was on top at some position."""
    for sides in leaders:
        if len(sides) == 1:
            return True
    return False


def lead_change(leaders: list[tuple[int, ...]]) -> float:
    """Ludii's lead change of one game, from the leaders before each move: the positions whose
    leaders differ from the previous position's, the first counted against an empty set, per
    move."""
    if not leaders:
        return 0.0
    changes = 0
    previous: tuple[int, ...] = ()
    for sides in leaders:
        if sides != previous:
            changes += 1
        previous = sides
    return changes / len(leaders)


def leads(standing: list[float]) -> list[float]:
    """Each side's lead: its standing less the best other side's (below 0 when behind, 0 for
    sides level at the top). A lead compares like a chance of winning does, whatever the
    scores' scale; a standing alone does not (a total of 10 may lead early and trail late)."""
    best = second = -math.inf
    for value in standing:
        if value > best:
            best, second = value, best
        elif value > second:
            second = value
    return [value - (second if value == best else best) for value in standing]


def decisiveness(before_moves: list[list[float]], winner: int) -> float:
    """Ludii's decisiveness of one game, on leads (`leads`): the share of its moves played
    before the winner's lead first exceeds the largest lead any other side has in the game
    (1 if it never does). Ludii evaluates a position by a search's estimate of each player's
    chances; on raw standings a game where the lowest total wins (penalty points) came out 1
    every time, as every side's best standing is the level start, which no winner passes."""
    if not before_moves:
        return 1.0
    lead_rows: list[list[float]] = []
    last: list[float] | None = None
    row: list[float] = []
    for standing in before_moves:
        if standing is not last:
            last, row = standing, leads(standing)
        lead_rows.append(row)
    threshold = -math.inf
    last_row: list[float] | None = None
    for row in lead_rows:
        if row is last_row:
            continue
        last_row = row
        for side in range(len(row)):
            if side != winner and row[side] > threshold:
                threshold = row[side]
    for index in range(len(lead_rows)):
        if lead_rows[index][winner] > threshold:
            return index / len(lead_rows)
    return 1.0


def winner_deficit(standings: list[list[float]], winner: int) -> float:
    """Mean over positions of the winner's distance behind the leader, as a share of the
    spread of standings there (0 where it leads or all stand level)."""
    total = 0.0
    last: list[float] | None = None
    term = 0.0
    for standing in standings:
        if standing is not last:
            last = standing
            best, worst = highest(standing), lowest(standing)
            term = (best - standing[winner]) / (best - worst) if best > worst else 0.0
        total += term
    return total / len(standings)


Trace = tuple[int, int, int, tuple[int, ...], float, "float | None", "float | None", bool]
"""A traced game's measures, the fields of `sim.metrics.GameTrace` in its order: moves,
decision moves, legal moves, decisions per seat, lead change, winner's deficit and
decisiveness (None without a single winning side) and whether a side led alone before the end."""


def game_trace(watched: list[Noted], final: list[float], winners: tuple[int, ...], finished: bool, sides: list[int],
               n_sides: int, n_players: int) -> Trace:
    """What one traced game adds to the metrics, from the positions noted before its moves,
    the standing after the last (`final`) and its result's winners (sim.metrics defines the
    measures). One function, compiled, for every traced game."""
    before_moves = side_standings(watched, sides, n_sides)
    won = {sides[seat] for seat in winners}
    winner = won.pop() if finished and len(won) == 1 else -1
    leaders = leader_sets(before_moves)  # once, for both measures that read them
    decisions = decision_counts(watched, n_players)
    deficit: float | None = None
    decided: float | None = None
    if winner >= 0:
        deficit = winner_deficit(before_moves + [by_side(final, sides, n_sides)], winner)
        decided = decisiveness(before_moves, winner)
    return (len(watched), sum(decisions), legal_move_total(watched), tuple(decisions), lead_change(leaders),
            deficit, decided, has_sole_leader(leaders))
