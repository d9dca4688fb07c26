"""Design metrics on hand-built games whose values are known exactly (Ludii's definitions,
docs/metrics.md), and on the toy game's runs."""

from __future__ import annotations

from typing import Sequence

import pytest

from deckgen.games.base import Game
from deckgen.games.kit.result import Result
from deckgen.games.kit.standings import leads
from deckgen.sim.metrics import GameTrace, Tracer, sole_leader
from deckgen.sim.play import watching
from deckgen.sim.runner import GameRecord, SimRun, parse_options, run_simulation
from deckgen.sim.stats import summarize
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


class ScriptedGame:
    """A hand-built game: before move i the seats stand at `standings[i]` with `choices[i]`
    legal moves for seat i mod N; after the last move they stand at `final` and `winners` won."""

    def __init__(self, standings: Sequence[Sequence[float]], final: Sequence[float], winners: tuple[int, ...],
                 choices: Sequence[int] | None = None) -> None:
        self.standings, self.final, self.winners = standings, final, winners
        self.choices = choices or [2] * len(standings)
        self.n_players = len(final)
        self.index = 0

    @property
    def current_player(self) -> int:
        return self.index % self.n_players

    def legal_moves(self) -> list[tuple[int]]:
        return [(m,) for m in range(self.choices[self.index])]

    def standing(self) -> list[float]:
        return list(self.standings[self.index]) if self.index < len(self.standings) else list(self.final)

    def result(self) -> Result:
        return Result(True, self.winners, tuple(self.final), (), len(self.standings), {})

    def trace(self) -> GameTrace:
        tracer = Tracer(self.n_players)
        note = watching(tracer.watched)
        for _ in self.standings:
            note(self, (0,))  # type: ignore[arg-type]
            self.index += 1
        return tracer.finish(self)  # type: ignore[arg-type]


def test_sole_leader_is_none_on_a_tie_for_first() -> None:
    assert sole_leader([3, 1, 2]) == 0
    assert sole_leader([3, 3, 2]) == -1


def test_lead_change_counts_changes_of_the_leader_set_ties_included_per_move() -> None:
    # Leaders before each move: {0} (counts against the empty set), {0,1}, {1}, {1}, {0}: four
    # changes in five moves.
    trace = ScriptedGame([[1, 0], [1, 1], [0, 1], [0, 2], [3, 2]], final=[4, 2], winners=(0,)).trace()
    assert trace.lead_change == pytest.approx(4 / 5)
    # A lead that never changes still counts its first position, as in Ludii: 1 per 4 moves.
    assert ScriptedGame([[1, 0]] * 4, final=[2, 0], winners=(0,)).trace().lead_change == pytest.approx(1 / 4)


def test_decisiveness_is_the_share_elapsed_before_the_winners_lead_passes_every_losers_best_lead() -> None:
    # Leads (standing less the best other's): the loser's are 1, 1, -2, -3, so its best is 1;
    # the winner's are -1, -1, 2, 3: above 1 first before move 3 of 4 (two moves elapsed).
    trace = ScriptedGame([[0, 1], [1, 2], [2, 0], [3, 0]], final=[4, 0], winners=(0,)).trace()
    assert trace.decisiveness == pytest.approx(2 / 4)
    # Ahead by more than the loser ever leads from the first move: decided at once.
    assert ScriptedGame([[5, 0], [5, 1]], final=[6, 1], winners=(0,)).trace().decisiveness == 0
    # The loser led by 3; the winner never leads by more before the end: 1.
    assert ScriptedGame([[0, 3], [2, 1]], final=[4, 1], winners=(0,)).trace().decisiveness == 1


def test_decisiveness_of_a_penalty_game_is_not_one_by_construction() -> None:
    """Where the lowest total wins, standings are minus the penalties: everybody's best standing
    is the level start. On leads, the winner is decided once it leads by more than any other
    side ever did: here seat 2 leads by 2 before the third of four moves, and nobody else ever
    led."""
    standings = [[0, 0, 0], [0, 0, 0], [-3, -5, -1], [-3, -5, -1]]
    trace = ScriptedGame(standings, final=[-6, -5, -1], winners=(2,)).trace()
    assert trace.decisiveness == pytest.approx(2 / 4)


def test_a_side_level_at_the_top_leads_by_nothing() -> None:
    assert leads([3, 3, 1]) == [0, 0, -2]
    assert leads([4, 1, 2]) == [2, -3, -2]


