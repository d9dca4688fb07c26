"""`deckgen tune`: the search space and objective are checked, every trial is stored, and the
best values are confirmed against the shipped game on fresh, paired games."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import BadOption
from deckgen.games.base import Game
from deckgen.games.registry import get_game
from deckgen.sim.runner import SimulationError
from deckgen.sim.tune import TuneRequest, objective_value, parse_dimensions, parse_objective, tune
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def test_ranges_and_lists_are_checked_against_the_game_s_options() -> None:
    game = get_game("mirrorquest")
    (rate,) = parse_dimensions(game, ("call_miss_rate=0..0.5",))
    assert (rate.kind, rate.low, rate.high) == ("float", 0.0, 0.5)
    with pytest.raises(BadOption) as caught:
        parse_dimensions(game, ("jokers=1..3", "call_miss_rate=0.5..0.2", "call_miss_rate=0..7"))
    lines = caught.value.problems
    assert any("has no option 'jokers'" in line for line in lines)
    assert any("LOW must be below HIGH" in line for line in lines) and any("call_miss_rate" in line for line in lines)
    assert parse_objective("fair") == ("fair", None) and parse_objective("length=30") == ("length", 30.0)
    with pytest.raises(SimulationError, match="expected fair or length=N"):
        parse_objective("length=-3")


def test_the_objectives_are_distances_from_fair_seats_and_from_the_target_length() -> None:
    summary = {"seat_win_rate": [{"rate": 0.6}, {"rate": 0.3}], "length": {"mean": 25.0}}
    assert objective_value(summary, ("fair", None)) == pytest.approx(0.15)  # fair share 0.45 each
    assert objective_value(summary, ("length", 30.0)) == pytest.approx(5.0)


def test_tune_keeps_the_best_trial_and_confirms_it_paired_on_fresh_games(toy_game: Game) -> None:
    dimensions = parse_dimensions(toy_game, ("low_wins=true,false",))
    request = TuneRequest(2, ["random", "random"], dimensions, ("fair", None), 3, 40, 60, 5)
    seen: list[int] = []
    data = tune(toy_game, request, 1, lambda trial: seen.append(trial["trial"]))
    assert seen == [0, 1, 2]
    best = min(data["trials"], key=lambda t: (t["objective"], t["trial"]))
    assert data["best"]["values"] == best["values"] and data["best"]["trial"] == best["trial"]
    confirmed = data["confirmed"]
    assert confirmed["seed"] == 6 and confirmed["games"] == 60
    assert confirmed["vs_shipped"]["seat0_test"].startswith("McNemar")
    assert tune(toy_game, request, 1)["trials"] == data["trials"]  # one seed, one search


def test_the_tune_command_stores_every_trial(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["tune", "zoomies", "--players", "4", "--option", "second_place_wins=true,false",
                                       "--trials", "2", "--games", "20", "--confirm-games", "20", "--jobs", "1",
                                       "--output", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert "best of 2 trials" in result.stdout and "paired on the same games" in result.stdout
    runs = json.loads(CliRunner().invoke(main, ["results", "--output", str(tmp_path), "--format", "json"]).stdout)
    assert sorted(run["kind"] for run in runs) == ["tune", "tune-trial", "tune-trial"]


def test_tune_finds_the_first_player_handicap_that_makes_five_player_mirrorquest_fair() -> None:
    """The README's example, small: going first wins a quarter of 5-player games (fair: a
    fifth); dealing the first player extra cards is the known remedy. Tune finds a value that
    brings seat 0 to its fair share and shows it against the game as shipped, paired on the
    same fresh games. (The other seats differ among themselves by a point or two, which no
    handicap for the first player removes.)"""
    game = get_game("mirrorquest")
    dimensions = parse_dimensions(game, ("first_player_extra_cards=0..2",))
    request = TuneRequest(5, ["random"] * 5, dimensions, ("fair", None), 3, 600, 1500, 1)
    data = tune(game, request, 1)
    assert sorted(t["values"]["first_player_extra_cards"] for t in data["trials"]) == [0, 1, 2]
    assert data["best"]["values"]["first_player_extra_cards"] > 0
    confirmed = data["confirmed"]
    tuned_seat0, shipped_seat0 = confirmed["tuned"]["seat_win_rate"][0], confirmed["shipped"]["seat_win_rate"][0]
    assert tuned_seat0["ci95"][0] <= 0.2 <= tuned_seat0["ci95"][1] and shipped_seat0["ci95"][0] > 0.2
    assert confirmed["vs_shipped"]["seat0_diff"] < 0 and confirmed["vs_shipped"]["seat0_p"] < 0.01
