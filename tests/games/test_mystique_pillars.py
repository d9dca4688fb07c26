"""Mystique Pillars: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random

import pytest

from deckgen.bots.mystique_pillars import GreedyPillarsBot
from deckgen.errors import IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.mystique_pillars import BUILD, BUILDING, DRAFT, DRAW, MystiquePillars, PillarsState
from deckgen.sim.contract import card_ids_in
from deckgen.sim.log import record_game


@pytest.fixture(scope="module")
def game() -> MystiquePillars:
    engine = get_game("mystique-pillars")
    assert isinstance(engine, MystiquePillars)
    return engine


def at(game: MystiquePillars, hands: list[list[str]], pillars: list[list[str]], **details: object) -> PillarsState:
    """A building-phase position by default; pillars list their cards bottom to top."""
    zones = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones.update({f"pillar/{p}": pillar for p, pillar in enumerate(pillars)})
    details.setdefault("phase", "building")
    return game.position(zones, **details)  # type: ignore[arg-type]


def idx(game: MystiquePillars, card_id: str) -> int:
    return game.cards.index_of(card_id)


@pytest.mark.parametrize("n_players", [2, 4, 6])
def test_the_draft_takes_eight_turns_per_player(game: MystiquePillars, n_players: int) -> None:
    """Scenario 1 and ruling 1: four pillars of 15; after 8N draft turns every hand holds 8,
    phase 2 starts with seat 0, and no building turn has been counted yet."""
    state = game.new_game(n_players, random.Random(n_players), game.rules.resolve_options())
    assert [len(p) for p in state.pillars] == [15, 15, 15, 15]
    rng = random.Random(1)
    for turn in range(8 * n_players):
        assert state.phase == DRAFT and state.current_player == turn % n_players
        assert all(m[0] == DRAW for m in state.legal_moves())
        state.apply(state.random_move(rng))
    assert state.phase == BUILDING and state.current_player == 0 and state.turns == 0
    assert [h.bit_count() for h in state.hands] == [8] * n_players


def test_builds_need_exactly_two_shared_attributes(game: MystiquePillars) -> None:
    """Scenario 2 and ruling 2: on the 3 of red suns."""
    hand = ["red-moons-3", "blue-suns-3", "red-suns-5", "blue-moons-3", "yellow-arms-1"]
    state = at(game, [hand, []], [["red-suns-3"], [], [], []])
    built = {game.cards.ids[m[1]] for m in state.legal_moves() if m[0] == BUILD}
    assert built == {"red-moons-3", "blue-suns-3", "red-suns-5"}


def test_a_draw_that_empties_a_pillar_splits_the_chosen_one(game: MystiquePillars) -> None:
    """Scenario 3 and ruling 4: P0 holds 1, P1 holds 6, P2 and P3 1 each; drawing P0's last
    card and picking P1 moves P1's top 3 cards, in order, to P0."""
    p1 = ["red-moons-1", "red-moons-2", "red-moons-3", "red-moons-4", "red-moons-5", "blue-moons-1"]
    pillars = [["yellow-suns-1"], p1, ["yellow-suns-2"], ["yellow-suns-3"]]
    state = at(game, [["blue-arms-5"], ["blue-arms-4"]], pillars)
    assert {m[2] for m in state.legal_moves() if m[:2] == (DRAW, 0)} == {1}
    state.play((DRAW, 0, 1))
    ids = game.cards.ids
    assert [ids[c] for c in state.pillars[0]] == p1[3:] and [ids[c] for c in state.pillars[1]] == p1[:3]
    assert [len(p) for p in state.pillars[2:]] == [1, 1] and state.counters["splits"] == 1


def test_with_nothing_to_split_the_place_stays_empty(game: MystiquePillars) -> None:
    """Scenario 4 and ruling 5: pillars of 1, 1, 1, 0; the drawn pillar stays empty."""
    state = at(game, [["blue-arms-5"], ["blue-arms-4"]], [["yellow-suns-1"], ["yellow-suns-2"], ["yellow-suns-3"], []])
    state.play((DRAW, 0, -1))
    assert [len(p) for p in state.pillars] == [0, 1, 1, 0]
    assert {m[1] for m in state.legal_moves() if m[0] == DRAW} == {1, 2}


def test_the_largest_option_splits_the_tallest_pillar(game: MystiquePillars) -> None:
    """Scenario 5: pillars 0 (just emptied), 4, 7, 7: pillar 2 is split, 3 cards move."""
    cards = [c for c in game.cards.ids if c not in ("blue-arms-5", "blue-arms-4", "yellow-suns-1")]
    pillars = [["yellow-suns-1"], cards[:4], cards[4:11], cards[11:18]]
    state = at(game, [["blue-arms-5"], ["blue-arms-4"]], pillars, options={"split": "largest"})
    assert [m for m in state.legal_moves() if m[:2] == (DRAW, 0)] == [(DRAW, 0, -1)]
    assert state.describe_move((DRAW, 0, -1)).endswith("from pillar 0, splitting pillar 2")  # the rule's split, named
    state.events = []
    state.play((DRAW, 0, -1))
    assert [len(p) for p in state.pillars] == [3, 4, 4, 7]
    assert state.events == [{"type": "split", "seat": 0, "from": 2, "to": 0, "cards": 3},
                            {"type": "uncover", "pillar": 2, "card": cards[7]}]


