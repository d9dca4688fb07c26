"""Up and Down: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a position,
a move and the exact result."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.up_and_down import GreedyUpAndDownBot
from deckgen.errors import IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.up_and_down import DOWNHILL, PASS_MOVE, UPHILL, UpAndDown, UpAndDownState

TOP = "red-suns-3"  # card number 23


@pytest.fixture(scope="module")
def game() -> UpAndDown:
    engine = get_game("up-and-down")
    assert isinstance(engine, UpAndDown)
    return engine


def at(game: UpAndDown, hands: list[list[str]], piles: list[list[str]] | None = None, top: str = TOP,
       **details: object) -> UpAndDownState:
    """A position; piles default to one spare card each (so no play wins by accident)."""
    used = {c for hand in hands for c in hand} | {top} | {c for pile in piles or [] for c in pile}
    ids = game.table(game.rules.setup_for(len(hands)).decks).cards.ids
    spare = iter(c for c in ids if c not in used)
    piles = piles if piles is not None else [[next(spare)] for _ in hands]
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones.update({f"deck/{s}": pile for s, pile in enumerate(piles)})
    zones["table"] = [top]
    return game.position(zones, **details)  # type: ignore[arg-type]


def playable(game: UpAndDown, state: UpAndDownState) -> set[str]:
    return {state.table.cards.ids[c] for c in state.legal_cards(state.current_player)}


def test_the_start_plays_the_highest_card_number_and_goes_uphill(game: UpAndDown) -> None:
    """Scenario 1: the 5 of blue crowns (60) in seat 1's hand starts, seat 1 refills to 4,
    the next seat moves, uphill; the start is not a turn (ruling 3 and 10)."""
    for seed in range(500):
        state = game.new_game(3, random.Random(seed), game.rules.resolve_options(), record=True)
        start = [e for e in state.events or [] if e["type"] == "start"][0]
        if start["card"] == "blue-crowns-5" and start["seat"] == 1:
            break
    else:
        pytest.fail("no seed gives seat 1 the 60 in hand")
    assert state.table.cards.ids[state.centre[-1]] == "blue-crowns-5"
    assert [len(h) for h in state.hands] == [4, 4, 4] and state.current_player == 2
    assert state.direction == UPHILL and state.turns == 0


def test_uphill_legal_and_illegal_cards(game: UpAndDown) -> None:
    """Scenario 2 and ruling 1: on the 3 of red suns uphill."""
    hand = ["blue-suns-3", "red-moons-4", "red-suns-5", "red-suns-2"]
    state = at(game, [hand, ["blue-moons-4"]])
    assert playable(game, state) == {"blue-suns-3", "red-moons-4", "red-suns-5"}
    state.current_player = 1
    assert state.legal_moves() == [PASS_MOVE]  # the 4 of blue moons shares neither colour nor suit


def test_downhill_legal_and_illegal_cards(game: UpAndDown) -> None:
    """Scenario 3: on the 3 of red suns downhill."""
    state = at(game, [["red-moons-1", "yellow-suns-3", "red-moons-4"], []], direction="downhill")
    assert playable(game, state) == {"red-moons-1", "yellow-suns-3"}


def test_a_player_who_can_play_must(game: UpAndDown) -> None:
    """Ruling 8: pass is a move only without a legal card."""
    state = at(game, [["red-moons-4"], ["blue-arms-1"]])
    with pytest.raises(IllegalMove):
        state.play(PASS_MOVE)


def test_everyone_passing_flips_the_direction_and_then_restarts(game: UpAndDown) -> None:
    """Scenarios 4 and 5, rulings 4 and 5: three players, uphill; seats 1, 2, 0 pass: the
    direction turns downhill and seat 1 moves; they pass again: the highest card number in
    hand starts afresh, uphill, and the next seat moves."""
    hands = [["yellow-moons-2"], ["red-arms-1"], ["yellow-suns-5"]]  # none blue, none crowns
    state = at(game, hands, top="blue-crowns-4", current_player=1)
    state.events = []
    for _ in range(3):
        state.play(PASS_MOVE)
    assert state.direction == DOWNHILL and state.current_player == 1 and state.counters["direction_flips"] == 1
    assert state.events == [{"type": "direction", "direction": "downhill"}]
    for _ in range(3):
        state.play(PASS_MOVE)
    assert state.events[1] == {"type": "restart", "seat": 1, "card": "red-arms-1"}  # not a second start
    ids = state.table.cards.ids
    assert ids[state.centre[-1]] == "red-arms-1"  # card number 36, the highest in hand
    assert state.direction == UPHILL and state.current_player == 2 and state.counters["restarts"] == 1
    assert state.turns == 6 and state.counters["passes"] == 6


def test_a_play_with_an_empty_pile_wins_at_once(game: UpAndDown) -> None:
    """Scenario 6: the refill finds the pile empty."""
    state = at(game, [["red-moons-4"], ["blue-arms-1"]], piles=[[], ["yellow-moons-1"]])
    state.play((state.table.cards.index_of("red-moons-4"),))
    result = state.result()
    assert state.is_over and result.finished and result.winners == (0,)


def test_the_gold_copy_starts_on_a_tie(game: UpAndDown) -> None:
    """Scenario 7 and ruling 6: seats 0 and 3 each hold a 60, seat 3's is gold."""
    state = at(game, [["silver:blue-crowns-5"], ["gold:red-moons-1"], ["gold:red-moons-2"],
                      ["gold:blue-crowns-5"]], top="gold:yellow-moons-1")
    state.centre.clear()
    state.start()
    assert state.table.cards.ids[state.centre[-1]] == "gold:blue-crowns-5" and state.current_player == 0


def test_two_copies_may_follow_each_other(game: UpAndDown) -> None:
    """Ruling 7."""
    state = at(game, [["silver:red-suns-3"], [], [], []], top="gold:red-suns-3")
    assert playable(game, state) == {"silver:red-suns-3"}


def test_five_players_deal_two_decks_in_piles_of_24(game: UpAndDown) -> None:
    """Scenario 8: 120 cards, 24 per pile, 4 of them face up."""
    state = game.new_game(5, random.Random(3), game.rules.resolve_options(), record=True)
    deal = (state.events or [])[0]
    assert deal["pile_cards"] == [20] * 5 and all(len(hand) == 4 for hand in deal["hands"])  # per seat
    zones = state.card_zones()
    assert sum(len(cards) for cards in zones.values()) == 120
    assert {c.split(":")[0] for cards in zones.values() for c in cards} == {"gold", "silver"}


def test_hands_are_public_and_piles_hidden(game: UpAndDown) -> None:
    """Ruling 9."""
    state = game.new_game(2, random.Random(1), game.rules.resolve_options())
    assert state.hidden_zones(0) == ["deck/0", "deck/1"]
    assert len(state.observation(0)["hands"][1]) == 4


def test_the_turn_cap_counts_decisions(game: UpAndDown) -> None:
    """Ruling 10: 1000 turns; automatic plays are not turns."""
    assert game.rules.turn_cap == 1000


def test_greedy_leaves_the_next_seat_the_fewest_plays(game: UpAndDown) -> None:
    """On the 3 of blue suns, seat 1 could follow the 4 of red suns (with its red 5) but not the
    5 of blue suns: the bot plays the card that shuts seat 1 out."""
    hands = [["red-suns-4", "blue-suns-5"], ["red-moons-5", "yellow-arms-2"]]
    state = at(game, hands, top="blue-suns-3")
    move = GreedyUpAndDownBot(random.Random(0), 0).choose(state)
    assert state.table.cards.ids[move[0]] == "blue-suns-5"
