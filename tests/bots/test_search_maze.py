"""The search bot's judgement of a Mystique Maze position: each hand's ways to win, counted
over its own paths, and the race between the seats' hands."""

from __future__ import annotations

import random

from deckgen.bots.search_maze import PATH_BASE, maze_potential, maze_value
from deckgen.games.mystique_maze import MazeState
from deckgen.games.registry import get_game


def started_game(seed: int, moves: int) -> MazeState:
    game = get_game("mystique-maze")
    world = game.new_game(2, random.Random(seed), game.rules.resolve_options())
    assert isinstance(world, MazeState)
    rng = random.Random(seed + 1)
    for _ in range(moves):
        if world.is_over:
            break
        world.apply(world.random_move(rng))
    return world


def test_a_hands_potential_adds_every_own_path_by_the_cards_it_misses() -> None:
    for seed in range(6):
        world = started_game(seed, 2 * seed)
        length = world.game.path_length(world.n_players)
        for seat in range(world.n_players):
            hand = world.hands[seat]
            direct = sum(PATH_BASE ** ((path & hand).bit_count() - length) for path in world.seats[seat].paths)
            assert abs(maze_potential(world, seat) - direct) < 1e-9 * direct


def test_the_race_shares_one_and_favours_the_hand_one_card_from_a_path() -> None:
    world = started_game(3, 0)
    values = [maze_value(world, seat) for seat in range(world.n_players)]
    assert abs(sum(values) - 1) < 1e-9 and all(0 < value < 1 for value in values)
    path = world.seats[0].paths[0]
    cards = [card for card in range(path.bit_length()) if path >> card & 1]
    others = world.hands[1] & ~path
    world.hands[0] = sum(1 << card for card in cards[:-1]) | (others & -others)
    world.hands[1] ^= world.hands[1] & world.hands[0]
    assert maze_value(world, 0) > 0.9
