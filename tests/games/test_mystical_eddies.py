"""Mystical Eddies: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystical_eddies import GreedyEddiesBot
from deckgen.errors import BadPosition, IllegalMove
from deckgen.games.kit.tricks import must_follow_mask
from deckgen.games.registry import get_game
from deckgen.games.mystical_eddies import (
    COLOUR,
    MASKS,
    NUMBER,
    SUIT,
    EddiesState,
    MysticalEddies,
    ranking_key,
    shared_attributes,
    trick_outcome,
)
from deckgen.sim.play import game_rngs, play_game


@pytest.fixture(scope="module")
def game() -> MysticalEddies:
    engine = get_game("mystical-eddies")
    assert isinstance(engine, MysticalEddies)
    return engine


def idx(game: MysticalEddies, card_id: str) -> int:
    return game.cards.index_of(card_id)


def move(game: MysticalEddies, card_id: str) -> tuple[int]:
    return (idx(game, card_id),)


def at(game: MysticalEddies, hands: list[list[str]], trick: list[str] | None = None, current_player: int = 0,
       **details: object) -> EddiesState:
    """A position: `current_player` is to play, after the `trick` cards played from its leader."""
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)} | {"trick": trick or []}
    return game.position(zones, current_player=current_player, **details)  # type: ignore[arg-type]


def legal_ids(game: MysticalEddies, state: EddiesState) -> list[str]:
    return sorted(game.cards.ids[m[0]] for m in state.legal_moves())


def fresh(game: MysticalEddies, n_players: int, seed: int = 3, **options: object) -> EddiesState:
    return game.new_game(n_players, random.Random(seed), game.rules.resolve_options(options))


def play_round(state: EddiesState, rng: random.Random) -> None:
    """Random moves until the round in play ends."""
    turns = state.turns
    while state.turns == turns and not state.is_over:
        state.apply(state.random_move(rng))


# -- the deal ------------------------------------------------------------------------------

@pytest.mark.parametrize(("n_players", "hand_size", "aside"),
                         [(3, 18, 6), (4, 14, 4), (5, 11, 5), (6, 9, 6), (7, 8, 4), (8, 7, 4)])
def test_the_deal_by_player_count(game: MysticalEddies, n_players: int, hand_size: int, aside: int) -> None:
    """Scenario 1: 4 aside unseen, the rest dealt evenly, the leftovers aside too."""
    state = fresh(game, n_players)
    zones = state.card_zones()
    assert [len(zones[f"hand/{s}"]) for s in range(n_players)] == [hand_size] * n_players
    assert len(zones["removed"]) == aside == 4 + 56 % n_players
    assert sorted(c for cards in zones.values() for c in cards) == sorted(game.cards.ids)
    assert state.current_player == 0 and state.leader == 0


def test_every_round_reshuffles_all_the_cards(game: MysticalEddies) -> None:
    """Ruling 10 with the round setup: the set-aside cards go back in and are never seen."""
    state = fresh(game, 4)
    first = state.card_zones()["removed"]
    play_round(state, random.Random(1))
    zones = state.card_zones()
    assert sorted(c for cards in zones.values() for c in cards) == sorted(game.cards.ids)
    assert all(not zones[f"won/{s}"] for s in range(4)) and zones["removed"] != first
    assert "removed" in state.hidden_zones(0) and "hand/1" in state.hidden_zones(0)
    assert "hand/0" not in state.hidden_zones(0) and "won/1" not in state.hidden_zones(0)
    seen = str(state.observation(0))
    assert not any(card in seen for card in zones["removed"])
    assert not any(card in seen for card in zones["hand/1"])


# -- the trick rules as pure functions --------------------------------------------------------

def test_shared_attributes_and_ranking_keys() -> None:
    red_suns_3, blue_moons_3 = (1, 1, 3), (0, 2, 3)  # (suit, colour, number) values
    assert shared_attributes(red_suns_3, blue_moons_3) == NUMBER
    assert shared_attributes(red_suns_3, (1, 1, 5)) == SUIT | COLOUR
    # ranks (suit, colour, number): suit established ranks by number, then colour
    assert ranking_key(SUIT, (1, 1, 5)) > ranking_key(SUIT, (1, 3, 4)) > ranking_key(SUIT, (1, 2, 4))
    assert ranking_key(COLOUR, (4, 1, 1)) > ranking_key(COLOUR, (3, 1, 5)) > ranking_key(COLOUR, (3, 1, 4))
    assert ranking_key(NUMBER, (1, 3, 2)) > ranking_key(NUMBER, (4, 2, 2)) > ranking_key(NUMBER, (3, 2, 2))
    assert ranking_key(SUIT | COLOUR, (1, 1, 5)) > ranking_key(SUIT | COLOUR, (1, 1, 4))
    assert ranking_key(SUIT | NUMBER, (1, 3, 1)) > ranking_key(SUIT | NUMBER, (1, 2, 1))
    assert ranking_key(COLOUR | NUMBER, (4, 1, 1)) > ranking_key(COLOUR | NUMBER, (3, 1, 1))
    assert must_follow_mask(0b1010, 0b0010) == 0b0010 and must_follow_mask(0b1010, 0b0100) == 0b1010


def test_the_rankings(game: MysticalEddies) -> None:
    """Ruling 1 and the rank tables: suns > moons > arms > crowns (a line), yellow > red >
    blue, 5 > ... > 1."""
    suit = [game.ranks[idx(game, f"red-{s}-1")][0] for s in ("suns", "moons", "arms", "crowns")]
    colour = [game.ranks[idx(game, f"{c}-arms-1")][1] for c in ("yellow", "red", "blue")]
    number = [game.ranks[idx(game, f"red-arms-{n}")][2] for n in (5, 4, 3, 2, 1)]
    assert suit == [4, 3, 2, 1] and colour == [3, 2, 1] and number == [5, 4, 3, 2, 1]
    # crowns do not beat suns (no cycle): colour established, crowns lose to everything
    trick = [idx(game, "red-suns-1"), idx(game, "red-crowns-5")]
    assert trick_outcome(trick, game.match, game.keys, game.cards.size) == (COLOUR, 0)


def test_no_two_cards_share_all_three_and_candidates_never_tie(game: MysticalEddies) -> None:
    """Rulings 3 and 7, over the whole deck."""
    size = game.cards.size
    assert all(game.match[a * size + b] != 7 for a in range(size) for b in range(size) if a != b)
    for lead in range(size):
        for established in (1, 2, 4, 3, 5, 6):
            candidates = [lead] + [c for c in range(size) if game.following[lead * MASKS + established] >> c & 1]
            keys = [game.keys[established * size + c] for c in candidates]
            assert len(set(keys)) == len(keys)


# -- scenarios ---------------------------------------------------------------------------------

def test_number_established_winner_by_colour(game: MysticalEddies) -> None:
    """Scenario 2: 3 red suns led, 3 blue moons sets {number}; the third must play her 3 and
    wins by colour: 3 yellow arms > 3 red suns > 3 blue moons."""
    state = at(game, [["blue-crowns-1"], ["yellow-crowns-2"], ["yellow-arms-3", "red-suns-5"]],
               trick=["red-suns-3", "blue-moons-3"], current_player=2)
    assert state.established == NUMBER and state.leader == 0
    assert legal_ids(game, state) == ["yellow-arms-3"]
    with pytest.raises(IllegalMove):
        state.play(move(game, "red-suns-5"))
    keys = [game.keys[NUMBER * game.cards.size + idx(game, c)] for c in ("yellow-arms-3", "red-suns-3", "blue-moons-3")]
    assert keys == sorted(keys, reverse=True)
    assert state.describe_move(move(game, "yellow-arms-3")).endswith("seat 2 wins the trick (by number)")
    state.play(move(game, "yellow-arms-3"))
    assert state.tricks == [0, 0, 1] and state.current_player == 2 and state.leader == 2
    assert state.counters["number_tricks"] == 1 and state.counters["leader_wins"] == 0
    assert state.card_zones()["won/2"] == sorted(["red-suns-3", "blue-moons-3", "yellow-arms-3"],
                                                 key=game.cards.index_of)


def test_number_established_colour_tie_broken_by_suit(game: MysticalEddies) -> None:
    """Scenario 3 (and ruling 5): the two red 3s tie on colour, suns > crowns: the led card wins."""
    state = at(game, [["blue-crowns-1"], ["yellow-crowns-2"], ["red-crowns-3", "blue-arms-5"]],
               trick=["red-suns-3", "blue-moons-3"], current_player=2)
    state.play(move(game, "red-crowns-3"))
    assert state.tricks == [1, 0, 0] and state.current_player == 0
    assert state.counters["leader_wins"] == 1


def test_colour_established_suit_then_number(game: MysticalEddies) -> None:
    """Scenario 4: 2 blue moons led, 4 blue suns sets {colour}; 5 blue suns: suns beat moons,
    the higher sun wins."""
    state = at(game, [["red-arms-1"], ["red-arms-2"], ["blue-suns-5", "red-arms-3"]],
               trick=["blue-moons-2", "blue-suns-4"], current_player=2)
    assert state.established == COLOUR and state.best_seat == 1
    assert legal_ids(game, state) == ["blue-suns-5"]
    state.play(move(game, "blue-suns-5"))
    assert state.tricks == [0, 0, 1] and state.counters["colour_tricks"] == 1


def test_two_attributes_established(game: MysticalEddies) -> None:
    """Scenario 5 (ruling 4): 5 red suns sets {colour, suit}; the third must play 1 red suns,
    not 4 red moons; a fourth without red suns plays 2 red moons: a toss. 5 red suns wins."""
    hands = [["blue-arms-1"], ["blue-arms-2"], ["red-suns-1", "red-moons-4"], ["red-moons-2", "yellow-arms-5"]]
    state = at(game, hands, trick=["red-suns-3", "red-suns-5"], current_player=2, options={"balance": True})
    assert state.established == SUIT | COLOUR
    assert legal_ids(game, state) == ["red-suns-1"]
    state.play(move(game, "red-suns-1"))
    assert legal_ids(game, state) == ["red-moons-2", "yellow-arms-5"]
    assert state.describe_move(move(game, "red-moons-2")).startswith("seat 3 tosses the")
    state.play(move(game, "red-moons-2"))
    assert state.tricks == [0, 1, 0, 0] and state.current_player == 1
    assert state.categories[1] == [1, 1, 0] and state.counters["suit_colour_tricks"] == 1


def test_a_toss_then_the_next_player_establishes(game: MysticalEddies) -> None:
    """Scenario 6 (ruling 6): 1 yellow moons led; the second holds no yellow, no moons, no 1 and
    tosses; the third must establish with her yellow card ({colour}); moons > crowns: the
    leader wins; the toss cannot."""
    hands = [["red-arms-3"], ["red-suns-2", "blue-arms-4"], ["yellow-crowns-4", "blue-arms-5"]]
    state = at(game, hands, trick=["yellow-moons-1"], current_player=1)
    assert legal_ids(game, state) == ["blue-arms-4", "red-suns-2"]
    state.play(move(game, "red-suns-2"))
    assert state.established == 0 and state.current_player == 2
    assert legal_ids(game, state) == ["yellow-crowns-4"]
    assert state.describe_move(move(game, "yellow-crowns-4")).startswith(
        "seat 2 plays the 4 of yellow crowns, establishing colour")
    state.play(move(game, "yellow-crowns-4"))
    assert state.tricks == [1, 0, 0] and state.counters["colour_tricks"] == 1


def test_nobody_follows_the_leader_wins_with_no_balance_point(game: MysticalEddies) -> None:
    """Scenario 7: nothing established, the leader wins; under Balance, no category point."""
    hands = [["blue-arms-1"], ["red-suns-2", "blue-arms-4"], ["red-crowns-3", "blue-arms-5"]]
    state = at(game, hands, trick=["yellow-moons-1"], current_player=1, options={"balance": True})
    state.play(move(game, "red-suns-2"))
    text = state.describe_move(move(game, "red-crowns-3"))
    assert text == "seat 2 tosses the 3 of red crowns; seat 0 wins the trick (nobody followed the lead)"
    state.play(move(game, "red-crowns-3"))
    assert state.tricks == [1, 0, 0] and state.categories[0] == [0, 0, 0]
    assert state.counters["unfollowed_tricks"] == 1 and state.counters["leader_wins"] == 1


def test_balance_score_is_the_lowest_category(game: MysticalEddies) -> None:
    """Scenario 8 (ruling 9): suit 5, colour 2, number 4 -> 2."""
    hands = [["blue-arms-1"], ["red-suns-2"], ["red-crowns-3"]]
    state = at(game, hands, categories=[[5, 2, 4], [1, 1, 1], [0, 9, 9]], tricks=[11, 3, 18],
               options={"balance": True})
    assert state.scores() == [2, 1, 0]
    plain = at(game, hands, categories=[[5, 2, 4], [1, 1, 1], [0, 9, 9]], tricks=[11, 3, 18])
    assert plain.scores() == [11, 3, 18]


def test_tricks_and_rounds_are_logged_with_the_winner_and_the_scores(game: MysticalEddies) -> None:
    """What a trick established and who won it, and every score at a round's end, are events."""
    state = at(game, [["blue-arms-1"], ["red-suns-2"], ["red-crowns-3"]], categories=[[5, 2, 4], [1, 1, 1], [0, 9, 9]],
               tricks=[11, 3, 18], options={"balance": True})
    state.events = []
    for card_id in ("blue-arms-1", "red-suns-2", "red-crowns-3"):
        state.play(move(game, card_id))
    assert state.events[:2] == [
        {"type": "trick", "cards": ["blue-arms-1", "red-suns-2", "red-crowns-3"], "leader": 0, "winner": 0,
         "established": "nothing"},
        {"type": "round_end", "round": 1, "tricks": [12, 3, 18],
         "categories": [{"suit": 5, "colour": 2, "number": 4}, {"suit": 1, "colour": 1, "number": 1},
                        {"suit": 0, "colour": 9, "number": 9}], "scores": [2, 1, 0]},
    ]
    assert state.events[2]["type"] == "deal" and state.events[2]["round"] == 2


