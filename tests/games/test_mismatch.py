"""Mismatch: the source's worked examples, every rule and ruling as a scenario, playouts."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from deckgen.bots.mismatch import GreedyMismatchBot
from deckgen.bots.registry import make_bot
from deckgen.errors import BadPosition, DataError, DeckgenError, IllegalMove, UnknownCard
from deckgen.games.building import build_engine
from deckgen.sim.play import play_game
from deckgen.games.mismatch import REVEAL, MismatchGame, MismatchState
from deckgen.model.rules import load_play_rules, load_rules
from tests.games.playout import check_playouts

SHORT_PLAYOUTS_PER_SETTING = 40
#: Long games run about 15 times as many duels; one per player count, the bots alternating.
LONG_PLAYOUT_BOTS = {2: "random", 3: "greedy", 4: "random", 5: "greedy", 6: "random"}


@pytest.fixture(scope="module")
def game() -> MismatchGame:
    return build_engine(MismatchGame, load_rules("mismatch"))


def position(game: MismatchGame, decks: list[list[str]], captured: list[list[str]] | None = None,
             **details: object) -> MismatchState:
    """A position from each seat's deck (top card first) and capture pile."""
    zones = {f"deck/{s}": deck for s, deck in enumerate(decks)}
    zones.update({f"won/{s}": pile for s, pile in enumerate(captured or [])})
    return game.position(zones, **details)  # type: ignore[arg-type]


def ids(state: MismatchState, cards: list[int]) -> list[str]:
    return [state.game.cards.ids[c] for c in cards]


def deck_ids(state: MismatchState, seat: int) -> list[str]:
    return ids(state, state.decks[seat][::-1])  # top card first


def captured_ids(state: MismatchState, seat: int) -> Counter:
    return Counter(ids(state, state.captured[seat]))


FILLER = [["red-2-clubs"], ["red-3-clubs"], ["red-4-clubs"], ["red-5-clubs"]]


# --- the source's three worked examples -------------------------------------------------


def test_example_1_red_eight_beats_blue_eight_by_the_bonus(game: MismatchGame) -> None:
    state = position(game, [["blue-8-clubs"], ["red-8-clubs"], *FILLER[:2]])
    state.apply(REVEAL)
    assert captured_ids(state, 1) == Counter(["blue-8-clubs", "red-8-clubs"])
    assert state.captured[0] == [] and not state.in_game[0]
    assert state.counters == {"duels": 1, "ties": 0}


def test_example_2_blue_queen_with_bonus_loses_to_yellow_ace(game: MismatchGame) -> None:
    state = position(game, [*FILLER[:1], ["blue-Q-clubs"], ["yellow-A-clubs"], *FILLER[1:2]], current_player=1)
    state.apply(REVEAL)
    assert captured_ids(state, 2) == Counter(["blue-Q-clubs", "yellow-A-clubs"])
    assert not state.in_game[1]


def test_example_3_tie_with_pot_and_break(game: MismatchGame) -> None:
    state = position(game, 
        [
            *FILLER[:2],
            ["red-4-clubs", "blue-6-clubs", "red-A-clubs", "yellow-7-clubs", "green-9-clubs"],
            ["green-3-clubs", "red-K-clubs", "yellow-2-clubs", "blue-8-clubs", "green-10-clubs"],
        ],
        current_player=2,
    )
    state.apply(REVEAL)
    assert captured_ids(state, 3) == Counter(
        ["red-4-clubs", "blue-6-clubs", "red-A-clubs", "yellow-7-clubs",
         "green-3-clubs", "red-K-clubs", "yellow-2-clubs", "blue-8-clubs"]
    )
    assert deck_ids(state, 2) == ["green-9-clubs"] and deck_ids(state, 3) == ["green-10-clubs"]
    assert state.counters == {"duels": 1, "ties": 1}


def test_the_three_examples_as_one_four_player_sequence(game: MismatchGame) -> None:
    state = position(game, 
        [
            ["blue-8-clubs", "green-K-clubs"],
            ["red-8-clubs", "blue-Q-clubs"],
            ["yellow-A-clubs", "red-4-clubs", "blue-6-clubs", "red-A-clubs", "yellow-7-clubs"],
            ["green-3-clubs", "red-K-clubs", "yellow-2-clubs", "blue-8-hearts", "green-2-clubs"],
        ]
    )
    for _ in range(3):
        state.apply(REVEAL)
    assert captured_ids(state, 1) == Counter(["blue-8-clubs", "red-8-clubs"])
    assert captured_ids(state, 2) == Counter(["blue-Q-clubs", "yellow-A-clubs"])
    assert len(state.captured[3]) == 8 and "blue-8-hearts" in captured_ids(state, 3)
    assert state.current_player == 3 and state.opponent() == 0
    assert state.counters == {"duels": 3, "ties": 1}


