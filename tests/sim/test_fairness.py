"""The fairness report's fair share: drawn games (finished, nobody won) are nobody's share."""

from __future__ import annotations

import pytest

from deckgen.sim.fairness import fair_share


def test_the_fair_share_is_one_seats_part_of_the_games_somebody_won() -> None:
    assert fair_share({"finished": 100, "no_winner": 0, "players": 4}) == pytest.approx(0.25)
    # Chain of Restraints with 2 players: a fifth of the games end in a draw.
    assert fair_share({"finished": 100, "no_winner": 20, "players": 2}) == pytest.approx(0.4)
    assert fair_share({"finished": 0, "no_winner": 0, "players": 3}) == pytest.approx(1 / 3)