# -- the game's length, options, cap ---------------------------------------------------------

def test_first_leads_rotate_and_the_default_is_a_round_per_player(game: MysticalEddies) -> None:
    """Ruling 2 and ruling 8 (default): round r is led by seat (r - 1) mod N; N rounds."""
    state = fresh(game, 5)
    rng = random.Random(2)
    leaders = [state.current_player]
    while not state.is_over:
        play_round(state, rng)
        if not state.is_over:
            leaders.append(state.current_player)
    assert leaders == [0, 1, 2, 3, 4] and state.turns == 5 and state.result().finished
    assert sum(state.tricks) == 5 * 11 and state.result().scores == tuple(float(t) for t in state.tricks)


def test_the_trick_winner_leads_the_next_trick(game: MysticalEddies) -> None:
    state = fresh(game, 4)
    rng = random.Random(4)
    for _ in range(4):
        state.apply(state.random_move(rng))
    assert state.current_player == state.leader == state.tricks.index(1)


def test_the_rounds_option(game: MysticalEddies) -> None:
    state = fresh(game, 4, rounds=2)
    state.play_randomly(random.Random(1), game.rules.turn_cap)
    assert state.is_over and state.turns == 2 and sum(state.tricks) == 28


def test_the_target_option_ends_after_the_round_that_reaches_it(game: MysticalEddies) -> None:
    """Ruling 8: with a target, `rounds` is ignored; the game ends after the round in which
    a score reaches the target, and the highest total wins."""
    state = fresh(game, 4, rounds=1, target=20)
    rng = random.Random(5)
    before: list[int] = []
    while not state.is_over:
        before = list(state.tricks)
        play_round(state, rng)
    assert max(before) < 20 <= max(state.tricks) and state.turns > 1
    result = state.result()
    assert result.finished and all(state.tricks[w] == max(state.tricks) for w in result.winners)


