"""President, played from the standard deck's rule file (decks/standard/games/president.yaml):
each rule its text states (and each decision of its `deckgen` section) as a position, a move
and what follows. Cards are the deck's ids, `clubs-3`, `spades-ace`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.games.kit.standings import decisiveness
from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState

PLAY, PASS = 0, 1  # the move indices of the turn phase: the play (a card or a set), the pass


@pytest.fixture(scope="module")
def game() -> DescribedGame:
    engine = get_game("president")
    assert isinstance(engine, DescribedGame)
    assert [m.kind for m in engine.program.phases["turn"]] == ["play", "pass"]
    return engine


def at(game: DescribedGame, hands: list[list[str]], pile: list[str] | None = None, current_player: int = 0,
       **counters: Any) -> DescribedState:
    """A position: the hands by seat, the pile (its last play on top) and counters by name;
    the other cards are out of the deal, in no zone."""
    zones = {f"hand/{seat}": hand for seat, hand in enumerate(hands)}
    zones["pile"] = pile or []
    return game.position(zones, current_player=current_player, **counters)


def plays(state: DescribedState) -> list[list[str]]:
    """The legal plays, each as its card ids sorted, sorted."""
    ids = state.layout.card_ids
    return sorted(sorted(ids[c] for c in (move[1], *move[3:])) for move in state.legal_moves() if move[0] == PLAY)


def can_pass(state: DescribedState) -> bool:
    return (PASS, -1, -1) in state.legal_moves()


def play(state: DescribedState, *cards: str) -> None:
    """Seat to move plays exactly these cards (checked legal)."""
    ids = state.layout.card_ids
    want = sorted(cards)
    (move,) = [m for m in state.legal_moves()
               if m[0] == PLAY and sorted(ids[c] for c in (m[1], *m[3:])) == want]
    state.play(move)


def pass_(state: DescribedState) -> None:
    state.play((PASS, -1, -1))


def counters(state: DescribedState) -> dict[str, Any]:
    return state.counter_values()


# -- the deal ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("n_players", "sizes"), [
    (3, [18, 17, 17]), (4, [13, 13, 13, 13]), (5, [11, 11, 10, 10, 10]), (6, [9, 9, 9, 9, 8, 8]),
    (7, [8, 8, 8, 7, 7, 7, 7]),
])
def test_the_whole_deck_is_dealt_the_cards_left_over_to_the_first_seats(
        game: DescribedGame, n_players: int, sizes: list[int]) -> None:
    state = game.new_game(n_players, random.Random(5), game.rules.resolve_options())
    zones = state.card_zones()
    assert [len(zones[f"hand/{s}"]) for s in range(n_players)] == sizes
    assert zones["stock"] == [] and zones["pile"] == [] and zones["cleared"] == []
    assert state.dealer == n_players - 1  # the dealer sits last: seat 0, on their left, gets the first extra card
    assert game.rules.setup_for(n_players).hand_size == min(sizes)


@pytest.mark.parametrize("seed", range(6))
def test_the_holder_of_the_3_of_clubs_starts_the_first_pile_and_may_not_pass(game: DescribedGame, seed: int) -> None:
    state = game.new_game(4, random.Random(seed), game.rules.resolve_options())
    holder = next(s for s in range(4) if "clubs-3" in state.card_zones()[f"hand/{s}"])
    assert state.current_player == holder
    assert not can_pass(state)
    assert ["clubs-3"] in plays(state)


# -- what may be played ------------------------------------------------------------------------

def test_a_new_pile_starts_with_any_card_or_any_set_of_one_rank(game: DescribedGame) -> None:
    state = at(game, [["clubs-7", "hearts-7", "spades-7", "diamonds-king"], ["clubs-4"], ["clubs-5"]])
    assert plays(state) == [
        ["clubs-7"], ["clubs-7", "hearts-7"], ["clubs-7", "hearts-7", "spades-7"], ["clubs-7", "spades-7"],
        ["diamonds-king"], ["hearts-7"], ["hearts-7", "spades-7"], ["spades-7"]]
    assert not can_pass(state)


def test_four_of_a_kind_is_the_largest_set(game: DescribedGame) -> None:
    fours = ["clubs-4", "diamonds-4", "hearts-4", "spades-4"]
    state = at(game, [fours, ["clubs-5"], ["clubs-6"]])
    assert fours in plays(state) and max(len(p) for p in plays(state)) == 4


def test_a_pair_is_beaten_only_by_a_higher_pair(game: DescribedGame) -> None:
    hand = ["clubs-8", "diamonds-8", "spades-9", "hearts-6", "spades-6", "hearts-7", "spades-7",
            "clubs-king", "diamonds-king", "hearts-king"]
    state = at(game, [["clubs-4"], hand, ["clubs-5"]], pile=["clubs-7", "diamonds-7"], current_player=1,
               size_played=2, last_player=0)
    # not the single 9, not the lower or equal pairs, not three kings
    assert plays(state) == [["clubs-8", "diamonds-8"], ["clubs-king", "diamonds-king"],
                            ["clubs-king", "hearts-king"], ["diamonds-king", "hearts-king"]]
    assert can_pass(state)
    play(state, "clubs-king", "hearts-king")
    assert state.card_zones()["pile"] == ["clubs-7", "diamonds-7", "clubs-king", "hearts-king"]
    assert counters(state)["size_played"] == 2 and counters(state)["last_player"] == 1
    assert state.current_player == 2


def test_a_single_card_never_beats_a_pair(game: DescribedGame) -> None:
    state = at(game, [["clubs-4"], ["clubs-2", "spades-ace"], ["clubs-5"]], pile=["clubs-3", "diamonds-3"],
               current_player=1, size_played=2, last_player=0)
    assert plays(state) == []
    assert state.legal_moves() == [(PASS, -1, -1)]


def test_a_2_beats_an_ace_and_an_ace_beats_a_king(game: DescribedGame) -> None:
    hand = ["clubs-2", "hearts-king", "diamonds-3"]
    state = at(game, [["clubs-4"], hand, ["clubs-5"]], pile=["spades-ace"], current_player=1,
               size_played=1, last_player=0)
    assert plays(state) == [["clubs-2"]]
    state = at(game, [["clubs-4"], ["spades-ace", "hearts-queen"], ["clubs-5"]], pile=["hearts-king"],
               current_player=1, size_played=1, last_player=0)
    assert plays(state) == [["spades-ace"]]


def test_nothing_beats_a_2_and_an_equal_rank_does_not_beat(game: DescribedGame) -> None:
    state = at(game, [["clubs-4"], ["hearts-2", "spades-9"], ["clubs-5"]], pile=["clubs-2"], current_player=1,
               size_played=1, last_player=0)
    assert state.legal_moves() == [(PASS, -1, -1)]
    state = at(game, [["clubs-4"], ["hearts-9", "spades-10"], ["clubs-5"]], pile=["clubs-9"], current_player=1,
               size_played=1, last_player=0)
    assert plays(state) == [["spades-10"]]


# -- passing and clearing the pile ------------------------------------------------------------

def test_a_player_who_passed_may_play_on_the_same_pile_later(game: DescribedGame) -> None:
    state = at(game, [["clubs-4", "clubs-9"], ["clubs-5", "diamonds-6", "hearts-jack"], ["clubs-6", "clubs-king"]])
    play(state, "clubs-4")
    pass_(state)  # seat 1 passes
    play(state, "clubs-6")  # seat 2 beats the 4
    pass_(state)  # seat 0 passes
    assert state.current_player == 1 and counters(state)["passes"] == 1
    assert plays(state) == [["hearts-jack"]]  # seat 1 passed before, and plays now
    play(state, "hearts-jack")
    assert counters(state)["passes"] == 0 and counters(state)["last_player"] == 1


def test_when_everyone_else_has_passed_the_pile_is_cleared_and_its_last_player_leads(game: DescribedGame) -> None:
    state = at(game, [["clubs-4", "diamonds-4"], ["clubs-5"], ["clubs-6"], ["clubs-8"]], pile=["clubs-3", "clubs-9"],
               current_player=1, size_played=1, last_player=0)
    pass_(state)
    pass_(state)
    assert state.card_zones()["pile"] == ["clubs-3", "clubs-9"] and state.current_player == 3
    pass_(state)  # the third pass: every other seat has passed since seat 0 played the 9
    zones = state.card_zones()
    assert zones["pile"] == [] and zones["cleared"] == ["clubs-9", "clubs-3"]  # turned over, top card first
    assert state.current_player == 0 and counters(state)["size_played"] == 0
    assert not can_pass(state)
    assert plays(state) == [["clubs-4"], ["clubs-4", "diamonds-4"], ["diamonds-4"]]  # anything: a pair on a single's pile


# -- going out -----------------------------------------------------------------------------------

def test_playing_the_last_card_goes_out_and_the_turn_skips_that_player(game: DescribedGame) -> None:
    state = at(game, [["clubs-4"], ["clubs-king"], ["clubs-5"], ["clubs-6", "hearts-6"]], pile=["clubs-9"],
               current_player=1, size_played=1, last_player=0)
    play(state, "clubs-king")
    assert counters(state)["place"] == [0, 1, 0, 0] and counters(state)["gone_out"] == 1
    assert state.current_player == 2
    pass_(state)
    pass_(state)
    pass_(state)  # seat 0 passes: seats 2, 3 and 0 have all passed the king
    assert state.card_zones()["pile"] == []
    assert state.current_player == 2  # seat 1 is out: the next seat still in leads
    play(state, "clubs-5")
    pass_(state)  # seat 3
    assert state.current_player == 0
    pass_(state)  # seat 0; seat 1 is skipped
    assert state.current_player == 3 and state.card_zones()["pile"] == []  # seat 2 played last and leads


def test_the_lead_skips_every_seat_already_out(game: DescribedGame) -> None:
    state = at(game, [["clubs-4"], ["clubs-king"], [], ["clubs-6", "hearts-6"], ["clubs-8"]], pile=["clubs-9"],
               current_player=1, size_played=1, last_player=0, gone_out=1, place=[0, 0, 1, 0, 0])
    play(state, "clubs-king")  # seat 1 goes out second; seat 2 went out first
    assert counters(state)["place"] == [0, 2, 1, 0, 0]
    assert state.current_player == 3
    pass_(state)
    pass_(state)
    pass_(state)
    assert state.card_zones()["pile"] == [] and state.current_player == 3


# -- the end and the places ------------------------------------------------------------------

def test_the_deal_ends_when_one_player_holds_cards_and_places_follow_the_order_out(game: DescribedGame) -> None:
    state = at(game, [["clubs-2"], ["diamonds-4", "diamonds-5"], [], ["clubs-3"]], current_player=0,
               gone_out=1, place=[0, 0, 1, 0])
    play(state, "clubs-2")  # seat 0 goes out, second
    assert not state.is_over and state.current_player == 1
    pass_(state)
    assert state.legal_moves() == [(PASS, -1, -1)]  # seat 3's 3 does not beat the 2
    pass_(state)
    assert state.current_player == 1 and state.card_zones()["pile"] == []  # seat 0 is out: seat 1 leads
    play(state, "diamonds-4")
    assert state.legal_moves() == [(PASS, -1, -1)]  # nor the 4
    pass_(state)
    assert state.current_player == 1 and state.card_zones()["pile"] == []
    play(state, "diamonds-5")  # seat 1 goes out third: only seat 3 holds cards
    assert state.is_over
    result = state.result()
    assert result.finished and result.winners == (2,)
    assert result.scores == (2.0, 3.0, 1.0, 4.0) and result.ranking == (2, 0, 1, 3)
    assert counters(state)["place"] == [2, 3, 1, 4]



def test_during_the_deal_the_players_out_stand_above_those_still_holding_cards(game: DescribedGame) -> None:
    """A deal in progress: the President stands first and the players still in level last,
    so lead changes and the search's judgement read the race the right way round."""
    state = at(game, [["clubs-4"], ["clubs-king"], ["clubs-5"], ["clubs-6", "hearts-6"]], pile=["clubs-9"],
               current_player=1, size_played=1, last_player=0)
    play(state, "clubs-king")  # seat 1 goes out first
    result = state.result()
    assert not result.finished and result.scores == (4.0, 1.0, 4.0, 4.0) and result.ranking[0] == 1
    assert state.standing() == [-4.0, -1.0, -4.0, -4.0]

