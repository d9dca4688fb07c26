"""Zoomies: scenario tests for every rule and ruling, the source's worked examples, playouts."""

from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from deckgen.bots.zoomies import GreedyZoomiesBot
from deckgen.errors import DataError, DeckgenError
from deckgen.errors import IllegalMove
from deckgen.games.building import build_engine
from deckgen.games.registry import get_game
from deckgen.sim.play import game_rngs, play_game
from deckgen.games.zoomies import HIGH, LOW, Zoomies, ZoomiesState, standing
from deckgen.model.rules import load_rules
from deckgen.sim.contract import zone_multiset
from tests.games.playout import check_playouts


@pytest.fixture(scope="module")
def game() -> Zoomies:
    return build_engine(Zoomies, load_rules("zoomies"))


def card(number: int) -> str:
    """The id of the card showing `number` (45 and 54 are both mirror-45)."""
    low, high = sorted(divmod(number, 10))
    return f"mirror-{low}{high}"


def hands_of(*seats: list[int]) -> dict[str, list[str]]:
    return {f"hand/{s}": [card(n) for n in seat] for s, seat in enumerate(seats)}


def play_numbers(game: Zoomies, state: ZoomiesState, *numbers: int, lead_goal: int | None = None) -> None:
    """Play one card per number in turn; `lead_goal` is the call when the lead is a double."""
    for i, number in enumerate(numbers):
        state.play(game.move_showing(number, lead_goal if i == 0 else None))


# -- the deck as the engine sees it ----------------------------------------------------


def test_every_number_is_on_exactly_one_card(game: Zoomies) -> None:
    assert sorted(game.move_of_number) == list(range(1, 100))
    assert sum(game.special) == 9
    assert game.readings[game.cards.index["mirror-05"]] == (5, 50)
    assert game.readings[game.cards.index["mirror-77"]] == (77, 77)


def test_registered_under_its_id_and_alias() -> None:
    assert isinstance(get_game("zoomies"), Zoomies)
    assert isinstance(get_game("zoom"), Zoomies)


# -- setup ------------------------------------------------------------------------------


def test_setup_removes_two_and_deals_five_each(game: Zoomies) -> None:
    state = game.new_game(4, random.Random(3), game.rules.resolve_options(), record=True)
    assert [len(h) for h in state.hands] == [5, 5, 5, 5]
    assert len(state.removed) == 2
    assert len(state.deck) == 32
    assert state.round_index == 0 and state.turns == 0
    counts = zone_multiset(state)
    assert len(counts) == 54 and set(counts.values()) == {1}
    ids = game.cards.ids
    assert state.events[0] == {"type": "remove", "cards": [ids[c] for c in state.removed]}
    assert state.events[1] == {"type": "first_leader", "seat": state.leader}
    assert state.events[2] == {"type": "deal", "round": 1, "hands": [[ids[c] for c in h] for h in state.hands]}
    seen = json.dumps([state.observation(seat) for seat in range(4)])
    assert not any(ids[c] in seen for c in state.removed)
    assert all(ids[c] not in json.dumps(state.observation(1)) for c in state.hands[0])


def test_first_leader_is_random_over_all_seats(game: Zoomies) -> None:
    options = game.rules.resolve_options()
    leaders = {game.new_game(4, random.Random(seed), options).current_player for seed in range(40)}
    assert leaders == {0, 1, 2, 3}


def test_only_four_players(game: Zoomies) -> None:
    for n in (3, 5):
        with pytest.raises(DeckgenError, match="4"):
            game.new_game(n, random.Random(1), game.rules.resolve_options())


def test_without_recording_there_are_no_events(game: Zoomies) -> None:
    assert game.new_game(4, random.Random(1), game.rules.resolve_options()).events is None


