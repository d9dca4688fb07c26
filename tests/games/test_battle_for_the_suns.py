"""Battle for the Suns: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.battle_for_the_suns import GreedySunsBot
from deckgen.errors import IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.battle_for_the_suns import STOP_MOVE, BattleForTheSuns, SunsState


@pytest.fixture(scope="module")
def game() -> BattleForTheSuns:
    engine = get_game("battle-for-the-suns")
    assert isinstance(engine, BattleForTheSuns)
    return engine


def at(game: BattleForTheSuns, sun: str, hands: list[list[str]], bids: list[list[str]] | None = None,
       horizon: list[str] | None = None, won: list[list[str]] | None = None, **details: object) -> SunsState:
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones.update({f"bids/{s}": b for s, b in enumerate(bids or [])})
    zones.update({f"won/{s}": w for s, w in enumerate(won or [])})
    zones["table"] = [sun]
    zones["horizon"] = horizon if horizon is not None else ["red-suns-1"]
    spare = [c for c in game.cards.ids if "suns" not in c and c not in {x for h in hands for x in h}
             and c not in {x for b in bids or [] for x in b}]
    zones["draw"] = spare[:20]
    return game.position(zones, **details)  # type: ignore[arg-type]


def card(game: BattleForTheSuns, card_id: str) -> tuple[int]:
    return (game.cards.index_of(card_id),)


def test_a_card_is_worth_at_most_its_number_plus_two(game: BattleForTheSuns) -> None:
    """Scenario 1 and ruling 5: on the 5 of yellow suns the 5 of yellow arms bids 7."""
    state = at(game, "yellow-suns-5", [["yellow-arms-5"], ["red-moons-1"]])
    assert state.value(game.cards.index_of("yellow-arms-5")) == 7


@pytest.mark.parametrize(("card_id", "value"), [
    ("red-moons-3", 5), ("red-arms-5", 6), ("blue-crowns-3", 4), ("yellow-moons-2", 2), ("red-crowns-1", 2),
])
def test_bid_values_on_the_3_of_red_suns(game: BattleForTheSuns, card_id: str, value: int) -> None:
    """Scenario 2."""
    state = at(game, "red-suns-3", [[card_id], ["yellow-arms-4"]])
    assert state.value(game.cards.index_of(card_id)) == value


def test_a_tie_for_the_highest_bid_removes_the_sun(game: BattleForTheSuns) -> None:
    """Scenario 3 and ruling 6: bids 6 (two cards), 6 (one card) and 4 after round 3."""
    hands = [["blue-arms-1"], ["blue-arms-2"], ["blue-arms-3"]]
    tie = at(game, "red-suns-5", hands, bids=[["yellow-moons-2", "yellow-arms-4"], ["blue-crowns-5"],
                                             ["yellow-crowns-4"]], bidding_round=3, active=[True, False, False])
    assert [tie.bid_total(s) for s in range(3)] == [6, 6, 4]  # 2 + 4; 5 + 1 for the number; 4
    tie.play(STOP_MOVE)  # seat 0, the last one bidding, stops: the sun is awarded
    assert tie.removed == [game.cards.index_of("red-suns-5")] and tie.won == [[], [], []]
    assert tie.counters["suns_removed_by_ties"] == 1


def test_everyone_stopping_awards_the_sun_at_once(game: BattleForTheSuns) -> None:
    """Scenario 4 and ruling 4: after round 1 (bids 5 and 3) both stop in round 2: the 5 wins,
    round 3 is not played."""
    state = at(game, "blue-suns-2", [["yellow-arms-1"], ["yellow-arms-2"]],
               bids=[["red-moons-5"], ["red-moons-3"]], bidding_round=2, horizon=["red-suns-1", "yellow-suns-3"])
    state.play(STOP_MOVE)
    state.play(STOP_MOVE)
    assert state.won[0] == [game.cards.index_of("blue-suns-2")] and state.turns == 1
    assert state.sun == game.cards.index_of("yellow-suns-3") and state.round == 1  # the next sun


def test_a_stopped_player_is_not_asked_again(game: BattleForTheSuns) -> None:
    """Scenario 5 and ruling 3: seat 1 stops in round 2, seats 0 and 2 commit; in round 3
    seat 1 is skipped; the award comes after round 3 and seat 1's bid still counts."""
    hands = [["red-arms-1", "red-arms-2"], ["red-arms-3", "red-arms-4"], ["yellow-arms-1", "yellow-arms-2"]]
    state = at(game, "blue-suns-2", hands, bids=[["red-moons-1"], ["blue-crowns-5"], ["red-moons-2"]],
               bidding_round=2)
    state.play(card(game, "red-arms-1"))
    state.play(STOP_MOVE)
    state.play(card(game, "yellow-arms-1"))
    assert state.round == 3 and state.active == [True, False, True] and state.current_player == 0
    state.play(card(game, "red-arms-2"))
    assert state.current_player == 2  # seat 1 is not asked
    state.play(card(game, "yellow-arms-2"))
    # 1 + 1 + (2+1) = 5; 5 + 1 for blue = 6 (seat 1 stopped, its bid stands); (2+1) + 1 + (2+1) = 7
    assert [state.bid_total(s) for s in range(3)] == [0, 0, 0] and state.won[2] == [game.cards.index_of("blue-suns-2")]
    assert state.turns == 2


