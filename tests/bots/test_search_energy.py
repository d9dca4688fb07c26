"""The search bot's judgement of a Mystique Energy position: graded by how far a seat's product
lies below the others', where the standing only says who is lower."""

from __future__ import annotations

import math
import random

from deckgen.bots.search_energy import RATIO_SCALE, energy_value
from deckgen.games.mystique_energy import EnergyState
from deckgen.games.registry import get_game


def test_the_lower_product_is_worth_more_the_further_it_lies_below() -> None:
    game = get_game("mystique-energy")
    rng = random.Random(4)
    seen = 0
    for players in (2, 3):
        world = game.new_game(players, random.Random(players), game.rules.resolve_options())
        assert isinstance(world, EnergyState)
        while not world.is_over:
            world.apply(world.random_move(rng))
            if world.is_over:
                break
            products = world.scores()
            values = [energy_value(world, seat) for seat in range(players)]
            assert all(0 < value < 1 for value in values)
            if players == 2:
                assert abs(sum(values) - 1) < 1e-9
                odds = math.exp(math.log(products[1] / products[0]) / RATIO_SCALE)
                assert abs(values[0] - odds / (1 + odds)) < 1e-9
            lowest = min(range(players), key=products.__getitem__)
            highest = max(range(players), key=products.__getitem__)
            if products[lowest] < products[highest]:
                assert values[lowest] > values[highest]
                seen += 1
    assert seen > 20
