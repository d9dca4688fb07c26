"""Seeded random playouts that check the engine invariants for any game."""

from __future__ import annotations

from deckgen.games.base import State, get_game, play_game, zone_multiset


def check_playouts(
    game_id: str, n_players: int, bots: list[str], games: int, seed: int = 1, options: dict | None = None
) -> list[State]:
    """Play `games` seeded games (with rule `options`, defaults when None) checking: every move
    legal, no card lost or duplicated, every game ends or hits the turn cap. Returns the final states."""
    game = get_game(game_id)
    finals = []
    for index in range(games):
        initial = {}

        def check_move(state: State, move: object) -> None:
            if not initial:
                initial["cards"] = zone_multiset(state)
            assert move in state.legal_moves(), f"game {index}: illegal move {move!r}"
            assert zone_multiset(state) == initial["cards"], f"game {index}: cards lost or duplicated"

        state = play_game(game, n_players, bots, seed, index, options=options, on_move=check_move)
        if initial:
            assert zone_multiset(state) == initial["cards"], f"game {index}: cards changed at end"
        assert state.is_over or state.turns >= game.rules.turn_cap, f"game {index}: stopped early"
        result = state.result()
        assert result.finished == state.is_over
        if result.finished:
            assert result.winners, f"game {index}: finished without a winner"
        finals.append(state)
    return finals
