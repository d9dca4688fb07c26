from __future__ import annotations

import pytest

from deckgen.errors import BadPosition, UnknownCard
from deckgen.games.kit.cards import CardIndex, bits_of
from deckgen.model.deck import load_deck


@pytest.fixture(scope="module")
def index() -> CardIndex:
    return CardIndex("test", ["a", "b", "c", "d"], ["Ace", "Bee", "Cee", "Dee"])


def test_ids_ints_and_masks_convert_both_ways(index: CardIndex) -> None:
    assert index.index_of("c") == 2
    assert index.indices(["d", "a"]) == [3, 0]
    assert index.mask_of(["a", "c"]) == 0b101
    assert index.ids_of_mask(0b1010) == ["b", "d"]
    assert index.ids_of([2, 0]) == ["c", "a"]
    assert bits_of(0b1001) == [0, 3]
    assert index.full_mask == 0b1111 and index.bits[3] == 8


def test_unknown_ids_are_named(index: CardIndex) -> None:
    with pytest.raises(UnknownCard, match="deck test: no card 'x'"):
        index.index_of("x")
    with pytest.raises(UnknownCard, match="'x', 'y'"):
        index.indices(["a", "x", "y"])
    with pytest.raises(BadPosition, match="'a' is listed twice"):
        index.mask_of(["a", "a"])


def test_place_reports_every_unknown_or_repeated_card(index: CardIndex) -> None:
    assert index.place({"hand/0": ["b"], "draw": ["a", "c"]}) == {"hand/0": [1], "draw": [0, 2]}
    with pytest.raises(UnknownCard) as unknown:
        index.place({"hand/0": ["x"], "draw": ["y"]})
    assert unknown.value.problems == [
        "position: hand/0: no card 'x' in deck test",
        "position: draw: no card 'y' in deck test",
    ]
    with pytest.raises(BadPosition) as repeated:
        index.place({"hand/0": ["a", "a"], "draw": ["b"], "discard": ["b"]})
    assert repeated.value.problems == [
        "position: hand/0: card 'a' is placed twice",
        "position: discard: card 'b' is placed twice (also in draw)",
    ]
    assert index.unplaced({"hand/0": [1]}) == [0, 2, 3]


def test_several_decks_tell_copies_apart_by_their_backs() -> None:
    deck = load_deck("mystique")
    two = CardIndex.of_deck(deck, 2)
    assert two.size == 2 * len(deck.cards)
    first = deck.cards[0]
    assert two.ids[0] == f"{deck.backs[0].id}:{first.id}"
    assert two.ids[len(deck.cards)] == f"{deck.backs[1].id}:{first.id}"
    with pytest.raises(BadPosition, match="backs"):
        CardIndex.of_deck(deck, len(deck.backs) + 1)
