"""The kit's draw piles and tricks: one way every engine refills a pile and takes a trick."""

from __future__ import annotations

import random

from deckgen.games.kit.chance import shuffle_in_place
from deckgen.games.kit.piles import draw_card, draw_cards, draw_event, reshuffle_event, reshuffle_under_top
from deckgen.games.kit.tricks import deal_around_voids, must_follow, must_follow_mask, take_over_winner, trick_winner
from deckgen.games.kit.zones import DeclaredZone, seat_zones, shared_zone


def test_the_cards_under_the_top_become_the_pile_shuffled_as_shuffle_in_place_would() -> None:
    discard = [5, 6, 7, 8]
    pile = reshuffle_under_top(discard, 1, random.Random(3))
    expected = [5, 6, 7]
    shuffle_in_place(expected, random.Random(3))
    assert discard == [8] and pile == expected


def test_nothing_under_the_top_gives_an_empty_pile() -> None:
    discard = [4]
    assert reshuffle_under_top(discard, 1, random.Random(1)) == [] and discard == [4]
    everything = [1, 2]
    assert sorted(reshuffle_under_top(everything, 0, random.Random(1))) == [1, 2] and everything == []


def test_events_have_one_shape() -> None:
    assert reshuffle_event(9, zone="stock") == {"type": "reshuffle", "cards": 9, "zone": "stock"}
    assert draw_event(2, "hearts-8") == {"type": "draw", "seat": 2, "card": "hearts-8"}


def test_follow_if_you_can() -> None:
    follows = [0, 1, 0, 1]
    assert must_follow([0, 1, 2, 3], follows) == [1, 3]
    assert must_follow([0, 2], follows) == [0, 2]


def test_the_highest_candidate_wins_and_the_led_card_when_none_can() -> None:
    among, by = [1, 0, 1, 1], [3, 9, 5, 5]
    assert trick_winner([0, 1, 2, 3], among, by) == 2  # 9 cannot win; the first 5 beats the later one
    assert trick_winner([1, 0], [0, 0, 0, 0], by) == 0


def test_a_declared_zone_says_what_each_seat_sees() -> None:
    hand = DeclaredZone("hand/1", 1, "owner", False)
    assert hand.hidden_from(0) and hand.shown_whole(1)
    discard = DeclaredZone("discard", -1, "everyone", False)
    assert discard.covered_for(0) and not discard.hidden_from(0) and not discard.shown_whole(0)
    stock = DeclaredZone("stock", -1, "nobody", False)
    assert stock.hidden_from(0) and stock.hidden_from(1)


def test_seat_zones_are_owned_by_their_seat_and_a_shared_zone_by_none() -> None:
    assert seat_zones("hand", 2, "owner") == [DeclaredZone("hand/0", 0, "owner", True),
                                              DeclaredZone("hand/1", 1, "owner", True)]
    assert shared_zone("pillar/2", "everyone", fan=False) == DeclaredZone("pillar/2", -1, "everyone", False)


def test_a_draw_takes_the_top_card_and_logs_it_only_when_recording() -> None:
    pile, events = [4, 7], []
    assert draw_card(pile, 1, events, ["a", "b", "c", "d", "e", "f", "g", "h"]) == 7
    assert pile == [4] and events == [draw_event(1, "h")]
    assert draw_card(pile, 0, None, ["a", "b", "c", "d", "e"]) == 4 and pile == []


def test_drawing_several_takes_them_top_first_and_stops_when_the_pile_runs_out() -> None:
    ids = [str(card) for card in range(10)]
    pile, events = [1, 2, 3], []
    assert draw_cards(pile, 2, 3, events, ids) == [3, 2] and pile == [1]
    assert events == [draw_event(3, "3"), draw_event(3, "2")]
    assert draw_cards(pile, 5, 3, None, ids) == [1] and pile == []


def test_follow_on_bit_masks() -> None:
    assert must_follow_mask(0b1010, 0b0010) == 0b0010 and must_follow_mask(0b1010, 0b0100) == 0b1010


def test_a_later_card_takes_over_only_from_the_card_winning_so_far() -> None:
    # a cycle: 1 beats 0, 2 beats 1, 0 beats 2 (no order ranks them)
    takes = [[False, False, True], [True, False, False], [False, True, False]]
    assert take_over_winner([0, 1, 2], takes) == 2
    assert take_over_winner([0, 2, 1], takes) == 2  # 2 does not take over from 0; 1 does, from 0
    assert take_over_winner([2, 1], takes) == 0


def test_a_deal_around_voids_gives_no_zone_a_card_it_refuses() -> None:
    for seed in range(20):
        dealt = deal_around_voids([0, 1, 2, 3], [2, 2], [0b0011, 0], random.Random(seed))
        assert dealt == [0b1100, 0b0011]
    assert deal_around_voids([0, 1], [1, 1], [0b11, 0b11], random.Random(1)) is None
