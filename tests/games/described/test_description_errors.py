"""Bad play descriptions: each problem is one line naming the file and the field path (and an
expression's column), found when the engine is built or by validate's trial games."""

from __future__ import annotations

import copy
import random
from typing import Any

import pytest

from deckgen.errors import DataError
from deckgen.games.building import build_engine
from deckgen.games.registry import get_game
from deckgen.games.described.game import DescribedGame
from deckgen.games.described.trial import trial_problems
from deckgen.model.common import validate
from deckgen.model.play import PlaySpec
from deckgen.model.rules import GameRules, load_play_rules

GAME = "up-and-down-described"


def rules_with(change: Any, **updates: Any) -> GameRules:
    """The shipped description with its play section changed by `change(play_dict)`."""
    rules = load_play_rules(GAME)
    assert rules.play is not None
    play = copy.deepcopy(rules.play.model_dump(by_alias=True, exclude_unset=True))
    change(play)
    return rules.model_copy(update={"play": PlaySpec.model_validate(play), **updates})


def problems_of(change: Any, **updates: Any) -> list[str]:
    with pytest.raises(DataError) as caught:
        build_engine(DescribedGame, rules_with(change, **updates))
    return caught.value.problems


def set_play_if(text: str) -> Any:
    def change(play: dict[str, Any]) -> None:
        play["phases"]["turn"][0]["play"]["if"] = text
    return change


@pytest.mark.parametrize(("condition", "expected"), [
    ("card.colr == red", "column 6: a card has no field 'colr' (fields: colour, suit, number, card_number, copy)"),
    ("card.suit == stars", "column 14: unknown name 'stars'"),
    ("card.suit >= 3", "column 6: >= compares numbers, not a suit value (give it a table to compare by)"),
    ("card.suit == ", "the expression ends too early"),
    ("size(hnd) > 0", "column 6: unknown name 'hnd'"),
    ("card.number == true", "cannot compare a number with a condition"),
    ("card.suit == red", "cannot compare a suit value with a colour value"),
    ("if uphill then 1 else card.suit", "column 16: 1 is not a value of suit (moons, suns, arms, crowns)"),
    ("if uphill then 1 else card.colour == red", "'then' gives a number but 'else' a condition"),
    ("card.number", "column 6: expected a condition"),
])
def test_expression_problems_name_the_field_and_column(condition: str, expected: str) -> None:
    problems = problems_of(set_play_if(condition))
    assert len(problems) == 1
    assert "up-and-down-described.yaml: play.phases.turn.0.play.if: " in problems[0]
    assert expected in problems[0]


def test_every_problem_is_reported_at_once() -> None:
    def change(play: dict[str, Any]) -> None:
        play["phases"]["turn"][0]["play"]["to"] = "middle"
        play["counters"]["passes"]["type"] = "weight"
        play["phases"]["turn"].append({"jump": {}})
    problems = problems_of(change)
    assert any("play.phases.turn.0.play.to: column 1: unknown name 'middle'" in p for p in problems)
    assert any("play.counters.passes.type: unknown type 'weight'" in p for p in problems)
    assert any("play.phases.turn.2: unknown move 'jump' (expected one of play, draw" in p for p in problems)


def test_procedures_that_call_themselves_are_a_loop() -> None:
    def change(play: dict[str, Any]) -> None:
        play["procedures"]["refill"].append({"do": "start"})
    problems = problems_of(change)
    assert any("procedure 'start' calls itself (start -> refill -> start): its effects would loop" in p
               for p in problems)


def test_a_deal_larger_than_the_deck_is_refused() -> None:
    rules = load_play_rules(GAME)
    setup = {**rules.setup, 2: rules.setup[2].model_copy(update={"hand_size": 31})}
    with pytest.raises(DataError, match=r"setup\.2: 2 x 31 cards dealt .* but 1 deck\(s\) hold 60"):
        build_engine(DescribedGame, rules.model_copy(update={"setup": setup}))


@pytest.mark.parametrize("condition", ["false", "1 > 2", "not (1 > 0 or 2 > 3)"])
def test_a_move_that_can_never_be_legal_is_refused(condition: str) -> None:
    problems = problems_of(set_play_if(condition))
    assert any(p.endswith("play.phases.turn.0.play.if: this move can never be legal: its condition is always false")
               for p in problems)


def test_a_seat_without_a_legal_move_is_named() -> None:
    def change(play: dict[str, Any]) -> None:
        play["phases"]["turn"] = [{"play": {"from": "hand", "to": "centre", "if": "card.number > 9"}}]
    game = build_engine(DescribedGame, rules_with(change))
    state = game.new_game(3, random.Random(1), game.rules.resolve_options())
    with pytest.raises(DataError, match=r"play\.phases\.turn: seat \d has no legal move at turn 0 of round 1 "
                       r"\(3 players\)"):
        state.legal_moves()
    assert trial_problems(game)[0].endswith("(random game 1 of the validation trial)")


