"""Seeded playouts that check the engine invariants for any game, and the helpers they share."""

from __future__ import annotations

from collections import Counter

from deckgen.games.base import State, get_game
from deckgen.sim.log import dump_line, parse_log, record_game, replay_lines


def zone_multiset(state: State) -> Counter:
    """All cards in a state as a multiset, for 'no card lost or duplicated' checks."""
    counts: Counter = Counter()
    for cards in state.card_zones().values():
        counts.update(cards)
    return counts


def check_playouts(
    game_id: str, n_players: int, bots: list[str], games: int, seed: int = 1, options: dict | None = None
) -> list[State]:
    """Play `games` seeded games (with rule `options`, defaults when None) checking: every move
    legal, no card lost or duplicated, every game ends or hits the turn cap, and the game's log
    (written as JSON lines and read back) replays to the same final state. Returns the final states."""
    game = get_game(game_id)
    finals = []
    for index in range(games):
        initial: dict[str, Counter] = {}

        def check_move(state: State, move: object) -> None:
            if not initial:
                initial["cards"] = zone_multiset(state)
            assert move in state.legal_moves(), f"game {index}: illegal move {move!r}"
            assert zone_multiset(state) == initial["cards"], f"game {index}: cards lost or duplicated"

        state, log = record_game(game, n_players, bots, seed, index, options, on_move=check_move)
        if initial:
            assert zone_multiset(state) == initial["cards"], f"game {index}: cards changed at end"
        assert state.is_over or state.turns >= game.rules.turn_cap, f"game {index}: stopped early"
        result = state.result()
        assert result.finished == state.is_over
        assert set(result.winners) <= set(range(n_players)), f"game {index}: winners outside the table"
        assert result.finished or not result.winners, f"game {index}: an unfinished game with winners"
        _, replayed = replay_lines(parse_log([dump_line(line) for line in log], f"{game_id} game {index}"), game=game)
        assert replayed.result() == result, f"game {index}: the replayed log ends differently"
        assert replayed.card_zones() == state.card_zones(), f"game {index}: the replayed log ends in another state"
        finals.append(state)
    return finals