def test_a_balance_target_counts_balance_scores(game: MysticalEddies) -> None:
    state = fresh(game, 4, target=4, balance=True)
    state.play_randomly(random.Random(6), game.rules.turn_cap)
    lowest = [min(points) for points in state.categories]
    assert state.is_over and max(lowest) >= 4 and state.result().scores == tuple(float(x) for x in lowest)


def test_the_turn_cap_is_a_hundred_rounds(game: MysticalEddies) -> None:
    """Ruling 11: a target nobody reaches stops at the cap, unfinished."""
    assert game.rules.turn_cap == 100
    state = play_game(game, 3, ["random"] * 3, 1, 0, options={"target": 10**6})
    result = state.result()
    assert not state.is_over and state.turns == 100 and not result.finished and result.winners == ()
    assert state.round_number == 100 and state.hands == [0, 0, 0]  # round 101 is never dealt


def test_the_capped_game_logs_no_deal_after_its_last_round(game: MysticalEddies) -> None:
    state = game.new_game(3, random.Random(2), game.rules.resolve_options({"target": 10**6}), record=True)
    state.play_randomly(random.Random(2), game.rules.turn_cap)
    deals = [e["round"] for e in state.events or [] if e["type"] == "deal"]
    assert deals == list(range(1, 101))


def test_tied_totals_share_the_win(game: MysticalEddies) -> None:
    state = at(game, [[], ["red-suns-2"], ["red-crowns-3"]], tricks=[7, 7, 2],
               trick=["yellow-suns-4"], current_player=1, round_number=3)
    state.play(move(game, "red-suns-2"))  # shares suns: seat 0's 4 wins
    state.play(move(game, "red-crowns-3"))
    assert state.is_over and state.turns == 3 and state.result().winners == (0,)
    tied = at(game, [[], ["red-suns-2"], ["red-crowns-3"]], tricks=[6, 7, 2],
              trick=["yellow-suns-4"], current_player=1, round_number=3)
    tied.play(move(game, "red-suns-2"))
    tied.play(move(game, "red-crowns-3"))
    assert tied.result().winners == (0, 1) and tied.counters["game_draws"] == 1


