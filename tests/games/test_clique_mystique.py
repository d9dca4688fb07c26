"""Clique Mystique: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result. The start position and the worked examples are read
from the rule data's diagrams, the pictures the booklet prints."""

from __future__ import annotations

import random
from itertools import combinations, permutations
from typing import Any

import pytest

from deckgen.bots.clique_mystique import GreedyCliqueBot
from deckgen.errors import BadPosition, IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.clique_mystique import (
    CLIQUE_3,
    CLIQUE_4,
    KIND_NAMES,
    PASS_MOVE,
    PLACE,
    REPLACE,
    CliqueMystique,
    CliqueState,
)
from deckgen.model.rules import Diagram
from deckgen.sim.play import play_game
from deckgen.model.rules import load_play_rules


@pytest.fixture(scope="module")
def game() -> CliqueMystique:
    engine = get_game("clique-mystique")
    assert isinstance(engine, CliqueMystique)
    return engine


def diagram(game: CliqueMystique, ident: str) -> Diagram:
    return next(d for d in load_play_rules(game.rules.id).diagrams if d.id == ident)


def card(number: int, colour: str, suit: str) -> str:
    return f"{colour}-{suit}-{number}"


def filler(game: CliqueMystique, used: set[str], count: int) -> list[str]:
    """`count` cards nobody uses yet."""
    return [c for c in game.cards.ids if c not in used][:count]


def at(game: CliqueMystique, board: list[dict[str, Any]], hands: list[list[str]], draw: int = 10,
       fill_hands: bool = False, **details: Any) -> CliqueState:
    """A position: the board as diagram cells, the hands (topped up to 7 with unused cards when
    `fill_hands`), and a deck of `draw` unused cards."""
    used = {c for cell in board for c in cell["cards"]} | {c for hand in hands for c in hand}
    hands = [list(h) for h in hands]
    if fill_hands:
        for hand in hands:
            extra = filler(game, used, 7 - len(hand))
            hand += extra
            used |= set(extra)
    zones = {"hand/0": hands[0], "hand/1": hands[1], "draw": filler(game, used, draw)}
    return game.position(zones, board=board, **details)


def cell_of(game: CliqueMystique, col: int, row: int) -> int:
    return game.geometry.index(col, row)


def place(game: CliqueMystique, *puts: tuple[int, int, str]) -> tuple[int, ...]:
    """A placement move from (col, row, card id) triples."""
    pairs = sorted((cell_of(game, col, row), game.cards.index_of(c)) for col, row, c in puts)
    return (PLACE, *[x for pair in pairs for x in pair])


def before_the_move(d: Diagram) -> tuple[list[dict[str, Any]], list[tuple[int, int, str]]]:
    """A worked example's diagram shows the board just after the placement (placed cells
    marked, before any stack turns): the board before it, and the placed cards."""
    marked = {tuple(m) for m in d.marked}
    board, puts = [], []
    for cell in d.cells:
        cards = list(cell.cards)
        if tuple(cell.at) in marked:
            puts.append((cell.at[0], cell.at[1], cards.pop()))
        if cards:
            board.append({"at": list(cell.at), "cards": cards, "owner": cell.owner})
    return board, puts


def owners(state: CliqueState) -> dict[tuple[int, int], int]:
    geo = state.game.geometry
    return {(geo.col(c), geo.row(c)): state.owner[c] for c in range(geo.n_cells) if state.stacks[c]}


def play_worked_example(game: CliqueMystique, ident: str) -> tuple[Diagram, CliqueState, dict[tuple[int, int], int]]:
    """Replays a worked example from its diagram; the state after the move and the owners before it."""
    d = diagram(game, ident)
    board, puts = before_the_move(d)
    mover = d.facts["mover"]
    hands: list[list[str]] = [[], []]
    hands[mover] = [c for _, _, c in puts]
    state = at(game, board, hands, draw=10, fill_hands=True, current_player=mover)
    start = owners(state)
    move = place(game, *puts)
    assert move in state.legal_moves()
    _, kinds = state.outcome(move)
    assert sorted(KIND_NAMES[k] for k in kinds) == sorted(d.facts["groups"])
    state.events = []
    state.play(move)
    return d, state, start


