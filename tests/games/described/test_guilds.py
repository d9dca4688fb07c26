"""Mystique Guilds played from its description (mystique-guilds-described.yaml): a buy move
(cards taken from the top of the Draw Deck, paid with one card whose number reaches the
count), hands whose visibility an option decides, and guilds scored as majorities. The
scenarios of its section in MYSTIQUE-GAMES.md as positions, moves and exact results, the same
as the hand-written engine's tests; and random-bot games of the two engines agree."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.errors import IllegalMove
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.majority_rows import MajoritiesByRows
from deckgen.games.described.state import DescribedState
from deckgen.games.registry import get_game
from deckgen.sim.agreement import compare_engines

GAME = "mystique-guilds-described"
TWIN = "mystique-guilds"
#: The move indices of the turn: draw from the Draw Deck, take the top discard, buy, and buy
#: from both piles (the buy_from_both option).
DRAW, DISCARD, BUY, BUY_BOTH = 0, 1, 2, 3


@pytest.fixture(scope="module")
def game() -> DescribedGame:
    engine = get_game(GAME)
    assert isinstance(engine, DescribedGame)
    assert [m.kind for m in engine.program.phases["turn"]] == ["draw", "draw", "buy", "buy"]
    return engine


def at(game: DescribedGame, hands: list[list[str]], draw: int = 10, discard: list[str] | None = None,
       **details: Any) -> DescribedState:
    """A position; the Draw Deck is `draw` cards no other zone uses."""
    used = [c for hand in hands for c in hand] + (discard or [])
    pile = [c.id for c in game.deck.cards if c.id not in used][:draw]
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)} | {"draw": pile, "discard": discard or []}
    return game.position(zones, **details)


def idx(state: DescribedState, card_id: str) -> int:
    return state.layout.card_ids.index(card_id)


def test_a_buy_draws_up_to_the_influence_cards_number(game: DescribedGame) -> None:
    """Scenario 2: a 4 among 3 cards bought with for 4 cards from a deck of 20: a hand of 6, a
    deck of 16, the 4 on top of the discard pile."""
    state = at(game, [["red-moons-4", "red-moons-1", "blue-arms-2"], []], draw=20)
    four = idx(state, "red-moons-4")
    assert [m for m in state.legal_moves() if m[:2] == (BUY, four)] == [(BUY, four, k) for k in range(5)]
    assert state.describe_move((BUY, four, 4)) == "seat 0 buys 4 from draw with the 4 of red moons"
    state.play((BUY, four, 4))
    zones = state.card_zones()
    assert len(zones["hand/0"]) == 6 and len(zones["draw"]) == 16 and zones["discard"] == ["red-moons-4"]
    assert state.current_player == 1 and not state.is_over


def test_a_buy_that_empties_the_deck_ends_the_game_after_the_discard(game: DescribedGame) -> None:
    """Scenario 3: a 5 with 2 cards left buys at most 2; the 5 is discarded and not scored."""
    state = at(game, [["blue-suns-5"], ["red-arms-1"]], draw=2)
    five = idx(state, "blue-suns-5")
    assert [m for m in state.legal_moves() if m[0] == BUY] == [(BUY, five, 0), (BUY, five, 1), (BUY, five, 2)]
    state.play((BUY, five, 2))
    assert state.is_over and state.card_zones()["discard"] == ["blue-suns-5"]
    assert len(state.card_zones()["hand/0"]) == 2 and state.legal_moves() == []


def finished(game: DescribedGame, hands: list[list[str]]) -> DescribedState:
    """The position after seat 0 draws the last card, the 1 of yellow crowns, to its 5."""
    state = at(game, [hands[0] + ["yellow-crowns-5"], *hands[1:]], draw=0)
    state.replace_cards({"draw": ["yellow-crowns-1"]})
    state.play((DRAW, -1, -1))
    assert state.is_over
    return state


def test_guild_scoring_goes_to_the_single_highest_total(game: DescribedGame) -> None:
    """Scenario 4: blue suns 9 against 6 score 2 for seat 0; red moons 3 against 3 score
    nobody; the yellow crowns, seat 0's alone, 1."""
    state = finished(game, [["blue-suns-5", "blue-suns-4", "red-moons-3"],
                            ["blue-suns-3", "blue-suns-2", "blue-suns-1", "red-moons-2", "red-moons-1"]])
    assert state.result().scores == (3.0, 0.0)


def test_equal_points_go_to_fewer_cards_then_share_the_win(game: DescribedGame) -> None:
    """Scenario 5: equal points, fewer cards wins; same cards as well: a shared win."""
    fewer = finished(game, [["red-moons-5", "red-suns-2"],
                            ["red-suns-5", "red-moons-1", "red-moons-2", "yellow-arms-5", "yellow-arms-4"]])
    assert fewer.result().scores == (2.0, 2.0) and fewer.result().winners == (0,)
    same = finished(game, [["red-moons-5", "red-suns-2"],
                           ["red-suns-5", "red-moons-1", "red-moons-2", "yellow-arms-5"]])
    assert same.result().winners == (0, 1) and same.result().finished


