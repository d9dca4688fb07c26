"""Seeded playouts that check the engine contract (`deckgen.sim.contract`) as assertions, for
the per-game tests."""

from __future__ import annotations

from deckgen.games.base import State
from deckgen.games.registry import get_game
from deckgen.sim.contract import playout_problems


def check_playouts(
    game_id: str, n_players: int, bots: list[str], games: int, seed: int = 1, options: dict | None = None
) -> list[State]:
    """Play `games` seeded games (with rule `options`, defaults when None) and assert that
    they keep the contract: every move legal and described from its seat, no card lost or
    duplicated, every game ends or hits the turn cap, its log replays to the same end (the
    contract suite checks zones and observations). Returns the final states."""
    finals, problems = playout_problems(get_game(game_id), n_players, bots, games, seed, options, views_every=None)
    assert not problems, "\n".join(line for _, line in problems)
    return finals