def test_rule_numbers_come_from_the_rule_data() -> None:
    rules = load_rules("zoomies")
    assert rules.params == {"round_hand_sizes": [5, 4, 4], "round_trick_points": [1, 2, 3]}
    assert rules.setup[4].removed == 2 and rules.setup[4].hand_size == 5
    shorter = rules.model_copy(
        update={
            "params": {"round_hand_sizes": [3, 3], "round_trick_points": [1, 5]},
            "setup": {4: rules.setup[4].model_copy(update={"hand_size": 3})},
        }
    )
    state = build_engine(Zoomies, shorter).new_game(4, random.Random(2), {"second_place_wins": True})
    assert [len(h) for h in state.hands] == [3, 3, 3, 3]
    assert len(state.deck) == 54 - 2 - 12


def test_rule_data_the_engine_cannot_play_is_refused() -> None:
    rules = load_rules("zoomies")
    too_many = rules.model_copy(
        update={"params": {"round_hand_sizes": [5, 4, 5], "round_trick_points": [1, 2, 3]}}
    )
    with pytest.raises(DataError, match="58 cards, the deck has 54"):
        build_engine(Zoomies, too_many)
    missing = rules.model_copy(update={"params": {"round_hand_sizes": [5, 4, 4]}})
    with pytest.raises(DataError, match="params.round_trick_points: required key is missing"):
        build_engine(Zoomies, missing)
    mismatched = rules.model_copy(update={"params": {"round_hand_sizes": [5, 4, 4], "round_trick_points": [1, 2]}})
    with pytest.raises(DataError, match="one value per round"):
        build_engine(Zoomies, mismatched)


# -- a trick: goal, readings, specials ------------------------------------------------


def test_worked_example_low_lead_lowest_wins(game: Zoomies) -> None:
    """The source's first example: 45 led low, then 19, 27, 04: the 04 takes it."""
    state = game.position(hands_of([45, 60], [19, 30], [72, 81], [40, 83]), current_player=0)
    play_numbers(game, state, 45)
    assert state.goal == LOW
    play_numbers(game, state, 19, 27, 4)
    assert state.points == [0, 0, 0, 1]
    assert state.piles[3] == [45, 19, 27, 4]
    assert sorted(state.card_zones()["won/3"]) == sorted(card(n) for n in (45, 19, 27, 4))
    assert state.current_player == 3 and state.leader == 3
    assert state.trick_values == [] and state.goal_reversals == 0


def test_worked_example_double_flips_high_to_low(game: Zoomies) -> None:
    """The source's second example: 54 high, 71, then 22 flips to low, then 56: 22 is lowest."""
    state = game.position(hands_of([45, 60], [17, 30], [22, 81], [56, 83]), current_player=0)
    play_numbers(game, state, 54, 71)
    assert state.goal == HIGH
    play_numbers(game, state, 22)
    assert state.goal == LOW
    play_numbers(game, state, 56)
    assert state.points == [0, 0, 1, 0]
    assert state.goal_reversals == 1
    assert state.current_player == 2


def test_high_lead_highest_wins(game: Zoomies) -> None:
    state = game.position(hands_of([12], [39], [80], [57]), current_player=1)
    play_numbers(game, state, 93, 8, 75, 21)
    assert state.points == [0, 1, 0, 0]


def test_leader_may_be_any_seat_and_play_goes_clockwise(game: Zoomies) -> None:
    state = game.position(hands_of([12], [39], [80], [57]), current_player=2)
    order = []
    for number in (8, 57, 12, 39):
        order.append(state.current_player)
        play_numbers(game, state, number)
    assert order == [2, 3, 0, 1]
    assert state.points == [0, 0, 1, 0]  # 08 led as the smaller reading: low, and 08 is lowest


def test_any_card_any_reading_may_be_played(game: Zoomies) -> None:
    state = game.position(hands_of([45, 60, 33], [17, 30], [22, 81], [56, 83]), current_player=0)
    leads = state.legal_moves()
    assert sorted(leads) == sorted(
        [game.move_showing(45), game.move_showing(54), game.move_showing(6), game.move_showing(60),
         game.move_showing(33, LOW), game.move_showing(33, HIGH)]
    )
    play_numbers(game, state, 54)
    follows = state.legal_moves()
    assert sorted(follows) == sorted(
        [game.move_showing(17), game.move_showing(71), game.move_showing(3), game.move_showing(30)]
    )