# -- engine mechanics ------------------------------------------------------------------------

def test_the_fast_loop_plays_the_same_games_as_apply(game: MysticalEddies) -> None:
    for index in range(5):
        chance, bots = game_rngs(9, index)
        fast = game.new_game(4, chance, game.rules.resolve_options())
        fast.play_randomly(bots, game.rules.turn_cap)
        chance, bots = game_rngs(9, index)
        slow = game.new_game(4, chance, game.rules.resolve_options())
        while not slow.is_over:
            slow.apply(slow.random_move(bots))
        assert fast.result() == slow.result() and fast.card_zones() == slow.card_zones()


def test_a_position_mid_trick_round_trips(game: MysticalEddies) -> None:
    state = fresh(game, 4)
    rng = random.Random(8)
    for _ in range(6):
        state.apply(state.random_move(rng))
    zones = state.card_zones()
    rebuilt = game.position(zones, current_player=state.current_player)
    assert rebuilt.card_zones() == zones and rebuilt.established == state.established
    assert rebuilt.best_seat == state.best_seat and rebuilt.legal_moves() == state.legal_moves()


def test_positions_refuse_uneven_hands(game: MysticalEddies) -> None:
    with pytest.raises(BadPosition):
        at(game, [["blue-arms-1", "blue-arms-2"], ["red-suns-2"], ["red-crowns-3"]])
    with pytest.raises(BadPosition):
        at(game, [[], [], []])