def test_building_the_last_card_wins(game: MystiquePillars) -> None:
    """Scenario 6: a player with one card builds it: the game is over, that player sole winner."""
    state = at(game, [["red-moons-3"], ["blue-arms-4"]], [["red-suns-3"], ["yellow-moons-1"], [], []])
    state.play((BUILD, idx(game, "red-moons-3"), 0))
    result = state.result()
    assert state.is_over and result.finished and result.winners == (0,)


def test_the_dead_end_is_finished_with_no_winner(game: MystiquePillars) -> None:
    """Scenario 7 and ruling 8: the last pillar card is drawn; nobody can move."""
    state = at(game, [["red-moons-3"], ["blue-arms-4"]], [["yellow-moons-1"], [], [], []])
    state.play((DRAW, 0, -1))
    result = state.result()
    assert state.is_over and result.finished and result.winners == () and state.legal_moves() == []
    assert result.counters["dead_ends"] == 1


def test_hands_are_public_but_not_what_lies_under_the_tops(game: MystiquePillars) -> None:
    """Rulings 1 and 6: every seat sees all hands and each pillar's top card and size, and
    no card under a top; the pillars are the game's covered zones, nothing else is hidden."""
    state = game.new_game(3, random.Random(5), game.rules.resolve_options())
    for _ in range(6):
        state.apply(state.legal_moves()[0])
    ids = game.cards.ids
    under = {ids[c] for pillar in state.pillars for c in pillar[:-1]}
    for seat in range(3):
        seen = state.observation(seat)
        assert seen["hands"] == [game.cards.ids_of_mask(hand) for hand in state.hands]
        assert seen["pillar_tops"] == [ids[pillar[-1]] for pillar in state.pillars]
        assert seen["pillar_sizes"] == [len(p) for p in state.pillars]
        assert not under & set(card_ids_in(seen))
        assert state.hidden_zones(seat) == [] and state.covered_zones(seat) == [f"pillar/{p}" for p in range(4)]


#: Bottom to top; the yellow cards are where the shuffle left them, never seen.
UNSEEN_BELOW = [
    ["yellow-moons-1", "yellow-moons-2", "yellow-moons-3", "red-suns-3"],
    ["yellow-suns-1", "yellow-suns-2", "blue-crowns-4"],
    ["yellow-arms-1", "blue-crowns-5"],
    ["yellow-arms-2", "yellow-arms-3", "blue-crowns-3"],
]
UNSEEN = {card for pillar in UNSEEN_BELOW for card in pillar if card.startswith("yellow")}


def covered_twice(game: MystiquePillars) -> PillarsState:
    """Seat 0 builds the 3 of red moons on the 3 of red suns, seat 1 the 5 of red moons on it."""
    state = at(game, [["red-moons-3", "blue-arms-1"], ["red-moons-5", "blue-arms-2"]], UNSEEN_BELOW)
    state.play((BUILD, idx(game, "red-moons-3"), 0))
    state.play((BUILD, idx(game, "red-moons-5"), 0))
    return state


def test_every_player_remembers_the_cards_built_and_uncovered(game: MystiquePillars) -> None:
    """The ruling on memory: both built-over cards are known to both seats, whoever built
    them; the shuffle's cards under the tops are not."""
    state = covered_twice(game)
    assert [game.cards.ids[c] for c in state.pillars[0][3:]] == ["red-suns-3", "red-moons-3", "red-moons-5"]
    assert state.remembered_cards(0) == state.remembered_cards(1) == ["red-suns-3", "red-moons-3"]
    assert set(state.observation(0)["pillar_tops"]) & {"red-suns-3", "red-moons-3"} == set()


def test_a_card_uncovered_by_a_draw_or_a_split_is_remembered_once_covered(game: MystiquePillars) -> None:
    """A draw shows the card beneath; a split shows the new top of the pillar it cut. Cards
    lifted under the moved block's top stay unseen."""
    pillars = [["red-suns-3", "blue-suns-4"], ["blue-arms-4"],
               ["yellow-moons-1", "yellow-moons-2", "yellow-moons-3", "yellow-moons-4", "red-arms-5"], []]
    state = at(game, [["blue-arms-1"], ["yellow-suns-3", "red-moons-3", "blue-arms-2"]], pillars)
    state.events = []
    state.play((DRAW, 1, 2))  # empties pillar 1: pillar 2's top two lift onto it, the 3 of yellow moons shows
    assert [game.cards.ids[c] for c in state.pillars[1]] == ["yellow-moons-4", "red-arms-5"]
    state.play((BUILD, idx(game, "yellow-suns-3"), 2))  # seat 1 covers it (colour and number)
    state.play((DRAW, 0, -1))  # the 3 of red suns shows
    state.play((BUILD, idx(game, "red-moons-3"), 0))  # and seat 1 covers it
    assert sorted(state.remembered_cards(0)) == ["red-suns-3", "yellow-moons-3"]
    uncovered = [(e["pillar"], e["card"]) for e in state.events or [] if e["type"] == "uncover"]
    assert uncovered == [(2, "yellow-moons-3"), (0, "red-suns-3")]  # every card a draw or split shows, logged