def test_a_game_that_never_ends_is_caught_by_the_trial() -> None:
    def change(play: dict[str, Any]) -> None:
        play["phases"]["turn"] = [{"pass": {}}]
    game = build_engine(DescribedGame, rules_with(change, turn_cap=50))
    problems = trial_problems(game)
    assert problems[0].endswith("up-and-down-described.yaml: play: none of 12 random games with "
                           "2 players ended within turn_cap 50: likely, the round never ended (play.round.end)")
    assert len(problems) == 5  # one line per player count


def test_a_define_reading_the_card_is_refused_where_there_is_no_card() -> None:
    def change(play: dict[str, Any]) -> None:
        play["phases"]["turn"][1]["pass"]["then"] = [{"if": "fits", "then": [{"set": {"passes": 0}}]}]
    problems = problems_of(change)
    assert any(p.endswith("play.phases.turn.1.pass.then.0.if: column 1: 'fits' reads 'card', which has no "
                          "meaning here (it is the card being played, in a play's conditions)") for p in problems)


# -- a feature the language lacks: named, with the way to write it in Python -------------------

PYTHON_ROUTE = ("write it as a Python engine in games/up-and-down-described.py, beside the rule file, without a "
                "play: section (docs/engine.md, \"An engine in your project\")")


@pytest.mark.parametrize(("change", "where", "feature"), [
    (lambda play: play["phases"]["turn"].append({"bid": {"amount": 2}}), "play.phases.turn.2",
     "'bid' asks for auctions and bids"),
    (lambda play: play["phases"]["turn"].append({"place": {"from": "hand"}}), "play.phases.turn.2",
     "'place' asks for cards placed on a board or grid"),
    (lambda play: play["phases"]["turn"][0]["play"].update(trade="hand"),
     "play.phases.turn.0.play.trade", "'trade' asks for trading between players"),
    (lambda play: play["round"]["setup"].append({"target": {"from": "stock"}}), "play.round.setup.4",
     "'target' asks for choosing another player"),
])
def test_a_feature_the_language_lacks_is_named_with_the_python_route(change: Any, where: str, feature: str) -> None:
    problems = problems_of(change)
    assert len(problems) == 1, problems
    assert f"up-and-down-described.yaml: {where}: {feature}, which the play language does not have: " \
           f"{PYTHON_ROUTE}" in problems[0]
    assert "\n" not in problems[0]


@pytest.mark.parametrize(("change", "where"), [
    (lambda play: play["phases"]["turn"][0]["play"].update(shop="stock"), "play.phases.turn.0.play.shop"),
    (lambda play: play["round"]["setup"].append({"buy": {"from": "stock"}}), "play.round.setup.4"),
    (lambda play: play["phases"]["turn"].append({"play": {"from": "hand", "to": "discard"}, "price": 3}),
     "play.phases.turn.2"),
])
def test_market_words_outside_a_buy_move_point_at_the_buy_move(change: Any, where: str) -> None:
    """A market is no longer a missing feature: the words a designer writes for one, out of
    place, point at the buy move rather than at the Python route."""
    problems = problems_of(change)
    assert len(problems) == 1, problems
    assert f"up-and-down-described.yaml: {where}: " in problems[0]
    assert "the play language buys with a buy move of a phase" in problems[0] and "Python" not in problems[0]


@pytest.mark.parametrize("section", ["auction", "board", "grid"])
def test_a_section_for_a_feature_the_language_lacks_is_named_when_the_file_is_read(section: str) -> None:
    rules = load_play_rules(GAME)
    assert rules.play is not None
    play = rules.play.model_dump(by_alias=True, exclude_unset=True)
    play[section] = {"cards": 3}
    with pytest.raises(DataError) as caught:
        validate(PlaySpec, play, rules.path, ("play",))
    (line,) = caught.value.problems
    assert f"up-and-down-described.yaml: play.{section}: {section!r} asks for " in line
    assert "which the play language does not have: write it as a Python engine in games/<id>.py" in line
    assert 'docs/engine.md, "An engine in your project"' in line


def test_an_unknown_move_or_key_points_at_the_python_route_in_case_it_is_no_misspelling() -> None:
    def change(play: dict[str, Any]) -> None:
        play["phases"]["turn"].append({"jump": {}})
        play["phases"]["turn"][0]["play"]["bonus"] = 1
    problems = problems_of(change)
    assert len(problems) == 2
    assert any(": play.phases.turn.2: unknown move 'jump' (expected one of play, draw, pass, declare, give, take, buy); "
               f"if no misspelling, the play language cannot say it: {PYTHON_ROUTE}" in p for p in problems)
    assert any(": play.phases.turn.0.play.bonus: unknown key 'bonus' (expected one of when, otherwise" in p
               and p.endswith(PYTHON_ROUTE) for p in problems)


