"""Mystique Guilds: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystique_guilds import GreedyGuildsBot
from deckgen.errors import IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.mystique_guilds import BUY, DECK_MOVE, DISCARD_MOVE, GuildsState, MystiqueGuilds


@pytest.fixture(scope="module")
def game() -> MystiqueGuilds:
    engine = get_game("mystique-guilds")
    assert isinstance(engine, MystiqueGuilds)
    return engine


def cards(colour: str, suit: str, numbers: str) -> list[str]:
    return [f"{colour}-{suit}-{n}" for n in numbers]


def filler(game: MystiqueGuilds, used: list[str], count: int) -> list[str]:
    """`count` cards no zone uses yet, for a Draw Deck of the size a scenario needs."""
    return [c for c in game.cards.ids if c not in used][:count]


def at(game: MystiqueGuilds, hands: list[list[str]], draw: int | list[str] = 10, discard: list[str] | None = None,
       **details: object) -> GuildsState:
    """A position; an int `draw` is that many cards no other zone uses."""
    used = [c for hand in hands for c in hand] + (discard or [])
    pile = filler(game, used, draw) if isinstance(draw, int) else draw
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)} | {"draw": pile, "discard": discard or []}
    return game.position(zones, **details)  # type: ignore[arg-type]


def idx(game: MystiqueGuilds, card_id: str) -> int:
    return game.cards.index_of(card_id)


def test_thirteen_points_in_all(game: MystiqueGuilds) -> None:
    """Scenario 1: twelve guilds, eleven worth 1 and the blue suns worth 2."""
    assert len(game.guild_points) == 12 and sum(game.guild_points) == 13
    blue_suns = game.guild[idx(game, "blue-suns-1")]
    assert game.guild_points[blue_suns] == 2 and game.guild_points.count(1) == 11


def test_a_buy_draws_up_to_the_influence_cards_number(game: MystiqueGuilds) -> None:
    """Scenario 2: a 4 among 3 cards, bought with for k = 4 from a deck of 20: a hand of 6, a
    deck of 16, the 4 on top of the discard pile."""
    hand = ["red-moons-4", "red-moons-1", "blue-arms-2"]
    state = at(game, [hand, []], draw=20)
    four = idx(game, "red-moons-4")
    assert [m for m in state.legal_moves() if m[:2] == (BUY, four)] == [(BUY, four, k, 0) for k in range(5)]
    state.play((BUY, four, 4, 0))
    assert state.hands[0].bit_count() == 6 and len(state.draw) == 16 and state.discard[-1] == four
    assert state.counters["buys"] == 1 and state.counters["bought_cards"] == 4


def test_a_buy_is_capped_by_the_deck_and_ends_the_game_when_it_empties_it(game: MystiqueGuilds) -> None:
    """Scenario 3 and ruling 2: deck of 2, a 5 buys at most 2; taking both ends the game with
    the 5 on the discard pile, not scored."""
    state = at(game, [["red-moons-5", "red-arms-1"], []], draw=2)
    five = idx(game, "red-moons-5")
    assert max(m[2] for m in state.legal_moves() if m[:2] == (BUY, five)) == 2
    state.play((BUY, five, 2, 0))
    assert state.is_over and state.discard == [five] and not state.hands[0] >> five & 1
    assert state.legal_moves() == []


def test_a_draw_that_empties_the_deck_ends_the_game(game: MystiqueGuilds) -> None:
    state = at(game, [[], []], draw=1)
    state.play(DECK_MOVE)
    assert state.is_over and state.result().finished


def test_guild_scoring(game: MystiqueGuilds) -> None:
    """Scenario 4: blue suns A 5 + 4 = 9 against B 3 + 2 + 1 = 6: A scores 2; red moons 3
    against 3: nobody."""
    a = cards("blue", "suns", "54") + ["red-moons-3"]
    b = cards("blue", "suns", "321") + ["yellow-moons-3"] + ["red-moons-1", "red-moons-2"]
    state = at(game, [a, b], draw=0)
    points, tied = state.points()
    assert points == [2, 1] and tied == 1  # B holds the yellow moons alone; the red moons are tied


def test_a_guild_held_by_one_player_is_theirs_and_an_empty_one_nobody_s(game: MystiqueGuilds) -> None:
    """Ruling 5."""
    state = at(game, [["red-arms-1"], []], draw=0)
    assert state.points() == ([1, 0], 0)


def test_a_points_tie_goes_to_fewer_cards_then_is_shared(game: MystiqueGuilds) -> None:
    """Scenario 5: equal points, fewer cards wins; equal cards too: a shared, finished win."""
    a = ["red-moons-5", "red-suns-5"]                       # 2 points, 2 cards
    b = ["blue-moons-5", "blue-arms-5", "blue-arms-4"]      # 2 points, 3 cards
    result = at(game, [a, b], draw=0).result()
    assert result.finished and result.scores == (2.0, 2.0) and result.winners == (0,)
    shared = at(game, [a, ["blue-moons-5", "blue-arms-5"]], draw=0).result()
    assert shared.finished and shared.winners == (0, 1)
    assert at(game, [a, ["blue-moons-5", "blue-arms-5"]], draw=0).counters["game_draws"] == 1


def test_three_players_go_anticlockwise_and_first_turns_can_only_draw(game: MystiqueGuilds) -> None:
    """Scenario 6 and ruling 8: seat 0, seat 2, seat 1, seat 0; empty hands and an empty
    discard pile leave only the draw."""
    state = game.new_game(3, random.Random(1), game.rules.resolve_options())
    assert state.legal_moves() == [DECK_MOVE]
    order = []
    for _ in range(4):
        order.append(state.current_player)
        state.play(DECK_MOVE)
    assert order == [0, 2, 1, 0]


def test_only_the_top_discard_can_be_taken(game: MystiqueGuilds) -> None:
    """Ruling 4."""
    state = at(game, [[], []], discard=["red-moons-1", "blue-suns-5"])
    state.play(DISCARD_MOVE)
    assert state.hands[0] == 1 << idx(game, "blue-suns-5") and state.discard == [idx(game, "red-moons-1")]


def test_an_empty_hand_cannot_buy(game: MystiqueGuilds) -> None:
    """Ruling 9."""
    state = at(game, [[], ["red-moons-3"]])
    assert all(move[0] != BUY for move in state.legal_moves())
    with pytest.raises(IllegalMove):
        state.play((BUY, idx(game, "red-moons-3"), 1, 0))


def test_a_buy_of_no_cards_only_discards(game: MystiqueGuilds) -> None:
    """Ruling 1: k = 0 is a legal buy."""
    state = at(game, [["red-moons-3"], []], draw=5)
    state.play((BUY, idx(game, "red-moons-3"), 0, 0))
    assert state.hands[0] == 0 and len(state.draw) == 5 and not state.is_over


def test_buying_from_both_piles(game: MystiqueGuilds) -> None:
    """Ruling 6 (option buy_from_both): each card from either pile, the Influence Card last."""
    options = {"buy_from_both": True}
    state = at(game, [["red-moons-3"], []], draw=5, discard=["blue-arms-1", "blue-arms-2"], options=options)
    three = idx(game, "red-moons-3")
    buys = [m for m in state.legal_moves() if m[0] == BUY]
    assert (BUY, three, 1, 2) in buys and (BUY, three, 0, 3) not in buys  # only 2 on the discard pile
    assert len(buys) == sum(1 for d in range(4) for p in range(min(3 - d, 2) + 1))
    state.events = []
    state.play((BUY, three, 1, 2))
    assert state.hands[0].bit_count() == 3 and state.discard == [three] and len(state.draw) == 4
    taken = [e for e in state.events if e["type"] == "take_discard"]  # the discards a buy takes, named
    assert taken == [{"type": "take_discard", "seat": 0, "cards": ["blue-arms-2", "blue-arms-1"]}]
    plain = at(game, [["red-moons-3"], []], draw=5, discard=["blue-arms-1"])
    assert all(m[3] == 0 for m in plain.legal_moves() if m[0] == BUY)


def test_hands_are_public_unless_hidden(game: MystiqueGuilds) -> None:
    """Ruling 3 (option hidden_hands)."""
    state = at(game, [["red-moons-3"], ["blue-arms-1"]])
    assert state.observation(1)["hands"][0] == ["red-moons-3"] and state.hidden_zones(1) == ["draw"]
    hidden = at(game, [["red-moons-3"], ["blue-arms-1"]], options={"hidden_hands": True})
    assert hidden.observation(1)["hands"] == [None, ["blue-arms-1"]] and "hand/0" in hidden.hidden_zones(1)


def test_the_turn_cap_is_in_the_rule_data(game: MystiqueGuilds) -> None:
    """Ruling 10: 500 turns; discard draws and empty buys never shrink the Draw Deck."""
    assert game.rules.turn_cap == 500
    state = at(game, [["red-moons-1"], ["blue-suns-2"]], discard=["blue-arms-1"])
    before = len(state.draw)
    state.play(DISCARD_MOVE)
    state.play((BUY, idx(game, "blue-suns-2"), 0, 0))
    assert len(state.draw) == before and not state.is_over


def test_greedy_buys_with_a_card_it_can_spare(game: MystiqueGuilds) -> None:
    """It leads the red moons alone even without its 5, so it spends the 5 for five cards."""
    state = at(game, [cards("red", "moons", "54"), ["red-moons-1"]], draw=10)
    assert GreedyGuildsBot(random.Random(0), 0).choose(state) == (BUY, idx(game, "red-moons-5"), 5, 0)


def test_greedy_takes_a_discard_that_wins_it_a_guild_else_draws(game: MystiqueGuilds) -> None:
    state = at(game, [["blue-arms-1"], ["blue-arms-2"]], discard=["blue-arms-3"])
    assert GreedyGuildsBot(random.Random(0), 0).choose(state) == DISCARD_MOVE
    state = at(game, [["blue-arms-1"], ["blue-arms-5"]], discard=["blue-arms-3"])
    assert GreedyGuildsBot(random.Random(0), 0).choose(state) == DECK_MOVE
