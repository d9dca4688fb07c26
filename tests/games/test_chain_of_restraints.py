"""Chain of Restraints: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result. The diagram scenarios load their positions from the
rule data's `diagrams`, the same cells the booklet draws."""

from __future__ import annotations

import random
from typing import Any

import pytest

from deckgen.bots.chain_of_restraints import GreedyRestraintsBot
from deckgen.errors import BadPosition, IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.chain_of_restraints import ChainOfRestraints, RestraintsState
from deckgen.model.rules import Diagram
from deckgen.sim.play import play_game
from deckgen.model.rules import load_play_rules


@pytest.fixture(scope="module")
def game() -> ChainOfRestraints:
    engine = get_game("chain-of-restraints")
    assert isinstance(engine, ChainOfRestraints)
    return engine


def filler(game: ChainOfRestraints, used: list[str], count: int) -> list[str]:
    """`count` cards no zone uses yet, for a deck of the size a scenario needs."""
    return [c for c in game.cards.ids if c not in used][:count]


def at(game: ChainOfRestraints, hands: list[list[str]], draw: int | list[str] = 30, grid: Any = None,
       discard: list[str] | None = None, **details: Any) -> RestraintsState:
    """A position; an int `draw` is that many cards no other zone uses. `grid` is a list of
    stacks ({"at": [col, row], "cards": [...]}) or a dict {(col, row): [cards]}."""
    if isinstance(grid, dict):
        grid = [{"at": list(cell), "cards": cards} for cell, cards in grid.items()]
    on_grid = [c for stack in grid or [] for c in (stack["cards"] if isinstance(stack, dict) else stack.cards)]
    used = [c for hand in hands for c in hand] + (discard or []) + on_grid
    pile = filler(game, used, draw) if isinstance(draw, int) else draw
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)} | {"draw": pile, "discard": discard or []}
    return game.position(zones, grid=grid, **details)


def diagram(game: ChainOfRestraints, diagram_id: str) -> Diagram:
    return next(d for d in load_play_rules(game.rules.id).diagrams if d.id == diagram_id)


def from_diagram(game: ChainOfRestraints, diagram_id: str, n_players: int = 2) -> tuple[RestraintsState, dict[str, Any]]:
    """The diagram's position: its cells, the previous card, the hand of the player to move."""
    shown = diagram(game, diagram_id)
    facts = shown.facts
    hands: list[list[str]] = [[] for _ in range(n_players)]
    hands[facts["current_player"]] = list(facts["hand"])
    state = at(game, hands, grid=shown.cells, previous=facts["previous"], current_player=facts["current_player"])
    return state, facts


def idx(game: ChainOfRestraints, card_id: str) -> int:
    return game.cards.index_of(card_id)


def cells_of(state: RestraintsState, card: int | None = None) -> list[list[int]]:
    """The cells the legal moves use (of one card, when given), in legal-move order."""
    out: list[list[int]] = []
    for move in state.legal_moves():
        spot = [move[1], move[2]]
        if (card is None or move[0] == card) and spot not in out:
            out.append(spot)
    return out


def playable(state: RestraintsState) -> list[str]:
    return [state.game.cards.ids[c] for c in state.legal_cards()]


def blocked_by(game: ChainOfRestraints, card_id: str) -> list[str]:
    """Cards sharing a colour, suit or number with the card (those that may not follow it)."""
    allowed = game.allowed[idx(game, card_id)]
    return [c for i, c in enumerate(game.cards.ids) if not allowed >> i & 1 and c != card_id]


# -- the diagrams of the rule data ------------------------------------------------------------


def test_the_opening_diagram(game: ChainOfRestraints) -> None:
    """The first card: the next card goes on it or on one of its four neighbours, and only the
    cards sharing nothing with it may follow."""
    state, facts = from_diagram(game, "opening")
    assert cells_of(state) == facts["targets"]
    assert sorted(map(list, diagram(game, "opening").marked)) == sorted(facts["targets"])
    assert playable(state) == facts["playable"]
    assert len(state.legal_moves()) == len(facts["playable"]) * len(facts["targets"])


def test_the_first_card_of_a_game_goes_to_the_origin(game: ChainOfRestraints) -> None:
    state = game.new_game(4, random.Random(3), game.rules.resolve_options())
    moves = state.legal_moves()
    assert len(moves) == 5 and {m[1:] for m in moves} == {(0, 0)}
    state.play(moves[2])
    assert state.previous == moves[2][0] and [c.col for c in state.board_cells()] == [0]
    assert cells_of(state) == [[0, -1], [-1, 0], [0, 0], [1, 0], [0, 1]]


