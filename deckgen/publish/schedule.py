"""The order in which a build hands its tasks to its workers: the fairness simulations, the
long tasks, first and longest first (by the CPU seconds each took when last measured,
fairness_costs.yaml), then the short document tasks filling in after them. Handed out in
deck order, the two longest simulations came last and one worker played them alone while
the other idled. Only the order changes: every output is the same."""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from importlib.resources import files

#: The measured costs, beside this module.
COSTS_FILE = "fairness_costs.yaml"


@functools.cache
def fairness_costs() -> dict[str, float]:
    """Game id -> CPU seconds of its fairness report, as last measured."""
    import yaml  # read once, by a build that simulates

    costs = yaml.safe_load(files(__package__).joinpath(COSTS_FILE).read_text(encoding="utf-8"))
    return {str(game): float(cost) for game, cost in costs.items()}


def fairness_cost(game_id: str) -> float:
    """The expected CPU seconds of a game's fairness report: as measured, or the average
    of the measured games for one not measured (a new game, a project's own)."""
    costs = fairness_costs()
    return costs.get(game_id, sum(costs.values()) / len(costs))


def hand_out_order(indices: Sequence[int], simulation_game: Callable[[int], str | None]) -> list[int]:
    """`indices` in the order to hand them out: the simulations (those for which
    `simulation_game` gives a game id) longest first, then the rest in their order."""
    simulations = [i for i in indices if simulation_game(i) is not None]
    simulations.sort(key=lambda i: -fairness_cost(simulation_game(i) or ""))
    return simulations + [i for i in indices if simulation_game(i) is None]