# --- card values and the colour bonus ---------------------------------------------------

COLOURS = ["red", "blue", "yellow", "green"]


@pytest.mark.parametrize("first", COLOURS)
@pytest.mark.parametrize("second", COLOURS)
def test_colour_bonus_only_against_the_next_colour(game: MismatchGame, first: str, second: str) -> None:
    suits = ("clubs", "hearts")
    state = position(game, [[f"{first}-9-{suits[0]}", "red-2-spades"], [f"{second}-9-{suits[1]}", "red-3-spades"]])
    state.apply(REVEAL)
    step = (COLOURS.index(second) - COLOURS.index(first)) % 4
    if step == 1:
        assert len(state.captured[0]) == 2 and state.ties == 0
    elif step == 3:
        assert len(state.captured[1]) == 2 and state.ties == 0
    else:
        assert state.ties == 1


def test_bonus_never_bridges_two_ranks(game: MismatchGame) -> None:
    state = position(game, [["red-7-clubs"], ["blue-9-clubs"]])
    state.apply(REVEAL)
    assert state.is_over and state.result().winners == (1,)


@pytest.mark.parametrize(
    ("card_a", "card_b", "outcome"),
    [("red-10-clubs", "red-J-clubs", "tie"), ("red-Q-clubs", "red-J-clubs", "a"), ("red-A-clubs", "red-K-clubs", "a"),
     ("red-2-clubs", "red-3-clubs", "b")],
)
def test_rank_values(game: MismatchGame, card_a: str, card_b: str, outcome: str) -> None:
    state = position(game, [[card_a, "green-2-spades"], [card_b, "green-3-spades"]])
    state.apply(REVEAL)
    if outcome == "tie":
        assert state.ties == 1
    else:
        assert state.ties == 0 and len(state.captured[0 if outcome == "a" else 1]) == 2


# --- ties ---------------------------------------------------------------------------------


def test_tie_breakers_tying_again_repeat_the_tie(game: MismatchGame) -> None:
    # Red 5s tie; the blue 9 breakers tie again; red K (12) beats green J (10 + 1 against red).
    a = ["red-5-clubs", "red-2-clubs", "red-3-clubs", "blue-9-clubs",
         "red-4-hearts", "red-6-hearts", "red-K-hearts", "red-7-spades"]
    b = ["red-5-hearts", "green-2-clubs", "green-3-clubs", "blue-9-hearts",
         "green-4-hearts", "green-6-hearts", "green-J-hearts", "green-8-spades"]
    state = position(game, [a, b])
    state.apply(REVEAL)
    assert state.ties == 2
    assert captured_ids(state, 0) == Counter(a[:7] + b[:7])
    assert deck_ids(state, 0) == ["red-7-spades"] and deck_ids(state, 1) == ["green-8-spades"]


def test_player_with_two_cards_left_puts_one_in_and_breaks_with_the_last(game: MismatchGame) -> None:
    state = position(game, 
        [
            ["red-5-clubs", "red-2-clubs", "red-A-clubs"],
            ["red-5-hearts", "green-2-clubs", "green-3-clubs", "green-4-clubs", "green-5-clubs"],
        ]
    )
    state.apply(REVEAL)
    # Seat 0 adds red 2 and breaks with red A; seat 1 adds green 2, green 3 and breaks with green 4.
    assert captured_ids(state, 0) == Counter(
        ["red-5-clubs", "red-2-clubs", "red-A-clubs", "red-5-hearts", "green-2-clubs", "green-3-clubs", "green-4-clubs"]
    )
    assert deck_ids(state, 1) == ["green-5-clubs"] and not state.is_over


def test_player_with_no_card_left_loses_the_tie_and_is_out(game: MismatchGame) -> None:
    state = position(game, [["red-5-clubs"], ["red-5-hearts", "green-2-clubs"], ["blue-2-clubs"]])
    state.apply(REVEAL)
    assert not state.in_game[0] and state.out_order == [0]
    assert captured_ids(state, 1) == Counter(["red-5-clubs", "red-5-hearts"])
    assert deck_ids(state, 1) == ["green-2-clubs"]


