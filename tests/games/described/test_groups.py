"""Plays of several cards at once (`cards:` sets and runs): which groups are legal in a
position, how they are moved and worded, what `played` counts, and the mistakes a rule file
can make in them; each a small description, a position, a move and the exact result."""

from __future__ import annotations

from typing import Any

import pytest

from deckgen.errors import DataError
from tests.games.described.test_engine_rules import described, small_play


def group_play(cards: dict[str, Any], **play: Any) -> dict[str, Any]:
    description = small_play(counters={"last": {"start": 0}})
    description["phases"]["turn"] = [{"play": {"from": "hand", "to": "table", "cards": cards,
                                               "then": [{"set": {"last": "played"}}], **play}},
                                     {"pass": {"otherwise": True}}]
    return description


def groups(state: Any) -> list[list[str]]:
    """The legal groups, each as its card ids in the order they land (top card last)."""
    ids = state.layout.card_ids
    return sorted([ids[c] for c in move[3:]] + [ids[move[1]]] for move in state.legal_moves() if move[0] == 0)


def sets(state: Any) -> set[frozenset[str]]:
    """The legal groups as sets of card ids (a set lands in the order of the cards' ints)."""
    return {frozenset(cards) for cards in groups(state)}


def test_a_set_is_every_choice_of_min_to_max_cards_of_one_value() -> None:
    game = described(group_play({"set": "card.number", "min": 2}))
    state = game.position({"hand/0": ["red-suns-1", "blue-arms-1", "red-moons-1", "red-suns-2"],
                           "hand/1": ["blue-suns-5"], "table": [], "stock": []})
    assert sets(state) == {frozenset({"blue-arms-1", "red-moons-1"}), frozenset({"blue-arms-1", "red-suns-1"}),
                           frozenset({"blue-arms-1", "red-suns-1", "red-moons-1"}),
                           frozenset({"red-suns-1", "red-moons-1"})}


def test_a_set_s_cards_each_pass_the_moves_condition_and_max_caps_it() -> None:
    game = described(group_play({"set": "card.number", "min": 1, "max": 2}, **{"if": "card.colour == red"}))
    state = game.position({"hand/0": ["red-suns-1", "blue-arms-1", "red-moons-1"],
                           "hand/1": ["blue-suns-5"], "table": [], "stock": []})
    assert sets(state) == {frozenset({"red-moons-1"}), frozenset({"red-suns-1"}),
                           frozenset({"red-suns-1", "red-moons-1"})}


def test_a_run_follows_the_values_in_a_row_within_one_suit() -> None:
    game = described(group_play({"run": "card.number", "same": "card.suit", "min": 2, "max": 3}))
    state = game.position({"hand/0": ["red-suns-3", "red-suns-1", "blue-suns-2", "red-moons-4", "blue-arms-2"],
                           "hand/1": ["blue-moons-5"], "table": [], "stock": []})
    assert groups(state) == [["blue-suns-2", "red-suns-3"], ["red-suns-1", "blue-suns-2"],
                             ["red-suns-1", "blue-suns-2", "red-suns-3"]]


def test_a_run_offers_every_card_of_a_value_held_twice() -> None:
    game = described(group_play({"run": "card.number", "min": 2, "max": 2}))
    state = game.position({"hand/0": ["red-suns-1", "blue-arms-1", "red-moons-2"],
                           "hand/1": ["blue-moons-5"], "table": [], "stock": []})
    assert groups(state) == [["blue-arms-1", "red-moons-2"], ["red-suns-1", "red-moons-2"]]


def test_a_run_of_an_attributes_values_follows_their_order_in_the_deck() -> None:
    """Colours in the deck's order (yellow, red, blue): yellow-red-blue is a run, red-yellow is not reversed."""
    game = described(group_play({"run": "card.colour", "same": "card.number", "min": 3}))
    state = game.position({"hand/0": ["blue-suns-1", "yellow-suns-1", "red-arms-1", "red-arms-2"],
                           "hand/1": ["blue-moons-5"], "table": [], "stock": []})
    assert groups(state) == [["yellow-suns-1", "red-arms-1", "blue-suns-1"]]


