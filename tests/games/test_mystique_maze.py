"""Mystique Maze: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from deckgen.bots.mystique_maze import GreedyMazeBot
from deckgen.errors import BadPosition, IllegalMove
from deckgen.games.base import State
from deckgen.games.registry import get_game
from deckgen.games.kit.cards import bits_of
from deckgen.games.mystique_maze import (
    DECK_MOVE,
    DISCARD,
    PILE_MOVE,
    MazeState,
    MystiqueMaze,
    cards_of,
    nth_card,
)
from deckgen.sim.play import play_game


@pytest.fixture(scope="module")
def game() -> MystiqueMaze:
    engine = get_game("mystique-maze")
    assert isinstance(engine, MystiqueMaze)
    return engine


def card(name: str) -> str:
    """'2 blue suns' -> 'blue-suns-2'."""
    number, colour, suit = name.split()
    return f"{colour}-{suit}-{number}"


def idx(game: MystiqueMaze, name: str) -> int:
    return game.cards.index_of(card(name))


def at(game: MystiqueMaze, hands: list[list[str]], draw: int | list[str] = 10, discard: list[str] | None = None,
       **details: object) -> MazeState:
    """A position from hands of card names ('2 blue suns'); an int `draw` is that many cards
    no other zone uses (never a corner card of a seat in play)."""
    n = len(hands)
    held = [card(c) for hand in hands for c in hand]
    pile = [card(c) for c in discard or []]
    corners = {game.cards.ids[c] for pair in game.corner_cards[:n] for c in pair}
    if isinstance(draw, int):
        deck = [c for c in game.cards.ids if c not in held and c not in pile and c not in corners][:draw]
    else:
        deck = [card(c) for c in draw]
    zones = {f"hand/{s}": [card(c) for c in hand] for s, hand in enumerate(hands)} | {"draw": deck, "discard": pile}
    return game.position(zones, **details)  # type: ignore[arg-type]


#: Scenario 3: player A's winning hand with 2 players.
CHAIN = ["2 yellow suns", "3 yellow suns", "4 yellow suns", "5 yellow suns",
         "5 red suns", "5 red moons", "5 red crowns", "5 blue crowns"]


# -- connection (scenarios 1 and 2, ruling 1) ---------------------------------------------

def test_the_books_connection_example(game: MystiqueMaze) -> None:
    """Scenario 1: 2 blue suns - 2 blue moons connected; 2 blue suns - 2 blue arms not."""
    assert game.connected(idx(game, "2 blue suns"), idx(game, "2 blue moons"))
    assert not game.connected(idx(game, "2 blue suns"), idx(game, "2 blue arms"))


@pytest.mark.parametrize(("a", "b", "linked"), [
    ("2 blue moons", "2 blue crowns", True),
    ("1 yellow suns", "1 red suns", True),
    ("1 yellow suns", "1 blue suns", False),     # colour does not wrap
    ("1 red moons", "5 red moons", False),       # number does not wrap
    ("2 blue arms", "2 blue suns", False),       # the ends of the suit line
    ("2 red moons", "3 blue moons", False),      # two attributes differ
    ("2 red moons", "2 red moons", False),       # a card is not its own neighbour
])
def test_connections_along_the_three_lines(game: MystiqueMaze, a: str, b: str, linked: bool) -> None:
    """Scenario 2."""
    assert game.connected(idx(game, a), idx(game, b)) is linked
    assert game.connected(idx(game, b), idx(game, a)) is linked


def test_the_suit_line_runs_suns_moons_crowns_arms(game: MystiqueMaze) -> None:
    """Ruling 1: with this order each seat's corners are opposite corners of the box, the
    farthest apart two cards can be (2 + 3 + 4 = 9 steps)."""
    assert game.params.suit_line == ["suns", "moons", "crowns", "arms"]
    for a, b in game.corner_cards:
        assert sum(abs(x - y) for x, y in zip(game.coords[a], game.coords[b])) == 9
    assert [game.cards.ids[c] for pair in game.corner_cards for c in pair] == [
        "yellow-suns-1", "blue-arms-5", "blue-suns-1", "yellow-arms-5",
        "blue-arms-1", "yellow-suns-5", "yellow-arms-1", "blue-suns-5"]


# -- setup and order (scenario 5, rulings 2 and 4) ----------------------------------------

@pytest.mark.parametrize(("players", "deck"), [(2, 40), (3, 30), (4, 20)])
def test_setup_deals_eight_beside_the_corners(game: MystiqueMaze, players: int, deck: int) -> None:
    state = game.new_game(players, random.Random(players), game.rules.resolve_options())
    zones = state.card_zones()
    assert len(state.draw) == deck and not state.discard
    assert all(len(zones[f"hand/{s}"]) == 8 for s in range(players))
    assert [zones[f"corners/{s}"] for s in range(players)] == [
        [game.cards.ids[c] for c in pair] for pair in game.corner_cards[:players]]


def test_three_players_go_anticlockwise_and_seat_3_corners_are_ordinary_cards(game: MystiqueMaze) -> None:
    """Scenario 5 and rulings 2 and 4: seat 0, seat 2, seat 1, seat 0; the first turn can
    only draw from the deck; 1 yellow arms and 5 blue suns are in the deck or the hands."""
    state = game.new_game(3, random.Random(5), game.rules.resolve_options())
    assert len(state.draw) == 30
    zones = state.card_zones()
    dealt = set(zones["draw"]) | {c for s in range(3) for c in zones[f"hand/{s}"]}
    assert {"yellow-arms-1", "blue-suns-5"} <= dealt and "corners/3" not in zones
    assert state.legal_moves() == [DECK_MOVE]
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.play(DECK_MOVE)
        state.play(state.legal_moves()[0])
    assert order == [0, 2, 1, 0]


def test_a_corner_card_in_play_cannot_be_placed_elsewhere(game: MystiqueMaze) -> None:
    with pytest.raises(BadPosition, match="corner"):
        at(game, [["1 yellow suns"], []])
    with pytest.raises(BadPosition, match="corners/1"):
        game.position({"hand/0": [], "hand/1": [], "corners/1": ["red-moons-1", "red-moons-2"]})
    at(game, [["5 yellow suns"], []])  # seat 2's corner is an ordinary card with 2 players


# -- the win (scenarios 3 and 4, rulings 3 and 7) -----------------------------------------

def test_a_chain_between_the_corners_wins(game: MystiqueMaze) -> None:
    """Scenario 3: A holds the chain and a ninth card, discards the ninth: A wins."""
    state = at(game, [CHAIN + ["3 red arms"], []], phase="discard")
    move = (DISCARD, idx(game, "3 red arms"))
    assert state.describe_move(move) == ("seat 0 discards the 3 of red arms and wins: a chain from the "
                                         "1 of yellow suns to the 5 of blue arms")
    state.play(move)
    result = state.result()
    assert state.is_over and result.finished and result.winners == (0,) and result.turns == 1
    assert result.scores[0] == 8.0 and state.counters["rival_missing"] == 8 - state.score(1)
    assert state.legal_moves() == []


def test_a_near_miss_does_not_win(game: MystiqueMaze) -> None:
    """Scenario 4: 1 red moons instead of 5 red moons breaks the chain."""
    near = [c for c in CHAIN if c != "5 red moons"] + ["1 red moons"]
    state = at(game, [near + ["3 red arms"], []], phase="discard")
    state.play((DISCARD, idx(game, "3 red arms")))
    assert not state.is_over and state.current_player == 1
    assert state.score(0) == 7 and state.counters["rival_missing"] == 1


def test_the_chain_only_exists_with_two_players(game: MystiqueMaze) -> None:
    """5 yellow suns is seat 2's corner: with 3 players it cannot be held, and A's paths
    through it are not hers."""
    assert game.cards.mask_of([card(c) for c in CHAIN]) in game.seat_paths(2)[0].wins
    assert game.cards.mask_of([card(c) for c in CHAIN]) not in game.seat_paths(3)[0].wins


def test_paths_per_seat(game: MystiqueMaze) -> None:
    """Ruling 3: 1260 shortest paths between two opposite corners; the other seats' corners
    leave 1190 each with 2 players, 1146 each with 4, and 1172 / 1162 / 1212 with 3."""
    assert len(game.shortest_paths(*game.corner_cards[0])) == 1260
    assert [len(seat.paths) for seat in game.seat_paths(2)] == [1190, 1190]
    assert [len(seat.paths) for seat in game.seat_paths(3)] == [1172, 1162, 1212]
    assert [len(seat.paths) for seat in game.seat_paths(4)] == [1146] * 4
    assert all(mask.bit_count() == 8 for mask in game.seat_paths(4)[0].paths)


def test_only_the_player_to_move_wins_and_only_at_the_end_of_her_turn(game: MystiqueMaze) -> None:
    """Ruling 7: seat 1 holds a winning hand (seat 1's corners are 1 blue suns and 5 yellow
    arms); seat 0's turn ends without a winner; seat 1 wins after her own discard."""
    chain_b = ["2 blue suns", "3 blue suns", "4 blue suns", "5 blue suns",
               "5 red suns", "5 red moons", "5 red crowns", "5 yellow crowns"]
    state = at(game, [["1 red moons", "2 red moons"], chain_b])
    state.play(DECK_MOVE)
    state.play((DISCARD, idx(game, "1 red moons")))
    assert not state.is_over and state.current_player == 1
    state.play(DECK_MOVE)
    new = next(c for c in bits_of(state.hands[1]) if c not in {idx(game, n) for n in chain_b})
    state.play((DISCARD, new))
    assert state.is_over and state.result().winners == (1,)


