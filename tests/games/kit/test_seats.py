from __future__ import annotations

import pytest

from deckgen.games.kit.seats import ANTICLOCKWISE, next_seat_in, next_seats, partner_of, seats_from, team_of


def test_rings_in_both_directions() -> None:
    assert next_seats(4) == (1, 2, 3, 0)
    assert next_seats(4, ANTICLOCKWISE) == (3, 0, 1, 2)
    assert seats_from(2, 4) == [2, 3, 0, 1]
    assert seats_from(2, 4, ANTICLOCKWISE) == [2, 1, 0, 3]


def test_the_next_seat_still_in_skips_those_out() -> None:
    still_in = [True, False, False, True]
    assert next_seat_in(0, still_in) == 3
    assert next_seat_in(3, still_in) == 0
    assert next_seat_in(0, still_in, ANTICLOCKWISE) == 3
    assert next_seat_in(0, [True, False]) == 0
    with pytest.raises(ValueError):
        next_seat_in(0, [False, False])


def test_partners_sit_opposite() -> None:
    assert [partner_of(s, 4) for s in range(4)] == [2, 3, 0, 1]
    assert [team_of(s, 6) for s in range(6)] == [0, 1, 2, 0, 1, 2]
