"""Folds over a zone whose body reads `it` and card-free parts (`count(hand, it.suit ==
top(table).suit)`) are read from rows by card: the values they give in the middle of a
move's actions, after the zones changed, are those the rule's words say."""

from __future__ import annotations

import random

from deckgen.games.described.state import DescribedState
from tests.games.described.test_engine_rules import described, small_play

#: What each counter is set to after a card is played, then again after a second card goes
#: to the table by an action (the top changed within the move).
SETS = {"same": "count(hand, it.suit == top(table).suit)", "higher": "any(hand, it.number > top(table).number)",
        "lower": "all(hand, it.number < top(table).number)", "total": "sum(table, it.number)"}


def folds_play() -> dict[str, object]:
    then: list[dict[str, object]] = [{"set": dict(SETS)}]
    then.append({"if": "size(hand) > 1", "then": [{"move": {"from": "hand", "to": "table"}}]})
    then.append({"set": {f"{name}_after": text for name, text in SETS.items()}})
    strong = "it.suit == top(table).suit and it.number >= 3"
    then.append({"if": f"any_seat(any(hand[seat], {strong}))", "then": [{"next": f"holder(hand, {strong})"}]})
    kinds = {name: {"type": "truth", "start": False} if name in ("higher", "lower") else {"start": 0}
             for name in SETS}
    play = small_play(counters={**kinds, **{f"{name}_after": kind for name, kind in kinds.items()}})
    play["round"]["setup"][1]["deal"]["count"] = 8
    play["phases"]["turn"] = [{"play": {"from": "hand", "to": "table", "then": then}}]
    return play


def expected(state: DescribedState, mover: int) -> dict[str, int]:
    """The four folds over the mover's hand and the table, worked out from the card ids."""
    zones = state.card_zones()
    hand = [card.split("-") for card in zones[f"hand/{mover}"]]
    table = [card.split("-") for card in zones["table"]]
    top_suit, top_number = table[-1][1], int(table[-1][2])
    return {"same": sum(1 for _, suit, _ in hand if suit == top_suit),
            "higher": int(any(int(number) > top_number for _, _, number in hand)),
            "lower": int(all(int(number) < top_number for _, _, number in hand)),
            "total": sum(int(number) for _, _, number in table)}


def holder(state: DescribedState) -> int:
    """The first seat holding a card of the top card's suit numbered 3 or more, or -1."""
    zones = state.card_zones()
    top_suit = zones["table"][-1].split("-")[1]
    for seat in range(state.n_players):
        if any(card.split("-")[1] == top_suit and int(card.split("-")[2]) >= 3 for card in zones[f"hand/{seat}"]):
            return seat
    return -1


def test_folds_read_the_zones_as_they_are_at_each_action() -> None:
    game = described(folds_play())
    checked = 0
    for seed in range(6):
        state = game.new_game(3, random.Random(seed), game.rules.resolve_options())
        rng = random.Random(seed)
        while not state.is_over:
            mover, move = state.current_player, state.random_move(rng)
            first = state.clone()
            first.zones[first.layout.zone_index[f"hand/{mover}"]].remove(move[1])
            first.zones[first.layout.zone_index["table"]].append(move[1])
            before = expected(first, mover)
            state.apply(move)
            if state.is_over:
                break
            counters = state.counter_values()
            assert {name: int(counters[name]) for name in SETS} == before
            assert {name: int(counters[f"{name}_after"]) for name in SETS} == expected(state, mover)
            found = holder(state)
            assert state.current_player == (found if found >= 0 else (mover + 1) % 3)
            checked += 1
    assert checked > 20