def test_a_dealt_chain_wins_only_if_kept(game: MystiqueMaze) -> None:
    state = at(game, [CHAIN, []])
    state.play(DECK_MOVE)
    state.play((DISCARD, idx(game, "5 blue crowns")))
    assert not state.is_over


# -- drawing and discarding (rulings 4, 5, 6) ---------------------------------------------

def test_the_top_discard_may_go_straight_back(game: MystiqueMaze) -> None:
    """Ruling 5: by default the card taken from the discard pile may be discarded again."""
    state = at(game, [["1 red moons"], []], discard=["2 red arms", "4 blue moons"])
    assert state.legal_moves() == [DECK_MOVE, PILE_MOVE]
    assert state.describe_move(PILE_MOVE) == "seat 0 takes the 4 of blue moons from the discard pile"
    state.play(PILE_MOVE)
    four = idx(game, "4 blue moons")
    assert (DISCARD, four) in state.legal_moves()
    state.play((DISCARD, four))
    assert state.discard[-1] == four and state.counters["pile_draws"] == 1


def test_no_return_discard_option(game: MystiqueMaze) -> None:
    """Ruling 5's option: the card just taken from the discard pile stays for the turn; a
    card drawn from the deck may be discarded at once."""
    options = {"no_return_discard": True}
    state = at(game, [["1 red moons"], []], discard=["4 blue moons"], options=options)
    state.play(PILE_MOVE)
    four = idx(game, "4 blue moons")
    assert state.legal_moves() == [(DISCARD, idx(game, "1 red moons"))]
    with pytest.raises(IllegalMove):
        state.play((DISCARD, four))
    rng = random.Random(1)
    assert all(state.random_move(rng) != (DISCARD, four) for _ in range(50))
    deck = at(game, [["1 red moons"], []], draw=["4 blue moons"], discard=["2 red arms"], options=options)
    deck.play(DECK_MOVE)
    assert (DISCARD, four) in deck.legal_moves()


