"""Mystical Eddies played from its description (mystical-eddies-described.yaml): every rule and
scenario of its section in MYSTIQUE-GAMES.md as a position, a move and the exact result; the
same seed deals the same cards as the hand-written engine, and fed the same moves the two offer
the same legal cards at every step and end with the same result; random-bot games of the two
agree statistically (deckgen.sim.agreement)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.state import DescribedState
from deckgen.sim.agreement import compare_engines
from deckgen.sim.play import play_game

GAME = "mystical-eddies-described"
TWIN = "mystical-eddies"


@pytest.fixture(scope="module")
def game() -> DescribedGame:
    engine = get_game(GAME)
    assert isinstance(engine, DescribedGame)
    return engine


def at(game: DescribedGame, hands: list[list[str]], current_player: int = 0, **details: Any) -> DescribedState:
    """A position: the hands, `current_player` to lead (or to play after the `trick` cards),
    counters and facts by name."""
    zones: dict[str, list[str]] = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones["trick"] = details.pop("trick", [])
    return game.position(zones, current_player=current_player, **details)


def fresh(game: DescribedGame, n_players: int, seed: int = 3, **options: Any) -> DescribedState:
    return game.new_game(n_players, random.Random(seed), game.rules.resolve_options(options))


def legal_ids(state: DescribedState) -> list[str]:
    return sorted(state.layout.card_ids[m[1]] for m in state.legal_moves())


def play(state: DescribedState, *card_ids: str) -> None:
    """Each card played in turn by the seat to move; each must be legal."""
    for card_id in card_ids:
        move = (0, state.layout.card_ids.index(card_id), -1)
        assert move in state.legal_moves(), f"{card_id} is not legal for seat {state.current_player}"
        state.apply(move)


def counter(state: DescribedState, name: str) -> Any:
    return state.counter_values()[name]


def play_round(state: DescribedState, rng: random.Random) -> None:
    """Random moves until the round in play ends."""
    turns = state.turns
    while state.turns == turns and not state.is_over:
        state.apply(state.random_move(rng))


# -- the deal ------------------------------------------------------------------------------------

@pytest.mark.parametrize(("n_players", "hand_size", "aside"),
                         [(3, 18, 6), (4, 14, 4), (5, 11, 5), (6, 9, 6), (7, 8, 4), (8, 7, 4)])
def test_the_deal_by_player_count(game: DescribedGame, n_players: int, hand_size: int, aside: int) -> None:
    """Scenario 1: 4 aside unseen, the rest dealt evenly, the leftovers aside too; seat 0 leads."""
    state = fresh(game, n_players)
    zones = state.card_zones()
    assert [len(zones[f"hand/{s}"]) for s in range(n_players)] == [hand_size] * n_players
    assert len(zones["removed"]) == aside == 4 + 56 % n_players
    assert sorted(c for cards in zones.values() for c in cards) == sorted(state.layout.card_ids)
    assert state.current_player == 0 and state.round_no == 1


def test_every_round_reshuffles_all_the_cards_and_the_aside_stays_hidden(game: DescribedGame) -> None:
    """Ruling 10 with the round setup: the set-aside cards go back in and are never seen;
    won tricks are open."""
    state = fresh(game, 4)
    first = state.card_zones()["removed"]
    play_round(state, random.Random(1))
    zones = state.card_zones()
    assert state.round_no == 2 and sorted(c for cards in zones.values() for c in cards) == sorted(state.layout.card_ids)
    assert all(not zones[f"won/{s}"] for s in range(4)) and sorted(zones["removed"]) != sorted(first)
    assert {"removed", "hand/1", "hand/2", "hand/3"} <= set(state.hidden_zones(0))
    assert "hand/0" not in state.hidden_zones(0) and "won/1" not in state.hidden_zones(0)
    seen = str(state.observation(0))
    assert not any(card in seen for card in zones["removed"] + zones["hand/1"])


def test_the_same_seed_deals_the_hand_written_engines_cards(game: DescribedGame) -> None:
    twin = get_game(TWIN)
    for n in range(3, 9):
        ours = fresh(game, n, seed=n).card_zones()
        theirs = twin.new_game(n, random.Random(n), twin.rules.resolve_options()).card_zones()
        assert all(sorted(ours[z]) == sorted(theirs[z]) for z in [f"hand/{s}" for s in range(n)] + ["removed"])


# -- the trick rules ------------------------------------------------------------------------------

def test_the_leader_plays_any_card_and_the_establisher_must_share(game: DescribedGame) -> None:
    """A trick: the lead is free; the next player must share something with it if she can."""
    state = at(game, [["red-suns-3", "blue-crowns-1"], ["blue-moons-3", "red-arms-1", "yellow-crowns-2"],
                      ["yellow-arms-3", "red-suns-5", "blue-arms-4"]])
    assert legal_ids(state) == ["blue-crowns-1", "red-suns-3"]
    play(state, "red-suns-3")
    assert state.current_player == 1 and legal_ids(state) == ["blue-moons-3", "red-arms-1"]
    play(state, "red-arms-1")  # shares colour only
    assert (counter(state, "by_suit"), counter(state, "by_colour"), counter(state, "by_number")) == (False, True, False)
    assert legal_ids(state) == ["red-suns-5"]


def test_the_rankings(game: DescribedGame) -> None:
    """Ruling 1 and the rank tables: suns > moons > arms > crowns (a line, not a cycle),
    yellow > red > blue, 5 > ... > 1; the key of each established set (ruling 7: no ties)."""
    by = game.layout(3).trick_by
    ids = game.layout(3).card_ids

    def keys(state: DescribedState, *card_ids: str) -> list[int]:
        state.next_epoch()
        return [by.of(state)[ids.index(c)] for c in card_ids]

    hands: list[list[str]] = [[], [], []]
    suit = at(game, hands, by_suit=True)
    assert keys(suit, "red-arms-5", "yellow-arms-4", "red-arms-4", "blue-arms-4") == sorted(
        keys(suit, "red-arms-5", "yellow-arms-4", "red-arms-4", "blue-arms-4"), reverse=True)
    colour = at(game, hands, by_colour=True)
    order = ["red-suns-1", "red-moons-5", "red-moons-4", "red-arms-5", "red-crowns-5"]
    assert keys(colour, *order) == sorted(keys(colour, *order), reverse=True)
    number = at(game, hands, by_number=True)
    order = ["yellow-crowns-2", "red-suns-2", "red-moons-2", "red-arms-2", "blue-suns-2"]
    assert keys(number, *order) == sorted(keys(number, *order), reverse=True)
    assert keys(at(game, hands, by_suit=True, by_colour=True), "red-suns-5", "red-suns-4") == [5, 4]
    suit_number = at(game, hands, by_suit=True, by_number=True)
    assert keys(suit_number, "yellow-suns-1", "red-suns-1", "blue-suns-1") == [3, 2, 1]
    assert keys(at(game, hands, by_colour=True, by_number=True), "red-suns-1", "red-moons-1", "red-arms-1",
                "red-crowns-1") == [4, 3, 2, 1]
    # Ruling 7: a trick's candidates share the established attributes (parts of a card id:
    # colour 0, suit 1, number 2), and their keys never tie.
    contexts = {(1,): suit, (0,): colour, (2,): number, (0, 1): at(game, hands, by_suit=True, by_colour=True),
                (1, 2): suit_number,
                (0, 2): at(game, hands, by_colour=True, by_number=True)}
    for parts, state in contexts.items():
        groups: dict[tuple[str, ...], list[str]] = {}
        for card_id in ids:
            groups.setdefault(tuple(card_id.split("-")[k] for k in parts), []).append(card_id)
        assert all(len(set(keys(state, *group))) == len(group) for group in groups.values())


# -- scenarios ------------------------------------------------------------------------------------

def test_number_established_winner_by_colour(game: DescribedGame) -> None:
    """Scenario 2: 3 red suns led, 3 blue moons sets {number}; the third holds 3 yellow arms and
    5 red suns and must play the 3; by colour 3 yellow arms > 3 red suns > 3 blue moons."""
    state = at(game, [["red-suns-3", "blue-crowns-1"], ["blue-moons-3", "blue-crowns-2"],
                      ["yellow-arms-3", "red-suns-5"]])
    play(state, "red-suns-3", "blue-moons-3")
    assert (counter(state, "by_suit"), counter(state, "by_colour"), counter(state, "by_number")) == (False, False, True)
    assert legal_ids(state) == ["yellow-arms-3"]
    play(state, "yellow-arms-3")
    assert counter(state, "tricks") == [0, 0, 1] and state.current_player == 2
    assert sorted(state.card_zones()["won/2"]) == ["blue-moons-3", "red-suns-3", "yellow-arms-3"]
    assert counter(state, "by_number") is False  # the next trick starts with nothing established


def test_number_established_colour_tie_broken_by_suit(game: DescribedGame) -> None:
    """Scenario 3 (ruling 5): the two red 3s tie on colour, suns > crowns: the led card wins."""
    state = at(game, [["red-suns-3", "blue-crowns-1"], ["blue-moons-3", "blue-crowns-2"],
                      ["red-crowns-3", "blue-arms-5"]])
    play(state, "red-suns-3", "blue-moons-3", "red-crowns-3")
    assert counter(state, "tricks") == [1, 0, 0] and state.current_player == 0


def test_colour_established_suit_then_number(game: DescribedGame) -> None:
    """Scenario 4: 2 blue moons led, 4 blue suns sets {colour}; 5 blue suns: suns beat moons,
    the higher sun wins."""
    state = at(game, [["blue-moons-2", "red-arms-1"], ["blue-suns-4", "red-arms-2"], ["blue-suns-5", "red-arms-3"]])
    play(state, "blue-moons-2", "blue-suns-4")
    assert (counter(state, "by_suit"), counter(state, "by_colour"), counter(state, "by_number")) == (False, True, False)
    assert legal_ids(state) == ["blue-suns-5"]
    play(state, "blue-suns-5")
    assert counter(state, "tricks") == [0, 0, 1] and state.current_player == 2


def test_two_attributes_established(game: DescribedGame) -> None:
    """Scenario 5 (ruling 4): 5 red suns sets {colour, suit}; the third must play 1 red suns,
    not 4 red moons; a fourth without red suns plays 2 red moons: a toss. 5 red suns wins,
    a point in suit and in colour under Balance."""
    hands = [["red-suns-3", "blue-arms-1"], ["red-suns-5", "blue-arms-2"], ["red-suns-1", "red-moons-4"],
             ["red-moons-2", "yellow-arms-5"]]
    state = at(game, hands, options={"balance": True})
    play(state, "red-suns-3", "red-suns-5")
    assert (counter(state, "by_suit"), counter(state, "by_colour"), counter(state, "by_number")) == (True, True, False)
    assert legal_ids(state) == ["red-suns-1"]
    play(state, "red-suns-1")
    assert legal_ids(state) == ["red-moons-2", "yellow-arms-5"]
    play(state, "red-moons-2")
    assert counter(state, "tricks") == [0, 1, 0, 0] and state.current_player == 1
    points = [counter(state, f"{c}_points")[1] for c in ("suit", "colour", "number")]
    assert points == [1, 1, 0]


def test_a_toss_then_the_next_player_establishes(game: DescribedGame) -> None:
    """Scenario 6 (ruling 6): 1 yellow moons led; the second holds no yellow, no moons, no 1 and
    tosses any card; the third must establish with her yellow card ({colour}); moons > crowns:
    the leader wins; the toss cannot."""
    hands = [["yellow-moons-1", "red-arms-3"], ["red-suns-2", "blue-arms-4"], ["yellow-crowns-4", "blue-arms-5"]]
    state = at(game, hands, options={"balance": True})
    play(state, "yellow-moons-1")
    assert legal_ids(state) == ["blue-arms-4", "red-suns-2"]
    play(state, "red-suns-2")
    assert counter(state, "by_colour") is False and state.current_player == 2
    assert legal_ids(state) == ["yellow-crowns-4"]
    play(state, "yellow-crowns-4")
    assert counter(state, "tricks") == [1, 0, 0] and state.current_player == 0
    assert [counter(state, f"{c}_points")[0] for c in ("suit", "colour", "number")] == [0, 1, 0]


def test_nobody_follows_the_leader_wins_with_no_balance_point(game: DescribedGame) -> None:
    """Scenario 7: nothing established, the leader wins; under Balance, no category point."""
    hands = [["yellow-moons-1", "blue-arms-1"], ["red-suns-2", "blue-arms-4"], ["red-crowns-3", "blue-arms-5"]]
    state = at(game, hands, options={"balance": True})
    play(state, "yellow-moons-1", "red-suns-2", "red-crowns-3")
    assert counter(state, "tricks") == [1, 0, 0] and state.current_player == 0
    assert [counter(state, f"{c}_points") for c in ("suit", "colour", "number")] == [[0, 0, 0]] * 3


def test_balance_score_is_the_lowest_category(game: DescribedGame) -> None:
    """Scenario 8 (ruling 9): suit 5, colour 2, number 4 -> 2; the last trick of the last round
    (nobody follows, no category point) ends the game."""
    hands = [["yellow-moons-1"], ["red-suns-2"], ["red-crowns-3"]]
    points: dict[str, Any] = {"suit_points": [5, 1, 0], "colour_points": [2, 1, 9], "number_points": [4, 1, 9],
                              "tricks": [11, 3, 18]}
    balance = at(game, hands, round=3, options={"balance": True}, **points)
    play(balance, "yellow-moons-1", "red-suns-2", "red-crowns-3")
    result = balance.result()
    assert balance.is_over and result.finished and result.scores == (2.0, 1.0, 0.0) and result.winners == (0,)
    plain = at(game, hands, round=3, **points)
    play(plain, "yellow-moons-1", "red-suns-2", "red-crowns-3")
    assert plain.result().scores == (12.0, 3.0, 18.0) and plain.result().winners == (2,)


def test_a_position_mid_trick(game: DescribedGame) -> None:
    """A trick under way in a position: its cards were played by the seats before the one to
    move, and what was established is given by name."""
    state = at(game, [["blue-crowns-1"], ["blue-crowns-2"], ["yellow-arms-3", "red-suns-5"]],
               current_player=2, trick=["red-suns-3", "blue-moons-3"], by_number=True)
    assert legal_ids(state) == ["yellow-arms-3"]
    play(state, "yellow-arms-3")
    assert counter(state, "tricks") == [0, 0, 1] and state.current_player == 2


# -- the game's length, options, cap --------------------------------------------------------------

def test_first_leads_rotate_and_the_default_is_a_round_per_player(game: DescribedGame) -> None:
    """Ruling 2 and ruling 8 (default): round r is led by seat (r - 1) mod N; N rounds."""
    state = fresh(game, 5)
    rng = random.Random(2)
    leaders = [state.current_player]
    while not state.is_over:
        play_round(state, rng)
        if not state.is_over:
            leaders.append(state.current_player)
    result = state.result()
    assert leaders == [0, 1, 2, 3, 4] and state.turns == 5 and result.finished
    assert sum(counter(state, "tricks")) == 5 * 11 and result.scores == tuple(map(float, counter(state, "tricks")))


def test_the_trick_winner_leads_the_next_trick(game: DescribedGame) -> None:
    state = fresh(game, 4)
    rng = random.Random(4)
    for _ in range(4):
        state.apply(state.random_move(rng))
    assert counter(state, "tricks")[state.current_player] == 1 and sum(counter(state, "tricks")) == 1


def test_the_rounds_option(game: DescribedGame) -> None:
    state = fresh(game, 4, rounds=2)
    state.play_randomly(random.Random(1), game.rules.turn_cap)
    assert state.is_over and state.turns == 2 and sum(counter(state, "tricks")) == 28


def test_the_target_option_ends_after_the_round_that_reaches_it(game: DescribedGame) -> None:
    """Ruling 8: with a target, `rounds` is ignored; the game ends after the round in which a
    score reaches the target, and the highest total wins."""
    state = fresh(game, 4, rounds=1, target=20)
    rng = random.Random(5)
    before: list[int] = []
    while not state.is_over:
        before = list(counter(state, "tricks"))
        play_round(state, rng)
    tricks = counter(state, "tricks")
    assert max(before) < 20 <= max(tricks) and state.turns > 1
    result = state.result()
    assert result.finished and all(tricks[w] == max(tricks) for w in result.winners)


def test_a_balance_target_counts_balance_scores(game: DescribedGame) -> None:
    state = fresh(game, 4, target=4, balance=True)
    state.play_randomly(random.Random(6), game.rules.turn_cap)
    lowest = [min(points) for points in zip(*(counter(state, f"{c}_points") for c in ("suit", "colour", "number")))]
    assert state.is_over and max(lowest) >= 4 and state.result().scores == tuple(map(float, lowest))


def test_the_turn_cap_is_a_hundred_rounds(game: DescribedGame) -> None:
    """Ruling 11: a target nobody reaches stops at the cap, unfinished."""
    assert game.rules.turn_cap == 100
    state = play_game(game, 8, ["random"] * 8, 1, 0, options={"target": 10**6})
    result = state.result()
    assert not state.is_over and state.turns == 100 and not result.finished and result.winners == ()


def test_tied_totals_share_the_win(game: DescribedGame) -> None:
    hands = [["yellow-suns-4"], ["red-suns-2"], ["red-crowns-3"]]
    alone = at(game, hands, round=3, tricks=[7, 7, 2])
    play(alone, "yellow-suns-4", "red-suns-2", "red-crowns-3")  # shares suns: seat 0's 4 wins
    assert alone.is_over and alone.turns == 1 and alone.result().winners == (0,)
    tied = at(game, hands, round=3, tricks=[6, 7, 2])
    play(tied, "yellow-suns-4", "red-suns-2", "red-crowns-3")
    assert tied.result().winners == (0, 1)


# -- the hand-written engine's twin ------------------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"target": 12}, {"balance": True, "target": 3}, {"rounds": 2}],
                         ids=["default", "target", "balance-target", "rounds"])
def test_same_seed_same_moves_same_game_as_the_hand_written_engine(game: DescribedGame,
                                                                  options: dict[str, Any]) -> None:
    """From one seed both engines deal the same cards every round; fed the same moves (random
    cards from the hand-written engine's legal ones) they offer the same legal cards to the same
    seat at every step and end with the same result."""
    twin = get_game(TWIN)
    for n in (3, 5, 8):
        for seed in range(3):
            ours = game.new_game(n, random.Random(seed), game.rules.resolve_options(options))
            theirs = twin.new_game(n, random.Random(seed), twin.rules.resolve_options(options))
            rng = random.Random(f"moves {seed}")
            while not theirs.is_over and theirs.turns < twin.rules.turn_cap:
                assert ours.current_player == theirs.current_player
                legal = sorted(m[0] for m in theirs.legal_moves())
                assert sorted(m[1] for m in ours.legal_moves()) == legal
                card = legal[int(rng.random() * len(legal))]
                theirs.apply((card,))
                ours.apply((0, card, -1))
            a, b = ours.result(), theirs.result()
            assert (ours.is_over, a.finished, a.winners, a.scores, a.turns) == (
                theirs.is_over, b.finished, b.winners, b.scores, b.turns)


@pytest.mark.parametrize(("n_players", "games", "options"),
                         [(4, 200, {"target": 8}), (3, 200, {"target": 3, "balance": True}), (3, 120, {})],
                         ids=["target", "balance-target", "default"])
def test_random_games_agree_with_the_hand_written_engine(n_players: int, games: int,
                                                         options: dict[str, Any]) -> None:
    agreement = compare_engines(GAME, TWIN, n_players, games, 11, options_a=options, options_b=options)
    assert agreement.agrees, "\n".join(agreement.lines())
    if options.get("target"):
        assert agreement.mean_length_a is not None and agreement.length.p_value is not None