def test_the_start_position_is_a_checkerboard(game: CliqueMystique) -> None:
    """Ruling 1 and the start diagram: the centre and corners are the second player's."""
    d = diagram(game, "start")
    for cell in d.cells:
        col, row = cell.at
        assert cell.owner == (1 if (col + row) % 2 == 0 else 0) == game.start_owner(col, row)
    state = at(game, [c.model_dump() for c in d.cells], [[], []])
    assert [state.owned_cards(s) for s in (0, 1)] == d.facts["owned_cards"]
    fresh = game.new_game(2, random.Random(3), game.rules.resolve_options())
    cells = fresh.board_cells()
    assert sorted((c.col, c.row) for c in cells) == sorted(tuple(c.at) for c in d.cells)
    assert all(c.owner == game.start_owner(c.col, c.row) for c in cells)
    assert [fresh.hands[s].bit_count() for s in (0, 1)] == [7, 7] and len(fresh.draw) == 60 - 9 - 14
    assert fresh.current_player == d.facts["first_player"] == 0  # ruling 2
    logged = game.new_game(2, random.Random(3), game.rules.resolve_options(), record=True)
    board = (logged.events or [])[0]["board"]  # numbered as the moves number cells
    geo = game.geometry
    assert sorted(b["cell"] for b in board) == sorted(c for c, stack in enumerate(logged.stacks) if stack)
    assert all((b["row"], b["col"], b["owner"]) == (geo.row(b["cell"]), geo.col(b["cell"]), logged.owner[b["cell"]])
               for b in board)


def test_scenario_1_a_clique_of_four_turns_the_centre(game: CliqueMystique) -> None:
    d, state, start = play_worked_example(game, "clique-of-four")
    after = owners(state)
    turned = sorted([list(spot) for spot in after if after[spot] != start.get(spot, after[spot])])
    assert turned == sorted(d.facts["turned"])
    logged = next(e for e in state.events or [] if e["type"] == "owners")  # rotations are logged
    geo = game.geometry
    assert sorted([geo.col(c), geo.row(c)] for c in logged["rotated"]) == turned and logged["seat"] == d.facts["mover"]
    assert sorted(logged["groups"]) == sorted(d.facts["groups"])
    assert state.hands[0].bit_count() == 7 and len(state.draw) == 10 - d.facts["drawn"]
    assert [state.owned_cards(s) for s in (0, 1)] == d.facts["owned_cards"]
    assert state.current_player == 1


def test_scenario_2_and_3_a_clique_of_five_with_incidental_motley_crews(game: CliqueMystique) -> None:
    """The column turns (0,1); the Motley Crew through the covered stack turns (0,0) back;
    the Motley Crew with no earlier stack of the mover turns nothing (rulings 4, 5, 6, 7)."""
    d, state, start = play_worked_example(game, "clique-of-five")
    after = owners(state)
    turned = sorted([list(spot) for spot in after if spot in start and after[spot] != start[spot]])
    assert turned == sorted(d.facts["turned"])
    assert after[(-1, 0)] == after[(0, 1)] == 0  # the third Motley Crew's stacks stay the first player's
    assert [state.owned_cards(s) for s in (0, 1)] == d.facts["owned_cards"]
    assert len(state.stacks[cell_of(game, 1, -1)]) == 2
    assert state.hands[1].bit_count() == 7 and len(state.draw) == 10 - d.facts["drawn"]
    # scenario 3: 7 cards in each hand
    assert state.scores() == d.facts["scores_with_full_hands"]
    assert state.tie_breaks() == d.facts["tie_breaks"]
    counters = state.counters
    assert counters["cliques_of_5"] == 1 and counters["motley_crews"] == 1 and counters["stacks_rotated"] == 2
    assert counters["placements"] == 1 and counters["cliques_of_4"] == 0