# -- the greedy bot --------------------------------------------------------------------------

def test_greedy_leads_cheap_early_and_strong_late(game: MysticalEddies) -> None:
    hand = ["blue-crowns-1", "yellow-suns-5", "red-arms-3"]
    others = [["blue-crowns-2", "blue-crowns-3", "blue-crowns-4"], ["red-moons-1", "red-moons-2", "red-moons-3"]]
    bot = GreedyEddiesBot(random.Random(0), 0)
    state = at(game, [hand, *others])  # 3 players deal 18: 15 of 18 tricks played, late
    assert bot.choose(state) == move(game, "yellow-suns-5")
    state.hand_size = 6  # 3 of 6 played: not fewer than half
    assert bot.choose(state) == move(game, "yellow-suns-5")
    state.hand_size = 5  # 2 of 5 played: early
    assert bot.choose(state) == move(game, "blue-crowns-1")


def test_greedy_establishes_with_the_safest_winning_card(game: MysticalEddies) -> None:
    """Lead 3 red moons; 5 red moons beats it on colour+suit (no unseen card can beat a 5
    there), 3 yellow arms on number (unseen yellow 3s of suns and moons beat it)."""
    hands = [["blue-arms-1", "blue-arms-4"], ["red-moons-5", "yellow-arms-3", "blue-crowns-2"],
             ["blue-arms-2", "blue-arms-3", "blue-arms-5"]]
    state = at(game, hands, trick=["red-moons-3"], current_player=1)
    assert GreedyEddiesBot(random.Random(0), 1).choose(state) == move(game, "red-moons-5")
    # nothing beats the lead: the cheapest matching card
    hands = [["blue-arms-1", "blue-arms-4"], ["red-moons-2", "blue-moons-1", "yellow-crowns-4"],
             ["blue-arms-2", "blue-arms-3", "blue-arms-5"]]
    state = at(game, hands, trick=["red-moons-5"], current_player=1)
    assert GreedyEddiesBot(random.Random(0), 1).choose(state) == move(game, "blue-moons-1")