@pytest.mark.parametrize("n_players", [3, 5, 7])
def test_random_deals_end_with_every_place_given_once(game: DescribedGame, n_players: int) -> None:
    rng = random.Random(n_players)
    state = game.new_game(n_players, random.Random(n_players), game.rules.resolve_options())
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    result = state.result()
    assert sorted(result.scores) == [float(p) for p in range(1, n_players + 1)]
    assert result.ranking == tuple(sorted(range(n_players), key=lambda s: result.scores[s]))
    assert result.turns < game.rules.turn_cap


def test_the_president_leads_for_good_from_going_out_so_decisiveness_is_below_one(game: DescribedGame) -> None:
    """A whole deal: the level start stands below the President's lead (scores negated in every
    position, the level ones too, as the lowest place is best), so the share of the deal
    played before the winner led for good is the share before it went out, not all of it."""
    state = game.new_game(4, random.Random(3), game.rules.resolve_options())
    rng = random.Random(1)
    before: list[list[float]] = []
    out_at = -1
    while not state.is_over:
        before.append(state.standing())
        state.apply(state.random_move(rng))
        if out_at < 0 and 0 in [len(state.card_zones()[f"hand/{seat}"]) for seat in range(4)]:
            out_at = len(before)
    (winner,) = state.result().winners
    assert before[0] == [-4.0] * 4
    assert decisiveness(before, winner) == out_at / len(before) < 1