def test_a_follower_may_choose_the_losing_reading(game: Zoomies) -> None:
    state = game.position(hands_of([45], [19], [72], [40]), current_player=0)
    play_numbers(game, state, 54, 91, 27, 4)  # high goal: 91 wins even though 19 was possible
    assert state.points == [0, 1, 0, 0]


def test_double_played_later_has_one_move(game: Zoomies) -> None:
    state = game.position(hands_of([45], [88, 10], [72], [40]), current_player=0)
    play_numbers(game, state, 45)
    double = game.cards.index["mirror-88"]
    assert [m for m in state.legal_moves() if m[0] == double] == [(double, LOW)]


def test_led_double_sets_the_called_goal_without_flipping(game: Zoomies) -> None:
    for call, winner in ((HIGH, 2), (LOW, 1)):
        state = game.position(hands_of([33], [12], [80], [45]), current_player=0)
        play_numbers(game, state, 33, lead_goal=call)
        assert state.goal == call
        play_numbers(game, state, 12, 80, 45)
        assert state.points[winner] == 1, call
        assert state.goal_reversals == 0


def test_led_double_can_win_its_own_trick(game: Zoomies) -> None:
    state = game.position(hands_of([99], [12], [80], [45]), current_player=0)
    play_numbers(game, state, 99, lead_goal=HIGH)
    play_numbers(game, state, 12, 80, 45)
    assert state.points == [1, 0, 0, 0]


def test_each_later_double_flips_again(game: Zoomies) -> None:
    state = game.position(hands_of([45], [22], [66], [10]), current_player=0)
    play_numbers(game, state, 54, 22, 66)
    assert state.goal == HIGH and state.goal_reversals == 2
    play_numbers(game, state, 10)
    assert state.points == [0, 0, 1, 0]  # high: 66 beats 54, 22 and 10


def test_only_the_goal_at_the_end_counts(game: Zoomies) -> None:
    state = game.position(hands_of([45], [90], [10], [44]), current_player=0)
    play_numbers(game, state, 54, 90, 1)  # 90 is winning under high
    play_numbers(game, state, 44)  # the last card flips to low: 01 wins
    assert state.points == [0, 0, 1, 0]


def test_winner_gets_all_four_cards_face_down(game: Zoomies) -> None:
    state = game.position(hands_of([45, 11], [19, 12], [72, 13], [40, 14]), current_player=0)
    play_numbers(game, state, 45, 19, 27, 4)
    observed = state.observation(0)
    assert observed["score_pile_sizes"] == [0, 0, 0, 4]
    assert "score_piles" not in observed


# -- rounds and scoring ------------------------------------------------------------------


def test_round_one_trick_scores_one_point(game: Zoomies) -> None:
    state = game.position(hands_of([12, 13], [39, 14], [80, 15], [57, 16]), current_player=0, round_index=0)
    play_numbers(game, state, 21, 93, 8, 75)
    assert state.points == [0, 1, 0, 0]


@pytest.mark.parametrize("round_index, worth", [(1, 2), (2, 3)])
def test_later_rounds_score_more(game: Zoomies, round_index: int, worth: int) -> None:
    state = game.position(
        hands_of([12, 13], [39, 14], [80, 15], [57, 16]), current_player=0, round_index=round_index, points=[1, 1, 1, 1]
    )
    play_numbers(game, state, 21, 93, 8, 75)
    assert state.points == [1, 1 + worth, 1, 1]


def test_winner_of_a_round_leads_the_next_round(game: Zoomies) -> None:
    deck = [card(n) for n in (23, 24, 25, 26, 27, 28, 29, 34, 35, 36, 37, 38, 39, 46, 47, 48)]
    state = game.position({**hands_of([12], [40], [80], [57]), "draw": deck}, current_player=0)
    play_numbers(game, state, 12, 4, 80, 57)  # low goal: 04 lowest
    assert state.round_index == 1
    assert state.current_player == 1 and state.leader == 1
    assert [len(h) for h in state.hands] == [4, 4, 4, 4]
    assert state.deck == []
    assert state.hands[0] == [game.cards.index[card(n)] for n in (39, 46, 47, 48)]


