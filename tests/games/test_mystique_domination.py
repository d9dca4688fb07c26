"""Mystique Domination: every scenario and ruling of its section in MYSTIQUE-GAMES.md, as a
position, a move and the exact result."""

from __future__ import annotations

import random
from itertools import combinations

import pytest

from deckgen.bots.mystique_domination import GreedyDominationBot
from deckgen.errors import IllegalMove
from deckgen.games.registry import get_game
from deckgen.games.mystique_domination import (
    PASS_MOVE,
    DominationState,
    MystiqueDomination,
)
from deckgen.sim.play import play_game

SUITS = ("moons", "suns", "arms", "crowns")


@pytest.fixture(scope="module")
def game() -> MystiqueDomination:
    engine = get_game("mystique-domination")
    assert isinstance(engine, MystiqueDomination)
    return engine


def at(game: MystiqueDomination, hands: list[list[str]], table: list[str] | None = None,
       trick: list[str] | None = None, won: list[list[str]] | None = None, **details: object) -> DominationState:
    zones: dict[str, list[str]] = {f"hand/{s}": hand for s, hand in enumerate(hands)}
    zones["table"] = table or []
    zones["trick"] = trick or []
    zones.update({f"won/{t}": pile for t, pile in enumerate(won or [])})
    return game.position(zones, **details)  # type: ignore[arg-type]


def move(game: MystiqueDomination, *card_ids: str) -> tuple[int, ...]:
    return tuple(sorted(game.cards.index_of(c) for c in card_ids))


def mask(game: MystiqueDomination, card_ids: list[str]) -> int:
    return game.cards.mask_of(card_ids)


def ids(game: MystiqueDomination, cards_mask: int) -> set[str]:
    return set(game.cards.ids_of_mask(cards_mask))


def suit_cards(suit: str, count: int, skip: tuple[str, ...] = ()) -> list[str]:
    """`count` cards of a suit (yellow 1-5, red 1-5, blue 1-5 in turn), leaving out `skip`."""
    cards = [f"{colour}-{suit}-{n}" for colour in ("yellow", "red", "blue") for n in range(1, 6)]
    return [c for c in cards if c not in skip][:count]


def piles(counts_a: tuple[int, ...], counts_b: tuple[int, ...]) -> tuple[list[str], list[str]]:
    """Two score piles holding these many cards of each suit (A takes the first ones)."""
    a: list[str] = []
    b: list[str] = []
    for suit, (ca, cb) in zip(SUITS, zip(counts_a, counts_b)):
        cards = suit_cards(suit, 15)
        a += cards[:ca]
        b += cards[ca:ca + cb]
    return a, b


# -- patterns -----------------------------------------------------------------------------


def test_announced_totals(game: MystiqueDomination) -> None:
    """Scenario 1: blue 2 + 3 is a run worth five; the four blue 5s a four of a kind worth twenty."""
    run = mask(game, ["blue-moons-2", "blue-crowns-3"])
    fours = mask(game, [f"blue-{s}-5" for s in SUITS])
    assert game.is_pattern(run) and game.value_of(run) == 5
    assert game.is_pattern(fours) and game.value_of(fours) == 20


def test_patterns_are_single_colour_runs_or_kinds(game: MystiqueDomination) -> None:
    """Ruling 4: 2 + 2 + 3 and 2 + 4 are no patterns, nor two colours; a single card is."""
    assert not game.is_pattern(mask(game, ["red-moons-2", "red-suns-2", "red-arms-3"]))
    assert not game.is_pattern(mask(game, ["red-moons-2", "red-suns-4"]))
    assert not game.is_pattern(mask(game, ["red-moons-2", "blue-moons-3"]))
    assert game.is_pattern(mask(game, ["red-moons-2"]))
    state = at(game, [["red-moons-2", "red-suns-2", "red-arms-3"], ["blue-moons-1"], ["blue-moons-2"], ["blue-moons-3"]])
    leads = state.legal_moves()
    assert leads.count(move(game, "red-moons-2")) == 1  # one move, though both a kind and a run
    assert sorted(leads) == sorted([
        move(game, "red-moons-2"), move(game, "red-suns-2"), move(game, "red-arms-3"),
        move(game, "red-moons-2", "red-suns-2"), move(game, "red-moons-2", "red-arms-3"),
        move(game, "red-suns-2", "red-arms-3"),
    ])
    assert PASS_MOVE not in leads  # the leader cannot pass


