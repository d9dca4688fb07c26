from __future__ import annotations

from deckgen.games.kit.ranking import rank_by_score, scored_result


def test_highest_or_lowest_wins_and_ties_share() -> None:
    assert rank_by_score([3, 5, 5, 1]) == ((1, 2), (1, 2, 0, 3))
    assert rank_by_score([3, 5, 5, 1], highest_wins=False) == ((3,), (3, 0, 1, 2))


def test_a_tie_break_separates_equal_scores() -> None:
    assert rank_by_score([5, 5, 2], tie_break=[0, 1, 0]) == ((1,), (1, 0, 2))


def test_an_unfinished_game_has_no_winners() -> None:
    result = scored_result(False, [1.0, 2.0], 40, {"x": 1})
    assert result.winners == () and result.ranking == (1, 0) and result.scores == (1.0, 2.0)
    assert scored_result(True, [1.0, 2.0], 40, {}).winners == (1,)
