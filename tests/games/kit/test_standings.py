"""A traced game's measures (kit.standings) are the same whether a standing that did not
change is noted as the same list again or as a copy: each list is worked out once."""

from __future__ import annotations

from deckgen.games.kit.standings import Noted, game_trace


def noted(standings: list[list[float]], shared: bool) -> list[Noted]:
    """Positions noting `standings` in turn, two seats alternating, three legal moves each;
    repeated standings as one list (`shared`) or as copies."""
    lists: dict[tuple[float, ...], list[float]] = {}
    positions: list[Noted] = []
    for index, standing in enumerate(standings):
        kept = lists.setdefault(tuple(standing), standing) if shared else list(standing)
        positions.append((index % 2, 3, kept))
    return positions


def test_a_standing_noted_again_as_the_same_list_measures_as_its_copies() -> None:
    level, ahead, behind = [0.0, 0.0], [2.0, 1.0], [1.0, 3.0]
    standings = [level, level, ahead, ahead, ahead, behind, behind, level, ahead]
    shared = game_trace(noted(standings, True), [1.0, 4.0], (1,), True, [0, 1], 2, 2)
    copied = game_trace(noted(standings, False), [1.0, 4.0], (1,), True, [0, 1], 2, 2)
    assert shared == copied
    moves, decision_moves, legal, decisions, lead_change, deficit, decided, led = shared
    assert (moves, decision_moves, legal, decisions) == (9, 9, 27, (5, 4))
    # leaders (0, 1), (0, 1), (0,), (0,), (0,), (1,), (1,), (0, 1), (0,): five changes in nine
    assert lead_change == 5 / 9 and led
    # seat 1 trails by 1 of a spread of 1 at four positions and leads at the last, the final
    assert deficit == 4 / 10
    # its lead first passes seat 0's best (1) at the sixth position, after five moves
    assert decided == 5 / 9


def test_a_game_level_until_the_end_has_no_sole_leader_before_it() -> None:
    level = [0.0, 0.0]
    trace = game_trace([(seat % 2, 2, level) for seat in range(6)], [1.0, 0.0], (0,), True, [0, 1], 2, 2)
    assert trace[4] == 1 / 6 and trace[7] is False  # one leader set, counted at the first position
    assert trace[5] == 0.0 and trace[6] == 1.0  # never behind a sole leader; never clear before the end
