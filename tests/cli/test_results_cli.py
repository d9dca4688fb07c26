"""`deckgen results`: stored runs listed and exported; a missing or corrupt database is one line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from deckgen.cli import main
from deckgen.cli.results import length_units


def _simulate(output: Path, *extra: str) -> None:
    result = CliRunner().invoke(main, ["simulate", "zoomies", "--players", "4", "--games", "40", "--jobs", "1",
                                       "--output", str(output), *extra])
    assert result.exit_code == 0, result.output


def test_simulate_runs_are_listed_and_exported(tmp_path: Path) -> None:
    _simulate(tmp_path)
    _simulate(tmp_path)  # the same request again: found, not added
    _simulate(tmp_path, "--seed", "2")
    runner = CliRunner()
    listed = runner.invoke(main, ["results", "--output", str(tmp_path)])
    assert listed.exit_code == 0 and listed.output.count("simulate") == 2 and "zoomies" in listed.output
    exported = runner.invoke(main, ["results", "--output", str(tmp_path), "--format", "csv", "--game", "zoomies"])
    rows = list(csv.DictReader(io.StringIO(exported.output)))
    assert sorted({(row["key"], row["seed"]) for row in rows}, key=lambda kv: kv[1])[-1][1] == "2"
    assert {row["seed"] for row in rows} == {"1", "2"} and {row["games"] for row in rows} == {"40"}
    # Every statistic, every value a number: seat 0's rate, its interval, the metrics.
    by_name = {row["statistic"]: float(row["value"]) for row in rows if row["seed"] == "1"}
    assert 0 < by_name["seat_win_rate.0.rate"] < 1 and by_name["seat_win_rate.0.ci95.0"] < by_name["seat_win_rate.0.rate"]
    assert "metrics.balance.rate" in by_name and "length.sd" in by_name
    assert all(float(row["value"]) == float(row["value"]) for row in rows)
    runs = json.loads(runner.invoke(main, ["results", "--output", str(tmp_path), "--format", "json"]).output)
    assert runs[0]["stats"]["games"] == 40 and runs[0]["stats"]["seat_win_rate"][0]["ci95"]
    assert runs[0]["rules_hash"] and runs[0]["deck_hash"] and runs[0]["version"]
    other = runner.invoke(main, ["results", "--output", str(tmp_path), "--game", "mirrorquest"])
    assert other.exit_code == 0 and other.output == "no stored runs of game mirrorquest (stored games: zoomies)\n"


def test_options_are_listed_as_the_user_writes_them(tmp_path: Path) -> None:
    _simulate(tmp_path, "--option", "second_place_wins=false")
    listed = CliRunner().invoke(main, ["results", "--output", str(tmp_path), "--format", "csv"])
    assert {row["options"] for row in csv.DictReader(io.StringIO(listed.output))} == {"second_place_wins=false"}


def test_two_stored_runs_are_compared_with_tests(tmp_path: Path) -> None:
    _simulate(tmp_path)
    _simulate(tmp_path, "--option", "second_place_wins=false")
    runner = CliRunner()
    keys = [run["key"] for run in json.loads(runner.invoke(main, ["results", "--output", str(tmp_path),
                                                                  "--format", "json"]).output)]
    compared = runner.invoke(main, ["results", "--output", str(tmp_path), "--compare", keys[0][:8], keys[1]])
    assert compared.exit_code == 0, compared.output
    assert "seat 0 win rate" in compared.output and "mean length (moves)" in compared.output and "Holm" in compared.output
    data = json.loads(runner.invoke(main, ["results", "--output", str(tmp_path), "--compare", keys[0], keys[1],
                                           "--format", "json"]).output)
    seat0 = next(row for row in data["rows"] if row["statistic"] == "seat 0 win rate")
    assert seat0["difference"] == seat0["b"] - seat0["a"] and 0 <= seat0["p"] <= seat0["p_holm"] <= 1
    assert seat0["test"] in ("two-proportion chi-square", "Fisher's exact test")
    exported = runner.invoke(main, ["results", "--output", str(tmp_path), "--compare", keys[0], keys[1],
                                    "--format", "csv"])
    assert all(float(row["p_holm"]) <= 1 for row in csv.DictReader(io.StringIO(exported.output)) if row["p_holm"])
    missing = runner.invoke(main, ["results", "--output", str(tmp_path), "--compare", "zzz", keys[1]])
    assert missing.exit_code == 2 and missing.stderr == (
        "error: --compare 'zzz': no stored run has that key; `deckgen results` lists the keys\n")


def test_no_store_records_nothing(tmp_path: Path) -> None:
    _simulate(tmp_path, "--no-store")
    result = CliRunner().invoke(main, ["results", "--output", str(tmp_path)])
    assert result.exit_code == 2 and "no stored results yet" in result.output


def test_a_corrupt_database_is_one_line_and_exit_2_and_set_aside(tmp_path: Path) -> None:
    for command in (["results", "--output", str(tmp_path)],
                    ["simulate", "zoomies", "--players", "4", "--games", "5", "--output", str(tmp_path)]):
        (tmp_path / "results.sqlite").write_bytes(b"\x00garbage" * 512)
        result = CliRunner().invoke(main, command)
        lines = result.output.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1
        assert "results.sqlite: results database damaged" in lines[0] and "set aside as" in lines[0]
    assert len(list(tmp_path.glob("results.sqlite.damaged-*"))) == 2  # nothing deleted


def test_out_of_range_seeds_are_one_line_before_any_work(tmp_path: Path) -> None:
    for seed in ("999999999999999999999", str(2**63), str(-(2**63) - 1)):
        result = CliRunner().invoke(main, ["simulate", "zoomies", "--players", "4", "--games", "5", "--seed", seed,
                                           "--output", str(tmp_path)])
        assert result.exit_code == 2 and result.stdout == "" and len(result.stderr.splitlines()) == 1
        assert "--seed" in result.stderr and "9223372036854775807" in result.stderr
    for command in (["play", "zoomies"], ["analyse", "zoomies", "--output", str(tmp_path)],
                    ["sweep", "zoomies", "--option", "x=1,2", "--output", str(tmp_path)],
                    ["tune", "zoomies", "--option", "x=1..2", "--output", str(tmp_path)], ["build", "--output", str(tmp_path)]):
        result = CliRunner().invoke(main, [*command, "--seed", str(2**63)])
        assert result.exit_code == 2 and "--seed" in result.stderr and "9223372036854775807" in result.stderr, command
    assert not (tmp_path / "results.sqlite").exists()
    _simulate(tmp_path, "--seed", str(2**63 - 1))


def test_a_refused_database_is_said_before_the_game_loads(tmp_path: Path) -> None:
    import sqlite3

    db = sqlite3.connect(tmp_path / "results.sqlite")
    db.execute("CREATE TABLE invoices (total REAL)")
    db.commit()
    db.close()
    for command in (["simulate", "no-such-game"], ["analyse", "no-such-game"], ["sweep", "no-such-game", "--option", "x=1,2"]):
        result = CliRunner().invoke(main, [*command, "--output", str(tmp_path)])
        assert result.exit_code == 2 and "not deckgen's results database" in result.stderr, (command, result.output)
    stored = CliRunner().invoke(main, ["simulate", "no-such-game", "--output", str(tmp_path), "--no-store"])
    assert stored.exit_code == 2 and "no-such-game" in stored.stderr and "results database" not in stored.stderr


def test_a_stored_game_whose_rules_are_not_here_is_compared_in_turns() -> None:
    assert length_units("no-such-game") == "turns"
    assert length_units("mystical-eddies") == "rounds"