def test_a_group_lands_in_order_its_top_card_last_and_played_counts_it() -> None:
    game = described(group_play({"run": "card.number", "same": "card.suit", "min": 2}))
    state = game.position({"hand/0": ["red-suns-3", "red-suns-1", "blue-suns-2", "red-moons-4"],
                           "hand/1": ["blue-moons-5"], "table": ["yellow-arms-5"], "stock": []})
    move = next(m for m in state.legal_moves() if len(m) == 5)
    assert state.describe_move(move) == ("seat 0 plays the red-suns-1, the blue-suns-2 and the red-suns-3"
                                         .replace("red-suns-1", state.layout.card_names[move[3]])
                                         .replace("blue-suns-2", state.layout.card_names[move[4]])
                                         .replace("red-suns-3", state.layout.card_names[move[1]]))
    state.play(move)
    zones = state.card_zones()
    assert zones["table"] == ["yellow-arms-5", "red-suns-1", "blue-suns-2", "red-suns-3"]
    assert zones["hand/0"] == ["red-moons-4"]
    assert state.counter_values()["last"] == 3


def test_played_counts_one_for_a_single_card_and_none_for_a_pass() -> None:
    description = group_play({"set": "card.number"})
    description["phases"]["turn"].insert(0, {"play": {"from": "hand", "to": "table", "if": "card.number == 5",
                                                      "then": [{"set": {"last": "played + 10"}}]}})
    description["phases"]["turn"][-1] = {"pass": {"then": [{"set": {"last": "played + 20"}}]}}
    game = described(description)
    state = game.position({"hand/0": ["red-suns-5", "red-suns-1"], "hand/1": ["blue-moons-4"],
                           "table": [], "stock": []})
    state.play((0, state.layout.card_ids.index("red-suns-5"), -1))
    assert state.counter_values()["last"] == 11
    state.play((2, -1, -1))
    assert state.counter_values()["last"] == 20


def test_no_group_fits_min_then_the_move_is_not_offered() -> None:
    game = described(group_play({"set": "card.number", "min": 3}))
    state = game.position({"hand/0": ["red-suns-1", "blue-arms-1"], "hand/1": ["blue-moons-5"],
                           "table": [], "stock": []})
    assert state.legal_moves() == [(1, -1, -1)]


@pytest.mark.parametrize(("cards", "message"), [
    ({"set": "card.number", "run": "card.number"}, r"cards: say either set: .* not set and run"),
    ({"min": 2}, r"cards: say either set: .* not neither"),
    ({"run": "card.colour == red"}, r"cards\.run: a run needs values in a row: a number or an attribute's "
                                    r"value, not a condition"),
    ({"set": "card.number", "min": 3, "max": 2}, r"cards\.max: max 2 is below min 3"),
    ({"set": "card.number", "min": 0}, r"cards\.min: a play moves at least one card, not 0"),
    ({"set": "card.number", "size": 2},
     r"cards\.size: unknown key 'size' \(expected one of set, run, same, min, max\); if no misspelling"),
    ({"set": "card.shape"}, r"cards\.set: column \d+: .*shape"),
    ("pairs", r"cards: expected a mapping"),
])
def test_a_wrong_group_is_one_line_naming_its_field(cards: Any, message: str) -> None:
    with pytest.raises(DataError, match=r"play\.phases\.turn\.0\.play\." + message):
        described(group_play(cards))


def test_a_group_cannot_go_into_a_trick() -> None:
    description = group_play({"set": "card.number"})
    description["zones"]["won"] = {"owner": "seat"}
    description["tricks"] = {"zone": "table", "to": "won"}
    with pytest.raises(DataError, match=r"play\.phases\.turn\.0\.play\.cards: a trick takes one card from each "
                                        r"seat in turn; a set or run cannot go to table"):
        described(description)
