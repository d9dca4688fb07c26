"""Mystique Energy: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result. Grid positions of the booklet's diagrams are read from
the rule data, so the pictures are positions checked here."""

from __future__ import annotations

import json
import random
from collections import Counter
from typing import Any

import pytest

from deckgen.bots.mystique_energy import GreedyEnergyBot
from deckgen.errors import BadPosition, IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.mystique_energy import EnergyState, MystiqueEnergy
from deckgen.model.rules import Diagram
from deckgen.sim.play import play_game
from deckgen.model.rules import load_play_rules


@pytest.fixture(scope="module")
def game() -> MystiqueEnergy:
    engine = get_game("mystique-energy")
    assert isinstance(engine, MystiqueEnergy)
    return engine


def diagram(game: MystiqueEnergy, diagram_id: str) -> Diagram:
    return next(d for d in load_play_rules(game.rules.id).diagrams if d.id == diagram_id)


def grid_of(cells: list[tuple[tuple[int, int], str]]) -> list[dict[str, Any]]:
    return [{"at": list(at), "cards": [card]} for at, card in cells]


def spare(game: MystiqueEnergy, used: list[str], count: int) -> list[str]:
    """`count` cards no zone uses yet."""
    return [c for c in game.cards.ids if c not in used][:count]


def at(game: MystiqueEnergy, grid: Any, energy: list[str] | None = None, hands: list[str] | None = None,
       draw: int = 10, **details: Any) -> EnergyState:
    """A position on `grid` (diagram cells or dicts); energy, hands and draw pile filled
    with cards the grid does not use: by default two seats, each holding a card."""
    used = [cell["cards"][0] if isinstance(cell, dict) else cell.cards[0] for cell in grid]
    energy = energy or spare(game, used, 2)
    used += energy
    hands = hands if hands is not None else spare(game, used, len(energy))
    used += hands
    zones = {f"energy/{s}": [e] for s, e in enumerate(energy)}
    zones |= {f"hand/{s}": [hands[s]] if s < len(hands) else [] for s in range(len(energy))}
    zones["draw"] = spare(game, used, draw)
    return game.position(zones, grid=grid, **details)


def finished(game: MystiqueEnergy, grid: Any, energy: list[str], **details: Any) -> EnergyState:
    return at(game, grid, energy, hands=[], draw=0, **details)


def moves_of(state: EnergyState) -> set[tuple[int, int]]:
    return set(state.legal_moves())


# -- scenarios -----------------------------------------------------------------------------


def test_scenario_1_scores_the_worked_example_of_the_diagram(game: MystiqueEnergy) -> None:
    """Scenario 1: twelve placed cards, Ann's energy the 5 of blue crowns: 5 x 3 x 1 = 15."""
    example = diagram(game, "scoring-example")
    facts = example.facts
    ann = facts["seat"]
    state = finished(game, example.cells, [facts["energy"], "yellow-suns-3"])
    assert state.is_over and len(state.table) == len(example.cells) == 12
    names = [game.key_names[k] for k in game.keys[game.cards.index_of(facts["energy"])]]
    assert dict(zip(names, state.seat_groups()[ann])) == facts["groups"]
    assert state.scores()[ann] == facts["score"] == 15
    assert state.result().scores[ann] == 15.0
    best = state.largest_groups()
    crowns = game.key_names.index("crowns")
    assert best[crowns] == 3 and len(example.marked) == 3  # the marked cells are that group


def test_scenario_1_every_placement_is_legal_in_play(game: MystiqueEnergy) -> None:
    """Scenario 1: the twelve cards placed one by one, each a legal move, from an empty grid."""
    example = diagram(game, "scoring-example")
    cards = [cell.cards[0] for cell in example.cells]
    zones = {"energy/0": [example.facts["energy"]], "energy/1": ["yellow-suns-3"],
             "hand/0": [cards[0]], "hand/1": [cards[1]], "draw": cards[:1:-1]}
    state = game.position(zones)
    for cell in example.cells:
        assert tuple(cell.at) in moves_of(state)
        state.play(tuple(cell.at))
    assert state.is_over and state.grid() == [{"at": list(c.at), "cards": c.cards} for c in example.cells]
    assert state.scores()[0] == example.facts["score"]