def test_winner_deficit_is_the_winners_mean_distance_behind_the_leader() -> None:
    # Winner 1: two behind of a spread of two (1), level (0), leading (0) at the end: a third.
    trace = ScriptedGame([[2, 0], [1, 1]], final=[0, 2], winners=(1,)).trace()
    assert trace.winner_deficit == pytest.approx(1 / 3)
    # A shared win has no single winner: no decisiveness and no deficit.
    shared = ScriptedGame([[1, 0]], final=[1, 1], winners=(0, 1)).trace()
    assert shared.winner_deficit is None and shared.decisiveness is None


def test_decision_moves_branching_and_decisions_per_player() -> None:
    trace = ScriptedGame([[0, 0]] * 4, final=[1, 0], winners=(0,), choices=[1, 3, 2, 4]).trace()
    assert (trace.moves, trace.decision_moves, trace.legal_moves, trace.decisions) == (4, 3, 10, (1, 2))


def _run(records: list[GameRecord], players: int = 2) -> dict:
    return summarize(SimRun("toy-high-card", "Toy", players, 1, ("random",) * players, {}, 10, records))["metrics"]


def test_balance_completion_drawishness_and_timeouts_of_known_outcomes() -> None:
    win0 = GameRecord(True, (0,), 5, ())
    win1 = GameRecord(True, (1,), 5, ())
    shared = GameRecord(True, (0, 1), 5, ())
    nobody = GameRecord(True, (), 5, ())
    capped = GameRecord(False, (), 10, ())
    # 10 games: seat 0 wins 5, seat 1 wins 2, one shared (0.5 each), one with no winner, one capped.
    metrics = _run([win0] * 5 + [win1] * 2 + [shared, nobody, capped])
    # Win rates over all games: 5.5/10 and 2.5/10, a gap of 0.3: balance 0.7.
    assert metrics["balance"]["rate"] == pytest.approx(0.7)
    low, high = metrics["balance"]["ci95"]
    assert low <= 0.7 <= high <= 1
    assert metrics["completion"]["rate"] == pytest.approx(0.7)  # 7 games with a single winner
    assert metrics["drawishness"]["rate"] == pytest.approx(0.2)  # the shared win and the game nobody won
    assert metrics["timeouts"]["rate"] == pytest.approx(0.1)
    assert _run([win0, win1])["balance"]["rate"] == pytest.approx(1.0)


def test_toy_game_metrics(toy_game: Game) -> None:
    options = parse_options((), toy_game)
    run = run_simulation(toy_game, 2, ["random", "random"], options, seed=3, games=200, traced=50)
    metrics = summarize(run)["metrics"]
    assert metrics["traced_games"] == 50
    finished = sum(r.finished for r in run.records)
    assert metrics["timeouts"]["rate"] == (200 - finished) / 200
    # Every toy move offers the cards in hand plus a pass: at least two moves until the end.
    assert metrics["decision_moves"]["mean"] == pytest.approx(1.0)
    traces = [r.trace for r in run.records[:50]]
    assert all(t is not None for t in traces) and all(r.trace is None for r in run.records[50:])
    branching = sum(t.legal_moves / t.moves for t in traces) / 50
    assert metrics["branching_factor"]["mean"] == pytest.approx(branching)
    assert metrics["decisions_per_player"]["mean"] == pytest.approx(sum(sum(t.decisions) for t in traces) / 100)


def test_tracing_does_not_change_the_games(toy_game: Game) -> None:
    options = parse_options((), toy_game)
    traced = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=40, traced=40)
    plain = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=40, traced=0)
    assert [r[:4] for r in traced.records] == [r[:4] for r in plain.records]


def test_a_standing_that_is_only_the_result_gives_no_lead_metrics() -> None:
    """Mystique Chain's standing is level until someone cannot move: no lead to change, so
    lead change, decisiveness and winner's deficit are left out (with a note), not zeros."""
    from deckgen.games.registry import get_game
    from deckgen.sim.report import RESULT_ONLY, format_summary

    game = get_game("mystique-chain")
    run = run_simulation(game, 2, ["random", "random"], parse_options((), game), seed=1, games=60, traced=60)
    assert not any(r.trace.led_before_end for r in run.records if r.trace is not None)
    summary = summarize(run)
    metrics = summary["metrics"]
    assert metrics["lead_change"] is None and metrics["winner_deficit"] is None and metrics["decisiveness"] is None
    assert metrics["standing_runs"] is False and metrics["branching_factor"] is not None
    assert RESULT_ONLY in format_summary(summary, "moves")


def test_a_running_standing_keeps_the_lead_metrics(toy_game: Game) -> None:
    run = run_simulation(toy_game, 2, ["random", "random"], parse_options((), toy_game), seed=3, games=100, traced=100)
    metrics = summarize(run)["metrics"]
    assert metrics["standing_runs"] is True and metrics["lead_change"] is not None
