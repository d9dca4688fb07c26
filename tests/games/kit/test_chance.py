from __future__ import annotations

import random
from collections import Counter

import pytest
from scipy.stats import chisquare

from deckgen.games.kit.cards import CardIndex
from deckgen.games.kit.chance import choice, deal_event, deal_hands, shuffle_in_place, shuffled, shuffled_order


def test_shuffles_are_seeded_permutations() -> None:
    assert shuffled_order(10, random.Random(3)) == shuffled_order(10, random.Random(3))
    assert sorted(shuffled_order(52, random.Random(1))) == list(range(52))
    cards = [7, 8, 9]
    assert sorted(shuffled(cards, random.Random(2))) == [7, 8, 9] and cards == [7, 8, 9]


def test_every_order_of_three_cards_is_equally_likely() -> None:
    rng = random.Random(11)
    counts = Counter(tuple(shuffled_order(3, rng)) for _ in range(6000))
    assert len(counts) == 6
    assert chisquare(list(counts.values())).pvalue > 1e-4


def test_deal_takes_packets_from_the_top_in_seat_order() -> None:
    pile = list(range(10))  # the top is the end: 9
    hands = deal_hands(pile, 3, 2)
    assert hands == [[8, 9], [6, 7], [4, 5]]
    assert pile == [0, 1, 2, 3]
    assert deal_hands(pile, 2, 0) == [[], []] and pile == [0, 1, 2, 3]


def test_the_deal_event_has_one_shape() -> None:
    cards = CardIndex("t", ["a", "b", "c"], ["A", "B", "C"])
    assert deal_event(cards, [[0], [2, 1]], round=2) == {"type": "deal", "hands": [["a"], ["c", "b"]], "round": 2}


def test_shuffling_in_place_gives_the_same_order_as_shuffled() -> None:
    cards = list(range(30, 60))
    expected = shuffled(cards, random.Random(8))
    shuffle_in_place(cards, random.Random(8))
    assert cards == expected


def test_choice_draws_what_random_choice_draws() -> None:
    """The same items and the same random source state after, for lists of every length
    from 1 to 70 (powers of two and one past them included), so seeded games keep their moves."""
    ours, theirs = random.Random(5), random.Random(5)
    for length in [*range(1, 70)] * 20:
        items = list(range(length))
        assert choice(items, ours) == theirs.choice(items)
    assert ours.getstate() == theirs.getstate()
    with pytest.raises(IndexError):
        choice([], ours)