def test_scenario_2_the_third_card_touches_two(game: MystiqueEnergy) -> None:
    """Scenario 2 (diagram early-grid): with cards at (0,0) and (1,0), (2,0) touches one and is
    illegal; (1,-1) and (0,1) touch both and are the only legal cells."""
    early = diagram(game, "early-grid")
    state = at(game, early.cells)
    legal = {tuple(c) for c in early.facts["legal"]}
    assert moves_of(state) == legal == {tuple(c) for c in early.marked} == {(1, -1), (0, 1)}
    for cell in early.facts["illegal"]:
        with pytest.raises(IllegalMove):
            state.play(tuple(cell))
    state.play((1, -1))
    assert len(state.table) == 3


def test_scenario_3_the_second_card_touches_the_first(game: MystiqueEnergy) -> None:
    """Scenario 3 (diagram first-card) and ruling 2: the six neighbours of (0,0) in axial
    coordinates; (3,0) is illegal."""
    first = diagram(game, "first-card")
    state = at(game, first.cells)
    assert moves_of(state) == {tuple(c) for c in first.facts["legal"]} == {tuple(c) for c in first.marked}
    assert moves_of(state) == {(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)}
    with pytest.raises(IllegalMove):
        state.play(tuple(first.facts["illegal"][0]))


def test_the_first_card_defines_the_origin(game: MystiqueEnergy) -> None:
    state = game.new_game(3, random.Random(2), game.rules.resolve_options())
    assert state.legal_moves() == [(0, 0)]
    assert state.describe_move((0, 0)).startswith("seat 0 places the ")


def test_scenario_4_four_players_place_fourteen_cards_each(game: MystiqueEnergy) -> None:
    """Scenario 4 and ruling 5: 56 placements, 14 each; the draw pile is empty after placement 52;
    placements 53-56 are seats 0, 1, 2, 3, with no draw."""
    state = game.new_game(4, random.Random(4), game.rules.resolve_options())
    rng = random.Random(5)
    draw_after = []
    while not state.is_over:
        seat = state.current_player
        state.play(state.random_move(rng))
        draw_after.append(len(state.draw))
        if len(state.table) > 52:
            assert state.hands[seat] == -1  # no draw once the pile is empty
    assert state.turns == len(state.table) == 56
    assert Counter(state.placers) == {0: 14, 1: 14, 2: 14, 3: 14}
    assert draw_after.index(0) == 51 and draw_after[50] == 1  # empty right after placement 52
    assert state.placers[52:] == [0, 1, 2, 3]
    assert state.result().finished


@pytest.mark.parametrize("n_players", [2, 3, 5, 6])
def test_ruling_5_the_final_cards_go_in_seat_order(game: MystiqueEnergy, n_players: int) -> None:
    """Ruling 5: the pile empties after 60 - 2N placements; the last N are seats 0..N-1; every
    factor is at least 1 (ruling 4); there is always a single winner."""
    state = play_game(game, n_players, ["random"] * n_players, 9, n_players)
    assert state.is_over and state.turns == 60 - n_players
    assert state.placers[-n_players:] == list(range(n_players))
    assert state.placers[60 - 2 * n_players - 1] == n_players - 1
    assert min(min(groups) for groups in state.seat_groups()) >= 1
    assert len(state.result().winners) == 1


SCENARIO_5 = [((0, 0), "blue-suns-1"), ((1, 0), "blue-arms-2"), ((0, 1), "blue-crowns-3"), ((-1, 1), "blue-suns-2"),
              ((1, -1), "red-moons-1"), ((2, -1), "yellow-moons-2"), ((2, -2), "red-moons-4"), ((1, 1), "red-crowns-5")]
