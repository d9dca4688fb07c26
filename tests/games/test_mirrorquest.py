"""Mirrorquest: scenario tests for every rule, ruling and FAQ answer, plus seeded playouts."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckgen.bots.mirrorquest import GreedyBot
from deckgen.errors import DeckgenError
from deckgen.errors import BadPlayerCount, IllegalMove
from deckgen.games.registry import get_game
from deckgen.sim.play import game_rngs, play_game
from deckgen.games.mirrorquest import (
    DRAW_MOVE,
    PHASE_NAMES,
    PASS_MOVE,
    PICKUP,
    PLAY,
    WILD,
    Mirrorquest,
    MirrorquestState,
)
from deckgen.model.rules import load_rules
from deckgen.sim.contract import zone_multiset
from tests.games.playout import check_playouts

RED, GREEN, BLUE, YELLOW = 0, 1, 2, 3
TOP = "red-deer-winterwoods"


@pytest.fixture(scope="module")
def game() -> Mirrorquest:
    engine = get_game("mirrorquest")
    assert isinstance(engine, Mirrorquest)
    return engine


def idx(game: Mirrorquest, card_id: str) -> int:
    return game.table.index[card_id]


def play(game: Mirrorquest, last: str, *others: str, reverses: int = 0, skips: int = 0) -> tuple[int, ...]:
    """The move playing `others` then `last` (on top) with the given effect counts."""
    return (PLAY, reverses, skips, idx(game, last), *sorted(idx(game, c) for c in others))


def wild(game: Mirrorquest, card_id: str) -> tuple[int, ...]:
    return (WILD, idx(game, card_id))


def pickup(game: Mirrorquest, card_id: str, colour: int) -> tuple[int, ...]:
    return (PICKUP, idx(game, card_id), colour)


def at(
    game: Mirrorquest,
    hands: list[list[str] | None],
    mirrorcard: str = TOP,
    filler: int = 2,
    **kwargs: object,
) -> MirrorquestState:
    """A position; each None hand gets `filler` picture cards used nowhere else in it."""
    used = {mirrorcard, kwargs.get("drawn")}
    for key in ("draw_pile", "discards"):
        used.update(kwargs.get(key, ()))  # type: ignore[arg-type]
    for hand in hands:
        used.update(hand or ())
    spare = iter(c for c in reversed(game.table.ids[:64]) if c not in used)
    full = [hand if hand is not None else [next(spare) for _ in range(filler)] for hand in hands]
    cards = [c for hand in full for c in hand] + [mirrorcard]
    cards += list(kwargs.get("draw_pile", ())) + list(kwargs.get("discards", ()))  # type: ignore[call-overload]
    assert len(cards) == len(set(cards)), "a card appears twice in the position"
    zones = {f"hand/{s}": hand for s, hand in enumerate(full)}
    zones["draw"] = list(reversed(list(kwargs.pop("draw_pile", ()))))  # type: ignore[call-overload]
    zones["discard"] = [*kwargs.pop("discards", ()), mirrorcard]  # type: ignore[misc]
    if "current" in kwargs:
        kwargs["current_player"] = kwargs.pop("current")
    return game.position(zones, **kwargs)  # type: ignore[arg-type]


# -- data and setup ---------------------------------------------------------------------


def test_registered_under_its_id_and_alias() -> None:
    assert isinstance(get_game("mirrorquest"), Mirrorquest)
    assert isinstance(get_game("mq"), Mirrorquest)


def test_rule_data_numbers_and_quickref() -> None:
    rules = load_rules("mirrorquest")
    assert (rules.players.min, rules.players.max) == (2, 8)
    assert rules.setup[2].hand_size == 12
    assert all(rules.setup[n].hand_size == 8 for n in range(3, 9))
    assert rules.options["call_miss_rate"].default == 0.0
    assert rules.params["first_seat"] == 0
    assert rules.params["colour_match_cards"] == 1
    assert rules.params["catch_up_min_cards"] == 2
    assert rules.quickref is not None
    for lines in (rules.quickref.turn, rules.quickref.legal_plays, rules.quickref.special, rules.quickref.scoring):
        assert 1 <= len(lines) <= 6
        assert all(len(line) <= 60 for line in lines)
    assert len(rules.rulings) >= 20


@pytest.mark.parametrize("players, hand", [(2, 12), (3, 8), (5, 8), (8, 8)])
def test_deal_uses_hand_sizes_from_rule_data(game: Mirrorquest, players: int, hand: int) -> None:
    state = game.new_game(players, random.Random(players), game.rules.resolve_options())
    assert state.counts == [hand] * players
    assert len(state.pile) == 76 - players * hand - 1
    assert state.current_player == 0 and state.direction == 1
    assert game.table.kind[state.top] == 0  # a picture card
    assert sorted(zone_multiset(state).values()) == [1] * 76


def test_bad_player_count_is_a_user_error(game: Mirrorquest) -> None:
    with pytest.raises(BadPlayerCount, match=r"game mirrorquest: 9 players not allowed \(allowed: 2-8\)"):
        game.new_game(9, random.Random(1), game.rules.resolve_options())


def test_first_wildcard_goes_back_into_the_middle(game: Mirrorquest) -> None:
    for seed in range(400):
        state = game.new_game(4, random.Random(seed), game.rules.resolve_options(), record=True)
        deal = state.events[0]  # type: ignore[index]
        if deal["wildcards_returned"]:
            break
    else:
        pytest.fail("no seed turned up a wildcard first")
    assert deal["type"] == "deal" and deal["mirrorcard"] == game.table.ids[state.top]
    pile_size = len(state.pile)
    for card_id in deal["wildcards_returned"]:
        position = state.pile.index(idx(game, card_id))
        assert pile_size // 4 <= position <= 3 * pile_size // 4
    assert game.table.kind[state.top] == 0


# -- colour, symbol and location matches --------------------------------------------------


def test_colour_match_is_exactly_one_card(game: Mirrorquest) -> None:
    state = at(game, [["red-owl-moonlake", "red-fox-emberpeak", "blue-hare-mistvale"], None])
    assert set(state.legal_moves()) == {
        play(game, "red-owl-moonlake"),
        play(game, "red-fox-emberpeak"),
        DRAW_MOVE,
    }


def test_after_a_reshuffle_a_colour_match_may_hold_several_cards(game: Mirrorquest) -> None:
    hand = ["red-owl-moonlake", "red-fox-emberpeak", "blue-hare-mistvale"]
    state = at(game, [hand, None], reshuffled=True)
    assert set(state.legal_moves()) == {
        play(game, "red-owl-moonlake"),
        play(game, "red-fox-emberpeak"),
        play(game, "red-owl-moonlake", "red-fox-emberpeak"),
        play(game, "red-fox-emberpeak", "red-owl-moonlake"),
        DRAW_MOVE,
    }


def test_symbol_match_any_number_in_chosen_order(game: Mirrorquest) -> None:
    hand = ["blue-deer-moonlake", "green-deer-emberpeak", "yellow-hare-mistvale"]
    state = at(game, [hand, None], discards=["blue-fox-mistvale"])
    assert set(state.legal_moves()) == {
        play(game, "blue-deer-moonlake"),
        play(game, "green-deer-emberpeak"),
        play(game, "blue-deer-moonlake", "green-deer-emberpeak"),
        play(game, "green-deer-emberpeak", "blue-deer-moonlake"),
        DRAW_MOVE,
    }
    state.play(play(game, "blue-deer-moonlake", "green-deer-emberpeak"))
    assert state.discard == [idx(game, c) for c in ("blue-fox-mistvale", TOP, "green-deer-emberpeak", "blue-deer-moonlake")]
    assert state.hand_ids(0) == ["yellow-hare-mistvale"]
    assert (state.current_player, state.turns, state.top_symbol) == (1, 1, game.table.symbol[idx(game, TOP)])


def test_location_match_offers_effect_counts_per_card(game: Mirrorquest) -> None:
    hand = ["green-owl-winterwoods", "blue-fox-winterwoods", "yellow-hare-mistvale"]
    moves = at(game, [hand, None]).legal_moves()
    singles = [m for m in moves if m[0] == PLAY and len(m) == 4]
    pairs = [m for m in moves if m[0] == PLAY and len(m) == 5]
    # one card: none, reverse or skip; two cards: (reverses, skips) with reverses + skips <= 2
    assert len(singles) == 2 * 3 and len(pairs) == 2 * 6 and len(moves) == 19
    assert {(m[1], m[2]) for m in pairs} == {(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (2, 0)}


def test_symbol_match_has_no_effects_and_double_matches_are_listed_once(game: Mirrorquest) -> None:
    # blue-deer-winterwoods matches symbol and location: listed once per effect choice
    moves = at(game, [["blue-deer-winterwoods", "green-deer-moonlake"], None]).legal_moves()
    assert len(moves) == len(set(moves))
    effects_of_green = {(m[1], m[2]) for m in moves if m[0] == PLAY and m[3] == idx(game, "green-deer-moonlake")}
    assert effects_of_green == {(0, 0)}
    blue = idx(game, "blue-deer-winterwoods")
    assert sorted((m[1], m[2]) for m in moves if len(m) == 4 and m[3] == blue) == [(0, 0), (0, 1), (1, 0)]


@pytest.mark.parametrize(
    "reverses, skips, next_seat, direction",
    [(0, 0, 1, 1), (0, 1, 2, 1), (0, 2, 3, 1), (1, 0, 3, -1), (1, 1, 2, -1), (2, 0, 1, 1), (1, 2, 1, -1), (0, 3, 0, 1)],
)
def test_location_effects_with_four_players(
    game: Mirrorquest, reverses: int, skips: int, next_seat: int, direction: int
) -> None:
    hand = ["green-owl-winterwoods", "blue-fox-winterwoods", "yellow-hare-winterwoods", "red-hare-mistvale"]
    state = at(game, [hand, None, None, None])
    state.play(play(game, "yellow-hare-winterwoods", "green-owl-winterwoods", "blue-fox-winterwoods",
                    reverses=reverses, skips=skips))
    assert (state.current_player, state.direction) == (next_seat, direction)


def test_reverse_changes_direction_from_an_anticlockwise_start(game: Mirrorquest) -> None:
    state = at(game, [None, ["green-owl-winterwoods", "red-hare-mistvale"], None], current=1, direction=-1)
    state.play(play(game, "green-owl-winterwoods", reverses=1))
    assert (state.current_player, state.direction) == (2, 1)


def test_faq_two_skips_with_three_players_come_back_to_you(game: Mirrorquest) -> None:
    hand = ["green-owl-winterwoods", "blue-fox-winterwoods", "red-hare-mistvale"]
    state = at(game, [hand, None, None])
    state.play(play(game, "blue-fox-winterwoods", "green-owl-winterwoods", skips=2))
    assert (state.current_player, state.turns) == (0, 1)


def test_two_players_reverse_keeps_the_opponent_next_and_skip_returns(game: Mirrorquest) -> None:
    hand = ["green-owl-winterwoods", "blue-fox-winterwoods", "red-hare-mistvale"]
    state = at(game, [hand, None])
    state.play(play(game, "green-owl-winterwoods", reverses=1))
    assert (state.current_player, state.direction) == (1, -1)
    state = at(game, [hand, None])
    state.play(play(game, "green-owl-winterwoods", skips=1))
    assert state.current_player == 0


def test_effects_only_for_location_matches(game: Mirrorquest) -> None:
    state = at(game, [["blue-deer-moonlake", "red-hare-mistvale"], None])
    with pytest.raises(IllegalMove):
        state.play(play(game, "blue-deer-moonlake", skips=1))


# -- drawing and passing ----------------------------------------------------------------


def test_draw_allowed_with_a_playable_card_then_one_play_or_pass(game: Mirrorquest) -> None:
    state = at(game, [["red-owl-moonlake"], None], draw_pile=["blue-fox-emberpeak", "green-fox-moonlake"])
    assert DRAW_MOVE in state.legal_moves()
    state.play(DRAW_MOVE)
    assert state.hand_ids(0) == ["red-owl-moonlake", "blue-fox-emberpeak"]
    assert state.current_player == 0 and state.turns == 0
    assert set(state.legal_moves()) == {play(game, "red-owl-moonlake"), PASS_MOVE}
    state.play(PASS_MOVE)
    assert (state.current_player, state.turns, state.counts[0]) == (1, 1, 2)


def test_a_player_who_cannot_play_must_draw(game: Mirrorquest) -> None:
    state = at(game, [["blue-owl-moonlake"], None], draw_pile=["blue-deer-emberpeak"])
    assert state.legal_moves() == [DRAW_MOVE]
    state.play(DRAW_MOVE)
    assert set(state.legal_moves()) == {play(game, "blue-deer-emberpeak"), PASS_MOVE}
    state.play(play(game, "blue-deer-emberpeak"))
    assert (state.current_player, game.table.ids[state.top]) == (1, "blue-deer-emberpeak")


def test_at_most_one_draw_per_turn(game: Mirrorquest) -> None:
    state = at(game, [["blue-owl-moonlake"], None], draw_pile=["blue-hare-emberpeak", "green-fox-moonlake"])
    state.play(DRAW_MOVE)
    assert state.legal_moves() == [PASS_MOVE]
    with pytest.raises(IllegalMove):
        state.play(DRAW_MOVE)


# -- regular wildcards --------------------------------------------------------------------


def test_regular_wildcard_owes_exactly_one_card_of_any_kind(game: Mirrorquest) -> None:
    hand = ["wild-1", "green-owl-moonlake", "blue-owl-moonlake", "pickup2-1"]
    state = at(game, [hand, None])
    state.play(wild(game, "wild-1"))
    assert (state.current_player, state.top_kind, state.owed) == (0, 1, 1)
    expected = {play(game, "green-owl-moonlake"), play(game, "blue-owl-moonlake")}
    expected |= {pickup(game, "pickup2-1", c) for c in range(4)}
    moves = state.legal_moves()
    assert set(moves) == expected and len(moves) == len(expected)  # no set, no effect, no draw
    state.play(play(game, "blue-owl-moonlake"))
    assert (state.current_player, state.direction, state.wild_chains) == (1, 1, 1)


def test_faq_one_card_after_a_wildcard_even_with_a_matching_set(game: Mirrorquest) -> None:
    state = at(game, [["wild-1", "green-owl-moonlake", "blue-owl-moonlake", "red-hare-mistvale"], None])
    state.play(wild(game, "wild-1"))
    with pytest.raises(IllegalMove):
        state.play(play(game, "blue-owl-moonlake", "green-owl-moonlake"))


def test_wildcard_after_wildcard_continues_the_chain(game: Mirrorquest) -> None:
    state = at(game, [["wild-1", "wild-2", "blue-owl-moonlake", "red-hare-mistvale"], None])
    state.play(wild(game, "wild-1"))
    state.play(wild(game, "wild-2"))
    assert (state.current_player, state.owed, state.counts[0]) == (0, 1, 2)
    state.play(play(game, "blue-owl-moonlake"))
    assert state.current_player == 1
    assert state.counters == {"reshuffles": 0, "pickups": 0, "wild_chains": 1}


def test_a_wildcard_on_top_accepts_any_card(game: Mirrorquest) -> None:
    state = at(game, [["blue-owl-moonlake", "green-fox-mistvale"], None], mirrorcard="wild-3")
    assert set(state.legal_moves()) == {
        play(game, "blue-owl-moonlake"),
        play(game, "green-fox-mistvale"),
        DRAW_MOVE,
    }


def test_going_out_on_a_wildcard_wins(game: Mirrorquest) -> None:
    state = at(game, [["wild-1"], None])
    state.play(wild(game, "wild-1"))
    assert state.is_over and state.winner == 0
    assert state.wild_chains == 0  # nothing followed the wildcard


def test_wildcards_are_always_playable(game: Mirrorquest) -> None:
    moves = at(game, [["wild-2", "pickup4-1", "blue-owl-moonlake"], None]).legal_moves()
    assert wild(game, "wild-2") in moves
    assert all(pickup(game, "pickup4-1", c) in moves for c in range(4))


# -- pickup wildcards ---------------------------------------------------------------------


def test_pickup_ends_turn_and_next_player_draws_first(game: Mirrorquest) -> None:
    pile = ["green-fox-moonlake", "yellow-deer-emberpeak", "red-owl-mistvale"]
    state = at(game, [["pickup2-1", "red-hare-mistvale"], ["blue-owl-moonlake"], None], draw_pile=pile, record=True)
    state.play(pickup(game, "pickup2-1", BLUE))
    assert (state.current_player, state.turns, state.declared, state.pickups) == (1, 1, BLUE, 1)
    assert sorted(state.hand_ids(1)) == ["blue-owl-moonlake", "green-fox-moonlake", "yellow-deer-emberpeak"]
    assert state.events == [
        {"type": "draw", "seat": 1, "card": "green-fox-moonlake", "reason": "pickup"},
        {"type": "draw", "seat": 1, "card": "yellow-deer-emberpeak", "reason": "pickup"},
    ]
    assert state.observation(1)["phase"] == "forced"


def test_forced_answers_colour_wildcard_catch_up_or_draw(game: Mirrorquest) -> None:
    hand = ["blue-deer-winterwoods", "red-deer-moonlake", "green-owl-winterwoods", "yellow-hare-mistvale", "wild-2"]
    state = at(game, [None, hand], mirrorcard="pickup4-1", declared="blue", current=1, phase="forced")
    moves = state.legal_moves()
    assert set(moves) == {
        play(game, "blue-deer-winterwoods"),
        play(game, "blue-deer-winterwoods", "red-deer-moonlake"),
        play(game, "blue-deer-winterwoods", "green-owl-winterwoods"),
        wild(game, "wild-2"),
        DRAW_MOVE,
    }
    assert len(moves) == 5


def test_catch_up_set_puts_the_declared_colour_last_without_effects(game: Mirrorquest) -> None:
    hand = ["blue-deer-winterwoods", "red-deer-moonlake", "yellow-deer-mistvale", "green-owl-emberpeak"]
    state = at(game, [None, hand, None], mirrorcard="pickup2-1", declared="blue", current=1, phase="forced")
    with pytest.raises(IllegalMove):  # the declared colour must go on top
        state.play(play(game, "red-deer-moonlake", "blue-deer-winterwoods"))
    state.play(play(game, "blue-deer-winterwoods", "red-deer-moonlake", "yellow-deer-mistvale"))
    assert game.table.ids[state.top] == "blue-deer-winterwoods"
    assert (state.current_player, state.direction, state.declared) == (2, 1, -1)
    assert state.hand_ids(1) == ["green-owl-emberpeak"]


def test_catch_up_needs_two_cards_and_the_declared_colour(game: Mirrorquest) -> None:
    hand = ["red-deer-moonlake", "yellow-deer-mistvale", "blue-owl-emberpeak"]
    state = at(game, [None, hand], mirrorcard="pickup2-1", declared="green", current=1, phase="forced")
    assert state.legal_moves() == [DRAW_MOVE]


def test_faq_pickup_is_drawn_before_answering_with_a_pickup(game: Mirrorquest) -> None:
    pile = ["green-fox-moonlake", "yellow-deer-emberpeak", "red-owl-mistvale", "blue-owl-mistvale", "red-fox-moonlake"]
    state = at(game, [["pickup4-1", "red-hare-mistvale"], ["pickup2-2"], ["blue-hare-moonlake"]], draw_pile=pile)
    state.play(pickup(game, "pickup4-1", GREEN))
    assert state.counts[1] == 5 and pickup(game, "pickup2-2", RED) in state.legal_moves()
    state.play(pickup(game, "pickup2-2", RED))
    # amounts never stack: the +2 on the +4 makes seat 2 draw 2, not 6
    assert (state.current_player, state.counts[2], state.declared, state.pickups) == (2, 3, RED, 2)


def test_forced_draw_then_only_the_drawn_card_if_it_answers(game: Mirrorquest) -> None:
    hand = ["red-owl-moonlake"]
    state = at(game, [None, hand, None], mirrorcard="pickup2-1", declared="blue", current=1, phase="forced",
               draw_pile=["blue-fox-emberpeak"])
    state.play(DRAW_MOVE)
    assert set(state.legal_moves()) == {play(game, "blue-fox-emberpeak"), PASS_MOVE}
    state = at(game, [None, hand, None], mirrorcard="pickup2-1", declared="blue", current=1, phase="forced",
               draw_pile=["red-fox-emberpeak"])
    state.play(DRAW_MOVE)
    assert state.legal_moves() == [PASS_MOVE]


def test_a_voluntary_draw_when_forced_leaves_every_answer_open(game: Mirrorquest) -> None:
    """Drawing instead of answering although the hand could: then any answer, or a pass,
    as on a normal turn after a draw (not only the drawn card)."""
    hand = ["blue-owl-moonlake", "blue-hare-moonlake", "red-hare-mistvale"]
    state = at(game, [None, hand, None], mirrorcard="pickup2-1", declared="blue", current=1, phase="forced",
               draw_pile=["wild-4"])
    assert DRAW_MOVE in state.legal_moves()
    state.play(DRAW_MOVE)
    assert state.phase == PHASE_NAMES.index("answer_after_draw")
    assert set(state.legal_moves()) == {
        play(game, "blue-owl-moonlake"), play(game, "blue-hare-moonlake"),
        play(game, "blue-owl-moonlake", "blue-hare-moonlake"), play(game, "blue-hare-moonlake", "blue-owl-moonlake"),
        play(game, "blue-hare-moonlake", "red-hare-mistvale"),  # catch-up sets by location and by symbol
        wild(game, "wild-4"), PASS_MOVE,
    }
    state.play(play(game, "blue-owl-moonlake"))  # an answer with a card held before the draw
    assert state.current_player == 2 and state.phase == PHASE_NAMES.index("normal")
    assert sorted(state.hand_ids(1)) == ["blue-hare-moonlake", "red-hare-mistvale", "wild-4"]


def test_a_voluntary_draw_when_forced_may_end_in_a_pass(game: Mirrorquest) -> None:
    state = at(game, [None, ["blue-owl-moonlake", "red-hare-mistvale"], None], mirrorcard="pickup2-1",
               declared="blue", current=1, phase="forced", draw_pile=["green-fox-emberpeak"])
    state.play(DRAW_MOVE)
    state.play(PASS_MOVE)
    assert state.current_player == 2
    assert sorted(state.hand_ids(1)) == ["blue-owl-moonlake", "green-fox-emberpeak", "red-hare-mistvale"]


def test_after_a_failed_answer_the_next_player_follows_the_colour_without_pickup(game: Mirrorquest) -> None:
    follower = ["blue-deer-moonlake", "red-deer-mistvale", "green-owl-emberpeak"]
    state = at(game, [None, ["red-owl-moonlake"], follower], mirrorcard="pickup2-1", declared="blue",
               current=1, phase="forced", draw_pile=["red-fox-emberpeak", "yellow-fox-emberpeak"])
    state.play(DRAW_MOVE)
    state.play(PASS_MOVE)
    assert (state.current_player, state.counts[2], state.observation(2)["phase"]) == (2, 3, "normal")
    assert state.observation(2)["declared_colour"] == "blue"
    # one card of the declared colour or a draw; no catch-up set
    assert set(state.legal_moves()) == {play(game, "blue-deer-moonlake"), DRAW_MOVE}


def test_pickup_as_last_card_wins_without_a_pickup(game: Mirrorquest) -> None:
    state = at(game, [["pickup4-2"], ["blue-owl-moonlake"]], draw_pile=["red-fox-emberpeak"])
    state.play(pickup(game, "pickup4-2", RED))
    assert state.is_over and state.winner == 0 and state.counts[1] == 1 and state.pickups == 0


# -- reshuffling ----------------------------------------------------------------------------


def test_empty_pile_reshuffles_discards_under_the_mirrorcard(game: Mirrorquest) -> None:
    discards = ["blue-owl-moonlake", "green-fox-emberpeak", "yellow-hare-mistvale"]
    state = at(game, [["blue-hare-moonlake"], None], discards=discards, record=True)
    state.play(DRAW_MOVE)
    assert state.reshuffled and state.reshuffles == 1
    assert state.discard == [idx(game, TOP)]
    drawn = state.hand_ids(0)
    drawn.remove("blue-hare-moonlake")
    assert sorted(drawn + [game.table.ids[c] for c in state.pile]) == sorted(discards)
    assert state.events[0] == {"type": "reshuffle", "cards": 3}  # type: ignore[index]
    assert state.colour_set_limit() > 1


def test_nothing_left_to_draw_skips_the_draw(game: Mirrorquest) -> None:
    state = at(game, [["blue-hare-moonlake"], None])
    state.play(DRAW_MOVE)
    assert state.counts[0] == 1 and state.reshuffles == 0
    assert state.legal_moves() == [PASS_MOVE]


def test_a_pickup_takes_only_the_cards_that_exist(game: Mirrorquest) -> None:
    state = at(game, [["pickup4-1", "red-hare-mistvale"], ["blue-owl-moonlake"]], draw_pile=["green-fox-moonlake"],
               discards=["yellow-owl-emberpeak"])
    state.play(pickup(game, "pickup4-1", RED))
    # one from the pile, then the two cards under the new Mirrorcard after a reshuffle
    assert state.counts[1] == 4 and state.reshuffles == 1
    assert state.discard == [idx(game, "pickup4-1")] and state.pile == []


# -- calling your name ----------------------------------------------------------------------

CALLED = {"call_miss_rate": 1.0}


def test_caught_with_one_card_draws_a_penalty_and_the_turn_ends(game: Mirrorquest) -> None:
    state = at(game, [["red-owl-moonlake", "blue-hare-mistvale"], None], draw_pile=["green-fox-emberpeak"],
               options=CALLED, record=True)
    state.play(play(game, "red-owl-moonlake"))
    assert state.hand_ids(0) == ["green-fox-emberpeak", "blue-hare-mistvale"]
    assert state.current_player == 1
    assert state.events == [
        {"type": "called", "seat": 0},
        {"type": "draw", "seat": 0, "card": "green-fox-emberpeak", "reason": "penalty"},
    ]


def test_no_penalty_when_nobody_calls_first(game: Mirrorquest) -> None:
    state = at(game, [["red-owl-moonlake", "blue-hare-mistvale"], None], draw_pile=["green-fox-emberpeak"])
    state.play(play(game, "red-owl-moonlake"))
    assert state.counts[0] == 1 and len(state.pile) == 1


def test_penalty_after_a_pickup_comes_before_the_next_players_pickup(game: Mirrorquest) -> None:
    pile = ["green-fox-emberpeak", "yellow-deer-moonlake", "red-owl-mistvale"]
    state = at(game, [["pickup2-1", "blue-hare-mistvale"], ["blue-owl-moonlake"]], draw_pile=pile, options=CALLED)
    state.play(pickup(game, "pickup2-1", BLUE))
    assert sorted(state.hand_ids(0)) == ["blue-hare-mistvale", "green-fox-emberpeak"]
    assert sorted(state.hand_ids(1)) == ["blue-owl-moonlake", "red-owl-mistvale", "yellow-deer-moonlake"]
    assert state.current_player == 1


def test_penalty_after_a_wildcard_then_the_owed_card(game: Mirrorquest) -> None:
    state = at(game, [["wild-1", "blue-hare-mistvale"], None], draw_pile=["green-fox-emberpeak"], options=CALLED)
    state.play(wild(game, "wild-1"))
    assert (state.current_player, state.counts[0], state.owed) == (0, 2, 1)
    assert set(state.legal_moves()) == {play(game, "green-fox-emberpeak"), play(game, "blue-hare-mistvale")}


def test_a_multi_card_play_leaving_one_card_must_be_called(game: Mirrorquest) -> None:
    hand = ["blue-deer-moonlake", "green-deer-emberpeak", "yellow-hare-mistvale"]
    state = at(game, [hand, None], draw_pile=["green-fox-emberpeak"], options=CALLED)
    state.play(play(game, "blue-deer-moonlake", "green-deer-emberpeak"))
    assert state.hand_ids(0) == ["green-fox-emberpeak", "yellow-hare-mistvale"]


def test_going_out_with_several_cards_needs_no_call(game: Mirrorquest) -> None:
    state = at(game, [["blue-deer-moonlake", "green-deer-emberpeak"], None], draw_pile=["green-fox-emberpeak"],
               options=CALLED)
    state.play(play(game, "blue-deer-moonlake", "green-deer-emberpeak"))
    assert state.is_over and state.winner == 0 and state.counts[0] == 0 and len(state.pile) == 1


def test_call_miss_rate_is_an_option_with_checked_values(game: Mirrorquest) -> None:
    with pytest.raises(DeckgenError, match="call_miss_rate"):
        game.rules.resolve_options({"call_miss_rate": 1.5})


def test_the_first_player_may_be_dealt_extra_cards_as_a_handicap(game: Mirrorquest) -> None:
    """first_player_extra_cards deals the seat that plays first that many more cards from the
    same shuffle; everyone else's hand and the draw pile's order below them are unchanged."""
    plain = game.new_game(4, random.Random(3), game.rules.resolve_options())
    handicapped = game.new_game(4, random.Random(3), game.rules.resolve_options({"first_player_extra_cards": 2}))
    first = handicapped.current_player
    assert plain.current_player == first == game.params.first_seat
    assert handicapped.counts[first] == plain.counts[first] + 2 == 10
    assert all(handicapped.counts[s] == plain.counts[s] for s in range(4) if s != first)
    assert (handicapped.hands[first] & plain.hands[first]) == plain.hands[first]
    assert len(handicapped.pile) == len(plain.pile) - 2
    with pytest.raises(DeckgenError, match="first_player_extra_cards"):
        game.rules.resolve_options({"first_player_extra_cards": 3})


# -- result, views, logs ----------------------------------------------------------------------


def test_result_of_a_won_game(game: Mirrorquest) -> None:
    state = at(game, [["blue-deer-moonlake"], ["red-fox-emberpeak", "red-owl-moonlake"], ["blue-hare-mistvale"]])
    state.play(play(game, "blue-deer-moonlake"))
    result = state.result()
    assert result.finished and result.winners == (0,)
    assert result.scores == (0.0, 2.0, 1.0) and result.ranking == (0, 2, 1)
    assert result.turns == 1
    assert result.counters == {"reshuffles": 0, "pickups": 0, "wild_chains": 0}
    assert state.legal_moves() == []


def test_result_of_an_unfinished_game(game: Mirrorquest) -> None:
    result = at(game, [["blue-deer-moonlake"], ["red-fox-emberpeak"]]).result()
    assert not result.finished and result.winners == ()


def test_observation_shows_only_the_own_hand(game: Mirrorquest) -> None:
    state = at(game, [["blue-deer-moonlake"], ["red-fox-emberpeak", "red-owl-moonlake"]], draw_pile=["wild-1"])
    view = state.observation(1)
    assert view["hand"] == ["red-owl-moonlake", "red-fox-emberpeak"]
    assert view["hand_sizes"] == [1, 2] and view["draw_pile"] == 1
    assert view["mirrorcard"] == TOP and "blue-deer-moonlake" not in str(view)


def test_card_zones_hold_every_card(game: Mirrorquest) -> None:
    state = game.new_game(6, random.Random(5), game.rules.resolve_options())
    zones = state.card_zones()
    assert set(zones) == {f"hand/{s}" for s in range(6)} | {"draw", "discard"}
    assert sorted(c for cards in zones.values() for c in cards) == sorted(game.cards.ids)


def test_describe_move_uses_card_names(game: Mirrorquest) -> None:
    state = at(game, [["blue-deer-moonlake"], ["red-fox-emberpeak"]])
    assert state.describe_move(play(game, "blue-deer-winterwoods", "green-owl-winterwoods", reverses=1, skips=1)) == (
        "seat 0 plays Green Owl in Winterwoods, Blue Deer in Winterwoods (Blue Deer in Winterwoods on top) "
        "with 1 reverse and 1 skip"
    )
    assert state.describe_move(pickup(game, "pickup4-1", GREEN)) == "seat 0 plays Pickup +4 wildcard and declares Green"
    assert state.describe_move(wild(game, "wild-1")) == "seat 0 plays Wildcard"
    assert (state.describe_move(DRAW_MOVE), state.describe_move(PASS_MOVE)) == ("seat 0 draws a card", "seat 0 passes")


def test_card_names_come_from_the_deck(game: Mirrorquest) -> None:
    assert game.table.names[idx(game, "yellow-deer-winterwoods")] == "Yellow Deer in Winterwoods"


def test_recorded_game_replays_to_the_same_events_and_result(game: Mirrorquest) -> None:
    moves = []
    options = {"call_miss_rate": 0.5}
    final = play_game(game, 4, ["random"] * 4, seed=7, index=3, options=options, record=True,
                      on_move=lambda state, move: moves.append(move))
    assert final.events and final.events[0]["type"] == "deal"
    assert [len(h) for h in final.events[0]["hands"]] == [8] * 4
    assert {e["type"] for e in final.events} >= {"deal", "draw"}
    chance, _ = game_rngs(7, 3)
    replay = game.new_game(4, chance, game.rules.resolve_options(options), record=True)
    for move in moves:
        replay.play(game.move_from_json(game.move_to_json(move)))
    assert replay.events == final.events
    assert replay.result() == final.result()


# -- counters -------------------------------------------------------------------------------


def test_counters_over_a_seeded_run_are_consistent(game: Mirrorquest) -> None:
    totals: Counter = Counter()
    for index in range(40):
        state = play_game(game, 5, ["random"] * 5, seed=11, index=index)
        totals.update(state.counters)
        assert set(state.counters) == {"reshuffles", "pickups", "wild_chains"}
        assert state.wild_chains <= state.turns
    assert totals["pickups"] > 0 and totals["wild_chains"] > 0


# -- move generation against a brute-force reading of the rules ---------------------------


def reference_moves(state: MirrorquestState) -> set[tuple[int, ...]]:
    """Every legal move of a normal or forced turn, by trying every subset of the hand."""
    t = state.table
    hand = [c for c in range(76) if state.hands[state.current_player] >> c & 1]
    pictures = [c for c in hand if t.kind[c] == 0]
    unlocked = state.reshuffled
    forced = state.phase == 3
    moves: set[tuple[int, ...]] = set()
    for subset in range(1, 1 << len(pictures)):
        cards = [c for j, c in enumerate(pictures) if subset >> j & 1]
        size = len(cards)
        for last in cards:
            others = tuple(sorted(c for c in cards if c != last))
            if forced:
                colour = all(t.colour[c] == state.declared for c in cards) and (size == 1 or unlocked)
                shared = len({t.symbol[c] for c in cards}) == 1 or len({t.location[c] for c in cards}) == 1
                catch_up = size >= 2 and shared and t.colour[last] == state.declared
                if colour or catch_up:
                    moves.add((PLAY, 0, 0, last, *others))
                continue
            if all(t.location[c] == state.top_location for c in cards):
                moves.update((PLAY, r, k, last, *others) for r in range(size + 1) for k in range(size + 1 - r))
            if all(t.symbol[c] == state.top_symbol for c in cards) or (
                all(t.colour[c] == state.top_colour for c in cards) and (size == 1 or unlocked)
            ):
                moves.add((PLAY, 0, 0, last, *others))
    for c in hand:
        if t.kind[c] == 1:
            moves.add((WILD, c))
        elif t.kind[c] == 2:
            moves.update((PICKUP, c, colour) for colour in range(4))
    moves.add(DRAW_MOVE)
    return moves


@pytest.mark.parametrize("reshuffled", [False, True])
def test_legal_moves_match_a_brute_force_reading(game: Mirrorquest, reshuffled: bool) -> None:
    checked = Counter()

    def compare(state: MirrorquestState, move: object) -> None:
        if (state.phase == 0 and state.top_kind == 0) or state.phase == 3:
            if state.counts[state.current_player] > 10:
                return
            state.reshuffled = reshuffled or state.reshuffled
            moves = state.legal_moves()
            assert len(moves) == len(set(moves))
            assert set(moves) == reference_moves(state)
            checked[state.phase] += 1

    for index in range(12):
        play_game(game, 3, ["random"] * 3, seed=21, index=index, on_move=compare)  # type: ignore[arg-type]
    assert checked[0] > 150 and checked[3] > 10


# -- the greedy bot ---------------------------------------------------------------------------


def bot_move(game: Mirrorquest, state: MirrorquestState) -> tuple[int, ...]:
    move = GreedyBot(random.Random(0), state.current_player).choose(state)
    assert move in state.legal_moves()
    return move  # type: ignore[return-value]


def test_greedy_sheds_the_largest_set(game: Mirrorquest) -> None:
    hand = ["red-owl-moonlake", "blue-deer-mistvale", "green-deer-moonlake", "yellow-deer-emberpeak",
            "blue-fox-winterwoods", "wild-1"]
    move = bot_move(game, at(game, [hand, None, None, None]))
    assert sorted(move[3:]) == sorted(idx(game, c) for c in hand[1:4])


def test_greedy_prefers_a_match_to_a_wildcard_and_keeps_pickups(game: Mirrorquest) -> None:
    hand = ["wild-1", "pickup4-1", "blue-owl-winterwoods", "green-hare-mistvale"]
    move = bot_move(game, at(game, [hand, None, None, None], filler=3))
    assert move[0] == PLAY and move[3] == idx(game, "blue-owl-winterwoods")


def test_greedy_plays_a_pickup_when_the_next_player_is_close_to_winning(game: Mirrorquest) -> None:
    hand = ["pickup4-1", "blue-owl-winterwoods", "green-hare-mistvale", "green-fox-moonlake"]
    move = bot_move(game, at(game, [hand, ["yellow-owl-mistvale", "yellow-hare-moonlake"], None]))
    assert move == pickup(game, "pickup4-1", GREEN)  # declares the colour it holds most


def test_greedy_draws_rather_than_spend_a_pickup_without_a_threat(game: Mirrorquest) -> None:
    hand = ["pickup2-1", "blue-owl-moonlake", "green-hare-mistvale"]
    state = at(game, [hand, None, None], filler=3, draw_pile=["yellow-fox-emberpeak"])
    assert bot_move(game, state) == DRAW_MOVE
    state.play(DRAW_MOVE)
    assert bot_move(game, state)[0] == PICKUP  # nothing else after the draw: shed the pickup


def test_greedy_skips_round_to_itself_with_three_players(game: Mirrorquest) -> None:
    hand = ["green-owl-winterwoods", "blue-fox-winterwoods", "red-hare-mistvale"]
    move = bot_move(game, at(game, [hand, None, None], filler=3))
    assert (move[1], move[2]) == (0, 2)


def test_greedy_answers_a_pickup_with_its_largest_catch_up_set(game: Mirrorquest) -> None:
    hand = ["blue-deer-winterwoods", "red-deer-moonlake", "yellow-deer-mistvale", "green-owl-emberpeak"]
    state = at(game, [None, hand, None], filler=3, mirrorcard="pickup2-1", declared="blue", current=1, phase="forced")
    assert bot_move(game, state) == play(game, "blue-deer-winterwoods", "red-deer-moonlake", "yellow-deer-mistvale")


# -- seeded playouts ---------------------------------------------------------------------------


@pytest.mark.parametrize("players", range(2, 9))
@pytest.mark.parametrize("bot", ["random", "greedy"])
def test_playouts(players: int, bot: str) -> None:
    finals = check_playouts("mirrorquest", players, [bot] * players, games=143, seed=players)
    assert sum(state.is_over for state in finals) >= 140


def test_mixed_bots_with_call_penalties_keep_every_card() -> None:
    engine = get_game("mirrorquest")
    for index in range(30):
        state = play_game(engine, 4, ["greedy", "random", "greedy", "random"], seed=3, index=index,
                          options={"call_miss_rate": 0.5})
        assert sorted(c for cards in state.card_zones().values() for c in cards) == sorted(engine.cards.ids)


def test_log_events_come_in_the_order_they_happen(game: Mirrorquest) -> None:
    """A pickup of 2 from a pile of 1: the first card is drawn, then the discards are
    reshuffled, then the second card is drawn, and the log says so in that order."""
    state = at(game, [["pickup2-1", "red-owl-moonlake"], None, None], current=0,
               draw_pile=["green-fox-emberpeak"], discards=["yellow-fox-emberpeak", "blue-hare-mistvale"],
               record=True)
    state.play(pickup(game, "pickup2-1", BLUE))
    events = state.events or []
    assert [(e["type"], e.get("seat"), e.get("card")) for e in events[:2]] == [
        ("draw", 1, "green-fox-emberpeak"),
        ("reshuffle", None, None),
    ]
    assert events[2]["type"] == "draw" and events[2]["seat"] == 1
    assert events[2]["card"] in {"yellow-fox-emberpeak", "blue-hare-mistvale", TOP}