def test_game_ends_after_the_third_round(game: Zoomies) -> None:
    state = game.position(hands_of([12], [40], [80], [57]), current_player=0, round_index=2, points=[5, 7, 9, 1])
    play_numbers(game, state, 21, 40, 80, 57)  # high: 80 wins 3 points
    assert state.is_over
    assert state.points == [5, 7, 12, 1]
    result = state.result()
    assert result.finished
    assert result.winners == (1,)  # seat 2 is out with most, seat 1 is best of the rest
    assert result.ranking == (1, 0, 3, 2)
    assert result.scores == (5, 7, 12, 1)
    assert result.turns == 4
    assert result.counters == {"goal_reversals": 0}
    assert state.legal_moves() == []


def test_unfinished_game_has_no_winners(game: Zoomies) -> None:
    state = game.new_game(4, random.Random(5), game.rules.resolve_options())
    result = state.result()
    assert not result.finished and result.winners == ()


# -- the ending: most points out, second wins --------------------------------------------


@pytest.mark.parametrize(
    "points, winners, ranking",
    [
        ([12, 7, 5, 1], (1,), (1, 2, 3, 0)),  # clear second place wins
        ([10, 10, 3, 2], (2,), (2, 3, 0, 1)),  # two tied for most: both out
        ([10, 10, 10, 1], (3,), (3, 0, 1, 2)),  # three out: the last seat wins alone
        ([10, 5, 5, 5], (1, 2, 3), (1, 2, 3, 0)),  # tie for the win is shared
        ([11, 6, 6, 2], (1, 2), (1, 2, 3, 0)),
        ([6, 6, 6, 6], (0, 1, 2, 3), (0, 1, 2, 3)),  # everybody tied for most: all share
    ],
)
def test_furniture_rule(points: list[int], winners: tuple[int, ...], ranking: tuple[int, ...]) -> None:
    assert standing(points, True) == (winners, ranking)


def test_plain_race_option_most_points_wins(game: Zoomies) -> None:
    assert standing([12, 7, 12, 1], False) == ((0, 2), (0, 2, 1, 3))
    state = game.position(
        hands_of([12], [40], [80], [57]), current_player=0, round_index=2, points=[5, 7, 9, 1],
        options={"second_place_wins": False},
    )
    play_numbers(game, state, 21, 40, 80, 57)
    assert state.result().winners == (2,)


# -- checked play, observation, transcripts ----------------------------------------------


def test_play_refuses_cards_not_in_hand_and_bad_calls(game: Zoomies) -> None:
    state = game.position(hands_of([45], [19], [72], [40]), current_player=0)
    with pytest.raises(IllegalMove):
        state.play(game.move_showing(19))
    play_numbers(game, state, 45)
    with pytest.raises(IllegalMove):
        state.play(game.move_showing(45))


def test_position_rejects_unknown_cards(game: Zoomies) -> None:
    with pytest.raises(DeckgenError, match="mirror-00"):
        game.position({"hand/0": ["mirror-00"], "hand/1": [], "hand/2": [], "hand/3": []})


def test_position_places_score_piles_and_removed_cards(game: Zoomies) -> None:
    state = game.position(
        {**hands_of([45], [19], [72], [40]), "won/0": [card(12), card(33)], "removed": [card(99)]}, current_player=0
    )
    zones = state.card_zones()
    assert zones["won/0"] == [card(12), card(33)]
    assert zones["removed"] == [card(99)]
    assert state.observation(3)["score_pile_sizes"] == [2, 0, 0, 0]


def test_position_rejects_a_card_in_two_places(game: Zoomies) -> None:
    with pytest.raises(DataError, match="mirror-45"):
        game.position({**hands_of([45], [19], [72], [40]), "draw": [card(54)]}, current_player=0)


def test_move_showing_rejects_numbers_off_the_deck_and_calls_on_ordinary_cards(game: Zoomies) -> None:
    with pytest.raises(DeckgenError, match="1-99"):
        game.move_showing(100)
    with pytest.raises(DeckgenError, match="double"):
        game.move_showing(45, HIGH)