SCENARIO_5_ENERGY = ["blue-moons-1", "blue-moons-4", "blue-moons-2", "blue-moons-5"]


def test_scenario_5_a_tie_goes_to_the_earlier_final_placement(game: MystiqueEnergy) -> None:
    """Scenario 5: seats 1 and 3 both score 12 (blue 4 x moons 3 x their number 1), seats 0
    and 2 score 24: seat 1 placed its final card first and wins alone."""
    state = finished(game, grid_of(SCENARIO_5), SCENARIO_5_ENERGY)
    result = state.result()
    assert result.finished and result.scores == (24.0, 12.0, 24.0, 12.0)
    assert result.winners == (1,) and result.ranking == (1, 3, 0, 2)
    assert state.counters == {"score_spread": 12, "grid_extent": 3, "winner_score": 12}


def test_the_tie_break_is_the_last_placement_not_the_seat(game: MystiqueEnergy) -> None:
    """The tie-break reads who placed her final card first: here seat 3 did."""
    placed_by = [3, 0, 1, 2, 0, 1, 2, 1]
    state = finished(game, grid_of(SCENARIO_5), SCENARIO_5_ENERGY, placed_by=placed_by)
    assert state.result().winners == (3,)


# -- rulings -------------------------------------------------------------------------------

SIX = [((0, 0), "red-suns-3"), ((0, 1), "yellow-arms-1"), ((1, 0), "blue-moons-2"), ((1, -1), "red-crowns-4"),
       ((1, 1), "yellow-suns-5"), ((2, -1), "blue-arms-3")]


def test_ruling_1_at_least_two_neighbours_by_default(game: MystiqueEnergy) -> None:
    """Ruling 1: a cell touching three cards is legal too."""
    state = at(game, grid_of(SIX))
    assert moves_of(state) == {(-1, 1), (0, -1), (0, 2), (2, -2), (2, 0)}
    assert state.describe_move((2, 0)).endswith("touching 3")
    state.play((2, 0))
    assert len(state.table) == 7


def test_ruling_1_option_exactly_two(game: MystiqueEnergy) -> None:
    """Ruling 1 (option exactly_two): only cells touching exactly two cards while any exists."""
    state = at(game, grid_of(SIX), options={"exactly_two": True})
    assert moves_of(state) == {(-1, 1), (0, -1), (0, 2), (2, -2)}
    with pytest.raises(IllegalMove):
        state.play((2, 0))
    random_draws = {state.random_move(random.Random(seed)) for seed in range(60)}
    assert random_draws == moves_of(state)


FLOWER = [(0, 0), (0, -1), (1, -1), (1, -2), (0, -2), (2, -2), (-1, 0), (-1, -1), (1, -3), (1, 0), (-1, 1),
          (-2, 0), (-1, -2)]


def test_ruling_1_exactly_two_falls_back_to_more_when_none_touches_two(game: MystiqueEnergy) -> None:
    """Ruling 1: on this 13-card flower every open cell touches three cards; with exactly_two
    any of them is still allowed."""
    grid = grid_of(list(zip(FLOWER, game.cards.ids[:13])))
    expected = {(-2, -1), (-2, 1), (0, -3), (0, 1), (2, -3), (2, -1)}
    assert moves_of(at(game, grid)) == expected
    assert moves_of(at(game, grid, options={"exactly_two": True})) == expected


def test_ruling_3_seat_zero_first_then_seat_plus_one(game: MystiqueEnergy) -> None:
    state = play_game(game, 3, ["random"] * 3, 1, 0)
    assert state.placers[:7] == [0, 1, 2, 0, 1, 2, 0]