def test_the_box_diagram(game: ChainOfRestraints) -> None:
    """Scenario 2: cards at (0,0) to (3,0); (4,0) and (-1,0) are illegal, (0,1) and every
    stack legal."""
    state, facts = from_diagram(game, "the-box")
    card = idx(game, facts["hand"][0])
    cells = cells_of(state, card)
    assert len(cells) == facts["targets"]
    assert all(spot in cells for spot in facts["legal"])
    assert not any(spot in cells for spot in facts["illegal"])
    marked = sorted(map(list, diagram(game, "the-box").marked))
    assert sorted(c for c in cells if c[1] != 0) == marked
    with pytest.raises(IllegalMove):
        state.play((card, 4, 0))
    state.play((card, 0, 1))
    assert not state.is_over and state.current_player == 1


def test_the_four_reds_diagram(game: ChainOfRestraints) -> None:
    """Scenario 3: the 3 of red arms on the 3 of blue arms makes four red tops: she wins at
    once, before refilling."""
    state, facts = from_diagram(game, "four-reds")
    before = len(state.draw)
    move = facts["move"]
    state.play((idx(game, move["card"]), *move["at"]))
    result = state.result()
    assert state.is_over and result.finished and result.winners == (facts["winner"],)
    assert [[state.colof[c], state.rowof[c]] for c in state.win_line] == facts["line"]
    assert state.counters["win_" + facts["attribute"]] == 1
    assert state.counters["win_suit"] == state.counters["win_number"] == 0 == state.counters["game_draws"]
    assert len(state.draw) == before and state.hands[0].bit_count() == len(facts["hand"]) - 1
    top = next(c for c in state.board_cells() if (c.col, c.row) == tuple(move["at"]))
    assert top.card == move["card"] and top.height == 2


# -- scenarios ---------------------------------------------------------------------------------