# -- secret turns (simultaneous) ----------------------------------------------------------------

def secret_turns(phase: str = "turn", who: str = "true", reveal: Any = None, unit: str = "reveal") -> Any:
    def change(play: dict[str, Any]) -> None:
        play["simultaneous"] = {"phase": phase, "who": who, "reveal": reveal or [{"add": {"passes": 1}}]}
        play["turn_unit"] = unit
    return change


def test_secret_turns_are_those_of_the_first_phase() -> None:
    problems = problems_of(secret_turns(phase="flip"))
    assert any("play.simultaneous.phase: 'flip' is not the first phase (turn): secret turns are the turns of the "
               "phase every turn starts in" in p for p in problems)


def test_secret_turns_check_who_and_the_reveal_like_any_expression_and_action() -> None:
    problems = problems_of(secret_turns(who="size(hand[seat])", reveal=[{"add": {"pases": 1}}]))
    assert any("play.simultaneous.who: column 1: expected a condition" in p for p in problems)
    assert any("play.simultaneous.reveal.0.add.pases: unknown counter 'pases'" in p for p in problems)


def test_reveal_is_a_turn_unit_only_with_secret_turns() -> None:
    problems = problems_of(lambda play: play.update(turn_unit="reveal"))
    assert any("play.turn_unit: reveal counts the reveals of secret turns, and this game has no simultaneous: "
               "section" in p for p in problems)


def test_secret_turns_go_round_from_the_seat_after_the_dealer_and_reveal_after_the_last() -> None:
    """Up and Down with every turn secret: seats 0, 1, 2 move in order (the dealer is seat 2),
    then the reveal runs once, counted as a turn, and seat 0 starts the next secret turns."""
    game = build_engine(DescribedGame, rules_with(secret_turns(reveal=[{"set": {"flipped": True}}])))
    state = game.new_game(3, random.Random(4), game.rules.resolve_options(), record=True)
    assert state.dealer == 2
    for seat in (0, 1, 2):
        assert state.current_player == seat and state.turns == 0
        state.apply(state.legal_moves()[0])
    assert state.turns == 1 and state.current_player == 0
    assert [e for e in state.events or [] if e["type"] == "reveal"] == [{"type": "reveal", "turn": 1}]


def test_a_reveal_that_leaves_nobody_to_move_is_named() -> None:
    game = build_engine(DescribedGame, rules_with(secret_turns(who="not flipped", reveal=[{"set": {"flipped": True}}])))
    state = game.new_game(2, random.Random(4), game.rules.resolve_options())
    state.apply(state.legal_moves()[0])
    with pytest.raises(DataError, match=r"play\.simultaneous\.who: no seat takes part after the reveal at turn 1 "
                                        r"of round 1 \(2 players\): the reveal must end the round or let a seat move"):
        state.apply(state.legal_moves()[0])


# -- readings ----------------------------------------------------------------------------------

def zoomies_problems(change: Any) -> list[str]:
    rules = load_play_rules("zoomies-described")
    assert rules.play is not None
    play = copy.deepcopy(rules.play.model_dump(by_alias=True, exclude_unset=True))
    change(play["phases"]["turn"][0]["play"])
    with pytest.raises(DataError) as caught:
        build_engine(DescribedGame, rules.model_copy(update={"play": PlaySpec.model_validate(play)}))
    return caught.value.problems


@pytest.mark.parametrize(("change", "expected"), [
    (lambda move: move.update(readings=[]), "play.phases.turn.0.play.readings: expected a list of the numbers the "
                                            "card may be played as (readings: [card.value, 10 - card.value])"),
    (lambda move: move.update(readings="larger"), "play.phases.turn.0.play.readings: expected a list"),
    (lambda move: move.update(declare="high"), "play.phases.turn.0.play.readings: a play with readings moves one "
                                               "card as one number: leave out declare"),
    (lambda move: move.update(readings=["smaller", "card"]),
     "play.phases.turn.0.play.readings.1: column 1: expected a number, found a card"),
    (lambda move: move.update(then=[{"set": {"high": "reading(card, 2) > 0"}}]),
     "play.phases.turn.0.play.then.0.set.high: column 1: reading() takes 1 argument, found 2"),
])
def test_a_wrong_readings_is_one_line_naming_its_field(change: Any, expected: str) -> None:
    problems = zoomies_problems(change)
    assert any(expected in p for p in problems), problems