def test_ruling_4_a_group_is_connected_through_its_own_value(game: MystiqueEnergy) -> None:
    """Ruling 4: two 5s that do not touch are two groups of 1 (scenario 1), and a group needs
    the value in every card of its path: the blue cards at (0,0) and (2,-1) are linked only
    through red cards, so they are two groups of 1 (and the two reds one group of 2)."""
    example = diagram(game, "scoring-example")
    state = finished(game, example.cells, ["blue-crowns-5", "yellow-suns-3"])
    assert state.largest_groups()[game.key_names.index("5s")] == 1
    line = [((0, 0), "blue-moons-1"), ((1, 0), "red-moons-2"), ((1, -1), "red-suns-3"), ((2, -1), "blue-arms-4")]
    split = finished(game, grid_of(line), ["yellow-suns-1", "yellow-suns-2"])
    best = split.largest_groups()
    assert best[game.key_names.index("blue")] == 1 and best[game.key_names.index("red")] == 2


def test_ruling_6_energy_cards_and_hands_are_hidden_until_scoring(game: MystiqueEnergy) -> None:
    state = game.new_game(3, random.Random(6), game.rules.resolve_options())
    assert set(state.hidden_zones(0)) == {"draw", "hand/1", "hand/2", "energy/1", "energy/2"}
    seen = state.observation(0)
    zones = state.card_zones()
    assert seen["energy"] == zones["energy/0"][0] and seen["energies"][1:] == [None, None]
    assert seen["hand"] == zones["hand/0"][0] and "scores" not in seen
    assert zones["energy/1"][0] not in json.dumps(seen) and zones["hand/1"][0] not in json.dumps(seen)
    state.play_randomly(random.Random(1), 60)
    assert state.is_over and set(state.hidden_zones(0)) == {"draw", "hand/1", "hand/2"}
    assert state.observation(0)["energies"] == [state.card_zones()[f"energy/{s}"][0] for s in range(3)]


def test_ruling_7_the_turn_cap_counts_placements_and_is_never_reached(game: MystiqueEnergy) -> None:
    assert game.rules.turn_cap == 60
    assert all(60 - n < game.rules.turn_cap for n in game.rules.players.counts())
    capped = game.new_game(2, random.Random(3), game.rules.resolve_options())
    capped.play_randomly(random.Random(3), 10)
    assert capped.turns == 10 and not capped.result().finished and capped.result().winners == ()


# -- counters, positions, events -----------------------------------------------------------


def test_counters_of_a_finished_game(game: MystiqueEnergy) -> None:
    state = play_game(game, 4, ["random"] * 4, 2, 0)
    scores = state.scores()
    counters = state.result().counters
    assert counters["score_spread"] == max(scores) - min(scores)
    assert counters["winner_score"] == min(scores) == scores[state.result().winners[0]]
    assert 4 <= counters["grid_extent"] <= 55


def test_positions_check_the_grid(game: MystiqueEnergy) -> None:
    with pytest.raises(BadPosition, match="does not touch"):
        at(game, grid_of([((0, 0), "red-moons-1"), ((1, 0), "red-moons-2"), ((2, 0), "red-moons-3")]))
    with pytest.raises(BadPosition, match="is on a card"):
        at(game, grid_of([((0, 0), "red-moons-1"), ((0, 0), "red-moons-2")]))
    with pytest.raises(BadPosition, match="need their cells"):
        game.position({"energy/0": ["red-moons-1"], "energy/1": ["red-moons-2"], "table": ["red-moons-3"]})
    with pytest.raises(BadPosition, match="one energy card"):
        game.position({"energy/0": ["red-moons-1", "red-moons-4"], "energy/1": ["red-moons-2"]})
    with pytest.raises(BadPosition, match="placement order"):
        game.position({"energy/0": ["red-moons-1"], "energy/1": ["red-moons-2"],
                       "table": ["yellow-arms-1", "red-suns-3"]}, grid=grid_of(SIX[:2]))


def test_a_recorded_game_ends_with_the_scoring_in_words(game: MystiqueEnergy) -> None:
    state = game.new_game(2, random.Random(8), game.rules.resolve_options(), record=True)
    state.play_randomly(random.Random(8), 60)
    assert state.events is not None and state.events[0]["type"] == "deal"
    scoring = state.events[-1]
    assert scoring["scores"] == state.scores()
    text = game.describe_event(scoring)
    assert text is not None and text.startswith("scoring: seat 0 (") and f"= {state.scores()[1]}" in text


