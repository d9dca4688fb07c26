"""Zoomies played from its description (zoomies-described.yaml), whose cards read two ways,
chosen as they are played (a play's `readings`): the worked examples and rulings the
hand-written engine's tests check, as positions, moves and exact results; and random-bot
games of the two engines agree statistically (deckgen.sim.agreement)."""

from __future__ import annotations

from typing import Any

import pytest

from deckgen.errors import IllegalMove
from deckgen.games.base import Move
from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from deckgen.sim.agreement import compare_engines

GAME = "zoomies-described"
TWIN = "zoomies"
#: The move indices of the turn: lead a card as a number, lead a double calling low or
#: high, follow with a card as a number.
LEAD, LEAD_DOUBLE_LOW, LEAD_DOUBLE_HIGH, FOLLOW = 0, 1, 2, 3


@pytest.fixture(scope="module")
def game() -> DescribedGame:
    engine = get_game(GAME)
    assert isinstance(engine, DescribedGame)
    return engine


def card(number: int) -> str:
    """The id of the card showing `number` (45 and 54 are both mirror-45)."""
    low, high = sorted(divmod(number, 10))
    return f"mirror-{low}{high}"


def at(game: DescribedGame, *seats: list[int], current_player: int = 0, **details: Any) -> DescribedState:
    """A position at the start of a trick: the hands by the numbers of their cards."""
    zones: dict[str, list[str]] = {f"hand/{s}": [card(n) for n in seat] for s, seat in enumerate(seats)}
    zones.update({"trick": [], **details.pop("zones", {})})
    return game.position(zones, current_player=current_player, **details)


def move_showing(state: DescribedState, number: int, call: str | None = None) -> Move:
    """The legal move playing the card as `number` (a led double: calling `call`)."""
    ids = state.layout.card_ids
    moves = [m for m in state.legal_moves() if ids[m[1]] == card(number)]
    if call is not None:
        return next(m for m in moves if m[0] == (LEAD_DOUBLE_HIGH if call == "high" else LEAD_DOUBLE_LOW))
    readings = {m: int(state.describe_move(m).rsplit(" as ", 1)[1]) for m in moves}
    return next(m for m, shown in readings.items() if shown == number)


def play_numbers(state: DescribedState, *numbers: int, call: str | None = None) -> None:
    for i, number in enumerate(numbers):
        state.play(move_showing(state, number, call if i == 0 else None))


def points(state: DescribedState) -> list[int]:
    return list(state.counter_values()["points"])


def test_worked_example_low_lead_lowest_wins(game: DescribedGame) -> None:
    """The source's first example: 45 led low, then 19, 27, 04: the 04 takes it."""
    state = at(game, [45, 60], [19, 30], [72, 81], [40, 83])
    play_numbers(state, 45)
    assert state.counter_values()["high"] is False
    play_numbers(state, 19, 27, 4)
    assert points(state) == [0, 0, 0, 1]
    assert sorted(state.card_zones()["won/3"]) == sorted(card(n) for n in (45, 19, 27, 4))
    assert state.current_player == 3


def test_worked_example_double_flips_high_to_low(game: DescribedGame) -> None:
    """The source's second example: 54 high, 71, then 22 flips to low, then 56: 22 is lowest."""
    state = at(game, [45, 60], [17, 30], [22, 81], [56, 83])
    play_numbers(state, 54, 71)
    assert state.counter_values()["high"] is True
    play_numbers(state, 22)
    assert state.counter_values()["high"] is False
    play_numbers(state, 56)
    assert points(state) == [0, 0, 1, 0] and state.current_player == 2


def test_any_card_any_reading_may_be_played_and_a_later_double_has_one_move(game: DescribedGame) -> None:
    state = at(game, [45, 60, 33], [17, 88, 30], [22, 81], [56, 83])
    leads = sorted(state.describe_move(m) for m in state.legal_moves())
    assert leads == sorted(["seat 0 plays the 45 / 54 as 45", "seat 0 plays the 45 / 54 as 54",
                            "seat 0 plays the 06 / 60 as 6", "seat 0 plays the 06 / 60 as 60",
                            "seat 0 plays the 33 / 33 as 33", "seat 0 plays the 33 / 33 as 33"])
    assert {m[0] for m in state.legal_moves() if m[1] == state.layout.card_ids.index(card(33))} == \
        {LEAD_DOUBLE_LOW, LEAD_DOUBLE_HIGH}
    play_numbers(state, 54)
    follows = sorted(state.describe_move(m) for m in state.legal_moves())
    assert follows == sorted(["seat 1 plays the 17 / 71 as 17", "seat 1 plays the 17 / 71 as 71",
                              "seat 1 plays the 88 / 88 as 88",
                              "seat 1 plays the 03 / 30 as 3", "seat 1 plays the 03 / 30 as 30"])


def test_a_follower_may_choose_the_losing_reading(game: DescribedGame) -> None:
    state = at(game, [45], [19], [72], [40])
    play_numbers(state, 54, 91, 27, 4)  # high goal: 91 wins even though 19 was possible
    assert points(state) == [0, 1, 0, 0]