def test_a_pending_commit_is_hidden_from_the_others(game: BattleForTheSuns) -> None:
    """Scenario 6 and ruling 2: seat 0 has committed in round 1; seat 1 sees that, not what."""
    state = at(game, "blue-suns-2", [["red-arms-1", "red-arms-5"], ["red-arms-3"]])
    state.play(card(game, "red-arms-5"))
    seen = state.observation(1)
    assert seen["committed"] == [True, False] and seen["my_commit"] is None
    assert "red-arms-5" not in str(seen)
    assert state.observation(0)["my_commit"] == "red-arms-5"
    assert "commit/0" in state.hidden_zones(1)


def test_final_scores_count_face_values_and_ties_share(game: BattleForTheSuns) -> None:
    """Scenario 7, rulings 8 and 9: 5 blue suns + 2 red suns = 7, another player 7: shared."""
    state = at(game, "yellow-suns-1", [["red-arms-1"], ["yellow-arms-2"]],
               won=[["blue-suns-5", "red-suns-2"], ["yellow-suns-4", "blue-suns-3"]], horizon=[])
    assert state.scores() == [7, 7]
    state.play(card(game, "red-arms-1"))     # 1 + 1 for the number: 2
    state.play(card(game, "yellow-arms-2"))  # 2 + 1 for the colour: 3
    state.play(STOP_MOVE)
    state.play(STOP_MOVE)                    # round 2: all stop; seat 1 wins the 1 of yellow suns
    result = state.result()
    assert state.is_over and result.finished and result.scores == (7.0, 8.0) and result.winners == (1,)
    assert state.hands == [0, 0]  # no night after the last sun: nobody draws
    shared = at(game, "yellow-suns-1", [["red-arms-1"], ["blue-arms-1"]],
                won=[["blue-suns-5", "red-suns-2"], ["yellow-suns-4", "blue-suns-3"]], horizon=[])
    shared.play(card(game, "red-arms-1"))
    shared.play(card(game, "blue-arms-1"))  # 1 against 1: a tie removes the last sun
    shared.play(STOP_MOVE)
    shared.play(STOP_MOVE)
    assert shared.result().winners == (0, 1) and shared.result().finished


def test_round_one_is_compulsory(game: BattleForTheSuns) -> None:
    state = at(game, "blue-suns-2", [["red-arms-1"], ["red-arms-3"]])
    assert STOP_MOVE not in state.legal_moves()
    with pytest.raises(IllegalMove):
        state.play(STOP_MOVE)


def test_night_discards_the_bids_and_refills_in_seat_order(game: BattleForTheSuns) -> None:
    """Ruling 7: the bid cards reach the discard pile before the refill; an empty deck
    reshuffles them."""
    hands = [["red-arms-1", "red-arms-2", "red-arms-3", "red-arms-4", "red-arms-5"],
             ["blue-arms-1", "blue-arms-2", "blue-arms-3", "blue-arms-4", "blue-arms-5"]]
    zones = {"hand/0": hands[0], "hand/1": hands[1], "table": ["red-suns-1"], "horizon": ["blue-suns-1"],
             "draw": [], "discard": []}
    state = game.position(zones)
    state.play(card(game, "red-arms-5"))
    state.play(card(game, "blue-arms-5"))
    state.play(STOP_MOVE)
    state.play(STOP_MOVE)
    # The deck is empty, so the two bid cards are reshuffled into a new deck and refill both.
    assert [h.bit_count() for h in state.hands] == [5, 5]
    assert state.draw == [] and state.discard == []


def test_the_turn_cap_counts_bidding_rounds(game: BattleForTheSuns) -> None:
    """Ruling 11: 50 bidding rounds, above the 45 a game can have."""
    assert game.rules.turn_cap == 50 >= 15 * game.params.bidding_rounds


def test_greedy_fights_for_big_suns_and_dumps_on_small_ones(game: BattleForTheSuns) -> None:
    hand = ["red-arms-1", "blue-arms-4", "yellow-moons-2"]
    big = at(game, "blue-suns-4", [hand, ["red-moons-1"]])
    assert GreedySunsBot(random.Random(0), 0).choose(big) == card(game, "blue-arms-4")
    small = at(game, "blue-suns-1", [hand, ["red-moons-1"]])
    assert GreedySunsBot(random.Random(0), 0).choose(small) == card(game, "red-arms-1")
    ahead = at(game, "blue-suns-4", [hand, ["red-moons-1"]], bids=[["blue-crowns-5"], ["red-moons-2"]],
               bidding_round=2)
    assert GreedySunsBot(random.Random(0), 0).choose(ahead) == STOP_MOVE