def test_scenario_3_the_higher_score_wins(game: CliqueMystique) -> None:
    _, state, _ = play_worked_example(game, "clique-of-five")
    state.apply(PASS_MOVE)
    state.apply(PASS_MOVE)
    result = state.result()
    assert result.finished and result.winners == (1,) and result.scores == (-2.0, 2.0)


def test_scenario_4_two_constant_attributes_count_twice_in_the_tie_break(game: CliqueMystique) -> None:
    """Rulings 9 and 10: 3 yellow, red and blue suns all owned by one player add 6, not 3."""
    threes = [card(3, colour, "suns") for colour in ("yellow", "red", "blue")]
    board = [{"at": [col, 0], "cards": [c], "owner": 1} for col, c in zip((-1, 0, 1), threes)]
    state = at(game, board, [[], []])
    assert state.tie_breaks() == [0, 6]
    board[0]["owner"] = 0  # no longer intact for anybody
    assert at(game, board, [[], []]).tie_breaks() == [0, 0]
    assert state.scores() == [0, 3]


def test_scenario_5_a_covered_own_stack_does_not_meet_condition_1(game: CliqueMystique) -> None:
    start = [c.model_dump() for c in diagram(game, "start").cells]
    moons = card(2, "blue", "moons")
    state = at(game, start, [[moons], []])
    target = cell_of(game, 0, -1)
    row = [state.top[cell_of(game, col, -1)] for col in (-1, 0, 1)]
    row[1] = game.cards.index_of(moons)
    key = 0
    for c in row:
        key |= game.akey[c]
    assert game.kinds[3][key] == CLIQUE_3  # the row would be a Clique of 3...
    assert all(m[0] != PLACE for m in state.legal_moves())  # ...but it is no legal placement
    with pytest.raises(IllegalMove):
        state.play((PLACE, target, game.cards.index_of(moons)))


def test_scenario_6_no_placing_on_the_opponent_or_off_the_board(game: CliqueMystique) -> None:
    """Ruling 12."""
    start = [c.model_dump() for c in diagram(game, "start").cells]
    state = at(game, start, [[], []], fill_hands=True)
    centre = cell_of(game, 0, 0)
    assert all(move[j] != centre for move in state.legal_moves() if move[0] == PLACE for j in range(1, len(move), 2))
    some_card = game.cards.index_of(state.observation(0)["hand"][0])
    for move in [(PLACE, centre, some_card), (PLACE, game.geometry.n_cells, some_card)]:
        with pytest.raises(IllegalMove):
            state.play(move)
    with pytest.raises(BadPosition, match="off the board"):
        at(game, [{"at": [-4, 0], "cards": [card(1, "red", "suns")]}], [[], []])
    with pytest.raises(BadPosition, match="off the board"):
        at(game, [{"at": [0, 4], "cards": [card(1, "red", "suns")]}], [[], []])
    assert all(0 <= c < 49 for line in game.geometry.lines for c in line) and len(game.geometry.lines) == 268


def test_scenario_7_replacing_with_a_short_deck(game: CliqueMystique) -> None:
    """Ruling 11: deck of 2, replace 3: the hand shrinks to 6, the deck then holds 3."""
    state = at(game, [], [[], []], draw=2, fill_hands=True)
    hand = [c for c in range(60) if state.hands[0] >> c & 1]
    state.play((REPLACE, *hand[:3]))
    assert state.hands[0].bit_count() == 6 and len(state.draw) == 3
    assert state.counters["replacements"] == 1


def test_replacing_with_an_empty_deck_is_legal_and_draws_nothing(game: CliqueMystique) -> None:
    state = at(game, [], [[], []], draw=0, fill_hands=True)
    hand = [c for c in range(60) if state.hands[0] >> c & 1]
    assert (REPLACE, hand[0]) in state.legal_moves()
    state.play((REPLACE, hand[0], hand[1]))
    assert state.hands[0].bit_count() == 5 and sorted(state.draw) == hand[:2]


