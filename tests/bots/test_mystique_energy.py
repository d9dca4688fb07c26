"""The greedy Mystique Energy bot, whose choice is the engine package's compiled `GreedyEnergy`,
against the policy worked out here another way: each cell's groups measured by a flood fill
over the table with the card placed there, and the opponents' signs read afresh from every
placement. At every decision of whole seeded games, at several player counts and under both
touching rules, it picks the same cell, so seeded greedy games are the ones the bot played
before its choice moved into the engine."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystique_energy import GreedyEnergyBot
from deckgen.games.base import Move
from deckgen.games.mystique_energy import NEIGHBOURS, EnergyState, MystiqueEnergy, coords_of
from deckgen.games.registry import get_game
from deckgen.sim.play import play_game


@pytest.fixture(scope="module")
def game() -> MystiqueEnergy:
    found = get_game("mystique-energy")
    assert isinstance(found, MystiqueEnergy)
    return found


def group_size(table: dict[int, int], keys: list[tuple[int, int, int]], start: int, key: int) -> int:
    """Cards of the group holding `start` among the placed cards with value `key`."""
    seen, stack = {start}, [start]
    while stack:
        cell = stack.pop()
        for near in (cell + step for step in NEIGHBOURS):
            if near not in seen and near in table and key in keys[table[near]]:
                seen.add(near)
                stack.append(near)
    return len(seen)


def slow_choice(state: EnergyState) -> Move:
    """Lowest own product of largest groups, then smallest own groups joined, then most growth
    of the groups of values the opponents avoid (by the signs of all their placements)."""
    seat, keys = state.current_player, state.game.keys
    cells = state.legal_cells()
    if len(cells) == 1:
        return coords_of(cells[0])
    avoided = [[0] * len(state.game.key_names) for _ in range(state.n_players)]
    for number, (cell, card, placer) in enumerate(zip(state.order, state.table, state.placers)):
        earlier = {state.order[i]: state.table[i] for i in range(number)}
        touching = [earlier[cell + step] for step in NEIGHBOURS if cell + step in earlier]
        for key in keys[card]:
            if placer != seat:
                avoided[placer][key] += -1 if any(key in keys[other] for other in touching) else 1
    best = state.largest_groups()
    weight = [1 + sum(max(0, row[key]) for s, row in enumerate(avoided) if s != seat) for key in range(len(best))]
    card, mine = state.hands[seat], keys[state.energy[seat]]

    def rank(cell: int) -> tuple[int, int, int, int]:
        table = {**state.cells, cell: card}
        sizes = {key: group_size(table, keys, cell, key) for key in keys[card]}
        product = 1
        for key in mine:
            product *= max(1, best[key], sizes.get(key, 0))
        theirs = [key for key in sizes if key not in mine]
        return (product, sum(sizes[key] for key in sizes if key in mine),
                -sum(weight[key] * (max(best[key], sizes[key]) - best[key]) for key in theirs),
                -sum(weight[key] * sizes[key] for key in theirs))

    return coords_of(min(cells, key=rank))


@pytest.mark.parametrize(("players", "exactly_two"), [(2, False), (4, True), (6, False)])
def test_every_greedy_move_is_the_slow_policys(game: MystiqueEnergy, players: int, exactly_two: bool) -> None:
    bots = {}
    checked = 0

    def check(state: EnergyState, move: Move) -> None:
        nonlocal checked
        seat = state.current_player
        bot = bots.setdefault(seat, GreedyEnergyBot(random.Random(0), seat))
        assert bot.choose(state) == slow_choice(state)
        checked += 1

    for index in range(2):
        bots.clear()
        play_game(game, players, ["greedy"] * players, seed=7, index=index, options={"exactly_two": exactly_two},
                  on_move=check)
    assert checked > 2 * 10