def test_patterns_match_a_brute_force_search(game: MystiqueDomination) -> None:
    """The tables made from a hand's counts list exactly the subsets that are patterns."""
    rng = random.Random(3)
    for _ in range(40):
        hand = rng.sample([c for c in game.cards.ids if c.startswith("blue")], rng.randrange(1, 13))
        state = at(game, [hand, ["red-moons-1"], ["red-moons-2"], ["red-moons-3"]])
        made = sorted(state.legal_moves())
        indices = sorted(game.cards.index_of(c) for c in hand)
        brute = sorted(combo for size in range(1, 6) for combo in combinations(indices, size)
                       if game.is_pattern(sum(1 << c for c in combo)))
        assert made == brute
        values = [game.value_of(sum(1 << c for c in m)) for m in state.legal_moves()]
        assert values == sorted(values)


def test_follow_test(game: MystiqueDomination) -> None:
    """Scenario 2 and ruling 5: after 4 blue moons, higher blue patterns only."""
    hand = ["blue-suns-5", "blue-arms-2", "blue-arms-3", "blue-suns-4", "blue-arms-4", "blue-crowns-4",
            "blue-suns-2", "red-suns-5"]
    state = at(game, [["yellow-moons-1"], hand, ["yellow-moons-2"], ["yellow-moons-3"]],
                trick=["blue-moons-4"], current_player=1)
    legal = state.legal_moves()
    for good in [("blue-suns-5",), ("blue-arms-2", "blue-arms-3"), ("blue-suns-4", "blue-arms-4", "blue-crowns-4")]:
        assert move(game, *good) in legal
    for bad in [("blue-suns-2",), ("red-suns-5",), ("blue-suns-2", "blue-arms-4"), ("blue-suns-2", "blue-arms-2")]:
        assert move(game, *bad) not in legal
        with pytest.raises(IllegalMove):
            state.play(move(game, *bad))
    assert PASS_MOVE in legal


def test_a_follow_beats_the_last_play_not_the_lead(game: MystiqueDomination) -> None:
    """Ruling 5: the lead is a red 1, the last play a red 5: a red 3 no longer follows."""
    hands = [["red-moons-1", "blue-arms-1"], ["red-suns-5", "blue-arms-2"], ["red-arms-3", "blue-arms-4"],
             ["blue-arms-3"]]
    state = at(game, hands)
    state.play(move(game, "red-moons-1"))
    state.play(move(game, "red-suns-5"))
    assert state.legal_moves() == [PASS_MOVE]


# -- tricks -------------------------------------------------------------------------------


def test_capture_by_suit(game: MystiqueDomination) -> None:
    """Scenario 3 and ruling 7."""
    hands = [["red-arms-1", "blue-crowns-5"], ["red-moons-4", "blue-crowns-4"],
             ["red-suns-2", "red-arms-2", "red-crowns-2", "blue-crowns-3"], ["blue-crowns-1"]]
    state = at(game, hands, table=["yellow-moons-4", "blue-moons-2", "yellow-suns-5"])
    state.play(move(game, "red-arms-1"))
    state.play(move(game, "red-moons-4"))
    state.play(move(game, "red-suns-2", "red-arms-2", "red-crowns-2"))
    for _ in range(3):
        state.play(PASS_MOVE)
    assert ids(game, state.won[0]) == {"red-suns-2", "red-arms-2", "red-crowns-2", "yellow-suns-5", "red-arms-1"}
    assert ids(game, state.pile) == {"yellow-moons-4", "blue-moons-2", "red-moons-4"}
    assert state.won[1] == 0 and state.current_player == 2 and state.last == 0
    assert state.card_zones()["table"] == sorted(ids(game, state.pile), key=game.cards.index_of)
    assert state.counters["tricks"] == 1 and state.counters["cards_won_in_tricks"] == 5


