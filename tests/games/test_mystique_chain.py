"""Mystique Chain: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystique_chain import GreedyChainBot
from deckgen.errors import BadOption, BadPlayerCount, BadPosition, IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.mystique_chain import ATTRIBUTES, ChainState, MystiqueChain

COLOUR, SUIT, NUMBER = (ATTRIBUTES.index(a) for a in ("colour", "suit", "number"))
TOP = "yellow-crowns-2"  # card number 47


@pytest.fixture(scope="module")
def game() -> MystiqueChain:
    engine = get_game("mystique-chain")
    assert isinstance(engine, MystiqueChain)
    return engine


def at(game: MystiqueChain, pool: list[str], top: str = TOP, **details: object) -> ChainState:
    """A position: `pool` face up, `top` on the discard pile."""
    zones = {"hand/0": [], "hand/1": [], "table": pool, "discard": [top]}
    return game.position(zones, **details)  # type: ignore[arg-type]


def cards_of(game: MystiqueChain, moves: list) -> set[str]:
    return {game.cards.ids[m[0]] for m in moves if len(m) == 2}


POOL = ["blue-moons-2", "red-arms-2", "yellow-suns-4", "yellow-crowns-5", "blue-crowns-1", "red-suns-3"]


@pytest.mark.parametrize(
    ("declared", "expected"),
    [
        ("number", {"blue-moons-2", "red-arms-2"}),
        ("colour", {"yellow-suns-4", "yellow-crowns-5"}),
        ("suit", {"yellow-crowns-5", "blue-crowns-1"}),
    ],
)
def test_book_example_the_named_value_alone_must_match(game: MystiqueChain, declared: str, expected: set) -> None:
    """Scenario 1 and rulings 1 and 2: after a 2 of yellow crowns, number lets any 2 follow,
    colour any yellow card, suit any crowns card; each may then be declared three ways."""
    state = at(game, POOL, declared=declared, current_player=0)
    moves = state.legal_moves()
    assert cards_of(game, moves) == expected
    assert len(moves) == 3 * len(expected) and {m[1] for m in moves} == {COLOUR, SUIT, NUMBER}


def test_book_setup_the_opener_may_name_only_what_the_pool_matches(game: MystiqueChain) -> None:
    """Scenario 2 and ruling 3: the opener holds the 2 of yellow crowns; the pool has the 2 of
    blue moons and the 4 of yellow suns and no crowns: number and colour may be named, suit not."""
    state = at(game, ["blue-moons-2", "yellow-suns-4"], current_player=1)
    assert state.legal_moves() == [(COLOUR,), (NUMBER,)]
    with pytest.raises(IllegalMove, match="seat 1 at turn 0: 'seat 1 declares suit"):
        state.play((SUIT,))
    state.play((NUMBER,))
    assert (state.turns, state.current_player, state.declared) == (1, 0, NUMBER)  # ruling 6: a move


def test_exactly_one_excludes_cards_that_share_a_second_value(game: MystiqueChain) -> None:
    """Scenario 3 and ruling 1's option: number declared on the 2 of yellow crowns; legal are
    the 2s that are neither yellow nor crowns."""
    pool = ["yellow-moons-2", "red-crowns-2", "red-moons-2", "blue-suns-2", "blue-arms-2", "red-arms-3"]
    state = at(game, pool, declared="number", options={"exactly_one": True})
    assert cards_of(game, state.legal_moves()) == {"red-moons-2", "blue-suns-2", "blue-arms-2"}
    ordinary = at(game, pool, declared="number")
    assert cards_of(game, ordinary.legal_moves()) == set(pool) - {"red-arms-3"}


def test_roles_the_lower_card_number_follows(game: MystiqueChain) -> None:
    """Scenario 4: seat 0 draws the 3 of red moons (8), seat 1 the 2 of yellow crowns (47):
    seat 0 follows (its card, then the 28 undrawn cards, form the discard pile), seat 1
    declares, then seat 0 moves. Found by replaying seeds until the draw gives those cards."""
    for seed in range(20000):
        state = game.new_game(2, random.Random(seed), game.rules.resolve_options(), record=True)
        deal = (state.events or [])[0]
        if deal["hands"] == [["red-moons-3"], [TOP]]:
            break
    else:
        pytest.fail("no seed deals those two cards")
    ids = game.cards.ids
    assert state.opener == 1 and state.current_player == 1 and state.declared < 0
    assert ids[state.discard[0]] == "red-moons-3" and ids[state.discard[-1]] == TOP
    assert len(state.discard) == 30 and state.pool.bit_count() == 30
    state.play(state.legal_moves()[0])
    assert state.current_player == 0


def test_a_player_who_cannot_follow_loses(game: MystiqueChain) -> None:
    """Scenario 5: colour declared on a yellow top card, no yellow card in the pool: the
    player to move has no move, the game is over, and the other seat is the sole winner."""
    state = at(game, ["red-moons-1", "blue-suns-2"], declared="colour", current_player=0)
    assert state.is_over and state.legal_moves() == []
    result = state.result()
    assert result.finished and result.winners == (1,) and result.scores == (0.0, 1.0)


def test_a_play_that_leaves_nothing_to_follow_wins_at_once(game: MystiqueChain) -> None:
    state = at(game, ["yellow-moons-2", "red-arms-4"], declared="number", current_player=0)
    state.play((game.cards.index_of("yellow-moons-2"), COLOUR))
    assert state.is_over and state.result().winners == (0,)
    assert state.counters["chain_length"] == 1 and state.counters["declared_colour"] == 1


def test_an_empty_pool_matches_nothing(game: MystiqueChain) -> None:
    state = at(game, [], declared="suit", current_player=1)
    assert state.is_over and state.result().winners == (0,)


def test_the_setup_draw_never_ties_and_everything_is_public(game: MystiqueChain) -> None:
    """Rulings 4 and 5: card numbers are unique, and no zone is hidden from either seat."""
    numbers = [card.number for card in game.deck.cards]
    assert len(set(numbers)) == len(numbers)
    state = game.new_game(2, random.Random(1), game.rules.resolve_options())
    assert state.hidden_zones(0) == state.hidden_zones(1) == []
    seen = state.observation(0)
    assert len(seen["pool"]) == 30 and len(seen["discard"]) == 30


def test_the_turn_cap_is_out_of_reach(game: MystiqueChain) -> None:
    """Ruling 7: at most the 30 pool cards and the declaration, under the cap of 40."""
    assert game.rules.turn_cap == 40 and game.params.pool_cards + 1 <= game.rules.turn_cap


def test_exactly_one_deals_again_when_the_opener_could_name_nothing(game: MystiqueChain) -> None:
    """Ruling 3 under exactly_one: every dealt game starts with something to name."""
    options = game.rules.resolve_options({"exactly_one": True})
    for seed in range(300):
        assert game.new_game(2, random.Random(seed), options).legal_moves()


def test_counters_count_roles_and_declarations(game: MystiqueChain) -> None:
    state = at(game, ["yellow-moons-2", "red-arms-4"], current_player=1)
    state.play((NUMBER,))
    state.play((game.cards.index_of("yellow-moons-2"), SUIT))
    counters = state.result().counters
    assert counters["declared_number"] == 1 and counters["declared_suit"] == 1
    assert (counters["opener_wins"], counters["follower_wins"]) == (0, 1)


def test_positions_and_players_are_checked(game: MystiqueChain) -> None:
    with pytest.raises(BadPosition, match="hands are empty"):
        game.position({"hand/0": ["red-moons-1"], "hand/1": [], "table": [], "discard": [TOP]})
    with pytest.raises(BadPosition, match="declared 'shape'"):
        at(game, POOL, declared="shape")
    with pytest.raises(BadPlayerCount, match="game mystique-chain: 3 players not allowed"):
        game.new_game(3, random.Random(0), game.rules.resolve_options())
    with pytest.raises(BadOption):
        game.rules.resolve_options({"exactly_one": "maybe"})


def test_greedy_takes_a_winning_move_when_there_is_one(game: MystiqueChain) -> None:
    state = at(game, ["yellow-moons-2", "red-arms-4", "blue-suns-4"], declared="number", current_player=0)
    move = GreedyChainBot(random.Random(0), 0).choose(state)
    after = state.clone()
    after.apply(move)
    assert after.is_over and after.result().winners == (0,)


def test_greedy_leaves_the_fewest_ways_on(game: MystiqueChain) -> None:
    """No move wins here, so the bot leaves its opponent the fewest matching pool cards."""
    pool = ["yellow-moons-2", "red-suns-2", "yellow-arms-5", "yellow-suns-3", "red-moons-5", "blue-moons-4",
            "red-arms-1", "blue-suns-5"]
    state = at(game, pool, declared="number", current_player=0)
    left = {}
    for move in state.legal_moves():
        after = state.clone()
        after.apply(move)
        assert not after.is_over
        left[move] = len(after.legal_moves()) // 3
    chosen = GreedyChainBot(random.Random(0), 0).choose(state)
    assert left[chosen] == min(left.values()) < max(left.values())


def test_a_result_ranks_as_the_kits_scored_result_would(game: MystiqueChain) -> None:
    """Mystique Chain makes its result directly (its loser known): the winner, scores and
    ranking `kit.ranking.scored_result` gives, for won games and games stopped by the cap."""
    from deckgen.games.kit.ranking import scored_result

    ends = set()
    for seed in range(40):
        state = game.new_game(2, random.Random(seed), game.rules.resolve_options())
        state.play_randomly(random.Random(seed + 100), 3 if seed % 4 == 0 else 1000)
        scores = [float(state.is_over and seat != state.loser) for seat in (0, 1)]
        assert state.result() == scored_result(state.is_over, scores, state.turns, state.counters)
        ends.add((state.is_over, state.loser if state.is_over else -1))
    assert ends == {(False, -1), (True, 0), (True, 1)}  # capped games, and either seat losing