def test_player_whose_last_card_breaks_and_loses_is_out(game: MismatchGame) -> None:
    state = position(game, 
        [["red-5-clubs", "red-2-clubs"], ["red-5-hearts", "green-2-clubs", "green-3-clubs", "green-9-clubs"]]
    )
    state.apply(REVEAL)
    assert state.is_over and state.result().winners == (1,)
    assert len(state.captured[1]) == 6


def test_both_players_out_of_cards_in_a_tie_take_back_their_own(game: MismatchGame) -> None:
    state = position(game, [["red-5-clubs", "red-9-clubs"], ["red-5-hearts", "red-9-hearts"], ["blue-2-clubs"]])
    state.apply(REVEAL)
    assert state.ties == 2
    assert captured_ids(state, 0) == Counter(["red-5-clubs", "red-9-clubs"])
    assert captured_ids(state, 1) == Counter(["red-5-hearts", "red-9-hearts"])
    assert state.players_left == 3 and state.current_player == 1


def test_short_player_uses_capture_pile_in_a_tie(game: MismatchGame) -> None:
    state = position(game, 
        [["red-5-clubs"], ["red-5-hearts", "green-2-clubs", "green-3-clubs", "green-4-clubs"]],
        captured=[["red-A-clubs", "red-K-clubs", "red-Q-clubs"], []],
        rng=random.Random(3),
        record=True,
    )
    state.apply(REVEAL)
    reshuffles = [e for e in state.events if e["type"] == "reshuffle"]
    assert len(reshuffles) == 1 and reshuffles[0]["seat"] == 0
    assert sorted(reshuffles[0]["order"]) == ["red-A-clubs", "red-K-clubs", "red-Q-clubs"]
    assert state.ties == 1 and len(state.captured[0]) == 8  # any face card beats green 4


# --- capture piles --------------------------------------------------------------------------


def test_won_cards_go_to_the_capture_pile_not_the_deck(game: MismatchGame) -> None:
    state = position(game, [["red-K-clubs", "red-2-clubs"], ["red-3-clubs", "red-4-clubs"]])
    state.apply(REVEAL)
    assert deck_ids(state, 0) == ["red-2-clubs"]
    assert captured_ids(state, 0) == Counter(["red-K-clubs", "red-3-clubs"])


def test_empty_deck_is_refilled_from_shuffled_capture_pile(game: MismatchGame) -> None:
    pile = ["red-2-clubs", "red-3-clubs", "red-4-clubs", "red-5-clubs", "red-6-clubs"]
    state = position(game, 
        [[], ["blue-2-hearts", "blue-3-hearts"]], captured=[pile, []], rng=random.Random(5), record=True
    )
    state.apply(REVEAL)
    reshuffle, draw_a, draw_b, capture = state.events
    assert reshuffle["type"] == "reshuffle" and Counter(reshuffle["order"]) == Counter(pile)
    assert draw_a == {"type": "draw", "seat": 0, "card": reshuffle["order"][0]}
    assert draw_b == {"type": "draw", "seat": 1, "card": "blue-2-hearts"}
    # Whoever took the duel is logged with its cards: every capture pile follows from the log.
    assert capture["type"] == "capture" and capture["cards"] == [draw_a["card"], "blue-2-hearts"]
    assert sorted(state.card_zones()[f"won/{capture['seat']}"]) == sorted(capture["cards"])
    assert deck_ids(state, 0) == reshuffle["order"][1:]
    expected = random.Random(5)
    order = list(pile)
    order.sort(key=lambda _card: expected.random())
    assert reshuffle["order"] == order


def test_player_with_only_a_capture_pile_is_still_in(game: MismatchGame) -> None:
    state = position(game, [["red-2-clubs"], ["red-3-clubs"], []], captured=[[], [], ["blue-4-clubs"]])
    assert state.in_game == [True, True, True]
    state.apply(REVEAL)
    assert not state.in_game[0] and state.current_player == 1 and state.opponent() == 2


# --- rotation and elimination ----------------------------------------------------------------