def test_the_reshuffle_comes_after_the_discard(game: MystiqueMaze) -> None:
    """Scenario 6 and ruling 6: 4 players, the deck's last card is drawn, 3 red moons is
    discarded: the other discards form the new deck, 3 red moons stays as the discard pile."""
    pile = ["2 red arms", "4 blue moons", "1 red crowns"]
    hands = [["3 red moons", "2 red moons"], ["4 red suns"], ["4 red arms"], ["4 red crowns"]]
    state = at(game, hands, draw=["5 red moons"], discard=pile, rng=random.Random(3))
    state.play(DECK_MOVE)
    assert not state.draw and len(state.discard) == 3
    state.play((DISCARD, idx(game, "3 red moons")))
    assert state.discard == [idx(game, "3 red moons")]
    assert sorted(state.draw) == sorted(idx(game, c) for c in pile)
    assert state.counters["reshuffles"] == 1 and state.current_player == 3


def test_no_reshuffle_after_a_winning_turn(game: MystiqueMaze) -> None:
    state = at(game, [CHAIN, []], draw=["3 red arms"], discard=["2 red arms"])
    state.play(DECK_MOVE)
    state.play((DISCARD, idx(game, "3 red arms")))
    assert state.is_over and state.discard == [idx(game, "2 red arms"), idx(game, "3 red arms")]
    assert state.counters["reshuffles"] == 0