def world_of(state: PillarsState, seat: int, seed: int) -> PillarsState:
    world = state.determinize(seat, random.Random(seed))
    assert isinstance(world, PillarsState)
    return world


def test_determinizations_deal_only_the_unseen_cards_among_their_places(game: MystiquePillars) -> None:
    """Tops, heights and remembered cards stay; the unseen cards are dealt again among the
    places unseen cards lie, across pillars; one seed gives one deal."""
    state = covered_twice(game)
    unseen_places = [(p, i) for p, pillar in enumerate(state.pillars) for i, c in enumerate(pillar)
                     if game.cards.ids[c] in UNSEEN]
    moved_across = False
    for seed in range(20):
        world = world_of(state, seed % 2, seed)
        assert world.observation(0) == state.observation(0)
        assert world.pillars[0][3:] == state.pillars[0][3:]
        assert {game.cards.ids[world.pillars[p][i]] for p, i in unseen_places} == UNSEEN
        moved_across |= game.cards.ids[world.pillars[0][0]] not in {"yellow-moons-1", "yellow-moons-2", "yellow-moons-3"}
        again = world_of(state, seed % 2, seed)
        assert again.pillars == world.pillars
    assert moved_across, "an unseen card of pillar 1 never went to another pillar's unseen places"
    fresh = game.new_game(2, random.Random(3), game.rules.resolve_options())
    assert fresh.remembered_cards(0) == []
    world = world_of(fresh, 0, 4)
    assert [p[-1] for p in world.pillars] == [p[-1] for p in fresh.pillars] and world.pillars != fresh.pillars


def test_there_is_no_pass_and_drawing_is_allowed_beside_a_build(game: MystiquePillars) -> None:
    """Ruling 7."""
    state = at(game, [["red-moons-3"], ["blue-arms-4"]], [["red-suns-3"], ["yellow-moons-1"], [], []])
    kinds = {m[0] for m in state.legal_moves()}
    assert kinds == {BUILD, DRAW}
    with pytest.raises(IllegalMove):
        state.play((BUILD, idx(game, "red-moons-3"), 1))  # shares nothing with the 1 of yellow moons


def test_play_goes_clockwise_and_only_building_turns_count(game: MystiquePillars) -> None:
    """Rulings 3 and 9."""
    state = at(game, [["red-moons-3", "blue-arms-1"], ["blue-arms-4"], ["yellow-crowns-2"]],
               [["red-suns-3", "red-suns-4"], ["yellow-moons-1"], [], []])
    state.play((DRAW, 1, 0))  # empties pillar 1, so pillar 0 (two cards) is split onto it
    assert state.current_player == 1 and state.turns == 1
    assert game.rules.turn_cap == 300 and game.rules.report_bot == "greedy"


def test_greedy_builds_a_card_the_next_seat_cannot_follow(game: MystiquePillars) -> None:
    """Seat 1 holds the 3 of red moons, which fits on the 4 of red moons but not on the 2 of
    blue suns: of its two possible builds the bot makes the one that leaves seat 1 nothing."""
    hands = [["red-moons-4", "blue-suns-2"], ["red-moons-3"]]
    state = at(game, hands, [["red-arms-4"], ["blue-arms-2"], [], []])
    move = GreedyPillarsBot(random.Random(0), 0).choose(state)
    assert move == (BUILD, idx(game, "blue-suns-2"), 1)


def test_the_log_numbers_every_draft_pick_and_building_turns_follow_them() -> None:
    """Draft turns are not counted in the game's length or turn cap (the rulings), but each
    logged move has its own turn: picks are 0 to 8N - 1, building turns follow from 8N, and
    a split during the draft is logged with the pick that caused it."""
    game = get_game("mystique-pillars")
    state, lines = record_game(game, 2, ["random", "random"], seed=4, index=0)
    moves = [line for line in lines if line["type"] == "move"]
    picks = game.params.draft_cards * 2
    assert [line["turn"] for line in moves] == list(range(len(moves)))
    assert state.result().turns == len(moves) - picks
    turn_of_move = {line["turn"] for line in moves}
    assert all(line["turn"] in turn_of_move for line in lines if line["type"] == "chance" and line["turn"])
