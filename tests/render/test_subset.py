"""Choosing cards to print: by id, by attribute values (Mismatch's short game), and one line
naming every unknown id, attribute or value."""

from __future__ import annotations

import pytest

from deckgen.errors import DeckgenError, UnknownName
from deckgen.model.deck import load_deck
from deckgen.render.subset import parse_offset, select_cards


def test_mismatch_short_game_is_the_spades_of_every_colour() -> None:
    deck = select_cards(load_deck("mismatch"), None, "suit=spades")
    assert len(deck.cards) == 52
    assert {card.attrs["suit"] for card in deck.cards} == {"spades"}
    assert {card.attrs["colour"] for card in deck.cards} == {"red", "blue", "yellow", "green"}


def test_values_of_one_attribute_are_alternatives_and_attributes_combine() -> None:
    deck = select_cards(load_deck("mismatch"), None, "colour=red, colour=blue,suit=spades")
    assert len(deck.cards) == 26 and {c.attrs["colour"] for c in deck.cards} == {"red", "blue"}


def test_ids_keep_deck_order_and_nothing_asked_is_the_whole_deck() -> None:
    mystique = load_deck("mystique")
    deck = select_cards(mystique, "red-suns-2,yellow-moons-1", None)
    assert [card.id for card in deck.cards] == ["yellow-moons-1", "red-suns-2"]
    assert select_cards(mystique, None, None) is mystique


def test_every_unknown_name_is_reported() -> None:
    with pytest.raises(UnknownName) as caught:
        select_cards(load_deck("mystique"), "red-suns-2,nope,gone", None)
    assert caught.value.problems == ["--cards: deck mystique has no card 'nope', 'gone' (see: deckgen cards mystique)"]
    with pytest.raises(UnknownName) as caught:
        select_cards(load_deck("mismatch"), None, "suit=spade,hue=red,rank")
    assert len(caught.value.problems) == 3
    with pytest.raises(UnknownName, match="no card of deck mystique matches"):
        select_cards(load_deck("mystique"), "red-suns-2", "colour=blue")
    with pytest.raises(UnknownName, match="give at least one entry"):
        select_cards(load_deck("mystique"), " , ", None)


def test_back_offsets_parse_as_millimetres() -> None:
    assert parse_offset("0.5,-1.25") == (0.5, -1.25)
    for text in ("1", "1,2,3", "x,1", ""):
        with pytest.raises(DeckgenError, match="expected X,Y in mm"):
            parse_offset(text)
