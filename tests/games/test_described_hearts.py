"""Hearts, played from the standard deck's rule file (decks/standard/games/hearts.yaml): each
rule its text states (and each decision of its `deckgen` section) as a position, a move and
what follows. Cards are the deck's ids, `clubs-2`, `spades-queen`."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState

GIVE, LEAD, FOLLOW = 0, 1, 2  # the move indices of the turn phase: a card passed, led, played to a trick


@pytest.fixture(scope="module")
def game() -> DescribedGame:
    engine = get_game("hearts")
    assert isinstance(engine, DescribedGame)
    assert [m.kind for m in engine.program.phases["turn"]] == ["give", "play", "play"]
    return engine


def at(game: DescribedGame, hands: list[list[str]], trick: list[str] | None = None, current_player: int = 0,
       won: list[list[str]] | None = None, **counters: Any) -> DescribedState:
    """A position in the play of the tricks (the pass is over): the hands by seat, the trick
    (led card first, played by the seats before `current_player`), the tricks taken by seat and
    counters by name; the other cards are out of the deal, in no zone."""
    zones = {f"hand/{seat}": hand for seat, hand in enumerate(hands)}
    zones["trick"] = trick or []
    for seat, cards in enumerate(won or []):
        zones[f"won/{seat}"] = cards
    counters.setdefault("choosing", False)
    counters.setdefault("first_trick", False)
    return game.position(zones, current_player=current_player, **counters)


def ids(state: DescribedState, moves: list[tuple[int, ...]], *indices: int) -> list[str]:
    return sorted(state.layout.card_ids[m[1]] for m in moves if m[0] in indices)


def plays(state: DescribedState) -> list[str]:
    """The cards the seat to move may play to the trick (lead or follow with), sorted."""
    return ids(state, state.legal_moves(), LEAD, FOLLOW)


def move(state: DescribedState, index: int, card_id: str) -> None:
    card = state.layout.card_ids.index(card_id)
    state.play((index, card, -1))


def play(state: DescribedState, *cards: str) -> None:
    """Each card in turn, by the seat to move (checked legal): a lead to an empty trick, else
    a card following it."""
    for card_id in cards:
        move(state, FOLLOW if state.card_zones()["trick"] else LEAD, card_id)


def counters(state: DescribedState) -> dict[str, Any]:
    return state.counter_values()


def fresh(game: DescribedGame, n_players: int, seed: int = 3) -> DescribedState:
    return game.new_game(n_players, random.Random(seed), game.rules.resolve_options())


# -- the deal ----------------------------------------------------------------------------------

@pytest.mark.parametrize(("n_players", "size", "out"), [
    (3, 17, ["diamonds-2"]), (4, 13, []), (5, 10, ["clubs-2", "diamonds-2"]),
])
def test_the_deck_is_dealt_evenly_after_the_2s_are_taken_out_and_seat_0_chooses_first(
        game: DescribedGame, n_players: int, size: int, out: list[str]) -> None:
    for seed in range(4):
        state = fresh(game, n_players, seed)
        zones = state.card_zones()
        assert [len(zones[f"hand/{s}"]) for s in range(n_players)] == [size] * n_players
        assert sorted(zones["removed"]) == out and zones["stock"] == []
        assert sorted(c for cards in zones.values() for c in cards) == sorted(state.layout.card_ids)
        assert game.rules.setup_for(n_players).hand_size == size
        assert game.rules.setup_for(n_players).removed == len(out)
        assert state.dealer == n_players - 1 and state.current_player == 0
        assert counters(state)["choosing"] and {m[0] for m in state.legal_moves()} == {GIVE}


# -- the pass ----------------------------------------------------------------------------------

def test_a_seat_chooses_its_three_cards_in_a_row_and_they_wait_face_down(game: DescribedGame) -> None:
    state = fresh(game, 4)
    hand = state.card_zones()["hand/0"]
    assert ids(state, state.legal_moves(), GIVE) == sorted(hand)  # any card may be passed
    for card in hand[:3]:
        assert state.current_player == 0
        move(state, GIVE, card)
    zones = state.card_zones()
    assert state.current_player == 1 and zones["passing/0"] == hand[:3]
    assert not set(hand[:3]) & set(zones["hand/1"])  # not passed on yet
    assert state.observation(1)["zones"]["passing/0"] == {"size": 3}  # face down: seat 1 sees how many only
    assert state.observation(0)["zones"]["passing/0"] == hand[:3]


def test_the_cards_change_hands_only_once_every_seat_has_chosen_then_the_2_of_clubs_leads(
        game: DescribedGame) -> None:
    state = fresh(game, 4)
    before = state.card_zones()
    chosen = {seat: before[f"hand/{seat}"][:3] for seat in range(4)}
    holder = next(s for s in range(4) if "clubs-2" in before[f"hand/{s}"])
    chosen[holder] = ["clubs-2"] + [c for c in before[f"hand/{holder}"] if c != "clubs-2"][:2]  # passed on
    for seat in range(4):
        for card in chosen[seat]:
            assert state.current_player == seat
            move(state, GIVE, card)
        if seat < 3:  # nobody has received anything yet
            assert all(not set(chosen[s]) & set(state.card_zones()[f"hand/{(s + 1) % 4}"]) for s in range(4))
    after = state.card_zones()
    for seat in range(4):
        kept = [c for c in before[f"hand/{seat}"] if c not in chosen[seat]]
        assert sorted(after[f"hand/{seat}"]) == sorted(kept + chosen[(seat - 1) % 4])  # from the right
        assert after[f"passing/{seat}"] == []
    assert not counters(state)["choosing"]
    assert state.current_player == (holder + 1) % 4  # the new holder of the 2 of clubs
    assert state.legal_moves() == [(LEAD, state.layout.card_ids.index("clubs-2"), -1)]


def test_with_five_players_the_3_of_clubs_opens(game: DescribedGame) -> None:
    hands = [["clubs-4", "hearts-5"], ["clubs-3", "clubs-ace"], ["spades-2", "clubs-5"], ["diamonds-3"], ["clubs-6"]]
    zones = {f"hand/{s}": h for s, h in enumerate(hands)}
    zones["removed"] = ["diamonds-2", "clubs-2"]
    state = game.position(zones, current_player=1, choosing=False, first_trick=True)
    assert plays(state) == ["clubs-3"]
    state = at(game, [["clubs-2", "clubs-3"], ["clubs-4"], ["clubs-5"], ["clubs-6"]], first_trick=True)
    assert plays(state) == ["clubs-2"]  # the 2 is in play: it opens, not the 3


# -- the tricks --------------------------------------------------------------------------------

def test_follow_suit_if_you_can(game: DescribedGame) -> None:
    state = at(game, [["clubs-9"], ["diamonds-2", "diamonds-king", "spades-queen", "hearts-ace"], ["clubs-4"],
                      ["clubs-5"]], trick=["diamonds-9"], current_player=1)
    assert plays(state) == ["diamonds-2", "diamonds-king"]
    state = at(game, [["clubs-9"], ["clubs-2", "spades-queen", "hearts-ace"], ["clubs-4"], ["clubs-5"]],
               trick=["diamonds-9"], current_player=1)
    assert plays(state) == ["clubs-2", "hearts-ace", "spades-queen"]  # void: anything, after the first trick


def test_no_penalty_card_on_the_first_trick_unless_there_is_nothing_else(game: DescribedGame) -> None:
    hands = [["clubs-7"], ["hearts-ace", "spades-queen", "diamonds-5", "spades-king"], ["clubs-4"], ["clubs-5"]]
    state = at(game, hands, trick=["clubs-2"], current_player=1, first_trick=True)
    assert plays(state) == ["diamonds-5", "spades-king"]
    hands[1] = ["hearts-ace", "spades-queen", "hearts-3"]
    state = at(game, hands, trick=["clubs-2"], current_player=1, first_trick=True)
    assert plays(state) == ["hearts-3", "hearts-ace", "spades-queen"]
    hands[1] = ["clubs-9", "hearts-ace", "spades-queen"]
    state = at(game, hands, trick=["clubs-2"], current_player=1, first_trick=True)
    assert plays(state) == ["clubs-9"]


def test_the_highest_card_of_the_suit_led_wins_and_its_player_leads_next(game: DescribedGame) -> None:
    hands = [["diamonds-5", "clubs-3"], ["spades-ace", "clubs-4"], ["diamonds-queen", "hearts-2"],
             ["diamonds-7", "clubs-9"]]
    state = at(game, hands)
    play(state, "diamonds-5", "spades-ace", "diamonds-queen", "diamonds-7")  # the ace is off suit: no trumps
    zones = state.card_zones()
    assert zones["won/2"] == ["diamonds-5", "spades-ace", "diamonds-queen", "diamonds-7"] and zones["trick"] == []
    assert state.current_player == 2 and counters(state)["points"] == [0, 0, 0, 0]
    assert not counters(state)["first_trick"]


def test_the_ace_is_high(game: DescribedGame) -> None:
    state = at(game, [["clubs-king", "clubs-3"], ["clubs-ace", "clubs-4"], ["clubs-2", "clubs-5"],
                      ["clubs-queen", "clubs-6"]])
    play(state, "clubs-king", "clubs-ace", "clubs-2", "clubs-queen")
    assert state.current_player == 1


def test_each_heart_is_a_point_and_the_queen_of_spades_thirteen(game: DescribedGame) -> None:
    hands = [["spades-4", "clubs-3"], ["spades-queen", "clubs-4"], ["hearts-9", "clubs-5"], ["spades-2", "clubs-6"]]
    state = at(game, hands, won=[[], ["hearts-2"], [], []], points=[0, 1, 0, 0])
    play(state, "spades-4", "spades-queen", "hearts-9", "spades-2")  # the queen wins her own trick
    assert state.current_player == 1 and counters(state)["points"] == [0, 15, 0, 0]
    assert counters(state)["broken"]  # a heart was thrown


# -- leading hearts ----------------------------------------------------------------------------

def test_hearts_may_not_be_led_until_broken(game: DescribedGame) -> None:
    hands = [["hearts-ace", "spades-queen", "diamonds-3"], ["clubs-4"], ["clubs-5"], ["clubs-6"]]
    state = at(game, hands)
    assert plays(state) == ["diamonds-3", "spades-queen"]  # the queen may be led any time
    state = at(game, hands, broken=True)
    assert plays(state) == ["diamonds-3", "hearts-ace", "spades-queen"]


def test_a_hand_of_nothing_but_hearts_may_lead_one(game: DescribedGame) -> None:
    state = at(game, [["hearts-ace", "hearts-3"], ["clubs-4"], ["clubs-5"], ["clubs-6"]])
    assert plays(state) == ["hearts-3", "hearts-ace"]
    play(state, "hearts-3")
    assert counters(state)["broken"]


def test_a_heart_thrown_on_a_trick_breaks_hearts_for_the_next_lead_and_the_queen_does_not(
        game: DescribedGame) -> None:
    def after_throwing(thrown: str) -> DescribedState:
        hands = [["diamonds-ace", "hearts-king", "clubs-3"], [thrown, "clubs-4"], ["diamonds-queen", "clubs-5"],
                 ["diamonds-7", "clubs-6"]]
        state = at(game, hands)
        play(state, "diamonds-ace", thrown, "diamonds-queen", "diamonds-7")
        assert state.current_player == 0  # the ace took the trick: seat 0 leads
        return state
    state = after_throwing("spades-queen")
    assert not counters(state)["broken"] and plays(state) == ["clubs-3"]
    state = after_throwing("hearts-2")
    assert counters(state)["broken"] and plays(state) == ["clubs-3", "hearts-king"]


# -- the end, the moon and the places ------------------------------------------------------------

HEARTS = [f"hearts-{r}" for r in ("ace", 2, 3, 4, 5, 6, 7, 8, 9, 10, "jack", "queen", "king")]


def test_taking_every_heart_and_the_queen_shoots_the_moon(game: DescribedGame) -> None:
    taken = [c for c in HEARTS if c != "hearts-2"] + ["spades-queen"]
    state = at(game, [["hearts-ace"], ["hearts-2"], ["clubs-3"], ["clubs-4"]],
               won=[[c for c in taken if c != "hearts-ace"], [], [], []], points=[24, 0, 0, 0], broken=True)
    play(state, "hearts-ace", "hearts-2", "clubs-3", "clubs-4")
    assert state.is_over
    result = state.result()
    assert result.scores == (0.0, 26.0, 26.0, 26.0) and result.winners == (0,)
    assert counters(state)["points"] == [0, 26, 26, 26]


def test_every_heart_without_the_queen_is_no_moon(game: DescribedGame) -> None:
    state = at(game, [["hearts-ace"], ["hearts-2"], ["clubs-3"], ["clubs-4"]],
               won=[HEARTS[2:], [], [], ["spades-queen"]], points=[11, 0, 0, 13], broken=True)
    play(state, "hearts-ace", "hearts-2", "clubs-3", "clubs-4")
    result = state.result()
    assert result.scores == (13.0, 0.0, 0.0, 13.0) and result.winners == (1, 2)  # equal fewest share the win


def test_the_fewest_points_win_and_the_others_are_placed_by_their_points(game: DescribedGame) -> None:
    state = at(game, [["clubs-2"], ["clubs-ace"], ["hearts-7"], ["clubs-4"]],
               won=[["hearts-3", "hearts-4"], ["spades-queen"], [], ["hearts-5"]], points=[2, 13, 0, 1], broken=True)
    play(state, "clubs-2", "clubs-ace", "hearts-7", "clubs-4")  # seat 1 takes the 7 of hearts
    assert state.is_over
    result = state.result()
    assert result.finished and result.scores == (2.0, 14.0, 0.0, 1.0)
    assert result.winners == (2,) and result.ranking == (2, 3, 0, 1)


@pytest.mark.parametrize("n_players", [3, 4, 5])
def test_random_hands_share_out_every_penalty_point(game: DescribedGame, n_players: int) -> None:
    rng = random.Random(n_players)
    state = fresh(game, n_players, n_players)
    while not state.is_over:
        state.apply(rng.choice(state.legal_moves()))
    result = state.result()
    assert sum(result.scores) in (26, 26 * (n_players - 1))
    removed = {3: 1, 4: 0, 5: 2}[n_players]
    assert result.turns == n_players * 3 + 52 - removed  # one turn per card passed and per card played