def test_the_winner_s_earlier_plays_stay_unless_they_share_a_suit(game: MystiqueDomination) -> None:
    """Ruling 7: seat 0 leads 1 red moons, later wins with 3 red arms: her 1 of moons stays."""
    hands = [["red-moons-1", "red-arms-3", "blue-suns-1"], ["red-suns-2", "blue-suns-2"], ["blue-suns-3"],
             ["blue-suns-4"]]
    state = at(game, hands, table=["yellow-arms-5"])
    state.play(move(game, "red-moons-1"))
    state.play(move(game, "red-suns-2"))
    state.play(PASS_MOVE)
    state.play(PASS_MOVE)
    state.play(move(game, "red-arms-3"))
    for _ in range(3):
        state.play(PASS_MOVE)
    assert ids(game, state.won[0]) == {"red-arms-3", "yellow-arms-5"}
    assert ids(game, state.pile) == {"red-moons-1", "red-suns-2"}
    assert state.current_player == 0


def test_an_unbeatable_play_takes_every_suit(game: MystiqueDomination) -> None:
    """Scenario 4: the four blue 5s (20) lead by Dee: nobody can follow; 11 cards to her team."""
    pile = ["yellow-moons-1", "red-suns-2", "yellow-arms-3", "red-crowns-4", "yellow-suns-5", "red-moons-3",
            "yellow-crowns-2"]
    hands = [["blue-moons-1", "blue-moons-2"], ["blue-moons-3", "blue-moons-4", "blue-suns-4", "blue-arms-4"],
             ["blue-suns-1", "blue-suns-2", "blue-suns-3"], [f"blue-{s}-5" for s in SUITS] + ["red-arms-1"]]
    state = at(game, hands, table=pile, current_player=3)
    state.play(move(game, *[f"blue-{s}-5" for s in SUITS]))
    for _ in range(3):
        assert state.legal_moves() == [PASS_MOVE]
        state.play(PASS_MOVE)
    assert state.won[1].bit_count() == 11 and state.pile == 0 and state.current_player == 3


def test_passing_and_playing_again(game: MystiqueDomination) -> None:
    """Scenario 5 and ruling 6."""
    hands = [["red-moons-2", "blue-arms-1"], ["red-arms-4", "blue-arms-2"], ["red-suns-3", "blue-arms-3"],
             ["blue-arms-4"]]
    state = at(game, hands)
    state.play(move(game, "red-moons-2"))
    state.play(PASS_MOVE)
    state.play(move(game, "red-suns-3"))
    state.play(PASS_MOVE)
    state.play(PASS_MOVE)
    assert state.current_player == 1 and move(game, "red-arms-4") in state.legal_moves()
    state.play(move(game, "red-arms-4"))
    assert state.last_player == 1 and state.last != 0
    for _ in range(3):
        state.play(PASS_MOVE)
    assert ids(game, state.won[1]) == {"red-arms-4"} and state.current_player == 1


# -- going out and scoring ----------------------------------------------------------------


def test_going_out_mid_trick(game: MystiqueDomination) -> None:
    """Scenario 8 and ruling 8: seat 1 plays her last card; her team takes the pile (the open
    trick included) and the hands of seats 0 and 2; seat 3's hand goes to seats 0 + 2."""
    hands = [["blue-moons-1", "blue-moons-2"], ["red-suns-4"], ["blue-moons-3", "blue-moons-4"],
             ["blue-suns-3", "blue-suns-4"]]
    state = at(game, hands, table=["yellow-arms-5"], trick=["red-moons-2"], won=[["yellow-arms-1"], ["yellow-arms-2"]],
               current_player=1)
    state.events = []
    state.play(move(game, "red-suns-4"))
    team_a, team_b = state.scored_piles
    out = state.events[0]  # the log names every card going out moves, so majorities can be read
    assert out["type"] == "round" and out["went_out"] == 1
    assert set(out["pile"]) == {"yellow-arms-5", "red-moons-2", "red-suns-4"}
    assert out["hands"] == [["blue-moons-1", "blue-moons-2"], [], ["blue-moons-3", "blue-moons-4"],
                            ["blue-suns-3", "blue-suns-4"]]
    assert [set(pile) for pile in out["score_piles"]] == [ids(game, team_a), ids(game, team_b)]
    assert ids(game, team_b) == {"yellow-arms-2", "yellow-arms-5", "red-moons-2", "red-suns-4", "blue-moons-1",
                                 "blue-moons-2", "blue-moons-3", "blue-moons-4"}
    assert ids(game, team_a) == {"yellow-arms-1", "blue-suns-3", "blue-suns-4"}
    assert state.went_out == 1 and state.counters["went_out_team_1"] == 1
    assert state.counters["cards_won_going_out"] == 7


