"""`deckgen analyse`'s plan (games and budgets that fit a time budget, from measured costs)
and its verdict in words."""

from __future__ import annotations

import pytest

from deckgen.games.base import Game
from deckgen.games.registry import get_game
from deckgen.sim.skill import rotated_match, verdict
from deckgen.sim.skill_plan import Costs, Request, describe, plan, search_budget
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)

#: A game of 1 ms with greedy bots, 10 decisions per seat, 1 ms a playout, one worker.
COSTS = Costs(random_game=0.0005, field_game=0.001, decisions=10, playout=0.001, workers=1)


def _request(budget: float, **fixed: object) -> Request:
    return Request(budget, 2, ["random", "greedy"], "greedy", **fixed)  # type: ignore[arg-type]


def test_a_search_game_costs_its_decisions_times_its_budget_in_playouts() -> None:
    assert search_budget("search:64") == 64 and search_budget("search") == 100 and search_budget("greedy") == 0
    # search:100 against greedy: 1 ms plus 10 decisions x 100 playouts x 1 ms, on 0.8 of a worker.
    assert COSTS.seconds(["search:100", "greedy"], 1) == pytest.approx((0.001 + 1.0) / 0.8)
    assert COSTS.scaled(2).seconds(["search:100", "greedy"], 1) == pytest.approx(2 * (0.001 + 1.0) / 0.8)


def test_the_plan_fits_the_budget_and_keeps_what_is_fixed() -> None:
    chosen = plan(COSTS, _request(60))
    assert chosen.seconds <= 60
    assert chosen.cheap_games == 400 and chosen.metrics_games == 2000  # cheap: the most
    assert chosen.search_budget is not None and chosen.search_budget < 100  # search:100 would not fit
    assert chosen.ladder[:1] == [8] and "plan:" in describe(chosen, 60)
    fixed = plan(COSTS, _request(1, games=50, search_budget=100, ladder=(8, 16), metrics_games=10))
    assert (fixed.cheap_games, fixed.search_budget, fixed.search_games, fixed.ladder, fixed.metrics_games) == (
        50, 100, 50, [8, 16], 10)
    assert fixed.seconds > 1  # over the budget, but what the user fixed is kept (and estimated)


def test_search_too_slow_for_the_budget_is_left_out_with_a_note() -> None:
    slow = Costs(random_game=0.0005, field_game=0.001, decisions=50, playout=0.05, workers=1)
    chosen = plan(slow, _request(20))
    assert chosen.search_budget is None and chosen.ladder == []
    assert any("search left out" in note for note in chosen.notes)
    assert chosen.cheap_games >= 60  # random against greedy is played whatever the budget


def _match(challenger: str, field: str, rate: float, low: float, high: float, word: str, budget: int = 0) -> dict:
    return {"challenger": challenger, "field": field, "games": 200, "win_rate": rate, "ci95": [low, high],
            "fair_share": 0.5, "verdict": word, "budget": budget}


def test_the_verdict_says_how_much_skill_matters_in_words() -> None:
    matches = [_match("random", "greedy", 0.06, 0.03, 0.1, "weaker"), _match("greedy", "random", 0.94, 0.9, 0.97, "stronger"),
               _match("search:100", "greedy", 0.61, 0.54, 0.68, "stronger")]
    ladder = [_match("search:8", "search:4", 0.6, 0.55, 0.65, "stronger", 8),
              _match("search:16", "search:8", 0.52, 0.45, 0.6, "no clear difference", 16)]
    text = verdict(matches, ladder)
    assert text.startswith("Skill matters a lot: one greedy player among random ones wins 94 % of its games")
    assert "Search (search:100) is stronger than greedy" in text
    assert "More thinking pays up to 8 playouts a decision; 16 against 8 shows no clear gain." in text
    even = verdict([_match("greedy", "random", 0.52, 0.45, 0.6, "no clear difference")], [])
    assert even.startswith("Skill hardly shows against random play")


def test_a_match_stopped_by_its_deadline_is_the_match_of_the_games_it_played(toy_game: Game) -> None:
    import time

    from deckgen.sim.runner import parse_options
    from deckgen.sim.skill import rotated_match

    options = parse_options((), toy_game)
    stopped = rotated_match(toy_game, 2, "greedy", "random", options, 3, 40, 1, deadline=time.perf_counter())
    assert stopped["games"] == 10  # one round of four: 5 games a seat
    assert stopped == rotated_match(toy_game, 2, "greedy", "random", options, 3, 10, 1)
    ticks: list[int] = []
    rotated_match(toy_game, 2, "greedy", "random", options, 3, 40, 1, ticks.append, deadline=time.perf_counter() + 60)
    assert sum(ticks) == 40  # rounds resume without counting their kept games twice


def test_a_drawn_game_is_nobody_s_share_of_the_fair_share() -> None:
    """Greedy players of Chain of Restraints draw nearly every game: the fair share is 1/N of
    the games somebody won, so greedy against itself is no clear difference, not weaker."""
    game = get_game("chain-of-restraints")
    match = rotated_match(game, 2, "greedy", "greedy", game.rules.resolve_options(), seed=1, games=6, jobs=1)
    assert match["finished"] == 6 and match["win_rate"] == 0.0
    assert match["fair_share"] == 0.0 and match["verdict"] == "no clear difference"
