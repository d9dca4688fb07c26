"""Moves written as short text read back as the same moves: every legal move of many positions
of every hand-written engine, at its fewest and most players."""

from __future__ import annotations

import random

import pytest

from deckgen.errors import BadPosition
from deckgen.games.base import game_classes, get_game

#: Positions visited per game and player count, along seeded random games.
POSITIONS = 80


def hand_written() -> list[str]:
    return sorted(g for g in game_classes() if ".described" not in type(get_game(g)).__module__)


@pytest.mark.parametrize("game_id", hand_written())
def test_every_legal_move_round_trips_through_its_notation(game_id: str) -> None:
    game = get_game(game_id)
    checked = 0
    for n_players in sorted({game.rules.players.min, game.rules.players.max}):
        rng = random.Random(n_players)
        state = game.new_game(n_players, rng, game.rules.resolve_options())
        for _ in range(POSITIONS):
            if state.is_over:
                state = game.new_game(n_players, rng, game.rules.resolve_options())
            moves = state.legal_moves()
            texts = [state.move_notation(move) for move in moves]
            assert len(set(texts)) == len(moves), f"two moves share a text at turn {state.turns}"
            for move, text in zip(moves, texts):
                assert state.parse_move(text) == tuple(move), text
                checked += 1
            state.apply(rng.choice(moves))
    assert checked >= POSITIONS


def test_cards_are_written_as_ids_and_other_values_as_numbers() -> None:
    game = get_game("mystique-pillars")
    state = game.new_game(2, random.Random(1), game.rules.resolve_options())
    build = (1, game.cards.index_of("red-suns-3"), 2)
    assert state.move_notation(build) == "1 red-suns-3 2" and state.move_notation((0, 3, -1)) == "0 3 -1"
    with pytest.raises(BadPosition, match="'red-sun-3' is neither a number nor a card"):
        state.parse_move("1 red-sun-3 2")