def test_round_scoring_by_majorities(game: MystiqueDomination) -> None:
    """Scenario 6: A 33 cards (9, 9, 8, 7), B 27 (6, 6, 7, 8): A 40, B 10."""
    a, b = piles((9, 9, 8, 7), (6, 6, 7, 8))
    last = a.pop()  # a crowns card: seat 0 plays it and goes out
    state = at(game, [[last], [], [], []], won=[a, b])
    state.play(move(game, last))
    assert state.round_points == [40, 10] and state.scores == [40, 10]
    assert [p.bit_count() for p in state.scored_piles] == [33, 27]


def test_thirty_all_goes_to_the_team_that_went_out(game: MystiqueDomination) -> None:
    """Scenario 7: A 8, 8, 7, 7 and B 7, 7, 8, 8; A went out: A 30, B 20."""
    a, b = piles((8, 8, 7, 7), (7, 7, 8, 8))
    last = a.pop()
    state = at(game, [[], [], [last], []], won=[a, b], current_player=2)
    state.play(move(game, last))
    assert state.round_points == [30, 20]
    a, b = piles((8, 8, 7, 7), (7, 7, 8, 8))
    last = b.pop()
    state = at(game, [[], [], [], [last]], won=[a, b], current_player=3)
    state.play(move(game, last))
    assert state.round_points == [20, 30]


def test_every_suit_goes_to_one_team_and_a_round_gives_fifty(game: MystiqueDomination) -> None:
    """Ruling 9: whole random games, round after round."""
    for index in range(20):
        state = game.new_game(4, random.Random(index), game.rules.resolve_options(), record=True)
        state.play_randomly(random.Random(100 + index), game.rules.turn_cap)
        rounds = [e for e in state.events or [] if e["type"] == "round"]
        assert rounds and all(sum(e["points"]) == 50 for e in rounds)
        assert state.counters["points_team_0"] + state.counters["points_team_1"] == 50 * len(rounds)


def test_score_piles_are_emptied_between_rounds(game: MystiqueDomination) -> None:
    """Ruling 10: the next round is dealt from the whole deck; the points stay."""
    a, b = piles((9, 9, 8, 7), (6, 6, 7, 8))
    last = a.pop()
    state = at(game, [[last], [], [], []], won=[a, b], scores=(20, 30), rounds_played=2)
    state.play(move(game, last))
    assert state.won == [0, 0] and state.scores == [60, 40] and state.turns == 3
    assert state.passing and all(h.bit_count() == 15 for h in state.hands)


def test_the_end_and_level_scores(game: MystiqueDomination) -> None:
    """Scenario 9 and ruling 11: 100-100 after round 4 plays on; 130-120 after round 5 ends."""
    a, b = piles((8, 8, 7, 7), (7, 7, 8, 8))
    last = a.pop()
    state = at(game, [[last], [], [], []], won=[a, b], scores=(70, 80), rounds_played=3)
    state.play(move(game, last))
    assert state.scores == [100, 100] and not state.is_over and state.turns == 4 and state.passing
    state = at(game, [[last], [], [], []], won=[a, b], scores=(100, 100), rounds_played=4)
    state.play(move(game, last))
    result = state.result()
    assert state.is_over and result.finished and result.winners == (0, 2)
    assert result.scores == (130.0, 120.0, 130.0, 120.0) and result.turns == 5


def test_teams_share_score_and_result(game: MystiqueDomination) -> None:
    """Ruling 1: seats 0 + 2 and 1 + 3."""
    a, b = piles((8, 8, 7, 7), (7, 7, 8, 8))
    last = b.pop()
    state = at(game, [[], [last], [], []], won=[a, b], scores=(60, 80), current_player=1)
    state.play(move(game, last))
    assert state.result().winners == (1, 3) and state.seat_scores() == [80, 110, 80, 110]


