"""Variant sweeps: Holm's correction, the variants and their checks, the tests against the
default, and a sweep stopped midway that resumes without playing finished chunks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from deckgen.errors import BadOption
from deckgen.games.base import Game
from deckgen.sim.runner import GameRecord, SimulationError
from deckgen.sim.stats import holm
from deckgen.sim.store import open_store
from deckgen.sim.sweep import (
    SweepRequest,
    build_variants,
    length_test,
    option_grid_text,
    run_sweep,
    seat0_test,
    sweep_json,
    typed_grid,
)
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def test_holm_matches_worked_values() -> None:
    # Sorted 0.01, 0.02, 0.03, 0.04 times 4, 3, 2, 1: 0.04, 0.06, 0.06 (held up), 0.06 (held up).
    assert holm([0.04, 0.01, 0.03, 0.02]) == pytest.approx([0.06, 0.04, 0.06, 0.06])
    assert holm([0.5, 0.9, None]) == [1.0, 1.0, None]  # capped at 1; no test stays None
    assert holm([0.001]) == [0.001] and holm([]) == []


def test_option_lists_are_checked_for_form_then_against_the_game(toy_game: Game) -> None:
    assert option_grid_text(["low_wins=true,false"]) == {"low_wins": ["true", "false"]}
    for bad in (["low_wins"], ["=true"], ["low_wins=true,"], ["low_wins=true,true"]):
        with pytest.raises(SimulationError):
            option_grid_text(bad)
    with pytest.raises(SimulationError, match="twice"):
        option_grid_text(["low_wins=true", "low_wins=false"])
    with pytest.raises(BadOption) as caught:
        typed_grid(toy_game, {"jokers": ["1"], "low_wins": ["maybe"]})
    assert any("unknown option 'jokers'" in line for line in caught.value.problems)
    assert any("low_wins" in line and "true or false" in line for line in caught.value.problems)


def test_every_combination_with_the_default_first(toy_game: Game) -> None:
    variants = build_variants(toy_game, typed_grid(toy_game, {"low_wins": ["true", "false"],
                                                               "pass_allowed": ["false"]}), [])
    assert [v.label for v in variants] == ["default", "low_wins=true, pass_allowed=false",
                                           "low_wins=false, pass_allowed=false"]
    assert variants[0].is_default and not any(v.is_default for v in variants[1:])
    listed = build_variants(toy_game, typed_grid(toy_game, {"low_wins": ["true", "false"]}), [])
    assert [(v.label, v.is_default) for v in listed] == [("low_wins=false", True), ("low_wins=true", False)]


def _records(seat0_wins: int, other_wins: int, turns: list[int]) -> list[GameRecord]:
    winners = [(0,)] * seat0_wins + [(1,)] * other_wins
    return [GameRecord(True, w, turns[i % len(turns)], ()) for i, w in enumerate(winners)]


def test_seat0_is_tested_with_mcnemar_on_the_paired_games() -> None:
    from scipy import stats

    # 100 paired games: seat 0 wins both in 40, only the variant's in 30, only the default's
    # in 10, neither in 20. McNemar: 30 against 10 discordant, chi-square with continuity.

    default = ([GameRecord(True, (0,), 10, ())] * 40 + [GameRecord(True, (1,), 10, ())] * 30
               + [GameRecord(True, (0,), 10, ())] * 10 + [GameRecord(True, (1,), 10, ())] * 20)
    variant = ([GameRecord(True, (0,), 10, ())] * 70 + [GameRecord(True, (1,), 10, ())] * 30)
    diff, p, test = seat0_test(variant, default, 2)
    assert diff == pytest.approx(0.2) and test == "McNemar (chi-square)"
    assert p == pytest.approx(stats.chi2.sf((abs(30 - 10) - 1) ** 2 / 40, 1))
    # Few discordant pairs: the exact test, a binomial on them (4 against 1).
    small_variant = _records(5, 1, [5])
    small_default = [GameRecord(True, (1,), 5, ())] * 4 + [GameRecord(True, (0,), 5, ())] * 2
    _, small_p, small_test = seat0_test(small_variant, small_default, 2)
    assert small_test == "McNemar (exact)"
    assert small_p == pytest.approx(stats.binomtest(4, 5, 0.5).pvalue)


def test_length_is_tested_with_a_paired_t_test_over_games_finished_in_both() -> None:
    from scipy import stats

    variant = [GameRecord(True, (0,), t, ()) for t in (10, 12, 15, 11)] + [GameRecord(False, (), 30, ())]
    default = [GameRecord(True, (0,), t, ()) for t in (9, 12, 13, 11, 10)]
    diff, p = length_test(variant, default)
    assert diff == pytest.approx(12 - 11)
    assert p == pytest.approx(stats.ttest_rel([10, 12, 15, 11], [9, 12, 13, 11]).pvalue)
    # Every game one turn longer: the paired test is certain, the unpaired one would not be.
    _, shifted = length_test([GameRecord(True, (0,), t + 1, ()) for t in (9, 12, 13)],
                             [GameRecord(True, (0,), t, ()) for t in (9, 12, 13)])
    assert shifted == 0.0


def _request(toy_game: Game) -> SweepRequest:
    counts = [2, 3]
    typed = typed_grid(toy_game, {"low_wins": ["true", "false"]})
    return SweepRequest(counts, {n: ["random"] * n for n in counts}, 7, None, 500, "random", typed)


class Interrupted(Exception):
    """Stands for a sweep killed midway."""


def test_a_stopped_sweep_resumes_without_replaying_finished_chunks(tmp_path: Path, toy_game: Game) -> None:
    request = _request(toy_game)
    whole = run_sweep(toy_game, build_variants(toy_game, request.grid, []), request, 1, open_store(tmp_path / "a"))

    stored: list[tuple[str, int, int]] = []

    def stop_after_five(label: str, start: int, stop: int) -> None:
        stored.append((label, start, stop))
        if len(stored) == 5:
            raise Interrupted

    store = open_store(tmp_path / "b")
    with pytest.raises(Interrupted):
        run_sweep(toy_game, build_variants(toy_game, request.grid, []), request, 1, store, chunk_hook=stop_after_five)
    replayed: list[tuple[str, int, int]] = []
    resumed = run_sweep(toy_game, build_variants(toy_game, request.grid, []), request, 2, store,
                        chunk_hook=lambda *chunk: replayed.append(chunk))
    assert len(stored) == 5 and replayed
    finished = {(label, start) for label, start, _ in stored}
    assert not finished & {(label, start) for label, start, _ in replayed}
    assert sweep_json(resumed) == sweep_json(whole)
    data = json.loads(sweep_json(whole))
    versus = data["variants"][1]["by_players"]["3"]["vs_default"]
    assert data["variants"][0]["by_players"]["2"]["vs_default"] is None
    assert versus["seat0_p_holm"] >= versus["seat0_p"] and 0 <= versus["length_p_holm"] <= 1
    assert {"games", "seat_win_rate", "balance", "length", "metrics"} <= set(data["variants"][1]["by_players"]["2"])


def test_the_sweep_command_names_an_unknown_option_and_writes_its_json(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from deckgen.cli import main

    bad = CliRunner().invoke(main, ["sweep", "zoomies", "--option", "aces_scoring=true,false", "--output",
                                    str(tmp_path)])
    assert bad.exit_code == 2 and "unknown option 'aces_scoring'" in bad.output and len(bad.output.splitlines()) == 1
    good = CliRunner().invoke(main, ["sweep", "zoomies", "--option", "second_place_wins=true,false", "--max-games",
                                     "40", "--jobs", "1", "--json", "--output", str(tmp_path), "--plot",
                                     str(tmp_path / "sweep.svg")])
    assert good.exit_code == 0, good.output
    written = json.loads((tmp_path / "mirror" / "zoomies-sweep.json").read_text())
    assert written["options"] == {"second_place_wins": [True, False]} and len(written["variants"]) == 2
    picture = (tmp_path / "sweep.svg").read_text()
    assert picture.startswith("<svg") and "second_place_wins=true" in picture and "second_place_wins=false" in picture