def test_random_play_draws_the_same_moves_as_the_move_list(game: MystiqueEnergy) -> None:
    """`play_randomly`'s fast loop and `random_move` + `apply` make the same game."""
    fast = game.new_game(4, random.Random(12), game.rules.resolve_options())
    fast.play_randomly(random.Random(13), 60)
    slow = game.new_game(4, random.Random(12), game.rules.resolve_options())
    rng = random.Random(13)
    while not slow.is_over:
        moves = slow.legal_moves()
        slow.apply(moves[int(rng.random() * len(moves))])
    assert fast.grid() == slow.grid() and fast.result() == slow.result()


# -- the greedy bot ------------------------------------------------------------------------


def test_greedy_keeps_its_own_value_apart(game: MystiqueEnergy) -> None:
    """Holding a blue card with a blue energy card, it picks the one cell away from the blue."""
    grid = grid_of([((0, 0), "blue-moons-1"), ((1, 0), "red-suns-2"), ((0, 1), "yellow-arms-3")])
    state = at(game, grid, energy=["blue-crowns-5", "red-crowns-5"], hands=["blue-suns-4", "yellow-moons-4"])
    assert moves_of(state) == {(1, -1), (-1, 1), (1, 1)}
    assert GreedyEnergyBot(random.Random(0), 0).choose(state) == (1, 1)


def test_greedy_beats_random(game: MystiqueEnergy) -> None:
    games = 100
    wins = sum(play_game(game, 4, ["greedy", "random", "random", "random"], 21, i).result().winners == (0,)
               for i in range(games))
    assert wins / games > 0.5  # a fair share is 0.25


def groups_by_search(state: EnergyState) -> list[int]:
    """The largest groups found the plain way: a search from every placed card, value by value."""
    game = state.game
    coords = {tuple(cell["at"]): game.cards.index_of(cell["cards"][0]) for cell in state.grid()}
    steps = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
    best = [0] * len(game.key_names)
    for key in range(len(best)):
        todo = {at for at, card in coords.items() if key in game.keys[card]}
        while todo:
            stack, size = [todo.pop()], 1
            while stack:
                q, r = stack.pop()
                for dq, dr in steps:
                    if (q + dq, r + dr) in todo:
                        todo.remove((q + dq, r + dr))
                        stack.append((q + dq, r + dr))
                        size += 1
            best[key] = max(best[key], size)
    return best


def test_the_kept_groups_agree_with_a_plain_search(game: MystiqueEnergy) -> None:
    """`largest_groups` takes placements in as they come (read every few moves here)."""
    for index in range(6):
        state = game.new_game(2 + index % 5, random.Random(index), game.rules.resolve_options())
        rng = random.Random(100 + index)
        while not state.is_over:
            state.apply(state.random_move(rng))
            if rng.random() < 0.3:
                assert state.largest_groups() == groups_by_search(state)
        assert state.largest_groups() == groups_by_search(state)


def test_a_determinized_state_keeps_the_board_and_deals_the_secrets_again(game: MystiqueEnergy) -> None:
    state = game.new_game(3, random.Random(14), game.rules.resolve_options())
    state.play_randomly(random.Random(14), 20)
    twin = state.determinize(0, random.Random(15))
    assert twin.grid() == state.grid() and twin.energy[0] == state.energy[0] and twin.hands[0] == state.hands[0]
    hidden = [*twin.energy[1:], *twin.hands[1:], *twin.draw]
    assert sorted(hidden) == sorted([*state.energy[1:], *state.hands[1:], *state.draw]) and hidden != [
        *state.energy[1:], *state.hands[1:], *state.draw]
    twin.play_randomly(random.Random(16), 60)
    assert twin.is_over and not state.is_over and len(state.table) == 20
