"""Design metrics on standings with known answers, and on the toy game's runs."""

from __future__ import annotations

import pytest

from deckgen.games.base import Game
from deckgen.sim.metrics import decisiveness, drama, lead_changes, sole_leader
from deckgen.sim.runner import parse_options, run_simulation
from deckgen.sim.stats import summarize
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def test_sole_leader_is_none_on_a_tie_for_first() -> None:
    assert sole_leader([3, 1, 2]) == 0
    assert sole_leader([3, 3, 2]) == -1


def test_lead_changes_count_hand_overs_and_skip_ties() -> None:
    # seat 0 leads, a tie, seat 1 leads, seat 1 again, seat 0 again: two changes.
    assert lead_changes([[1, 0], [1, 1], [0, 1], [0, 2], [3, 2]]) == 2
    assert lead_changes([[0, 0], [0, 0]]) == 0


def test_drama_is_the_winners_mean_distance_behind_the_leader() -> None:
    # Winner 1: two behind of a spread of two (1), level (0), leading (0): a third.
    assert drama([[2, 0], [1, 1], [0, 2]], winner=1) == pytest.approx(1 / 3)
    assert drama([[0, 1], [0, 2]], winner=1) == 0


def test_decisiveness_is_the_share_of_the_game_after_the_winner_leads_for_good() -> None:
    assert decisiveness([[1, 0], [0, 1], [0, 2]], winner=1) == pytest.approx(2 / 3)
    assert decisiveness([[0, 1], [1, 0], [0, 1]], winner=1) == pytest.approx(1 / 3)
    assert decisiveness([[0, 1], [0, 1]], winner=1) == 1


def test_toy_game_metrics(toy_game: Game) -> None:
    options = parse_options((), toy_game)
    run = run_simulation(toy_game, 2, ["random", "random"], options, seed=3, games=200, traced=50)
    metrics = summarize(run)["metrics"]
    assert metrics["traced_games"] == 50
    finished = sum(r.finished for r in run.records)
    assert metrics["completion"]["rate"] == finished / 200
    low, high = metrics["completion"]["ci95"]
    assert low <= finished / 200 <= high
    # Every toy move offers the cards in hand plus a pass: at least two moves until the end.
    assert metrics["decision_moves"]["mean"] == pytest.approx(1.0)
    traces = [r.trace for r in run.records[:50]]
    assert all(t is not None for t in traces) and all(r.trace is None for r in run.records[50:])
    branching = sum(t.legal_moves / t.moves for t in traces) / 50
    assert metrics["branching_factor"]["mean"] == pytest.approx(branching)
    # 4 cards each, so 2 to 5 legal moves per move.
    assert 2 <= metrics["branching_factor"]["mean"] <= 5
    assert metrics["decisions_per_player"]["mean"] == pytest.approx(sum(sum(t.decisions) for t in traces) / 100)


def test_tracing_does_not_change_the_games(toy_game: Game) -> None:
    options = parse_options((), toy_game)
    traced = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=40, traced=40)
    plain = run_simulation(toy_game, 3, ["random"] * 3, options, seed=5, games=40, traced=0)
    assert [r[:4] for r in traced.records] == [r[:4] for r in plain.records]


def test_a_standing_that_is_only_the_result_gives_no_lead_metrics() -> None:
    """Mystique Chain's standing is level until someone cannot move: no lead to change, so
    lead changes, drama and decisiveness are left out (with a note), not shown as zeros."""
    from deckgen.games.base import get_game
    from deckgen.sim.report import RESULT_ONLY, format_summary

    game = get_game("mystique-chain")
    run = run_simulation(game, 2, ["random", "random"], parse_options((), game), seed=1, games=60, traced=60)
    assert not any(r.trace.led_before_end for r in run.records if r.trace is not None)
    summary = summarize(run)
    metrics = summary["metrics"]
    assert metrics["lead_changes"] is None and metrics["drama"] is None and metrics["decisiveness"] is None
    assert metrics["standing_runs"] is False and metrics["branching_factor"] is not None
    assert RESULT_ONLY in format_summary(summary)


def test_a_running_standing_keeps_the_lead_metrics(toy_game: Game) -> None:
    run = run_simulation(toy_game, 2, ["random", "random"], parse_options((), toy_game), seed=3, games=100, traced=100)
    metrics = summarize(run)["metrics"]
    assert metrics["standing_runs"] is True and metrics["lead_changes"] is not None
