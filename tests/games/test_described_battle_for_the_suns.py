"""Battle for the Suns played from its description (battle-for-the-suns-described.yaml), whose
bids are secret turns (play.simultaneous): the scenarios of its section in MYSTIQUE-GAMES.md
as positions, moves and exact results, the same as the hand-written engine's tests; and
random-bot games of the two engines agree statistically (deckgen.sim.agreement)."""

from __future__ import annotations

from typing import Any

import pytest

from deckgen.errors import IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from deckgen.sim.agreement import compare_engines

GAME = "battle-for-the-suns-described"
TWIN = "battle-for-the-suns"
BID, STOP = 0, 1  # the move indices of the bid phase: lay a card face down, stop bidding


@pytest.fixture(scope="module")
def game() -> DescribedGame:
    engine = get_game(GAME)
    assert isinstance(engine, DescribedGame)
    assert [m.kind for m in engine.program.phases["bid"]] == ["play", "pass"]
    return engine


def at(game: DescribedGame, sun: str, hands: list[list[str]], bids: list[list[str]] | None = None,
       horizon: list[str] | None = None, won: list[list[str]] | None = None, draw: list[str] | None = None,
       **details: Any) -> DescribedState:
    """A position: the sun on the table, hands, revealed bids and suns won by seat, the suns
    still to rise and a draw pile of spare cards; counters (`bidding`, `active`) by name."""
    zones: dict[str, list[str]] = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones.update({f"bids/{s}": b for s, b in enumerate(bids or [])})
    zones.update({f"won/{s}": w for s, w in enumerate(won or [])})
    zones["table"] = [sun]
    zones["horizon"] = horizon if horizon is not None else ["red-suns-1"]
    used = {c for zone in zones.values() for c in zone}
    spare = [c.id for c in game.deck.cards if c.attrs["suit"] != "suns" and c.id not in used]
    zones["draw"] = draw if draw is not None else spare[:20]
    details.setdefault("bidders", sum(details.get("active", [True] * len(hands))))  # the description keeps count
    return game.position(zones, **details)


def ids(state: DescribedState, zone: str) -> list[str]:
    return state.card_zones()[zone]


def bid(state: DescribedState, card_id: str) -> None:
    state.play((BID, state.layout.card_ids.index(card_id), -1))


def stop(state: DescribedState) -> None:
    state.play((STOP, -1, -1))


def test_a_tie_for_the_highest_bid_removes_the_sun(game: DescribedGame) -> None:
    """Scenario 3 and ruling 6: bids 6 (two cards), 6 (one card: 5 + 1 for the number) and 4
    after round 3; the last seat bidding stops and the sun leaves the game."""
    tie = at(game, "red-suns-5", [["blue-arms-1"], ["blue-arms-2"], ["blue-arms-3"]],
             bids=[["yellow-moons-2", "yellow-arms-4"], ["blue-crowns-5"], ["yellow-crowns-4"]],
             bidding=3, active=[True, False, False])
    stop(tie)
    assert ids(tie, "removed") == ["red-suns-5"] and all(ids(tie, f"won/{s}") == [] for s in range(3))
    assert tie.counter_values()["total"] == [6, 6, 4]
    assert ids(tie, "table") == ["red-suns-1"] and tie.counter_values()["bidding"] == 1  # the next sun rises


def test_everyone_stopping_awards_the_sun_at_once(game: DescribedGame) -> None:
    """Scenario 4 and ruling 4: after round 1 (bids 5 and 3) both stop in round 2: the 5 wins,
    round 3 is not played, and the next sun rises with everyone bidding again."""
    state = at(game, "blue-suns-2", [["yellow-arms-1"], ["yellow-arms-2"]],
               bids=[["red-moons-5"], ["red-moons-3"]], bidding=2, horizon=["red-suns-1", "yellow-suns-3"])
    stop(state)
    assert state.current_player == 1 and ids(state, "won/0") == []  # nothing is revealed before the last
    stop(state)
    assert ids(state, "won/0") == ["blue-suns-2"] and state.turns == 1
    assert ids(state, "table") == ["yellow-suns-3"] and state.counter_values()["active"] == [True, True]
    assert state.current_player == 0