def test_observation_shows_own_hand_and_public_table(game: Zoomies) -> None:
    state = game.position(hands_of([45, 60], [22, 30], [72, 81], [40, 83]), current_player=0, points=[1, 0, 2, 0])
    play_numbers(game, state, 54, 22)
    seen = state.observation(2)
    json.dumps(seen)
    assert seen["hand"] == [card(72), card(81)]
    assert seen["hand_sizes"] == [1, 1, 2, 2]
    assert seen["goal"] == "low"
    assert seen["trick"] == [
        {"seat": 0, "card": card(45), "value": 54},
        {"seat": 1, "card": card(22), "value": 22},
    ]
    assert seen["points"] == [1, 0, 2, 0]
    assert seen["current_player"] == 2
    assert seen["removed_count"] == 0


def test_describe_move_names_cards_readings_and_goals(game: Zoomies) -> None:
    state = game.position(hands_of([45, 33], [22, 30], [72, 81], [40, 83]), current_player=0)
    assert state.describe_move(game.move_showing(45)) == "seat 0 leads 45 / 54 as 45: low wins"
    assert state.describe_move(game.move_showing(33, HIGH)) == "seat 0 leads 33 (double) and calls high"
    play_numbers(game, state, 54)
    assert state.describe_move(game.move_showing(22)) == "seat 1 plays 22 (double): the goal flips to low"
    assert state.describe_move(game.move_showing(3)) == "seat 1 plays 03 / 30 as 03"


# -- bots -------------------------------------------------------------------------------


def greedy_choice(state: ZoomiesState) -> tuple[int, int]:
    return GreedyZoomiesBot(random.Random(0), state.current_player).choose(state)


def test_greedy_behind_plays_to_win(game: Zoomies) -> None:
    state = game.position(hands_of([45], [19, 56], [72], [40]), current_player=0, round_index=2, points=[4, 0, 6, 6])
    play_numbers(game, state, 54)  # high goal
    assert greedy_choice(state) == game.move_showing(91)  # the hardest value to beat


def test_greedy_ahead_late_plays_to_lose(game: Zoomies) -> None:
    state = game.position(hands_of([45], [19, 56], [72], [40]), current_player=0, round_index=2, points=[2, 12, 3, 4])
    play_numbers(game, state, 54)
    move = greedy_choice(state)
    assert state.readings[move[0]][move[1]] < 54


def test_greedy_in_a_plain_race_plays_to_win_even_when_ahead(game: Zoomies) -> None:
    state = game.position(
        hands_of([45], [19, 56], [72], [40]), current_player=0, round_index=2, points=[2, 12, 3, 4],
        options={"second_place_wins": False},
    )
    play_numbers(game, state, 54)
    assert greedy_choice(state) == game.move_showing(91)


def test_greedy_flips_with_a_double_when_that_wins(game: Zoomies) -> None:
    state = game.position(hands_of([45], [90], [11, 56], [40]), current_player=0, round_index=2, points=[4, 6, 0, 6])
    play_numbers(game, state, 54, 90)  # high goal, 90 unbeatable by 56 or 65
    assert greedy_choice(state) == game.move_showing(11)  # flips to low: 11 is lowest


def test_greedy_leading_to_lose_calls_against_its_double(game: Zoomies) -> None:
    hands = hands_of([11, 45], [90, 12], [56, 13], [40, 14])
    state = game.position(hands, current_player=0, round_index=2, points=[12, 1, 2, 3])
    assert greedy_choice(state) == game.move_showing(11, HIGH)


def test_greedy_last_to_play_wins_with_its_least_useful_card(game: Zoomies) -> None:
    state = game.position(hands_of([45], [12], [13], [9, 46]), current_player=0, points=[0, 0, 0, 0])
    play_numbers(game, state, 54, 21, 31)  # high goal, 54 leads
    assert greedy_choice(state) == game.move_showing(64)  # 64 beats 54; keeps the strong 09/90


def test_greedy_beats_random_players(game: Zoomies) -> None:
    share = 0.0
    games = 300
    for index in range(games):
        winners = play_game(game, 4, ["greedy", "random", "random", "random"], 17, index).result().winners
        share += (0 in winners) / len(winners)
    assert share / games > 0.32


# -- replay and playouts ---------------------------------------------------------------