# -- the pass and the lead ----------------------------------------------------------------


def test_the_pass_is_simultaneous_and_hidden(game: MystiqueDomination) -> None:
    """Ruling 2: commits in seat order, hidden from the others, delivered together."""
    state = game.new_game(4, random.Random(2), game.rules.resolve_options())
    assert state.passing and state.current_player == 0
    dealt = list(state.hands)
    first = state.legal_moves()[0]
    assert len(state.legal_moves()) == 455  # every set of three of fifteen cards
    state.play(first)
    given = {game.cards.ids[c] for c in first}
    state.play(state.legal_moves()[-1])
    assert state.hands[2] == dealt[2] and state.current_player == 2  # nothing delivered yet
    assert all(not sum(1 << c for c in m) & ~dealt[2] for m in state.legal_moves())  # only dealt cards
    for seat in (1, 2, 3):
        seen = state.observation(seat)
        assert not given & set(seen["hand"] + seen["my_pass"]) and seen["committed"] == [True, True, False, False]
        assert "pass/0" in state.hidden_zones(seat)
    assert set(state.observation(0)["my_pass"]) == given
    for _ in range(2):
        state.play(state.legal_moves()[-1])
    assert not state.passing and all(h.bit_count() == 15 for h in state.hands)
    assert given <= ids(game, state.hands[2])
    assert set(state.observation(0)["gave"]) == given and set(state.observation(2)["received"]) == given
    assert set(state.card_zones()["received/2"]) == given
    assert "received/2" not in state.hidden_zones(0) and "received/2" in state.hidden_zones(1)


def test_the_holder_of_card_1_after_the_pass_leads(game: MystiqueDomination) -> None:
    """Ruling 3: seat 0 passes the 1 of yellow moons to seat 2, who then leads."""
    deck = list(game.cards.ids)
    hands = [deck[s * 15:(s + 1) * 15] for s in range(4)]
    assert "yellow-moons-1" in hands[0]
    state = at(game, hands)
    assert state.passing
    state.play(move(game, "yellow-moons-1", hands[0][1], hands[0][2]))
    for seat in (1, 2, 3):
        state.play(move(game, *hands[seat][:3]))
    assert state.current_player == 2 and state.first_leader == 2
    assert any(m != move(game, "yellow-moons-1") for m in state.legal_moves())  # need not lead card 1


@pytest.mark.parametrize(("lead", "leader"), [("went_out", 3), ("card1", None)])
def test_option_lead(game: MystiqueDomination, lead: str, leader: int | None) -> None:
    """Scenario 10 and ruling 3 (option lead): seat 3 went out in round 1."""
    a, b = piles((8, 8, 7, 7), (7, 7, 8, 8))
    last = b.pop()
    state = at(game, [[], [], [], [last]], won=[a, b], current_player=3, options={"lead": lead},
               rng=random.Random(9))
    state.play(move(game, last))
    for _ in range(4):
        state.play(state.legal_moves()[0])
    card1 = 1 << game.cards.index_of("yellow-moons-1")
    holder = next(s for s in range(4) if state.hands[s] & card1)
    assert state.current_player == (leader if leader is not None else holder)
    assert game.rules.options["lead"].default == "card1"


# -- hidden information, the cap, counters ------------------------------------------------


def test_hands_are_hidden_and_played_cards_public(game: MystiqueDomination) -> None:
    """Ruling 12."""
    hands = [["red-moons-2", "blue-arms-1"], ["red-arms-4", "blue-arms-2"], ["red-suns-3", "blue-arms-3"],
             ["blue-arms-4"]]
    state = at(game, hands, table=["yellow-arms-5"], won=[["yellow-suns-1"], []])
    seen = state.observation(0)
    assert "red-suns-3" not in str(seen) and "red-arms-4" not in str(seen)
    assert seen["pile"] == ["yellow-arms-5"] and seen["won"][0] == ["yellow-suns-1"]
    assert {"hand/1", "hand/2", "hand/3"} <= set(state.hidden_zones(0)) and "table" not in state.hidden_zones(0)