def test_replacing_does_not_refill_the_hand(game: CliqueMystique) -> None:
    """Ruling 13: only a placement draws back up to 7."""
    state = at(game, [], [[card(1, "red", "suns"), card(2, "red", "suns")], []], draw=10)
    state.play((REPLACE, game.cards.index_of(card(1, "red", "suns"))))
    assert state.hands[0].bit_count() == 2 and len(state.draw) == 10
    state.play(PASS_MOVE)
    assert state.hands[1] == 0 and len(state.draw) == 10


def test_scenario_8_two_passes_in_a_row_end_the_game(game: CliqueMystique) -> None:
    """Ruling 14: pass, replace, pass, pass: over after the last pass only."""
    state = at(game, [], [[], []], fill_hands=True)
    state.play(PASS_MOVE)
    hand = [c for c in range(60) if state.hands[1] >> c & 1]
    state.play((REPLACE, hand[0]))
    state.play(PASS_MOVE)
    assert not state.is_over
    state.play(PASS_MOVE)
    assert state.is_over and state.legal_moves() == [] and state.result().finished
    assert state.counters["passes"] == 3 and state.turns == 4


def test_a_group_may_lie_inside_a_longer_line(game: CliqueMystique) -> None:
    """Ruling 3: three cards of a row of four form a Clique of 3 and turn the stack in it."""
    board = [
        {"at": [-2, 0], "cards": [card(5, "blue", "moons")], "owner": 1},  # not part of the Group
        {"at": [-1, 0], "cards": [card(2, "yellow", "suns")], "owner": 0},
        {"at": [0, 0], "cards": [card(2, "red", "arms")], "owner": 1},
    ]
    two = card(2, "blue", "crowns")
    state = at(game, board, [[two], []])
    move = place(game, (1, 0, two))
    assert move in state.legal_moves()
    state.play(move)
    assert owners(state) == {(-2, 0): 1, (-1, 0): 0, (0, 0): 0, (1, 0): 0}
    assert state.counters["cliques_of_3"] == 1


def test_the_third_attribute_of_a_clique_is_free(game: CliqueMystique) -> None:
    """Ruling 8: 4 blue cards of the four suits numbered 5, 5, 1, 3 are a Clique of 4; three
    cards sharing nothing are a Motley Crew; a 3-card line of one colour is nothing."""
    def kind(*cards: str) -> int:
        key = 0
        for c in cards:
            key |= game.akey[game.cards.index_of(c)]
        return game.kinds[len(cards)][key]
    assert kind(card(5, "blue", "moons"), card(5, "blue", "suns"), card(1, "blue", "arms"), card(3, "blue", "crowns")) == CLIQUE_4
    assert KIND_NAMES[kind(card(1, "yellow", "moons"), card(2, "red", "suns"), card(3, "blue", "arms"))] == "Motley Crew"
    assert kind(card(1, "blue", "moons"), card(2, "blue", "suns"), card(3, "blue", "arms")) == 0
    assert kind(card(1, "blue", "moons"), card(2, "red", "moons"), card(2, "yellow", "moons")) == CLIQUE_3
    assert kind(*[card(n, "red", "arms") for n in (4, 1, 3, 5, 2)]) == 3


def test_an_empty_hand_can_only_pass(game: CliqueMystique) -> None:
    start = [c.model_dump() for c in diagram(game, "start").cells]
    assert at(game, start, [[], []]).legal_moves() == [PASS_MOVE]


def test_hands_and_deck_are_hidden_and_every_stack_is_public(game: CliqueMystique) -> None:
    """Ruling 15."""
    d = diagram(game, "clique-of-five")
    state = at(game, [c.model_dump() for c in d.cells], [[card(1, "red", "suns")], [card(1, "blue", "suns")]])
    seen = state.observation(0)
    assert seen["hand"] == [card(1, "red", "suns")] and seen["hand_sizes"] == [1, 1]
    assert card(1, "blue", "suns") not in str(seen) and "draw" not in seen
    assert {"at": [1, -1], "cards": ["red-arms-2", "red-arms-3"], "owner": 1} in seen["board"]
    assert state.hidden_zones(0) == ["hand/1", "draw"]
    assert state.card_zones()[f"cell/{cell_of(game, 1, -1)}"] == ["red-arms-2", "red-arms-3"]


