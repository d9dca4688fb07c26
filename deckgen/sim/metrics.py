"""Design metrics of a game from traced games: Ludii's metrics under Ludii's names, with
Ludii's definitions (Ludii's `Evaluation/src/metrics`; docs/metrics.md cites each), and
deckgen's own measures under names of their own.

A traced game is the same seeded game the simulator plays, watched move by move: before
every move it counts the legal moves and asks the state who stands where (`State.standing`,
higher is better). Ludii's state-evaluation metrics (lead change, decisiveness) read a
search's evaluation of every position; deckgen reads the standing instead, a heuristic
evaluation, so they are exact for the standing, not for a search's opinion of it.

Ludii's:

- **balance**: 1 minus the largest gap between two seats' win rates over all games;
- **completion**: the share of games with a single winning side (not a draw, not capped);
- **drawishness**: the share of games that end without a single winning side;
- **timeouts**: the share of games stopped by the turn cap;
- **lead change**: per game, the positions before a move at which the set of leaders
  (every side level at the top, ties included) differs from the one before, per move; the
  first position counts, as in Ludii (its previous set is empty);
- **decisiveness**: per game with one winning side, the share of the moves played before the
  winner's lead (its standing less the best other side's) first exceeds the largest lead any
  loser ever has (1: never before the end); leads compare as the chances Ludii's evaluation
  estimates do, raw standings do not (`kit.standings.leads`).

deckgen's:

- **duration**: turns per finished game; **decisions per player**, **decision moves** (share of
  moves with at least two legal moves) and **branching factor** (legal moves per move);
- **winner's deficit**: per game with one winning side, how far behind the leader the winner
  stands, as a share of the spread from first to last, averaged over the positions (Ludii's
  drama measures this gap on search evaluations, which deckgen does not compute).

A game whose standing is only its result (every side level until the end, as in Mystique
Chain) gets no lead change, decisiveness or winner's deficit, rather than a misleading
"decided at the end". Rates come with 95% Wilson intervals; means over games with 95% t
intervals.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

import math
from typing import Any, NamedTuple, Sequence

from deckgen.games.base import State, Watched
from deckgen.games.kit.standings import game_trace, top_sides
from deckgen.sim.numerics import t_quantile_two_sided


class GameTrace(NamedTuple):
    """What one traced game adds to the metrics (small: it travels between processes)."""

    moves: int
    decision_moves: int
    legal_moves: int
    decisions: tuple[int, ...]
    #: Ludii's lead change of this game: changes of the set of leaders per move.
    lead_change: float
    winner_deficit: float | None
    decisiveness: float | None
    #: Whether some position before the last had a sole leader (the standing runs during play).
    led_before_end: bool = True


class Tracer:
    """Watches one game, then `finish(state)`: `watched` gets the positions before every move
    (`Table.play`'s watch). Standings are kept per side (a team stands as its best seat), so
    partners never tie for a lead."""

    def __init__(self, n_players: int, sides: Sequence[int] | None = None) -> None:
        self.n_players = n_players
        self.sides = list(sides) if sides is not None else list(range(n_players))
        self.n_sides = max(self.sides) + 1
        self.watched: list[Watched] = []

    def finish(self, state: State) -> GameTrace:
        result = state.result()
        return GameTrace(*game_trace(self.watched, list(state.standing()), result.winners, result.finished,
                                     self.sides, self.n_sides, self.n_players))


def sole_leader(standing: list[float]) -> int:
    """The side standing highest alone, or -1 on a tie for first."""
    leaders = top_sides(standing)
    return leaders[0] if len(leaders) == 1 else -1


def _mean_interval(values: Sequence[float]) -> dict[str, Any] | None:
    """Mean with a 95% t interval (None for no values; the mean alone for one)."""
    if not values:
        return None
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return {"mean": mean, "ci95": None, "games": n}
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = t_quantile_two_sided(0.95, n - 1) * math.sqrt(variance / n)
    return {"mean": mean, "ci95": [mean - half, mean + half], "games": n}


def _rate(count: float, trials: int) -> dict[str, Any] | None:
    from deckgen.sim.seats import wilson_interval

    if trials == 0:
        return None
    return {"rate": count / trials, "ci95": list(wilson_interval(count, trials)), "of": trials}


def balance(seat_wins: Sequence[float], games: int) -> dict[str, Any] | None:
    """Ludii's balance: 1 minus the largest gap between two seats' win rates, each over all
    games (a win shared by k counts 1/k). The interval is conservative: from the two seats'
    Wilson bounds."""
    from deckgen.sim.seats import wilson_interval

    if games == 0 or len(seat_wins) < 2:
        return None
    high = max(range(len(seat_wins)), key=lambda seat: seat_wins[seat])
    low = min(range(len(seat_wins)), key=lambda seat: seat_wins[seat])
    high_ci, low_ci = wilson_interval(seat_wins[high], games), wilson_interval(seat_wins[low], games)
    gap = (seat_wins[high] - seat_wins[low]) / games
    return {"rate": 1.0 - gap, "ci95": [1.0 - (high_ci[1] - low_ci[0]), 1.0 - max(0.0, high_ci[0] - low_ci[1])],
            "seats": [high, low]}


def design_metrics(summary: dict[str, Any], traces: Sequence[GameTrace], n_players: int) -> dict[str, Any]:
    """The metrics of one run: from its summary (wins, lengths) and its traced games."""
    games, finished = summary["games"], summary["finished"]
    no_single_winner = summary["shared_wins"] + summary.get("no_winner", 0)
    per_player = [sum(t.decisions) / n_players for t in traces]
    running = any(t.led_before_end for t in traces)
    return {
        "traced_games": len(traces),
        "balance": balance(summary["seat_wins"], games),
        "completion": _rate(finished - no_single_winner, games),
        "drawishness": _rate(no_single_winner, games),
        "timeouts": _rate(games - finished, games),
        "duration_turns": summary["length"],
        "decisions_per_player": _mean_interval(per_player),
        "decision_moves": _mean_interval([t.decision_moves / t.moves for t in traces if t.moves]),
        "branching_factor": _mean_interval([t.legal_moves / t.moves for t in traces if t.moves]),
        "lead_change": _mean_interval([t.lead_change for t in traces]) if running else None,
        "decisiveness": (_mean_interval([t.decisiveness for t in traces if t.decisiveness is not None])
                         if running else None),
        "winner_deficit": (_mean_interval([t.winner_deficit for t in traces if t.winner_deficit is not None])
                           if running else None),
        "standing_runs": running or not traces,
    }