def test_same_seed_and_moves_replay_the_same_game(game: Zoomies) -> None:
    moves: list[object] = []
    first = play_game(game, 4, ["greedy", "random"] * 2, 9, 3, record=True, on_move=lambda s, m: moves.append(m))
    second = play_game(game, 4, ["greedy", "random"] * 2, 9, 3, record=True)
    assert first.events == second.events
    assert first.result() == second.result()
    replay = game.new_game(4, game_rngs(9, 3)[0], game.rules.resolve_options(), record=True)
    for move in moves:
        replay.play(game.move_from_json(json.loads(json.dumps(game.move_to_json(move)))))
    assert replay.events == first.events and replay.result() == first.result()
    kinds = [e["type"] for e in first.events]
    assert [kind for kind in kinds if kind != "trick"] == ["remove", "first_leader", "deal", "deal", "deal"]
    assert kinds.count("trick") == 13  # 52 cards, 4 to a trick


def test_each_trick_is_logged_with_its_winner_cards_and_goal(game: Zoomies) -> None:
    """Who took a trick, its cards and the goal that decided it are public: the log names them."""
    state = play_game(game, 4, ["random"] * 4, 5, 0, record=True)
    tricks = [e for e in state.events if e["type"] == "trick"]
    assert len(tricks) == 13 and all(len(e["cards"]) == 4 and e["goal"] in ("low", "high") for e in tricks)
    won = {seat: sorted(card for e in tricks if e["seat"] == seat for card in e["cards"]) for seat in range(4)}
    assert all(won[seat] == sorted(state.card_zones()[f"won/{seat}"]) for seat in range(4))


def test_random_playouts() -> None:
    finals = check_playouts("zoomies", 4, ["random"] * 4, games=500, seed=1)
    assert all(s.is_over and s.turns == 52 for s in finals)
    assert all(sum(s.result().scores) == 25 for s in finals)
    assert all(not s.deck and len(s.removed) == 2 for s in finals)  # 52 cards dealt exactly
    assert any(s.goal_reversals for s in finals)


def test_greedy_playouts() -> None:
    finals = check_playouts("zoomies", 4, ["greedy"] * 4, games=400, seed=2)
    assert all(s.is_over and s.turns == 52 for s in finals)


def test_mixed_playouts() -> None:
    finals = check_playouts("zoomies", 4, ["greedy", "random", "greedy", "random"], games=200, seed=3)
    assert all(s.result().finished for s in finals)


# -- random_move: the random bot's sampler --------------------------------------------------


def test_random_move_draws_uniformly_from_exactly_the_legal_moves(game: Zoomies) -> None:
    """On states reached in seeded games (leads and follows, with and without doubles in hand),
    every drawn move is legal, every legal move gets drawn, and a chi-square test accepts the
    frequencies as uniform; the same test rejects a list with one move doubled."""
    states: list[ZoomiesState] = []

    def keep(state: ZoomiesState, move: object) -> None:
        copied = copy.copy(state)
        copied.hands = [list(h) for h in state.hands]
        copied.trick_values = list(state.trick_values)
        states.append(copied)

    for index in range(6):
        play_game(game, 4, ["random"] * 4, seed=13, index=index, on_move=keep)  # type: ignore[arg-type]
    with_double = [s for s in states if s.trick_values and any(s.special[c] for c in s.hands[s.current_player])]
    assert len(with_double) >= 5 and any(not s.trick_values for s in states)
    rng = random.Random(8)
    per_move = 200
    for state in states[:40] + with_double[:10]:
        moves = state.legal_moves()
        drawn = Counter(state.random_move(rng) for _ in range(per_move * len(moves)))
        assert set(drawn) == set(moves)
        if len(moves) > 1:
            assert chisquare([drawn[m] for m in moves]).pvalue > 1e-4
    moves = max(states, key=lambda s: len(s.legal_moves())).legal_moves()
    biased = moves + [moves[0]]
    drawn = Counter(biased[int(rng.random() * len(biased))] for _ in range(per_move * len(moves)))
    assert chisquare([drawn[m] for m in moves]).pvalue < 1e-4