def test_play_goes_anticlockwise_from_seat_0_and_empty_hands_only_draw(game: DescribedGame) -> None:
    """Scenario 6: three players, seat 0, seat 2, seat 1; nothing to buy or take at first."""
    state = game.new_game(3, random.Random(5), game.rules.resolve_options())
    seats = []
    for _ in range(3):
        seats.append(state.current_player)
        assert state.legal_moves() == [(DRAW, -1, -1)]
        state.play((DRAW, -1, -1))
    assert seats == [0, 2, 1]
    with pytest.raises(IllegalMove):
        state.play((BUY, idx(state, "red-moons-1"), 0))  # a card seat 0 does not hold


def test_hidden_hands_hide_the_other_hands_and_a_determinization_keeps_the_seats_view(game: DescribedGame) -> None:
    hands = [["red-moons-4", "blue-arms-2"], ["yellow-suns-3"]]
    shown = at(game, hands)
    assert shown.observation(0)["zones"]["hand/1"] == ["yellow-suns-3"] and shown.hidden_zones(0) == ["draw"]
    hidden = at(game, hands, options={"hidden_hands": True})
    assert hidden.observation(0)["zones"]["hand/1"] == {"size": 1}
    assert hidden.observation(1)["zones"]["hand/1"] == ["yellow-suns-3"]
    assert hidden.hidden_zones(0) == ["draw", "hand/1"]
    twin = hidden.determinize(0, random.Random(3))
    assert twin.observation(0) == hidden.observation(0)
    assert sorted(twin.card_zones()["hand/1"] + twin.card_zones()["draw"]) == \
        sorted(hidden.card_zones()["hand/1"] + hidden.card_zones()["draw"])


def test_buying_from_both_piles_takes_each_count_from_its_pile(game: DescribedGame) -> None:
    """Ruling 6 (buy_from_both): a 3 buys 0-3 cards in all from the Draw Deck and the discard
    pile, the Influence Card discarded afterwards."""
    state = at(game, [["red-moons-3"], []], draw=5, discard=["blue-arms-1", "blue-arms-2"],
               options={"buy_from_both": True})
    three = idx(state, "red-moons-3")
    base = len(state.layout.card_ids) + 1
    buys = [m for m in state.legal_moves() if m[0] == BUY_BOTH]
    assert sorted((m[2] % base, m[2] // base) for m in buys) == \
        sorted((d, p) for d in range(4) for p in range(3) if d + p <= 3)
    assert not [m for m in state.legal_moves() if m[0] == BUY]
    move = (BUY_BOTH, three, 1 + 2 * base)
    assert state.describe_move(move) == "seat 0 buys 1 from draw and 2 from discard with the 3 of red moons"
    assert state.notation().text(move) == "buy 1 2 with red-moons-3"
    assert state.notation().move("buy 1 2 with red-moons-3") == move
    state.play(move)
    zones = state.card_zones()
    assert zones["discard"] == ["red-moons-3"] and len(zones["hand/0"]) == 3 and len(zones["draw"]) == 4


@pytest.mark.parametrize(("players", "options"), [(2, {}), (4, {"hidden_hands": True})])
def test_random_games_agree_with_the_hand_written_engine(players: int, options: dict[str, Any]) -> None:
    """A guard of benchmarks/described_bench's 2,000-game comparison."""
    agreement = compare_engines(GAME, TWIN, players, 150, 13, options_a=options, options_b=options)
    assert agreement.agrees, "\n".join(agreement.lines())


def test_a_random_move_is_the_listed_move_the_same_draw_picks(game: DescribedGame) -> None:
    """The counted buy: `random_move` counts the buys rather than making them, yet draws the
    very move `legal_moves()[int(r * len)]` names for the same draw, in every position of
    random games (a short Draw Deck caps the buys below a card's number on the way)."""
    for seed in range(20):
        state = game.new_game(2, random.Random(seed), game.rules.resolve_options())
        rng = random.Random(-seed)
        while not state.is_over:
            before = rng.getstate()
            moves = state.legal_moves()
            listed = moves[int(rng.random() * len(moves))]
            rng.setstate(before)
            assert state.random_move(rng) == listed
            state.apply(listed)


def guild_points(hands: list[list[str]], cards: dict[str, Any]) -> list[int]:
    """Each seat's points worked out from the rules by hand: a guild (colour and suit) to the
    single highest total of numbers in it, 2 for the blue suns and 1 for any other."""
    totals: dict[tuple[str, str], list[int]] = {}
    for seat, hand in enumerate(hands):
        for card_id in hand:
            attrs = cards[card_id].attrs
            totals.setdefault((attrs["colour"], attrs["suit"]), [0] * len(hands))[seat] += attrs["number"]
    points = [0] * len(hands)
    for (colour, suit), row in totals.items():
        best = max(row)
        if row.count(best) == 1:
            points[row.index(best)] += 2 if (colour, suit) == ("blue", "suns") else 1
    return points


def test_guilds_are_scored_as_the_rules_say_throughout_random_games(game: DescribedGame) -> None:
    """The score read from rows by card (`MajoritiesByRows`) against the guilds worked out
    by hand, after every move of random games at two to four players."""
    cards = {card.id: card for card in game.deck.cards}
    for players in (2, 3, 4):
        assert isinstance(game.layout(players).score, MajoritiesByRows)
        for seed in range(6):
            state = game.new_game(players, random.Random(seed), game.rules.resolve_options())
            rng = random.Random(seed)
            while not state.is_over:
                state.apply(state.random_move(rng))
                zones = state.card_zones()
                hands = [zones[f"hand/{seat}"] for seat in range(players)]
                assert state.result().scores == tuple(float(p) for p in guild_points(hands, cards))