def test_rotation_follows_seat_order_and_wraps(game: MismatchGame) -> None:
    rows = [[f"{colour}-{rank}-clubs" for rank in "23456"] for colour in ("red", "blue", "yellow", "green")]
    state = position(game, [rows[0], rows[1], rows[2], [f"red-{rank}-hearts" for rank in "23456"]])
    pairs = []
    for _ in range(5):
        pairs.append((state.current_player, state.opponent()))
        state.apply(REVEAL)
    assert pairs == [(0, 1), (1, 2), (2, 3), (3, 0), (0, 1)]


def test_rotation_skips_a_defender_knocked_out(game: MismatchGame) -> None:
    state = position(game, 
        [
            ["red-7-clubs", "red-2-hearts"],
            ["red-9-clubs", "red-3-hearts"],
            ["red-2-clubs"],
            ["red-8-clubs", "red-4-hearts"],
        ],
        current_player=1,
    )
    pairs = []
    for _ in range(4):
        pairs.append((state.current_player, state.opponent()))
        state.apply(REVEAL)
        if state.is_over:
            break
    assert pairs[0] == (1, 2) and state.out_order[0] == 2
    assert pairs[1:4] == [(3, 0), (0, 1), (1, 3)]


def test_rotation_after_the_challenger_is_knocked_out(game: MismatchGame) -> None:
    state = position(game, [["red-7-clubs"], ["red-2-clubs"], ["red-9-clubs"], ["red-8-clubs"]], current_player=1)
    state.apply(REVEAL)
    assert state.out_order == [1]
    assert (state.current_player, state.opponent()) == (2, 3)


def test_last_player_with_cards_wins(game: MismatchGame) -> None:
    state = position(game, [["red-9-clubs", "red-10-clubs"], ["red-2-clubs"], []], captured=[[], [], ["red-3-clubs"]])
    state.apply(REVEAL)
    assert not state.is_over and (state.current_player, state.opponent()) == (2, 0)
    state.apply(REVEAL)
    assert state.is_over
    result = state.result()
    assert result.finished and result.winners == (0,)
    assert result.ranking == (0, 2, 1)
    assert result.scores == (4.0, 0.0, 0.0) and result.turns == 2
    assert state.legal_moves() == []
    with pytest.raises(IllegalMove):
        state.play(REVEAL)


def test_unfinished_game_has_no_winner(game: MismatchGame) -> None:
    state = position(game, [["red-9-clubs", "red-3-hearts"], ["red-2-clubs", "red-4-hearts"]])
    state.apply(REVEAL)
    result = state.result()
    assert not result.finished and result.winners == ()
    assert result.ranking == (0, 1) and result.scores == (3.0, 1.0)


def test_turn_cap_leaves_the_game_unfinished(game: MismatchGame) -> None:
    capped = build_engine(MismatchGame, load_play_rules(game.rules.id).model_copy(update={"turn_cap": 5}))
    state = play_game(capped, 4, ["greedy"] * 4, seed=2)
    assert state.turns == 5 and not state.is_over
    assert state.result().finished is False and state.result().winners == ()


# --- setup ------------------------------------------------------------------------------------


@pytest.mark.parametrize("length", ["short", "long"])
@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6])
def test_deal_follows_the_rule_data(game: MismatchGame, n_players: int, length: str) -> None:
    state = game.new_game(n_players, random.Random(n_players), {"length": length})
    if length == "short":
        hand, removed = game.rules.setup_for(n_players).hand_size, game.rules.setup_for(n_players).removed
    else:
        long_game = game.rules.params["long_game"]
        hand, removed = long_game["hand_size"][n_players], long_game["removed"][n_players]
    assert [len(d) for d in state.decks] == [hand] * n_players
    assert len(state.removed) == removed
    dealt = [c for zone in state.card_zones().values() for c in zone]
    assert len(dealt) == len(set(dealt)) == (52 if length == "short" else 208)
    if length == "short":
        cards = [game.deck.cards[game.cards.index_of(c)] for c in dealt]
        assert {c.attrs["suit"] for c in cards} == {game.rules.params["short_game_suit"]}
        assert Counter(c.attrs["colour"] for c in cards) == Counter({colour: 13 for colour in COLOURS})
    assert state.current_player == 0 and state.opponent() == 1


def test_short_is_the_default_length(game: MismatchGame) -> None:
    assert game.rules.resolve_options()["length"] == "short"
    with pytest.raises(DeckgenError):
        game.rules.resolve_options({"length": "medium"})


@pytest.mark.parametrize("n_players", [1, 7])
def test_player_count_outside_2_to_6_is_refused(game: MismatchGame, n_players: int) -> None:
    with pytest.raises(DeckgenError):
        game.new_game(n_players, random.Random(0), {"length": "short"})


