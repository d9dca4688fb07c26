"""Comet Chase, the game `deckgen init` writes, played from its rule file's `play` section:
each rule its text states (and each decision of its `deckgen` section) as a position, a move
and what follows. The project is a fresh `deckgen init` in a temporary folder."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from deckgen import project
from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from deckgen.skeleton import init_project

SUITS = ("sun", "moon", "star")


@pytest.fixture(scope="module")
def game(tmp_path_factory: pytest.TempPathFactory) -> DescribedGame:
    """Comet Chase's engine, built from the rule file of a fresh project (the rules stay
    loaded after the test leaves the project)."""
    root = tmp_path_factory.mktemp("comet") / "game"
    init_project(root)
    project.use(project.find_project(root))
    try:
        engine = get_game("comet-chase")
    finally:
        project.use(project.Project(None))
    assert isinstance(engine, DescribedGame)
    return engine


def move_index(game: DescribedGame, phase: str, kind: str) -> int:
    """The index (a move's first int) of the phase's move of that kind."""
    (index,) = [m.index for m in game.program.phases[phase] if m.kind == kind]
    return index


def card(state: DescribedState, card_id: str) -> int:
    return state.layout.card_ids.index(card_id)


def at(game: DescribedGame, hands: list[list[str]], top: str | list[str], stock: list[str] | None = None,
       current_player: int = 0, **details: Any) -> DescribedState:
    """A position: the hands by seat, the discard pile (its top card last) and the draw pile
    (the next card drawn last; a few cards unless given)."""
    zones: dict[str, list[str]] = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones["discard"] = [top] if isinstance(top, str) else top
    placed = {c for cards in zones.values() for c in cards}
    zones["stock"] = stock if stock is not None else [c for c in ("star-6", "moon-6", "sun-6") if c not in placed][:2]
    return game.position(zones, current_player=current_player, **details)


def plays(game: DescribedGame, state: DescribedState, phase: str = "turn") -> list[tuple[str, str | None]]:
    """The legal plays as (card id, suit named or None), sorted."""
    index = move_index(game, phase, "play")
    return sorted((state.layout.card_ids[c], SUITS[v] if v >= 0 else None)
                  for i, c, v in state.legal_moves() if i == index)


def kinds(game: DescribedGame, state: DescribedState) -> list[str]:
    """The kinds of the legal moves, each once, in move order."""
    seen = []
    for i, _, _ in state.legal_moves():
        kind = state.layout.move_kinds[i]
        if kind not in seen:
            seen.append(kind)
    return seen


def play(game: DescribedGame, state: DescribedState, card_id: str, suit: str | None = None,
         phase: str = "turn") -> None:
    move = (move_index(game, phase, "play"), card(state, card_id), SUITS.index(suit) if suit else -1)
    assert move in state.legal_moves(), f"{card_id} {suit} is not legal for seat {state.current_player}"
    state.apply(move)


def draw(game: DescribedGame, state: DescribedState) -> None:
    move = (move_index(game, "turn", "draw"), -1, -1)
    assert move in state.legal_moves()
    state.apply(move)


def fresh(game: DescribedGame, n_players: int, seed: int = 3, **options: Any) -> DescribedState:
    return game.new_game(n_players, random.Random(seed), game.rules.resolve_options(options))


def phase(state: DescribedState) -> str:
    return state.layout.phase_names[state.phase]


# -- setup -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n_players", "hand_size"), [(2, 6), (3, 5), (4, 4)])
def test_the_deal_turns_up_one_card_and_the_player_left_of_the_dealer_starts(
        game: DescribedGame, n_players: int, hand_size: int) -> None:
    state = fresh(game, n_players)
    zones = state.card_zones()
    assert [len(zones[f"hand/{s}"]) for s in range(n_players)] == [hand_size] * n_players
    assert len(zones["discard"]) == 1
    assert len(zones["stock"]) == 20 - 1 - n_players * hand_size
    assert sorted(c for cards in zones.values() for c in cards) == sorted(state.layout.card_ids)
    assert state.dealer == n_players - 1 and state.current_player == 0  # seat 0, the youngest, starts
    assert state.counter_values() == {"named": None, "total": [0] * n_players}


# -- what may be played ---------------------------------------------------------------------------

def test_a_card_of_the_same_suit_or_the_same_number_or_a_comet(game: DescribedGame) -> None:
    state = at(game, [["sun-5", "moon-3", "star-4", "comet-1"], ["star-1"]], top="sun-3")
    assert plays(game, state) == [("comet-1", "moon"), ("comet-1", "star"), ("comet-1", "sun"),
                                  ("moon-3", None), ("sun-5", None)]
    assert kinds(game, state) == ["play", "draw"]  # drawing instead is always offered


def test_a_comet_names_a_suit_the_next_player_must_follow_or_play_the_other_comet(game: DescribedGame) -> None:
    state = at(game, [["comet-1", "sun-2"], ["moon-6", "sun-6", "star-3", "comet-2"]], top="sun-3",
               stock=["star-6", "moon-1"])
    play(game, state, "comet-1", "moon")
    assert state.counter_values()["named"] == "moon" and state.current_player == 1
    assert plays(game, state) == [("comet-2", "moon"), ("comet-2", "star"), ("comet-2", "sun"), ("moon-6", None)]


def test_the_named_suit_holds_while_the_comet_is_on_top_even_after_a_draw(game: DescribedGame) -> None:
    state = at(game, [["sun-1", "moon-2"], ["star-5", "sun-4"], ["sun-5", "moon-5"]], top="comet-1",
               stock=["moon-1", "star-2"], named="sun", current_player=1)
    assert plays(game, state) == [("sun-4", None)]
    draw(game, state)  # star-2 does not follow sun: the turn ends
    assert state.current_player == 2 and phase(state) == "turn"
    assert plays(game, state) == [("sun-5", None)]
    play(game, state, "sun-5")
    state.apply((move_index(game, "turn", "draw"), -1, -1))  # seat 0 draws moon-1: it fits neither sun nor 5
    assert state.current_player == 1


def test_a_comet_turned_up_at_the_start_lets_any_card_go_on_it(game: DescribedGame) -> None:
    state = at(game, [["sun-1", "moon-6", "star-3"], ["star-5"]], top="comet-2")
    assert state.counter_values()["named"] is None
    assert plays(game, state) == [("moon-6", None), ("star-3", None), ("sun-1", None)]


def test_a_dealt_comet_starter_from_a_real_deal(game: DescribedGame) -> None:
    """Some seed turns up a comet: the first player may play every card of their hand."""
    for seed in range(200):
        state = fresh(game, 2, seed)
        top = state.card_zones()["discard"][-1]
        if top.startswith("comet"):
            break
    else:
        pytest.fail("no seed of 200 turned up a comet")
    hand = state.card_zones()["hand/0"]
    assert sorted({c for c, _ in plays(game, state)}) == sorted(set(hand))


# -- drawing ------------------------------------------------------------------------------------------

def test_a_drawn_card_that_matches_may_be_played_at_once(game: DescribedGame) -> None:
    state = at(game, [["sun-5", "moon-3"], ["star-1"]], top="sun-3", stock=["moon-1", "star-3"])
    draw(game, state)  # star-3 matches the number
    assert state.current_player == 0 and phase(state) == "drawn"
    assert plays(game, state, "drawn") == [("star-3", None)]  # only the drawn card, not sun-5
    assert kinds(game, state) == ["play", "pass"]
    play(game, state, "star-3", phase="drawn")
    assert state.card_zones()["discard"][-1] == "star-3"
    assert state.current_player == 1 and phase(state) == "turn"


def test_a_drawn_card_that_matches_may_be_kept(game: DescribedGame) -> None:
    state = at(game, [["sun-5"], ["star-1"]], top="sun-3", stock=["moon-1", "sun-2"])
    draw(game, state)
    state.apply((move_index(game, "drawn", "pass"), -1, -1))
    assert sorted(state.card_zones()["hand/0"]) == ["sun-2", "sun-5"]
    assert state.current_player == 1 and phase(state) == "turn"


def test_a_drawn_comet_may_be_played_naming_a_suit(game: DescribedGame) -> None:
    state = at(game, [["moon-5"], ["star-1"]], top="sun-3", stock=["moon-1", "comet-2"])
    draw(game, state)
    assert plays(game, state, "drawn") == [("comet-2", "moon"), ("comet-2", "star"), ("comet-2", "sun")]
    play(game, state, "comet-2", "star", phase="drawn")
    assert state.counter_values()["named"] == "star" and state.current_player == 1


def test_a_drawn_card_that_does_not_match_ends_the_turn(game: DescribedGame) -> None:
    state = at(game, [["sun-5"], ["star-1"]], top="sun-3", stock=["moon-1", "star-4"])
    draw(game, state)
    assert state.card_zones()["hand/0"] == ["sun-5", "star-4"]
    assert state.current_player == 1 and phase(state) == "turn"


def test_an_empty_draw_pile_is_the_discard_pile_shuffled_under_its_top_card(game: DescribedGame) -> None:
    state = at(game, [["star-5"], ["star-1"]], top=["sun-1", "sun-2", "moon-2", "sun-3"], stock=[])
    assert kinds(game, state) == ["draw"]
    draw(game, state)
    zones = state.card_zones()
    assert zones["discard"] == ["sun-3"]
    assert sorted(zones["stock"] + zones["hand/0"]) == ["moon-2", "star-5", "sun-1", "sun-2"]
    assert len(zones["hand/0"]) == 2 and state.result().counters["reshuffles"] == 1


def test_with_nothing_to_draw_a_player_who_cannot_play_passes(game: DescribedGame) -> None:
    state = at(game, [["star-5"], ["star-1"]], top="sun-3", stock=[])
    assert state.legal_moves() == [(move_index(game, "turn", "pass"), -1, -1)]
    state.apply(state.legal_moves()[0])
    assert state.current_player == 1 and state.card_zones()["hand/0"] == ["star-5"]


def test_with_nothing_to_draw_a_player_who_can_play_must(game: DescribedGame) -> None:
    state = at(game, [["star-5", "sun-1"], ["star-1"]], top="sun-3", stock=[])
    assert kinds(game, state) == ["play"] and plays(game, state) == [("sun-1", None)]


# -- rounds and the result --------------------------------------------------------------------------

def test_a_round_ends_when_a_hand_empties_and_the_others_score_their_hands(game: DescribedGame) -> None:
    state = at(game, [["sun-4"], ["moon-2", "star-6"], ["comet-1", "sun-1"]], top=["comet-2", "sun-3"],
               named="star")  # named for the comet under the top card
    play(game, state, "sun-4")
    comet_points = game.rules.params["comet_points"]
    assert state.counter_values()["total"] == [0, 8, comet_points + 1]
    # the next round is dealt: the deal passes left, and the player left of the dealer starts
    assert state.round_no == 2 and state.dealer == 0 and state.current_player == 1
    assert state.counter_values()["named"] is None  # a named suit is forgotten with the round
    assert [len(state.card_zones()[f"hand/{s}"]) for s in range(3)] == [5, 5, 5]


def test_totals_add_up_over_the_rounds_and_the_lowest_wins_after_one_round_per_player(
        game: DescribedGame) -> None:
    state = at(game, [["sun-2"], ["sun-4"], ["comet-2"]], top="sun-3", total=[10, 4, 7], round=3, dealer=1,
               current_player=1)
    play(game, state, "sun-4")
    result = state.result()
    assert state.is_over and result.finished
    assert result.scores == (12.0, 4.0, 17.0) and result.winners == (1,)


def test_equal_lowest_totals_share_the_win(game: DescribedGame) -> None:
    state = at(game, [["sun-2"], ["sun-4"], ["comet-2"]], top="sun-3", total=[2, 4, 0], round=3, current_player=1)
    play(game, state, "sun-4")
    result = state.result()
    assert result.scores == (4.0, 4.0, 10.0) and sorted(result.winners) == [0, 1]


def test_the_game_goes_on_before_the_last_round(game: DescribedGame) -> None:
    state = at(game, [["sun-2"], ["sun-4"], ["comet-2"]], top="sun-3", round=2, current_player=1)
    play(game, state, "sun-4")
    assert not state.is_over and state.round_no == 3


def test_the_short_game_option_ends_after_one_round(game: DescribedGame) -> None:
    state = at(game, [["sun-2"], ["sun-4"], ["comet-2"]], top="sun-3", current_player=1,
               options={"short_game": True})
    play(game, state, "sun-4")
    assert state.is_over and state.result().winners == (1,)


@pytest.mark.parametrize("n_players", [2, 3, 4])
def test_random_games_end_after_one_round_per_player(game: DescribedGame, n_players: int) -> None:
    for seed in range(5):
        state = fresh(game, n_players, seed)
        state.play_randomly(random.Random(seed), game.rules.turn_cap)
        result = state.result()
        assert result.finished and result.counters["rounds"] == n_players
        lowest = min(result.scores)
        assert sorted(result.winners) == [s for s in range(n_players) if result.scores[s] == lowest]