def test_the_turn_cap_leaves_random_games_unfinished(game: CliqueMystique) -> None:
    """Ruling 16: 300 turns; a capped game has no winner."""
    assert game.rules.turn_cap == 300
    for index in range(6):
        state = play_game(game, 2, ["random", "random"], 5, index)
        if not state.is_over:
            assert state.turns == 300 and not state.result().finished and state.result().winners == ()
            return
    pytest.fail("no random game reached the cap")


# -- legal placements against a brute force ----------------------------------------------


def group_kind(cards: list[dict[str, object]]) -> bool:
    """A Group by the rule text, from the cards' attributes."""
    colours, suits, numbers = ({str(c[a]) for c in cards} for a in ("colour", "suit", "number"))
    k = len(cards)
    if k == 3 and len(colours) == 3 and (len(suits) == 1 or len(numbers) == 1 or len(suits) == len(numbers) == 3):
        return True
    if k == 4 and len(suits) == 4 and (len(colours) == 1 or len(numbers) == 1):
        return True
    return k == 5 and len(numbers) == 5 and (len(colours) == 1 or len(suits) == 1)


def brute_force_placements(state: CliqueState) -> set[tuple[int, ...]]:
    """Every line, every set of 1-3 of its empty or own cells covering all its empty cells,
    every ordered choice of hand cards: the Group and conditions (1) and (2) checked directly."""
    game, geo = state.game, state.game.geometry
    me = state.current_player
    attrs = [c.attrs for c in game.deck.cards]
    hand = [c for c in range(60) if state.hands[me] >> c & 1]
    found = set()
    for cells in geo.lines:
        if not any(state.owner[c] == 1 - me for c in cells):
            continue
        free = [c for c in cells if state.owner[c] != 1 - me]
        for size in (1, 2, 3):
            for chosen in combinations(free, size):
                if any(state.owner[c] < 0 for c in cells if c not in chosen):
                    continue
                if not any(state.owner[c] == me for c in cells if c not in chosen):
                    continue
                for picked in permutations(hand, size):
                    tops = {c: state.top[c] for c in cells} | dict(zip(chosen, picked))
                    if group_kind([attrs[tops[c]] for c in cells]):
                        pairs = sorted(zip(chosen, picked))
                        found.add((PLACE, *[x for pair in pairs for x in pair]))
    return found


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_placements_from_candidate_lines_match_a_brute_force(game: CliqueMystique, seed: int) -> None:
    """Moves: each (cell, card) set once, whichever lines reach it."""
    rng = random.Random(seed)
    state = game.new_game(2, random.Random(seed), game.rules.resolve_options())
    bots = [GreedyCliqueBot(rng, 0), GreedyCliqueBot(rng, 1)]
    checked = 0
    while not state.is_over and state.turns < 30:
        if state.turns % 4 == 0:
            legal = state.placements()
            assert len(set(legal)) == len(legal)
            assert set(legal) == brute_force_placements(state)
            checked += bool(legal)
        state.apply(bots[state.current_player].choose(state))
    assert checked


def test_legal_moves_are_placements_replacements_and_pass(game: CliqueMystique) -> None:
    """The Moves line: every non-empty subset of the hand is one replacement."""
    state = game.new_game(2, random.Random(4), game.rules.resolve_options())
    moves = state.legal_moves()
    placements = state.placements()
    assert moves[: len(placements)] == placements and moves[-1] == PASS_MOVE
    assert len(moves) == len(placements) + 127 + 1


# -- the greedy bot -------------------------------------------------------------------------


def test_greedy_takes_the_placement_turning_most_cards(game: CliqueMystique) -> None:
    d = diagram(game, "clique-of-five")
    board, puts = before_the_move(d)
    hand = [c for _, _, c in puts]
    state = at(game, board, [[], hand], fill_hands=True, current_player=1)
    choice = GreedyCliqueBot(random.Random(0), 1).choose(state)
    best = max(sum(len(state.stacks[c]) for c in range(49) if state.outcome(m)[0] >> c & 1)
               for m in state.placements())
    assert sum(len(state.stacks[c]) for c in range(49) if state.outcome(choice)[0] >> c & 1) == best >= 2


