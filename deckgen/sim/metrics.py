"""Design metrics of a game, after Ludii's names, from traced games.

A traced game is the same seeded game the simulator plays, watched move by move: before
every move it counts the legal moves and asks the state who stands where (`State.standing`,
higher is better). From those traces:

- **balance**: the largest gap between two seats' win rates;
- **completion**: the share of games that end before the turn cap;
- **drawishness**: the share of finished games with no single winning side (a win shared
  between rivals, or nobody); partners winning together are one side;
- **duration**: turns per finished game, and decisions (moves with a choice) per player;
- **decision moves**: the share of moves with at least two legal moves;
- **branching factor**: legal moves per move, on average;
- **lead changes**: how often the sole leader changes hands in a game (tied standings skipped);
- **drama**: over every position of a game with one winner, how far behind the leader the
  eventual winner stands, as a share of the spread between first and last (0 while it leads),
  averaged over the game;
- **decisiveness**: the share of the game still to play when the eventual winner takes the
  lead for good (1: it led from the first move; near 0: decided at the very end).

Lead changes, drama and decisiveness need a running standing. A game whose standing is only
its result (every seat level until the end, as in Mystique Chain) gets none of the three,
rather than a misleading "no lead changes, decided at the end".

Rates come with 95% Wilson intervals; means over games with 95% t intervals.
"""

from __future__ import annotations

import math
from typing import Any, NamedTuple, Sequence

from deckgen.games.base import Move, State


class GameTrace(NamedTuple):
    """What one traced game adds to the metrics (small: it travels between processes)."""

    moves: int
    decision_moves: int
    legal_moves: int
    decisions: tuple[int, ...]
    lead_changes: int
    drama: float | None
    decisiveness: float | None
    #: Whether some position before the last had a sole leader (the standing runs during play).
    led_before_end: bool = True


class Tracer:
    """Watches one game through `play_game`'s on_move hook, then `finish(state)`. Standings
    are kept per side (a team stands as its best seat), so partners never tie for a lead."""

    def __init__(self, n_players: int, sides: Sequence[int] | None = None) -> None:
        self.sides = list(sides) if sides is not None else list(range(n_players))
        self.n_sides = max(self.sides) + 1
        self.decisions = [0] * n_players
        self.legal = 0
        self.moves = 0
        self.standings: list[list[float]] = []

    def on_move(self, state: State, move: Move) -> None:
        count = len(state.legal_moves())
        self.moves += 1
        self.legal += count
        if count >= 2:
            self.decisions[state.current_player] += 1
        self.standings.append(self._by_side(state.standing()))

    def _by_side(self, standing: Sequence[float]) -> list[float]:
        if self.n_sides == len(standing):
            return [float(v) for v in standing]
        best = [-math.inf] * self.n_sides
        for seat, value in enumerate(standing):
            best[self.sides[seat]] = max(best[self.sides[seat]], float(value))
        return best

    def finish(self, state: State) -> GameTrace:
        self.standings.append(self._by_side(state.standing()))
        result = state.result()
        won = {self.sides[seat] for seat in result.winners}
        winner = won.pop() if result.finished and len(won) == 1 else -1
        return GameTrace(
            moves=self.moves,
            decision_moves=sum(self.decisions),
            legal_moves=self.legal,
            decisions=tuple(self.decisions),
            lead_changes=lead_changes(self.standings),
            drama=drama(self.standings, winner) if winner >= 0 else None,
            decisiveness=decisiveness(self.standings, winner) if winner >= 0 else None,
            led_before_end=any(sole_leader(standing) >= 0 for standing in self.standings[:-1]),
        )


def sole_leader(standing: Sequence[float]) -> int:
    """The seat standing highest alone, or -1 on a tie for first."""
    best = max(standing)
    leaders = [seat for seat, value in enumerate(standing) if value == best]
    return leaders[0] if len(leaders) == 1 else -1


def lead_changes(standings: Sequence[Sequence[float]]) -> int:
    """Times the sole leader changes from one seat to another (ties for first are skipped)."""
    changes, previous = 0, -1
    for standing in standings:
        leader = sole_leader(standing)
        if leader >= 0:
            if previous >= 0 and leader != previous:
                changes += 1
            previous = leader
    return changes


def drama(standings: Sequence[Sequence[float]], winner: int) -> float:
    """Mean over positions of the winner's distance behind the leader, as a share of the
    spread of standings there (0 where it leads or all stand level)."""
    total = 0.0
    for standing in standings:
        best, worst = max(standing), min(standing)
        if best > worst:
            total += (best - standing[winner]) / (best - worst)
    return total / len(standings)


def decisiveness(standings: Sequence[Sequence[float]], winner: int) -> float:
    """The share of positions from the one where the winner became sole leader for good."""
    for_good = len(standings)
    for index in range(len(standings) - 1, -1, -1):
        if sole_leader(standings[index]) != winner:
            break
        for_good = index
    return (len(standings) - for_good) / len(standings)


def _mean_interval(values: Sequence[float]) -> dict[str, Any] | None:
    """Mean with a 95% t interval (None for no values; the mean alone for one)."""
    if not values:
        return None
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return {"mean": mean, "ci95": None, "games": n}
    from scipy import stats  # here, not at import: workers playing untraced games never need it

    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = float(stats.t.ppf(0.975, n - 1)) * math.sqrt(variance / n)
    return {"mean": mean, "ci95": [mean - half, mean + half], "games": n}


def _rate(count: float, trials: int) -> dict[str, Any] | None:
    from deckgen.sim.stats import wilson_interval

    if trials == 0:
        return None
    return {"rate": count / trials, "ci95": list(wilson_interval(count, trials)), "of": trials}


def design_metrics(summary: dict[str, Any], traces: Sequence[GameTrace], n_players: int) -> dict[str, Any]:
    """The metrics of one run: from its summary (wins, lengths) and its traced games."""
    rates = [r for r in summary["seat_win_rate"] if r["rate"] is not None]
    balance = None
    if rates:
        high = max(rates, key=lambda r: r["rate"])
        low = min(rates, key=lambda r: r["rate"])
        # Conservative bounds from the two seats' Wilson intervals.
        balance = {"rate": high["rate"] - low["rate"],
                   "ci95": [max(0.0, high["ci95"][0] - low["ci95"][1]), high["ci95"][1] - low["ci95"][0]],
                   "seats": [high["seat"], low["seat"]]}
    finished = summary["finished"]
    no_single_winner = summary["shared_wins"] + summary.get("no_winner", 0)
    per_player = [sum(t.decisions) / n_players for t in traces]
    running = any(t.led_before_end for t in traces)
    return {
        "traced_games": len(traces),
        "balance": balance,
        "completion": _rate(finished, summary["games"]),
        "drawishness": _rate(no_single_winner, finished),
        "duration_turns": summary["length"],
        "decisions_per_player": _mean_interval(per_player),
        "decision_moves": _mean_interval([t.decision_moves / t.moves for t in traces if t.moves]),
        "branching_factor": _mean_interval([t.legal_moves / t.moves for t in traces if t.moves]),
        "lead_changes": _mean_interval([float(t.lead_changes) for t in traces]) if running else None,
        "drama": _mean_interval([t.drama for t in traces if t.drama is not None]) if running else None,
        "decisiveness": (_mean_interval([t.decisiveness for t in traces if t.decisiveness is not None])
                         if running else None),
        "standing_runs": running or not traces,
    }