def test_the_turn_cap_counts_rounds(game: MystiqueDomination) -> None:
    """Ruling 13: 30 rounds; a capped game is unfinished."""
    assert game.rules.turn_cap == 30
    state = game.new_game(4, random.Random(4), game.rules.resolve_options())
    state.play_randomly(random.Random(5), 1)
    result = state.result()
    assert state.turns == 1 and not state.is_over and not result.finished and result.winners == ()


def test_counters(game: MystiqueDomination) -> None:
    state = play_game(game, 4, ["random"] * 4, 3, 1)
    counters = state.counters
    assert counters["rounds"] == state.turns >= 2
    assert counters["went_out_team_0"] + counters["went_out_team_1"] == counters["rounds"]
    assert counters["points_team_0"] + counters["points_team_1"] == 50 * counters["rounds"]
    assert counters["cards_won_in_tricks"] + counters["cards_won_going_out"] <= 60 * counters["rounds"]
    assert counters["tricks"] > counters["rounds"]
    assert 0 <= counters["rounds_won_by_first_leaders_team"] <= counters["rounds"]
    assert 0 <= counters["rounds_won_by_going_out_team"] <= counters["rounds"]
    margins = [counters[f"rounds_won_by_{m}"] for m in (10, 30, 50)]
    assert sum(margins) == counters["rounds"]  # every round splits 50 points unevenly


def test_random_move_draws_as_the_move_list(game: MystiqueDomination) -> None:
    """The tight random loop draws `legal_moves()[int(random() * n)]` in every phase."""
    state = game.new_game(4, random.Random(6), game.rules.resolve_options())
    rng = random.Random(7)
    for _ in range(300):
        if state.is_over:
            break
        twin = random.Random()
        twin.setstate(rng.getstate())
        legal = state.legal_moves()
        drawn = state.random_move(rng)
        assert drawn == legal[int(twin.random() * len(legal))]
        state.apply(drawn)


def test_position_round_trip_mid_trick(game: MystiqueDomination) -> None:
    state = game.new_game(4, random.Random(8), game.rules.resolve_options())
    rng = random.Random(9)
    for _ in range(30):
        state.apply(state.random_move(rng))
    zones = state.card_zones()
    rebuilt = game.position(zones, current_player=state.current_player, passes=state.passes)
    assert rebuilt.card_zones() == zones and rebuilt.legal_moves() == state.legal_moves()
    assert rebuilt.last_player == state.last_player


# -- the greedy bot -----------------------------------------------------------------------


def test_greedy_passes_the_highest_cards_of_its_longest_colour(game: MystiqueDomination) -> None:
    deck = list(game.cards.ids)
    hands = [deck[s * 15:(s + 1) * 15] for s in range(4)]
    state = at(game, hands)
    chosen = GreedyDominationBot(random.Random(0), 0).choose(state)
    hand = state.hands[0]
    longest = max(range(3), key=lambda c: ((hand & game.colour_masks[c]).bit_count(), -c))
    assert all(game.colour[c] == longest for c in chosen) and len(chosen) == 3
    assert sorted(game.number[c] for c in chosen) == [3, 4, 5]  # all moons: five of each colour


def test_greedy_leaves_its_partner_s_play_and_beats_cheaply(game: MystiqueDomination) -> None:
    hands = [["blue-moons-1", "red-suns-5"], ["red-arms-4", "red-moons-5", "blue-arms-2"],
             ["red-arms-3", "red-moons-1", "red-crowns-2", "blue-arms-3"], ["blue-arms-4"]]
    state = at(game, hands, trick=["red-suns-2"], current_player=2, passes=1)  # seat 0 played last
    assert GreedyDominationBot(random.Random(0), 2).choose(state) == PASS_MOVE
    state = at(game, hands, trick=["red-suns-2"], current_player=1)
    assert GreedyDominationBot(random.Random(0), 1).choose(state) == move(game, "red-arms-4")


def test_greedy_beats_random(game: MystiqueDomination) -> None:
    wins = finished = 0
    for index in range(40):
        greedy_team = index % 2
        bots = ["greedy" if seat % 2 == greedy_team else "random" for seat in range(4)]
        result = play_game(game, 4, bots, 13, index).result()
        finished += result.finished
        wins += bool(result.winners) and result.winners[0] % 2 == greedy_team
    assert wins >= 0.8 * finished
