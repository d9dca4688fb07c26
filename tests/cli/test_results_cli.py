"""`deckgen results`: stored runs listed and exported; a missing or corrupt database is one line."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

from click.testing import CliRunner

from deckgen.cli import main


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
    assert [row["seed"] for row in rows] == ["1", "2"] and {row["games"] for row in rows} == {"40"}
    runs = json.loads(runner.invoke(main, ["results", "--output", str(tmp_path), "--format", "json"]).output)
    assert runs[0]["stats"]["games"] == 40 and runs[0]["stats"]["seat_win_rate"][0]["ci95"]
    assert runs[0]["rules_hash"] and runs[0]["deck_hash"] and runs[0]["version"]
    other = runner.invoke(main, ["results", "--output", str(tmp_path), "--game", "mirrorquest"])
    assert other.exit_code == 0 and other.output == "no stored runs of game mirrorquest (stored games: zoomies)\n"


def test_options_are_listed_as_the_user_writes_them(tmp_path: Path) -> None:
    _simulate(tmp_path, "--option", "second_place_wins=false")
    listed = CliRunner().invoke(main, ["results", "--output", str(tmp_path), "--format", "csv"])
    assert [row["options"] for row in csv.DictReader(io.StringIO(listed.output))] == ["second_place_wins=false"]


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
    assert not (tmp_path / "results.sqlite").exists()
    _simulate(tmp_path, "--seed", str(2**63 - 1))