def test_greedy_passes_when_leading_after_a_pass_and_stops_replacing(game: CliqueMystique) -> None:
    board = [{"at": [0, 0], "cards": [card(1, "red", "suns"), card(2, "red", "suns")], "owner": 0}]
    hand = [card(5, "blue", "moons")]  # seat 0 leads: 2 - 1 against 0
    state = at(game, board, [hand, []], passes=1)
    assert GreedyCliqueBot(random.Random(0), 0).choose(state) == PASS_MOVE
    state = at(game, board, [hand, [card(4, "blue", "moons"), card(3, "blue", "moons")]], passes=0)
    move = GreedyCliqueBot(random.Random(0), 0).choose(state)
    assert move == (REPLACE, game.cards.index_of(hand[0]))  # no candidate line: the card fits none
    state = at(game, board, [hand, []], replace_streak=(3, 0))
    assert GreedyCliqueBot(random.Random(0), 0).choose(state) == PASS_MOVE
    state = at(game, board, [hand, []], draw=0)
    assert GreedyCliqueBot(random.Random(0), 0).choose(state) == PASS_MOVE


def test_greedy_beats_random(game: CliqueMystique) -> None:
    margin = 0
    for index in range(12):
        seats = ["greedy", "random"] if index % 2 == 0 else ["random", "greedy"]
        state = play_game(game, 2, seats, 9, index)
        scores = state.scores()
        greedy = seats.index("greedy")
        margin += scores[greedy] - scores[1 - greedy]
    assert margin > 12 * 5


def test_random_move_is_uniform_over_the_legal_moves(game: CliqueMystique) -> None:
    """The contract's check, which skips positions of more than 30 moves: here every hand of
    7 offers 127 replacements, so it is made on this game's own move lists."""
    from scipy.stats import chisquare

    rng = random.Random(5)
    state = game.new_game(2, random.Random(6), game.rules.resolve_options())
    for _ in range(3):
        state.apply(state.random_move(rng))
    legal = state.legal_moves()
    position = {move: i for i, move in enumerate(legal)}
    counts = [0] * len(legal)
    for _ in range(40 * len(legal)):
        counts[position[state.random_move(rng)]] += 1
    assert min(counts) > 0 and chisquare(counts).pvalue > 1e-5


# -- the fast paths search relies on --------------------------------------------------------


def test_random_move_is_the_legal_move_its_draw_indexes(game: CliqueMystique) -> None:
    """random_move builds only the move it draws: the same move as indexing legal_moves()
    with the same random number, all game long."""
    rng = random.Random(8)
    state = game.new_game(2, random.Random(8), game.rules.resolve_options())
    while not state.is_over and state.turns < 80:
        seed = rng.random()
        legal = state.legal_moves()
        move = state.random_move(random.Random(seed))
        assert move == legal[int(random.Random(seed).random() * len(legal))]
        state.apply(move)
    assert state.turns > 20


def test_copies_played_on_leave_the_original_alone(game: CliqueMystique) -> None:
    """Clones and determinizations share the stacks' lists with the original until they place:
    playing them on changes nothing of the original, which then plays as if never copied."""
    rng = random.Random(3)
    state = game.new_game(2, random.Random(3), game.rules.resolve_options())
    twin_of_start = state.clone()
    while not state.is_over and state.turns < 40:
        before = (state.card_zones(), state.observation(0), state.legal_moves(), state.result())
        for copy in (state.clone(), state.determinize(state.current_player, random.Random(1))):
            copy.play_randomly(random.Random(2), state.turns + 12)
            assert (state.card_zones(), state.observation(0), state.legal_moves(), state.result()) == before
        move = state.random_move(rng)
        state.apply(move)
        twin_of_start.apply(move)
        assert twin_of_start.card_zones() == state.card_zones()
        assert twin_of_start.legal_moves() == state.legal_moves()
