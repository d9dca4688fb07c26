"""The order a build hands its tasks out in: simulations longest first, then the rest."""

from __future__ import annotations

from deckgen.games.registry import game_classes
from deckgen.model.rules import all_rules
from deckgen.publish.schedule import fairness_cost, fairness_costs, hand_out_order


def test_simulations_go_first_longest_first_and_the_rest_keep_their_order() -> None:
    costs = fairness_costs()
    longest, shortest = max(costs, key=costs.__getitem__), min(costs, key=costs.__getitem__)
    games = {0: None, 1: shortest, 2: None, 3: "a-game-never-measured", 4: longest}
    assert hand_out_order([0, 1, 2, 3, 4], games.__getitem__) == [4, 3, 1, 0, 2]


def test_a_game_not_measured_counts_as_an_average_one() -> None:
    costs = fairness_costs()
    assert min(costs.values()) < fairness_cost("a-game-never-measured") < max(costs.values())


def test_every_shipped_game_with_an_engine_is_measured() -> None:
    """A game added without a measure would be handed out as an average one, maybe last."""
    engines = set(game_classes())
    shipped = {rules.id for rules in all_rules().values() if rules.same_rules_as is None and rules.id in engines}
    assert shipped <= set(fairness_costs())
    assert all(cost > 0 for cost in fairness_costs().values())