def test_a_reshuffle_draws_its_order_from_the_games_chance(game: MystiqueMaze) -> None:
    orders = Counter()
    for seed in range(40):
        state = at(game, [["1 red moons"], []], draw=["5 red moons"],
                   discard=["2 red arms", "4 blue moons", "1 red crowns"], rng=random.Random(seed))
        state.play(DECK_MOVE)
        state.play((DISCARD, idx(game, "1 red moons")))
        orders[tuple(state.draw)] += 1
    assert len(orders) == 6  # every order of the three cards turns up


# -- hidden information (ruling 8), the cap (ruling 9), counters ---------------------------

def test_hands_and_deck_are_hidden_the_discard_pile_is_not(game: MystiqueMaze) -> None:
    state = at(game, [["1 red moons"], ["2 blue arms"]], discard=["4 blue moons", "3 red arms"])
    seen = state.observation(1)
    assert seen["hand"] == ["blue-arms-2"] and seen["hand_sizes"] == [1, 1]
    assert seen["discard"] == ["blue-moons-4", "red-arms-3"] and seen["draw_size"] == 10
    assert seen["corners"] == [["yellow-suns-1", "blue-arms-5"], ["blue-suns-1", "yellow-arms-5"]]
    assert sorted(state.hidden_zones(1)) == ["draw", "hand/0"]  # as declared: Mystique Maze removes no card
    state.play(PILE_MOVE)
    assert state.observation(1)["took_from_pile"] and state.observation(1)["taken"] is None
    assert state.observation(0)["taken"] == "red-arms-3"


def test_a_determinization_keeps_the_card_taken_from_the_pile(game: MystiqueMaze) -> None:
    state = at(game, [["1 red moons", "2 red moons"], ["2 blue arms"]], discard=["3 red arms"])
    state.play(PILE_MOVE)
    three = idx(game, "3 red arms")
    for seed in range(10):
        world = state.determinize(1, random.Random(seed))
        assert world.hands[0] >> three & 1 and world.hands[0].bit_count() == 3
        assert world.hands[1] == state.hands[1] and len(world.draw) == len(state.draw)


def test_the_turn_cap_is_in_the_rule_data_and_counts_whole_turns(game: MystiqueMaze) -> None:
    """Ruling 9: 1000 turns; a turn is a take and a discard."""
    assert game.rules.turn_cap == 1000
    state = game.new_game(2, random.Random(0), game.rules.resolve_options())
    state.play(DECK_MOVE)
    assert state.turns == 0
    state.play(state.legal_moves()[0])
    assert state.turns == 1
    state.play_randomly(random.Random(1), 1000)
    assert state.turns == 1000 and not state.is_over and not state.result().finished


def test_counters_at_the_end_of_a_random_game(game: MystiqueMaze) -> None:
    state = play_game(game, 4, ["random"] * 4, seed=3)
    counters = state.counters
    assert counters["reshuffles"] >= 1 and counters["pile_draws"] > 0
    missing = [8 - state.score(s) for s in range(4)]
    assert counters["rival_missing"] == min(missing) and counters["missing_total"] == sum(missing)
    assert state.standing() == [float(8 - m) for m in missing]