def test_the_restraint(game: ChainOfRestraints) -> None:
    """Scenario 1: after the 3 of red suns, the ace of blue moons may follow; the 3 of blue
    moons (number), the ace of red moons (colour) and the ace of blue suns (suit) may not."""
    hand = ["blue-moons-1", "blue-moons-3", "red-moons-1", "blue-suns-1"]
    state = at(game, [hand, []], grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    assert playable(state) == ["blue-moons-1"]
    for illegal in hand[1:]:
        with pytest.raises(IllegalMove):
            state.play((idx(game, illegal), 1, 0))
    assert len(blocked_by(game, "red-suns-3")) == 35  # 24 of the other 59 cards may follow


def test_passing_one_seat_with_three_players(game: ChainOfRestraints) -> None:
    """Scenario 4 and ruling 3: seat 0 cannot play; after one pass she holds seat 1's hand,
    seat 1 holds seat 2's and seat 2 holds hers; she plays from it."""
    blocked = blocked_by(game, "red-suns-3")
    mine = blocked[:5]
    second = ["blue-moons-1"] + blocked[5:9]
    third = blocked[9:14]
    state = at(game, [mine, second, third], grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    ids = [game.cards.ids_of_mask(h) for h in state.hands]
    order = game.cards.index_of
    assert ids == [sorted(second, key=order), sorted(third, key=order), sorted(mine, key=order)]
    assert state.current_player == 0 and state.counters["hand_passes"] == 1 and state.counters["redraws"] == 0
    assert playable(state) == ["blue-moons-1"]
    state.play((idx(game, "blue-moons-1"), 1, 0))
    assert state.current_player == 1 and state.hands[0].bit_count() == 5


def test_passing_with_four_players_looks_at_every_hand_in_turn(game: ChainOfRestraints) -> None:
    """Ruling 3: at most N - 1 passes; the third hand along is reached after three passes."""
    blocked = blocked_by(game, "red-suns-3")
    hands = [blocked[0:5], blocked[5:10], blocked[10:15], ["yellow-arms-4"] + blocked[15:19]]
    state = at(game, hands, grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    assert state.counters["hand_passes"] == 3 and playable(state) == ["yellow-arms-4"]
    assert state.hands[1] == game.cards.mask_of(hands[0]) and state.hands[3] == game.cards.mask_of(hands[2])


def test_a_full_rotation_returns_the_hands_then_she_redraws(game: ChainOfRestraints) -> None:
    """Scenario 5, played: seat 1 lays the 3 of red suns; neither hand can follow it, so the
    hands go round and back, and seat 0 discards and draws new hands until one can play."""
    blocked = blocked_by(game, "red-suns-3")
    seat0 = blocked[0:5]
    seat1 = ["red-suns-3"] + blocked[5:9]
    refill = blocked[9]
    first_new = blocked[10:15]
    second_new = ["blue-moons-1"] + blocked[15:19]
    deck = filler(game, seat0 + seat1 + blocked + second_new + ["yellow-moons-1"], 5)
    draw = deck + list(reversed(second_new)) + list(reversed(first_new)) + [refill]
    state = at(game, [seat0, seat1], draw=draw, grid={(0, 0): ["yellow-moons-1"]}, current_player=1)
    state.play((idx(game, "red-suns-3"), 1, 0))
    assert state.current_player == 0
    assert state.counters["hand_passes"] == 2 and state.counters["redraws"] == 2
    assert state.hands[1] == game.cards.mask_of(seat1[1:] + [refill])  # her own hand, back
    assert state.hands[0] == game.cards.mask_of(second_new)
    assert sorted(state.discard) == sorted(game.cards.indices(seat0 + first_new))
    assert state.draw == game.cards.indices(deck) and not state.is_over


def test_a_pass_event_names_the_stuck_seat_not_a_passer(game: ChainOfRestraints) -> None:
    """Every seat passes its hand, so the log names the seat that could not play as `stuck`."""
    blocked = blocked_by(game, "red-suns-3")
    state = at(game, [blocked[:5], ["blue-moons-1"] + blocked[5:9]], grid={(0, 0): ["red-suns-3"]},
               previous="red-suns-3", current_player=1)
    state.events = []
    state.play((idx(game, "blue-moons-1"), 1, 0))
    passes = [e for e in state.events if e["type"] == "pass"]
    assert passes == [{"type": "pass", "stuck": 0, "returned": False}]


def test_a_passed_hand_stays_with_its_new_holder(game: ChainOfRestraints) -> None:
    """Ruling 4: after the pass, each hand stays where it went."""
    blocked = blocked_by(game, "red-suns-3")
    mine = ["red-arms-2"] + [c for c in blocked if c != "red-arms-2"][:4]  # red-arms-2 may follow the ace of blue moons
    theirs = ["blue-moons-1"] + [c for c in blocked if c not in mine][:4]
    state = at(game, [mine, theirs], grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    state.play((idx(game, "blue-moons-1"), 1, 0))
    assert state.hands[1] == game.cards.mask_of(mine)
    assert game.cards.mask_of(theirs[1:]) & ~state.hands[0] == 0 and state.current_player == 1


def test_the_deck_running_out_is_a_draw(game: ChainOfRestraints) -> None:
    """Scenario 6: an empty deck and a placement without a line: the refill fails, the game
    is drawn, finished, without a winner."""
    state = at(game, [["blue-moons-1", "yellow-arms-2"], ["blue-arms-4"]], draw=0,
               grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    state.play((idx(game, "blue-moons-1"), 1, 0))
    result = state.result()
    assert state.is_over and result.finished and result.winners == () and result.scores == (0.0, 0.0)
    assert result.ranking == ()  # nobody won, so no seat ranks first
    assert state.counters["game_draws"] == 1 and state.legal_moves() == []


def test_the_option_ends_the_game_when_the_last_card_is_drawn(game: ChainOfRestraints) -> None:
    """Scenario 6 with draw_when_empty_immediately: the refill takes the last card and the game
    is drawn at once; without it play goes on."""
    hands = [["blue-moons-1", "yellow-arms-2", "yellow-arms-4", "blue-crowns-5", "blue-arms-1"], ["blue-arms-4"]]
    grid = {(0, 0): ["red-suns-3"]}
    state = at(game, hands, draw=1, grid=grid, previous="red-suns-3", options={"draw_when_empty_immediately": True})
    state.play((idx(game, "blue-moons-1"), 1, 0))
    assert state.is_over and state.result().winners == () and state.hands[0].bit_count() == 5
    plain = at(game, hands, draw=1, grid=grid, previous="red-suns-3")
    plain.play((idx(game, "blue-moons-1"), 1, 0))
    assert not plain.is_over and plain.current_player == 1 and not plain.draw


def test_a_new_hand_the_deck_cannot_fill_ends_the_game(game: ChainOfRestraints) -> None:
    """Ruling 5: with 3 cards left she draws those 3 and the game is drawn."""
    blocked = blocked_by(game, "red-suns-3")
    state = at(game, [blocked[:5], blocked[5:10]], draw=blocked[10:13],
               grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    assert state.is_over and state.drawn and state.result().winners == ()
    assert state.hands[0] == game.cards.mask_of(blocked[10:13]) and not state.draw
    assert state.counters["redraws"] == 1 and state.counters["hand_passes"] == 2


def test_a_line_is_checked_before_the_empty_deck(game: ChainOfRestraints) -> None:
    """Ruling 5: the last placement makes a line: she wins although she cannot refill."""
    grid = {(0, 0): ["red-moons-1"], (1, 0): ["red-suns-2"], (2, 0): ["red-arms-4"], (0, 1): ["yellow-moons-5"]}
    state = at(game, [["red-crowns-3"], []], draw=0, grid=grid, previous="yellow-moons-5")
    state.play((idx(game, "red-crowns-3"), 3, 0))
    assert state.result().winners == (0,) and not state.drawn and state.counters["game_draws"] == 0


def test_discarded_hands_lie_face_up_for_good(game: ChainOfRestraints) -> None:
    """Ruling 6: the discard pile is public and never drawn from."""
    blocked = blocked_by(game, "red-suns-3")
    draw = filler(game, blocked + ["red-suns-3", "blue-moons-1"], 10) + ["blue-moons-1"] + blocked[10:14]
    state = at(game, [blocked[:5], blocked[5:10]], draw=draw, grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    assert state.observation(1)["discard"] == blocked[:5]
    assert "discard" not in state.hidden_zones(1)
    assert len(state.draw) == 10


# -- rulings -----------------------------------------------------------------------------------


def test_only_top_cards_make_a_line(game: ChainOfRestraints) -> None:
    """Ruling 1: a red card covered by a blue one does not count; a column of four 4s wins."""
    grid = {(0, 0): ["red-moons-1"], (1, 0): ["red-suns-2", "blue-suns-4"], (2, 0): ["red-arms-4"],
            (0, 1): ["yellow-moons-5"]}
    state = at(game, [["red-crowns-3"], []], grid=grid, previous="yellow-moons-5")
    state.play((idx(game, "red-crowns-3"), 3, 0))
    assert state.winner == -1
    column = {(0, 0): ["red-moons-4"], (0, 1): ["blue-suns-4"], (0, 2): ["yellow-arms-4"], (1, 2): ["red-moons-5"]}
    state = at(game, [["blue-crowns-4"], []], grid=column, previous="red-moons-5")
    state.play((idx(game, "blue-crowns-4"), 0, 3))
    assert state.result().winners == (0,) and state.counters["win_number"] == 1


def test_a_card_can_always_go_on_a_stack(game: ChainOfRestraints) -> None:
    """Ruling 2: a full 4 x 4 grid still takes a card on any of its 16 stacks."""
    cards = [c for c in game.cards.ids if c != "blue-moons-1"][:16]
    grid = {(i % 4, i // 4): [card] for i, card in enumerate(cards)}
    state = at(game, [["blue-moons-1"], []], grid=grid)
    assert len(state.legal_moves()) == 16 and len(cells_of(state)) == 16


def test_the_grid_floats_until_it_spans_four(game: ChainOfRestraints) -> None:
    """Ruling 7: three in a row can grow either way; once four wide, neither."""
    grid = {(0, 0): ["yellow-moons-1"], (1, 0): ["red-suns-2"], (2, 0): ["blue-arms-3"]}
    state = at(game, [["red-moons-4", "blue-crowns-5"], []], grid=grid, previous="blue-arms-3")
    cells = cells_of(state, idx(game, "red-moons-4"))
    assert [-1, 0] in cells and [3, 0] in cells and len(cells) == 3 + 2 + 6
    state.play((idx(game, "red-moons-4"), -1, 0))
    assert [3, 0] not in cells_of(state) and [-2, 0] not in cells_of(state)


def test_a_diagonal_needs_the_full_box(game: ChainOfRestraints) -> None:
    """Ruling 7: a diagonal of four blues, from (0, 0) to (3, 3)."""
    grid = {(0, 0): ["blue-moons-1"], (1, 0): ["yellow-crowns-5"], (1, 1): ["blue-suns-2"],
            (2, 1): ["red-moons-3"], (2, 2): ["blue-arms-4"], (3, 2): ["yellow-arms-1"]}
    state = at(game, [["blue-crowns-2"], []], grid=grid, previous="yellow-arms-1")
    state.play((idx(game, "blue-crowns-2"), 3, 3))
    assert state.result().winners == (0,) and state.counters["win_colour"] == 1
    assert [(state.colof[c], state.rowof[c]) for c in state.win_line] == [(0, 0), (1, 1), (2, 2), (3, 3)]


def test_only_lines_through_the_placed_card_count(game: ChainOfRestraints) -> None:
    """Ruling 8: a line elsewhere (set up, it cannot arise in play) does not make a winner."""
    grid = {(0, 0): ["red-moons-1"], (1, 0): ["red-suns-2"], (2, 0): ["red-arms-3"], (3, 0): ["red-crowns-4"]}
    state = at(game, [["blue-moons-5"], []], grid=grid, previous="red-crowns-4")
    state.play((idx(game, "blue-moons-5"), 0, 1))
    assert state.winner == -1 and state.counters["win_colour"] == 0


def test_hands_are_hidden_except_what_was_shown_or_held(game: ChainOfRestraints) -> None:
    """Ruling 9: a fresh game hides the other hands and the deck; after a pass every seat
    knows the hand seat 0 showed, and seat 0 knows the hand she held."""
    fresh = game.new_game(3, random.Random(1), game.rules.resolve_options())
    assert fresh.hidden_zones(1) == ["draw", "hand/0", "hand/2"]
    assert fresh.observation(1)["known_hands"][0] == [] and len(fresh.observation(1)["hand"]) == 5
    blocked = blocked_by(game, "red-suns-3")
    mine, second, third = blocked[:5], ["blue-moons-1"] + blocked[5:9], blocked[9:14]
    state = at(game, [mine, second, third], grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    order = game.cards.index_of
    seen_by_1 = state.observation(1)["known_hands"]
    assert seen_by_1[2] == sorted(mine, key=order)  # seat 2 holds the hand seat 0 showed
    assert seen_by_1[0] == sorted(second, key=order)  # seat 1 held it before the pass
    seen_by_2 = state.observation(2)["known_hands"]
    assert seen_by_2[0] == [] and seen_by_2[1] == sorted(third, key=order)
    assert state.hidden_zones(1) == ["draw"] and state.hidden_zones(2) == ["draw", "hand/0"]
    state.play((idx(game, "blue-moons-1"), 1, 0))  # the refill is hidden again
    assert state.observation(1)["known_hands"][0] == sorted(second[1:], key=order)
    assert state.hands[0].bit_count() == 5


def test_the_turn_cap(game: ChainOfRestraints) -> None:
    """Ruling 10: 200 turns; a capped game is unfinished, with no winner."""
    assert game.rules.turn_cap == 200
    state = game.new_game(2, random.Random(4), game.rules.resolve_options())
    state.play_randomly(random.Random(4), 3)
    result = state.result()
    assert state.turns == 3 and not result.finished and result.winners == () and result.ranking == ()


# -- positions, counters, play ---------------------------------------------------------------


def test_a_grid_round_trips_through_position(game: ChainOfRestraints) -> None:
    state = game.new_game(3, random.Random(8), game.rules.resolve_options())
    state.play_randomly(random.Random(8), 12)
    previous = game.cards.ids[state.previous]
    rebuilt = game.position(state.card_zones(), current_player=state.current_player, grid=state.grid(),
                            previous=previous)
    assert rebuilt.card_zones() == state.card_zones()
    assert rebuilt.board_cells() == state.board_cells()
    assert rebuilt.legal_moves() == state.legal_moves()
    with pytest.raises(BadPosition):
        game.position(state.card_zones(), current_player=state.current_player)  # table without grid
    with pytest.raises(BadPosition):
        at(game, [[], []], grid={(0, 0): ["red-suns-3"], (4, 0): ["red-suns-4"]})
    with pytest.raises(BadPosition):
        at(game, [[], []], grid={(0, 0): ["red-suns-3"]}, previous="red-suns-4")


def test_counters_over_random_games(game: ChainOfRestraints) -> None:
    totals = {"hand_passes": 0, "redraws": 0, "game_draws": 0, "wins": 0}
    for index in range(60):
        state = play_game(game, 2, ["random"] * 2, 3, index)
        counters = state.counters
        result = state.result()
        assert result.finished
        assert counters["game_draws"] == int(not result.winners)
        lines = counters["win_colour"] + counters["win_suit"] + counters["win_number"]
        assert (lines >= 1) == bool(result.winners)
        for key in ("hand_passes", "redraws", "game_draws"):
            totals[key] += counters[key]
        totals["wins"] += len(result.winners)
    assert totals["hand_passes"] > 0 and totals["redraws"] > 0 and totals["wins"] > 0 and totals["game_draws"] > 0


def test_a_line_sharing_two_attributes_counts_for_both(game: ChainOfRestraints) -> None:
    grid = {(0, 0): ["red-moons-3"], (1, 0): ["red-suns-3"], (2, 0): ["red-arms-3"], (2, 1): ["blue-moons-1"]}
    state = at(game, [["red-crowns-3"], []], grid=grid, previous="blue-moons-1")
    state.play((idx(game, "red-crowns-3"), 3, 0))
    counters = state.counters
    assert state.result().winners == (0,) and counters["win_colour"] == counters["win_number"] == 1
    assert counters["win_suit"] == 0


def test_moves_are_described_with_the_seat_and_the_stack(game: ChainOfRestraints) -> None:
    state = at(game, [["blue-moons-1"], []], grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    card = idx(game, "blue-moons-1")
    assert state.describe_move((card, 0, 0)) == "seat 0 plays the 1 of blue moons on the 3 of red suns at (0, 0)"
    assert state.describe_move((card, 0, 1)) == "seat 0 plays the 1 of blue moons at (0, 1)"


# -- the greedy bot ----------------------------------------------------------------------------


def test_greedy_wins_when_it_can(game: ChainOfRestraints) -> None:
    state, facts = from_diagram(game, "four-reds")
    move = facts["move"]
    assert GreedyRestraintsBot(random.Random(0), 0).choose(state) == (idx(game, move["card"]), *move["at"])


def test_greedy_covers_a_line_the_next_player_could_complete(game: ChainOfRestraints) -> None:
    """Three reds in a row and the previous card red: seat 0 cannot play red, seat 1 could
    finish the row, so seat 0 covers one of the reds."""
    grid = {(0, 0): ["red-moons-1"], (1, 0): ["red-suns-2"], (2, 0): ["red-arms-4"]}
    state = at(game, [["blue-crowns-3", "yellow-moons-5"], []], grid=grid, previous="red-arms-4")
    move = GreedyRestraintsBot(random.Random(0), 0).choose(state)
    assert move in state.legal_moves() and (move[1], move[2]) in {(0, 0), (1, 0), (2, 0)}


def test_greedy_beats_random(game: ChainOfRestraints) -> None:
    wins = 0
    for index in range(100):
        result = play_game(game, 2, ["greedy", "random"], 11, index).result()
        wins += result.winners == (0,)
    assert wins >= 80


def test_determinizations_keep_the_player_to_move_able_to_play(game: ChainOfRestraints) -> None:
    """Search worlds: the hands a seat has not seen are dealt again, but the player to move
    always holds a card that may follow (she did not show her hand); seen hands stay."""
    blocked = blocked_by(game, "red-suns-3")
    hands = [["blue-moons-1"] + blocked[:4], blocked[4:9], blocked[9:14]]
    state = at(game, hands, grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    rng = random.Random(5)
    for _ in range(50):
        world = state.determinize(1, rng)
        assert world.hands[0] & world.restraint and world.hands[1] == state.hands[1]
        pool = sum(1 << c for c in world.draw) | world.hands[0] | world.hands[2]
        assert pool == sum(1 << c for c in state.draw) | state.hands[0] | state.hands[2]
    passed = at(game, [blocked[:5], ["blue-moons-1"] + blocked[5:9], blocked[9:14]],
                grid={(0, 0): ["red-suns-3"]}, previous="red-suns-3")
    world = passed.determinize(1, rng)  # seat 1 knows hands 0 (she held it) and 2 (shown)
    assert world.hands == passed.hands and world.draw != passed.draw
