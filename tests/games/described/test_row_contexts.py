"""A play's `must` is read from rows remembered by the values of its card-free parts (a
context): in a flat table when those values have small ranges (a truth, a card), by a number
in a dictionary when one is a number, and by the tuple of the values when one leaves its range
(a counter far beyond it, or below -1). Each way, the cards offered are the ones the rule's
words give, at every step of random games, and the quick random path plays the same games."""

from __future__ import annotations

import random
from typing import Any, Callable

import pytest

from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from tests.games.described.test_engine_rules import described, small_play

Card = tuple[str, int]
#: Whether a card (suit, number) follows, from the counters and the table's top card.
Follows = Callable[[Card, dict[str, Any], Card | None], bool]


def must_play(must: str, then: list[dict[str, Any]], counters: dict[str, Any]) -> DescribedGame:
    play = small_play(counters=counters)
    play["round"]["setup"][1]["deal"]["count"] = 9
    play["phases"]["turn"] = [{"play": {"from": "hand", "to": "table", "must": must, "then": then}}]
    return described(play)


def card_of(card_id: str) -> Card:
    _, suit, number = card_id.split("-")
    return suit, int(number)


def offered(state: DescribedState, follows: Follows) -> list[str]:
    """The cards the rule's words let the seat to move play: those that follow, if any do."""
    zones = state.card_zones()
    hand = zones[f"hand/{state.current_player}"]
    top = card_of(zones["table"][-1]) if zones["table"] else None
    counters = state.counter_values()
    following = [c for c in hand if follows(card_of(c), counters, top)]
    return sorted(following or hand)


def by_flip(card: Card, counters: dict[str, Any], top: Card | None) -> bool:
    return bool(top and card[0] == top[0]) if counters["flip"] else card[1] >= 3


def by_total(card: Card, counters: dict[str, Any], top: Card | None) -> bool:
    return card[1] % 2 == counters["total"] % 2 or bool(counters["flip"] and top and card[0] == top[0])


FLIP = ("flip and card.suit == top(table).suit or not flip and card.number >= 3",
        [{"set": {"flip": "not flip"}}], {"flip": {"type": "truth", "start": False}}, by_flip)
#: The total runs far beyond any context digit's range, and below -1, within a few plays.
TOTAL = ("card.number % 2 == total % 2 or flip and card.suit == top(table).suit",
         [{"add": {"total": "card.number * 5000 - 14000"}}, {"set": {"flip": "not flip"}}],
         {"total": {"start": 0}, "flip": {"type": "truth", "start": False}}, by_total)


@pytest.mark.parametrize(("must", "then", "counters", "follows"), [FLIP, TOTAL], ids=["flat", "beyond-range"])
def test_the_cards_offered_are_the_rules_in_every_context(must: str, then: list[dict[str, Any]],
                                                          counters: dict[str, Any], follows: Follows) -> None:
    game = must_play(must, then, counters)
    checked = 0
    for seed in range(4):
        state = game.new_game(3, random.Random(seed), game.rules.resolve_options())
        rng = random.Random(seed)
        while not state.is_over and state.turns < 200:
            ids = state.layout.card_ids
            assert sorted(ids[move[1]] for move in state.legal_moves()) == offered(state, follows)
            state.apply(state.random_move(rng))
            checked += 1
    assert checked > 50


@pytest.mark.parametrize(("must", "then", "counters", "follows"), [FLIP, TOTAL], ids=["flat", "beyond-range"])
def test_the_quick_random_path_plays_the_same_games(must: str, then: list[dict[str, Any]],
                                                    counters: dict[str, Any], follows: Follows) -> None:
    game = must_play(must, then, counters)
    options = game.rules.resolve_options()
    for seed in range(4):
        quick = game.new_game(3, random.Random(seed), options, record=True)
        assert quick.layout.quick_plays == [quick.layout.quick_moves[0]]
        quick.play_randomly(random.Random(seed), 200)
        slow, rng = game.new_game(3, random.Random(seed), options, record=True), random.Random(seed)
        while not slow.is_over and slow.turns < 200:
            slow.apply(slow.random_move(rng))
        assert (quick.turns, quick.card_zones(), quick.events, quick.tally) == \
            (slow.turns, slow.card_zones(), slow.events, slow.tally)