# -- fast paths -----------------------------------------------------------------------------

def test_card_helpers_match_bits_of() -> None:
    rng = random.Random(2)
    for _ in range(200):
        mask = rng.getrandbits(60)
        assert cards_of(mask) == bits_of(mask)
        if mask:
            k = rng.randrange(mask.bit_count())
            assert nth_card(mask, k) == bits_of(mask)[k]


@pytest.mark.parametrize("options", [{}, {"no_return_discard": True}])
def test_play_randomly_draws_the_moves_random_move_draws(game: MystiqueMaze, options: dict) -> None:
    for seed in range(3):
        fast = game.new_game(3, random.Random(seed), game.rules.resolve_options(options))
        slow = game.new_game(3, random.Random(seed), game.rules.resolve_options(options))
        fast.play_randomly(random.Random(9), 300)
        State.play_randomly(slow, random.Random(9), 300)
        assert fast.card_zones() == slow.card_zones() and fast.counters == slow.counters


def test_score_follows_the_hand_card_by_card(game: MystiqueMaze) -> None:
    state = game.new_game(4, random.Random(4), game.rules.resolve_options())
    rng = random.Random(4)
    for _ in range(120):
        state.apply(state.random_move(rng))
        fresh = game.position(state.card_zones(), current_player=state.current_player)
        assert [state.score(s) for s in range(4)] == [fresh.score(s) for s in range(4)]


# -- the greedy bot ---------------------------------------------------------------------------

def test_greedy_takes_the_discard_only_when_it_raises_the_score(game: MystiqueMaze) -> None:
    hand = CHAIN[:6] + ["1 red moons", "3 red arms"]          # six on one path
    useful = at(game, [hand, []], discard=["5 red crowns"])
    assert GreedyMazeBot(random.Random(0), 0).choose(useful) == PILE_MOVE
    useless = at(game, [hand, []], discard=["1 blue arms"])
    assert GreedyMazeBot(random.Random(0), 0).choose(useless) == DECK_MOVE


def test_greedy_discards_the_card_on_the_fewest_best_paths(game: MystiqueMaze) -> None:
    """The whole chain and 1 red moons, which lies on no path holding all eight: it goes."""
    hand = [c for c in CHAIN if c != "5 red crowns"] + ["1 red moons", "5 red crowns"]
    state = at(game, [hand, []], phase="discard")
    assert GreedyMazeBot(random.Random(0), 0).choose(state) == (DISCARD, idx(game, "1 red moons"))


def test_greedy_breaks_ties_at_random(game: MystiqueMaze) -> None:
    hand = CHAIN[:7] + ["1 red moons", "1 blue moons"]        # both off every best path
    state = at(game, [hand, []], phase="discard")
    picks = {GreedyMazeBot(random.Random(seed), 0).choose(state) for seed in range(30)}
    assert picks == {(DISCARD, idx(game, "1 red moons")), (DISCARD, idx(game, "1 blue moons"))}


def test_greedy_keeps_the_card_it_took_with_no_return_discard(game: MystiqueMaze) -> None:
    hand = CHAIN[:7] + ["1 red moons"]
    state = at(game, [hand, []], discard=["1 blue moons"], options={"no_return_discard": True})
    state.play(PILE_MOVE)
    assert GreedyMazeBot(random.Random(0), 0).choose(state) == (DISCARD, idx(game, "1 red moons"))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_greedy_games_finish_and_greedy_beats_random(game: MystiqueMaze, players: int) -> None:
    finished = 0
    wins = 0
    for index in range(40):
        state = play_game(game, players, ["greedy"] * players, seed=players, index=index)
        finished += state.is_over
        mixed = play_game(game, players, ["greedy"] + ["random"] * (players - 1), seed=players, index=index)
        wins += mixed.result().winners == (0,)
    assert finished == 40 and wins >= 38