@pytest.mark.parametrize(("call", "winner"), [("high", 2), ("low", 1)])
def test_a_led_double_sets_the_called_goal_without_flipping(game: DescribedGame, call: str, winner: int) -> None:
    state = at(game, [33], [12], [80], [45])
    play_numbers(state, 33, call=call)
    assert state.counter_values()["high"] is (call == "high")
    play_numbers(state, 12, 80, 45)
    assert points(state)[winner] == 1


def test_a_led_double_can_win_its_own_trick(game: DescribedGame) -> None:
    state = at(game, [99], [12], [80], [45])
    play_numbers(state, 99, call="high")
    play_numbers(state, 12, 80, 45)
    assert points(state) == [1, 0, 0, 0]


def test_each_later_double_flips_again_and_only_the_goal_at_the_end_counts(game: DescribedGame) -> None:
    state = at(game, [45], [22], [66], [10])
    play_numbers(state, 54, 22, 66)
    assert state.counter_values()["high"] is True
    play_numbers(state, 10)
    assert points(state) == [0, 0, 1, 0]  # high: 66 beats 54, 22 and 10
    late = at(game, [45], [90], [10], [44])
    play_numbers(late, 54, 90, 1, 44)  # the last card flips to low: 01 wins
    assert points(late) == [0, 0, 1, 0]


@pytest.mark.parametrize(("deal", "worth"), [(1, 1), (2, 2), (3, 3)])
def test_a_trick_scores_the_worth_of_its_round(game: DescribedGame, deal: int, worth: int) -> None:
    state = at(game, [12, 13], [39, 14], [80, 15], [57, 16], deal=deal, worth=worth, points=[1, 1, 1, 1])
    play_numbers(state, 21, 93, 8, 75)
    assert points(state) == [1, 1 + worth, 1, 1]


def test_the_winner_of_a_round_leads_the_next_deal_from_the_same_deck(game: DescribedGame) -> None:
    deck = [card(n) for n in (23, 24, 25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 39, 46, 47, 48)]
    state = at(game, [12], [40], [80], [57], zones={"stock": deck})
    play_numbers(state, 12, 4, 80, 57)  # low goal: 04 lowest
    assert state.counter_values()["deal"] == 2 and state.counter_values()["worth"] == 2
    assert state.current_player == 1
    zones = state.card_zones()
    assert [len(zones[f"hand/{s}"]) for s in range(4)] == [4, 4, 4, 4] and zones["stock"] == []
    assert zones["hand/0"] == [card(n) for n in (39, 46, 47, 48)]


@pytest.mark.parametrize(("furniture", "winners"), [(True, (1,)), (False, (2,))])
def test_the_game_ends_after_the_third_round_and_second_place_wins(game: DescribedGame, furniture: bool,
                                                                   winners: tuple[int, ...]) -> None:
    state = at(game, [12], [40], [80], [57], deal=3, worth=3, points=[5, 7, 9, 1],
               options={"second_place_wins": furniture})
    play_numbers(state, 21, 40, 80, 57)  # high: 80 wins 3 points
    assert state.is_over and points(state) == [5, 7, 12, 1]
    result = state.result()
    assert result.finished and result.winners == winners and result.turns == 4
    assert state.legal_moves() == []


@pytest.mark.parametrize(("final", "winners"), [
    ([12, 7, 5, 1], (1,)), ([10, 10, 3, 2], (2,)), ([10, 10, 10, 1], (3,)), ([10, 5, 5, 5], (1, 2, 3)),
    ([6, 6, 6, 6], (0, 1, 2, 3)),
])
def test_the_furniture_rule(game: DescribedGame, final: list[int], winners: tuple[int, ...]) -> None:
    """Every seat tied for most points is out and the best of the rest wins; all tied: all share."""
    scores = at(game, [], [], [], [], points=final).result().scores  # the score the winners are read from
    assert tuple(seat for seat in range(4) if scores[seat] == max(scores)) == winners


def test_play_refuses_a_reading_the_card_does_not_have(game: DescribedGame) -> None:
    state = at(game, [45], [19], [72], [40])
    with pytest.raises(IllegalMove):
        state.play((LEAD, state.layout.card_ids.index(card(45)), 2))
    play_numbers(state, 45)
    with pytest.raises(IllegalMove):  # a double follows as its one number
        state.play((FOLLOW, state.layout.card_ids.index(card(19)), 5))


@pytest.mark.parametrize("furniture", [True, False])
def test_random_games_agree_with_the_hand_written_engine(furniture: bool) -> None:
    """A guard of benchmarks/described_bench's 2,000-game comparison (four players only:
    the ending rule on and off)."""
    options = {"second_place_wins": furniture}
    agreement = compare_engines(GAME, TWIN, 4, 150, 11, options_a=options, options_b=options)
    assert agreement.agrees, "\n".join(agreement.lines())