def test_a_stopped_player_is_not_asked_again(game: DescribedGame) -> None:
    """Scenario 5 and ruling 3: seat 1 stops in round 2, seats 0 and 2 commit; in round 3 seat
    1 is skipped; the award comes after round 3 and seat 1's bid still counts."""
    hands = [["red-arms-1", "red-arms-2"], ["red-arms-3", "red-arms-4"], ["yellow-arms-1", "yellow-arms-2"]]
    state = at(game, "blue-suns-2", hands, bids=[["red-moons-1"], ["blue-crowns-5"], ["red-moons-2"]], bidding=2)
    bid(state, "red-arms-1")
    stop(state)
    bid(state, "yellow-arms-1")
    assert state.counter_values()["bidding"] == 3 and state.counter_values()["active"] == [True, False, True]
    assert state.current_player == 0 and ids(state, "bids/2") == ["red-moons-2", "yellow-arms-1"]
    bid(state, "red-arms-2")
    assert state.current_player == 2  # seat 1 is not asked
    bid(state, "yellow-arms-2")
    # 1 + 1 + (2+1) = 5; 5 + 1 for blue = 6; (2+1) + 1 + (2+1) = 7
    assert state.counter_values()["total"] == [5, 6, 7] and ids(state, "won/2") == ["blue-suns-2"]
    assert state.turns == 2


def test_a_pending_commit_is_hidden_from_the_others(game: DescribedGame) -> None:
    """Scenario 6 and ruling 2: seat 0 has laid a card in round 1; seat 1 sees that, not what."""
    state = at(game, "blue-suns-2", [["red-arms-1", "red-arms-5"], ["red-arms-3"]])
    bid(state, "red-arms-5")
    seen = state.observation(1)
    assert seen["zones"]["commit/0"] == {"size": 1} and "red-arms-5" not in str(seen)
    assert state.observation(0)["zones"]["commit/0"] == ["red-arms-5"]
    assert "commit/0" in state.hidden_zones(1) and "commit/0" not in state.hidden_zones(0)


def test_final_scores_count_face_values_and_ties_share(game: DescribedGame) -> None:
    """Scenario 7, rulings 8 and 9: 5 blue suns + 2 red suns = 7 against 7; the last sun decides,
    and nobody draws after it."""
    won = [["blue-suns-5", "red-suns-2"], ["yellow-suns-4", "blue-suns-3"]]
    state = at(game, "yellow-suns-1", [["red-arms-1"], ["yellow-arms-2"]], won=won, horizon=[])
    bid(state, "red-arms-1")     # 1 + 1 for the number: 2
    bid(state, "yellow-arms-2")  # 2 + 1 for the colour: 3
    stop(state)
    stop(state)
    result = state.result()
    assert state.is_over and result.finished and result.scores == (7.0, 8.0) and result.winners == (1,)
    assert ids(state, "hand/0") == [] and ids(state, "hand/1") == []
    shared = at(game, "yellow-suns-1", [["red-arms-1"], ["blue-arms-1"]], won=won, horizon=[])
    bid(shared, "red-arms-1")
    bid(shared, "blue-arms-1")  # 1 + 1 against 1 + 1: a tie removes the last sun
    stop(shared)
    stop(shared)
    assert shared.result().winners == (0, 1) and shared.result().finished


def test_round_one_is_compulsory(game: DescribedGame) -> None:
    state = at(game, "blue-suns-2", [["red-arms-1"], ["red-arms-3"]])
    assert (STOP, -1, -1) not in state.legal_moves()
    with pytest.raises(IllegalMove):
        stop(state)


def test_night_discards_the_bids_and_refills_in_seat_order(game: DescribedGame) -> None:
    """Ruling 7: the bid cards reach the discard pile before the refill; an empty deck
    reshuffles them."""
    hands = [["red-arms-1", "red-arms-2", "red-arms-3", "red-arms-4", "red-arms-5"],
             ["blue-arms-1", "blue-arms-2", "blue-arms-3", "blue-arms-4", "blue-arms-5"]]
    state = at(game, "red-suns-1", hands, horizon=["blue-suns-1"], draw=[])
    bid(state, "red-arms-5")
    bid(state, "blue-arms-5")
    stop(state)
    stop(state)
    assert sorted(ids(state, "hand/0") + ids(state, "hand/1")) == sorted(hands[0] + hands[1])
    assert ids(state, "draw") == [] and ids(state, "discard") == [] and state.reshuffles == 1


def test_a_game_is_fifteen_suns_of_at_most_three_bidding_rounds(game: DescribedGame) -> None:
    """The turn unit is the reveal, as the hand-written engine counts bidding rounds."""
    assert game.rules.turn_cap == get_game(TWIN).rules.turn_cap == 50 >= 15 * game.rules.params["bidding_rounds"]
    assert game.program.turn_unit == "reveal"


@pytest.mark.parametrize(("n_players", "games"), [(2, 150), (4, 150)])
def test_random_games_agree_with_the_hand_written_engine(n_players: int, games: int) -> None:
    """A guard of benchmarks/described_bench's 2,000-game comparison."""
    agreement = compare_engines(GAME, TWIN, n_players, games, 11)
    assert agreement.agrees, "\n".join(agreement.lines())
    assert agreement.finished_a == agreement.finished_b == games