def test_greedy_follows_low_above_the_best_and_tosses_cheap(game: MysticalEddies) -> None:
    hands = [["blue-arms-1", "blue-arms-4"], ["blue-arms-2", "blue-arms-5"], ["red-suns-1", "red-suns-4", "red-suns-5"]]
    state = at(game, hands, trick=["red-suns-2", "red-suns-3"], current_player=2)
    assert GreedyEddiesBot(random.Random(0), 2).choose(state) == move(game, "red-suns-4")
    hands = [["blue-arms-1", "blue-arms-4"], ["blue-arms-2", "blue-arms-5"], ["red-suns-1", "blue-crowns-1", "yellow-moons-5"]]
    state = at(game, hands, trick=["red-suns-2", "red-suns-5"], current_player=2)
    assert GreedyEddiesBot(random.Random(0), 2).choose(state) == move(game, "red-suns-1")
    hands = [["blue-arms-1", "blue-arms-4"], ["blue-arms-2", "blue-arms-5"], ["blue-crowns-4", "blue-crowns-1", "yellow-arms-5"]]
    state = at(game, hands, trick=["red-suns-2", "red-suns-5"], current_player=2)
    assert GreedyEddiesBot(random.Random(0), 2).choose(state) == move(game, "blue-crowns-1")


def test_greedy_beats_random(game: MysticalEddies) -> None:
    wins = 0.0
    games = 150
    for index in range(games):
        result = play_game(game, 4, ["greedy", "random", "random", "random"], 3, index).result()
        if 0 in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.5


# -- search: clones and determinizations --------------------------------------------------------

def test_a_toss_shows_a_void_that_determinizations_keep(game: MysticalEddies) -> None:
    """Seat 1 tossed on 1 yellow moons: no redeal gives her a yellow card, a moon or a 1."""
    hands = [["red-arms-3", "blue-arms-3"], ["red-suns-2", "blue-arms-4", "red-crowns-2"],
             ["yellow-crowns-4", "blue-arms-5", "red-crowns-5"]]
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)} | {
        "trick": ["yellow-moons-1"], "removed": ["yellow-suns-1", "yellow-arms-2", "blue-suns-3", "red-arms-4"]}
    state = game.position(zones, current_player=1)
    state.play(move(game, "red-suns-2"))
    assert state.voids[1] == game.following[idx(game, "yellow-moons-1") * MASKS]
    pool = state.hands[1] | state.hands[2] | state.removed
    rng = random.Random(1)
    for _ in range(50):
        world = state.determinize(0, rng)
        assert world.hands[1] & state.voids[1] == 0 and world.hands[1].bit_count() == 2
        assert world.hands[1] | world.hands[2] | world.removed == pool and world.hands[0] == state.hands[0]
    assert state.hands[1] == sum(1 << idx(game, c) for c in ["blue-arms-4", "red-crowns-2"])


def test_voids_are_the_same_on_the_fast_loop_and_clones_are_independent(game: MysticalEddies) -> None:
    chance, _ = game_rngs(2, 0)
    fast = game.new_game(4, chance, game.rules.resolve_options())
    slow = fast.clone()
    fast.play_randomly(random.Random(3), game.rules.turn_cap)
    slow_rng = random.Random(3)
    while not slow.is_over:
        slow.apply(slow.random_move(slow_rng))
    assert fast.voids == slow.voids and any(fast.voids) and fast.card_zones() == slow.card_zones()
    chance, _ = game_rngs(2, 1)
    state = game.new_game(4, chance, game.rules.resolve_options())
    for _ in range(30):
        state.apply(state.random_move(slow_rng))
    before = state.card_zones()
    twin = state.clone()
    twin.play_randomly(slow_rng, game.rules.turn_cap)
    assert twin.is_over and not state.is_over and state.card_zones() == before
