"""How the engine built from a description plays the parts no shipped game leans on: rounds
that end at once, takes, cards an action puts into a trick, rankings of unfinished games,
private counters and seat arithmetic; each a small description, a position, a move and the
exact result."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from deckgen.errors import DataError
from deckgen.games.building import build_engine
from deckgen.games.described.game import DescribedGame
from deckgen.model.play import PlaySpec
from deckgen.model.rules import PlayerRange, load_play_rules

BASE = "up-and-down-described"


def described(play: dict[str, Any], **updates: Any) -> DescribedGame:
    rules = load_play_rules(BASE)
    return build_engine(DescribedGame, rules.model_copy(update={"play": PlaySpec.model_validate(play), **updates}))


def small_play(**changes: Any) -> dict[str, Any]:
    """A two-zone shedding game: play any card to the table; the round ends when a hand is empty."""
    play: dict[str, Any] = {
        "zones": {"stock": {"visible": "nobody"}, "hand": {"owner": "seat", "visible": "owner"},
                  "table": {"visible": "everyone", "order": "fan"}},
        "round": {"setup": [{"shuffle": "stock"}, {"deal": {"from": "stock", "to": "hand", "count": 2}}],
                  "end": "size(hand) == 0"},
        "phases": {"turn": [{"play": {"from": "hand", "to": "table"}}]},
        "result": {"score": "0 - size(hand[seat])"},
    }
    play.update(copy.deepcopy(changes))
    return play


def test_rounds_ending_as_soon_as_set_up_are_refused_not_recursed() -> None:
    game = described(small_play(round={"setup": [], "end": True}, end=False))
    with pytest.raises(DataError, match=r"play\.round\.end: 1000 rounds in a row ended as soon as they were set "
                       r"up, and the game's end \(play\.end\) never held"):
        game.new_game(2, random.Random(1), game.rules.resolve_options())


def test_a_take_moves_every_card_of_its_zone_and_only_when_there_are_some() -> None:
    play = small_play()
    play["phases"]["turn"] = [{"take": {"from": "table", "to": "hand"}}, {"play": {"from": "hand", "to": "table"}}]
    game = described(play)
    state = game.position({"hand/0": ["red-suns-1"], "hand/1": ["red-suns-2"], "table": [], "stock": []})
    assert state.legal_moves() == [(1, state.layout.card_ids.index("red-suns-1"), -1)]
    state = game.position({"hand/0": ["red-suns-1"], "hand/1": [], "table": ["blue-arms-4", "red-moons-5"],
                           "stock": []})
    state.apply((0, -1, -1))
    assert state.card_zones()["hand/0"] == ["red-suns-1", "blue-arms-4", "red-moons-5"]
    assert state.card_zones()["table"] == []


def test_a_take_has_no_count() -> None:
    play = small_play()
    play["phases"]["turn"] = [{"take": {"from": "table", "to": "hand", "count": 2}}]
    with pytest.raises(DataError, match=r"play\.phases\.turn\.0\.take\.count: unknown key"):
        described(play)


def test_a_card_an_action_puts_into_the_trick_is_its_movers() -> None:
    """The leader's card comes from an action (a forced lead from the stock); the winner is
    the seat whose card ranks highest, whoever moved it."""
    play = small_play(
        zones={"stock": {"visible": "nobody"}, "hand": {"owner": "seat", "visible": "owner"},
               "trick": {"visible": "everyone", "order": "fan"}, "won": {"owner": "seat"}},
        round={"setup": [], "end": "size(hand) == 0 and size(trick) == 0"},
        tricks={"zone": "trick", "to": "won", "by": "card.number"},
    )
    play["phases"]["turn"] = [{"play": {"from": "hand", "to": "trick",
                                        "then": [{"move": {"from": "stock", "to": "trick"}}]}}]
    game = described(play)
    state = game.position({"hand/0": ["red-suns-1"], "hand/1": ["red-suns-2", "red-suns-3"],
                           "stock": ["blue-arms-5"], "trick": [], "won/0": [], "won/1": []})
    state.apply((0, state.layout.card_ids.index("red-suns-1"), -1))  # seat 0 plays, turns the 5 in: full
    assert state.card_zones()["won/0"] == ["red-suns-1", "blue-arms-5"]  # seat 0's 5 won it
    assert state.trick_seats == [] and state.current_player == 0  # and seat 0 leads again


def test_an_unfinished_game_is_ranked_by_its_result_rule() -> None:
    game = described(small_play(result={"score": "size(hand[seat])", "best": "lowest"}))
    state = game.position({"hand/0": ["red-suns-1", "red-suns-2"], "hand/1": ["red-suns-3"],
                           "hand/2": ["red-suns-4", "red-suns-5", "blue-suns-1"], "table": [], "stock": []})
    result = state.result()
    assert not result.finished and result.winners == ()
    assert result.ranking == (1, 0, 2)


def test_a_standing_rule_is_how_seats_stand_while_the_game_is_on_and_the_score_at_its_end() -> None:
    """`result.standing` (here the cards held, fewest best) judges a game in progress, while
    the score (cards played to the table by nobody: 0 each) decides; negated as lowest wins."""
    game = described(small_play(result={"score": "0", "best": "lowest", "standing": "size(hand[seat])"}))
    state = game.position({"hand/0": ["red-suns-1", "red-suns-2"], "hand/1": ["red-suns-3"],
                           "hand/2": ["red-suns-4", "red-suns-5", "blue-suns-1"], "table": [], "stock": []})
    assert state.standing() == [-2.0, -1.0, -3.0]
    assert state.result().scores == (0.0, 0.0, 0.0)
    state.current_player = 1
    state.apply((0, state.layout.card_ids.index("red-suns-3"), -1))  # seat 1 goes out: the game ends
    assert state.is_over and state.standing() == [0.0, 0.0, 0.0]


def test_partners_stand_as_their_team() -> None:
    game = described(small_play(result={"score": "0", "standing": "size(table) - size(hand[seat])",
                                        "teams": "opposite"}),
                     players=PlayerRange(min=4, max=4), setup={4: load_play_rules(BASE).setup[4]})
    state = game.position({"hand/0": ["gold:red-suns-5"], "hand/1": ["gold:red-suns-1"],
                           "hand/2": ["gold:red-suns-2", "gold:red-suns-3"], "hand/3": [],
                           "table": ["gold:red-suns-4"], "stock": []})
    assert state.standing() == [-1.0, 1.0, -1.0, 1.0]


def test_a_private_counter_of_each_seat_shows_only_to_its_seat() -> None:
    game = described(small_play(counters={"secret": {"per": "seat", "public": False, "start": 7},
                                          "open": {"start": 2}}))
    state = game.new_game(3, random.Random(1), game.rules.resolve_options())
    assert state.observation(1)["counters"] == {"secret": [None, 7, None], "open": 2}


def test_seats_count_round_the_table() -> None:
    play = small_play(counters={"target": {"type": "seat", "start": "none"}})
    play["phases"]["turn"][0]["play"]["then"] = [{"set": {"target": "me + 2"}}, {"next": "target - 1"}]
    game = described(play)
    state = game.position({"hand/0": ["red-suns-1", "red-suns-2"], "hand/1": ["red-suns-3", "red-suns-4"],
                           "hand/2": ["red-suns-5", "blue-suns-1"], "table": [], "stock": []}, current_player=2)
    state.apply((0, state.layout.card_ids.index("red-suns-5"), -1))
    assert state.observation(0)["counters"]["target"] == 1  # (2 + 2) mod 3
    assert state.current_player == 0  # next: seat 1 - 1


def test_a_shared_zone_seen_by_its_owner_is_refused() -> None:
    play = small_play()
    play["zones"]["table"] = {"visible": "owner"}
    with pytest.raises(DataError, match=r"play\.zones\.table\.visible: a shared zone has no owner to see it"):
        described(play)


def test_procedures_nobody_calls_are_checked_too() -> None:
    with pytest.raises(DataError, match=r"play\.procedures\.spare\.0\.set\.nothing: unknown counter 'nothing'"):
        described(small_play(procedures={"spare": [{"set": {"nothing": 1}}]}))


def test_cards_played_on_a_face_up_pile_are_remembered_once_covered() -> None:
    play = small_play()
    play["zones"]["table"] = {"visible": "everyone"}  # a pile: only the top shows
    play["round"]["setup"].append({"move": {"from": "stock", "to": "table", "count": 2}})
    game = described(play)
    state = game.new_game(2, random.Random(4), game.rules.resolve_options())
    unseen = state.card_zones()["table"][0]  # turned over under another: nobody saw it
    first = state.legal_moves()[0]
    state.apply(first)
    state.apply(state.legal_moves()[0])
    table = state.card_zones()["table"]
    assert state.remembered_cards(0) == table[1:-1] and unseen not in state.remembered_cards(1)
    assert state.layout.card_ids[first[1]] in state.remembered_cards(1)


def test_the_holder_of_a_card_starts() -> None:
    play = small_play()
    play["round"]["first"] = "holder(hand, it.suit == suns and it.number == 5)"
    game = described(play)
    for seed in range(5):
        state = game.new_game(3, random.Random(seed), game.rules.resolve_options())
        zones = state.card_zones()
        holders = [s for s in range(3) if "red-suns-5" in zones[f"hand/{s}"] or "blue-suns-5" in zones[f"hand/{s}"]
                   or "yellow-suns-5" in zones[f"hand/{s}"]]
        assert state.current_player == (holders[0] if holders else 0)  # nobody: left of the dealer (seat 2)


def test_partners_opposite_score_and_win_together() -> None:
    game = described(small_play(result={"score": "0 - size(hand[seat])", "teams": "opposite"}),
                     players=PlayerRange(min=4, max=4), setup={4: load_play_rules(BASE).setup[4]})
    assert [game.side_of(seat, 4) for seat in range(4)] == [0, 1, 0, 1]
    state = game.position({"hand/0": ["gold:red-suns-5"], "hand/1": ["gold:red-suns-1"],
                           "hand/2": ["gold:red-suns-2", "gold:red-suns-3"], "hand/3": ["gold:red-suns-4"],
                           "table": [], "stock": []}, current_player=1)
    assert state.result().scores == (-3.0, -2.0, -3.0, -2.0) and state.result().winners == ()
    state.apply((0, state.layout.card_ids.index("gold:red-suns-1"), -1))  # seat 1 goes out: the game ends
    result = state.result()
    assert state.is_over and result.scores == (-3.0, -1.0, -3.0, -1.0) and result.winners == (1, 3)


def test_teams_need_even_player_counts() -> None:
    with pytest.raises(DataError, match=r"play\.result\.teams: partners sit opposite, so every player count must "
                       r"be even, and players 2-6 includes 3, 5"):
        described(small_play(result={"teams": "opposite"}))


def test_next_with_a_condition_is_the_first_seat_round_the_table_for_which_it_holds() -> None:
    """next(me, ...) skips the seats the condition refuses, the mover itself last; -1 when none."""
    play = small_play(counters={"found": {"type": "seat", "start": "none"}})
    play["phases"]["turn"] = [{"play": {"from": "hand", "to": "table",
                                        "then": [{"set": {"found": "next(me, size(hand[seat]) > 1)"}},
                                                 {"next": "right(me, size(hand[seat]) > 0)"}]}}]
    game = described(play)
    zones = {"hand/0": ["red-suns-1", "red-suns-2"], "hand/1": [], "hand/2": ["red-suns-3", "red-suns-4"],
             "table": [], "stock": []}
    state = game.position(zones)
    state.play((0, state.layout.card_ids.index("red-suns-1"), -1))
    assert state.counter_values()["found"] == 2  # seat 1 is empty; seat 2 holds two cards
    assert state.current_player == 2  # right of seat 0 is seat 2, which holds cards
    state = game.position({**zones, "hand/2": ["red-suns-3"]})
    state.play((0, state.layout.card_ids.index("red-suns-1"), -1))
    assert state.counter_values()["found"] == -1  # nobody holds two cards now, the mover neither
    assert state.current_player == 2
    state = game.position({**zones, "hand/1": ["red-suns-3"], "hand/2": []})
    state.play((0, state.layout.card_ids.index("red-suns-1"), -1))
    assert state.current_player == 1  # right of 0: seat 2 is empty, so seat 1


def test_next_takes_a_seat_and_at_most_one_condition() -> None:
    play = small_play()
    play["phases"]["turn"] = [{"play": {"from": "hand", "to": "table", "then": [{"next": "left(me, true, 1)"}]}}]
    with pytest.raises(DataError, match=r"play\.phases\.turn\.0\.play\.then\.0\.next: column \d+: left\(\) takes a "
                                        r"seat, and may take a condition on seat"):
        described(play)


def test_a_move_where_takes_every_card_it_holds_for_in_order() -> None:
    play = small_play(zones={"stock": {"visible": "nobody"}, "hand": {"owner": "seat", "visible": "owner"},
                             "table": {"visible": "everyone", "order": "fan"}, "out": {"visible": "nobody"}})
    play["round"]["setup"] = [{"move": {"from": "stock", "to": "out", "where": "it.number == 1"}},
                              {"deal": {"from": "stock", "to": "hand", "count": 2}}]
    game = described(play)
    state = game.new_game(2, random.Random(3), game.rules.resolve_options())
    zones = state.card_zones()
    ones = [card.id for card in game.deck.cards if card.attrs["number"] == 1]
    assert sorted(zones["out"]) == sorted(ones) and len(ones) == 12
    assert not any(card in ones for name, cards in zones.items() if name != "out" for card in cards)
    assert sum(len(cards) for name, cards in zones.items() if name.startswith("hand/")) == 4


def test_a_move_where_has_no_count() -> None:
    play = small_play()
    play["round"]["setup"] = [{"move": {"from": "stock", "to": "table", "where": "it.number == 1", "count": 2}}]
    with pytest.raises(DataError, match=r"play\.round\.setup\.0\.move\.where: where moves every card of the zone it "
                                        r"holds for: leave out count and all"):
        described(play)


def test_a_counter_fed_by_itself_stops_the_game_with_one_line_naming_it() -> None:
    """Squaring a counter every move would make numbers that fill the memory: past 10^15 the
    game stops with the counter's field and the turn."""
    play = small_play(counters={"total": {"start": 2}})
    play["round"]["setup"] = [{"shuffle": "stock"}, {"deal": {"from": "stock", "to": "hand", "count": 30}}]
    play["phases"]["turn"] = [{"play": {"from": "hand", "to": "table", "then": [{"set": {"total": "total * total"}}]}}]
    game = described(play)
    with pytest.raises(DataError, match=r"play\.counters\.total: went beyond 1,000,000,000,000,000 in either "
                                        r"direction at turn 6 of round 1: a rule makes it grow without end"):
        game.new_game(2, random.Random(1), game.rules.resolve_options()).play_randomly(random.Random(1), 1000)