def test_deal_table_that_does_not_add_up_is_a_data_error(game: MismatchGame) -> None:
    params = dict(game.rules.params)
    params["long_game"] = {**params["long_game"], "removed": {**params["long_game"]["removed"], 5: 2}}
    with pytest.raises(DataError, match=r"params.long_game.hand_size.5: 5 x 41 \+ 2 removed"):
        build_engine(MismatchGame, load_play_rules(game.rules.id).model_copy(update={"params": params}))


def test_position_without_any_cards_is_refused(game: MismatchGame) -> None:
    with pytest.raises(BadPosition, match="at least one seat"):
        position(game, [[], []])


def test_unknown_card_in_a_position_is_named(game: MismatchGame) -> None:
    with pytest.raises(UnknownCard, match="purple-2-clubs"):
        position(game, [["purple-2-clubs"], ["red-2-clubs"]])


# --- contract: recording, replay, observation, transcripts, bots --------------------------------


def test_recorded_deal_and_replay_reproduce_events_and_result(game: MismatchGame) -> None:
    first = play_game(game, 3, ["random"] * 3, seed=9, record=True)
    second = play_game(game, 3, ["greedy"] * 3, seed=9, record=True)
    deal = first.events[0]
    assert deal["type"] == "deal" and [len(h) for h in deal["hands"]] == [17, 17, 17] and len(deal["removed"]) == 1
    assert first.events == second.events
    assert first.result() == second.result()
    assert json.dumps(first.events)
    unrecorded = play_game(game, 3, ["random"] * 3, seed=9)
    assert unrecorded.events is None and unrecorded.result() == first.result()


def test_observation_shows_counts_and_own_capture_pile_only(game: MismatchGame) -> None:
    state = position(game, [["red-K-clubs", "red-2-clubs"], ["red-3-clubs", "red-4-clubs"], ["blue-5-clubs"]])
    state.apply(REVEAL)
    seen = state.observation(0)
    assert json.loads(json.dumps(seen)) == seen
    assert seen["next_duel"] == [1, 2]
    assert seen["own_captured"] == ["red-K-clubs", "red-3-clubs"]
    assert seen["players"][0] == {"seat": 0, "in_game": True, "deck": 1, "captured": 2}
    assert state.observation(1)["own_captured"] == []
    assert "red-2-clubs" not in json.dumps(state.observation(1))


def test_describe_move_names_the_cards(game: MismatchGame) -> None:
    state = position(game, [["blue-8-clubs"], ["red-8-clubs"]])
    assert state.describe_move(REVEAL) == "seat 0 turns up Blue 8 of Clubs against seat 1's Red 8 of Clubs"
    empty = position(game, [[], ["red-8-clubs"]], captured=[["blue-8-clubs"], []])
    assert "capture pile" in empty.describe_move(REVEAL)


def test_both_bots_play_the_only_move(game: MismatchGame) -> None:
    state = game.new_game(4, random.Random(1), {"length": "short"})
    assert state.legal_moves() == [REVEAL]
    assert GreedyMismatchBot(random.Random(0), 0).choose(state) == REVEAL
    assert make_bot("mismatch", "random", random.Random(0), 0).choose(state) == REVEAL


# --- seeded playouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("bot", ["random", "greedy"])
@pytest.mark.parametrize("n_players", [2, 3, 4, 5, 6])
def test_short_game_playouts(n_players: int, bot: str) -> None:
    finals = check_playouts("mismatch", n_players, [bot] * n_players, SHORT_PLAYOUTS_PER_SETTING, seed=n_players,
                            options={"length": "short"})
    assert all(s.result().finished for s in finals)
    for state in finals:
        result = state.result()
        assert result.scores[result.winners[0]] == 52 - len(state.removed)
        assert result.counters["duels"] == result.turns


@pytest.mark.parametrize(("n_players", "bot"), LONG_PLAYOUT_BOTS.items())
def test_long_game_playouts(n_players: int, bot: str) -> None:
    finals = check_playouts("mismatch", n_players, [bot] * n_players, 1, seed=100 + n_players,
                            options={"length": "long"})
    for state in finals:
        result = state.result()
        if result.finished:
            assert result.scores[result.winners[0]] == 208 - len(state.removed)
        else:
            assert result.winners == () and result.turns == state.game.rules.turn_cap
