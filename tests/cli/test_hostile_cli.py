"""Bad command lines, bad output folders, empty data and killed runs (issue 15): one
`error:` line and exit 2, before any work starts."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckgen import paths
from deckgen.cli import main
from deckgen.games.base import Game
from deckgen.model.deck import load_deck
from deckgen.model.rules import all_rules
from deckgen.sim.runner import cores
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)

ROOT = Path(__file__).parents[2]


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def one_error(result: Result, message: str) -> None:
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and message in lines[0], lines
    assert "Traceback" not in result.output and result.stdout == ""


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project with one small deck and no games, so a whole build takes a fraction of a second."""
    root = tmp_path / "project"
    shutil.copytree(ROOT / "decks" / "smoke-and-mirrors", root / "decks" / "smoke-and-mirrors",
                    ignore=shutil.ignore_patterns("games"))
    shutil.copytree(ROOT / "templates", root / "templates")
    monkeypatch.setattr(paths, "PROJECT_ROOT", root)
    load_deck.cache_clear()
    all_rules.cache_clear()
    yield root
    load_deck.cache_clear()
    all_rules.cache_clear()


@pytest.fixture
def afile(tmp_path: Path) -> Path:
    path = tmp_path / "afile"
    path.write_text("not a folder")
    return path


@pytest.mark.parametrize(
    "command",
    [["build", "--sim-games", "0"], ["render", "cards", "mirror"], ["render", "booklet", "zoomies"],
     ["render", "quickref", "zoomies"]],
    ids=["build", "cards", "booklet", "quickref"],
)
def test_output_folder_errors_come_before_any_work(command: list[str], afile: Path, tmp_path: Path):
    cases = [
        (str(afile), "output folder is a file, not a folder"),
        ("/dev/null", "output folder is a device or pipe, not a folder"),
        (str(tmp_path / "missing" / "out"), "does not exist (create it first)"),
        ("/sys/deckgen-out", "cannot write in /sys"),
    ]
    for output, message in cases:
        start = time.perf_counter()
        result = run(*command, "--output", output)
        one_error(result, message)
        assert time.perf_counter() - start < 1.5, "the folder is checked before the work"


def test_build_shows_progress_on_stderr_and_quiet_hides_it_and_says_what_was_kept(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    result = run("build", "--output", str(out), "--sim-games", "0")
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [
        "checking the data",
        "checked 1 data file: building 1 deck and 0 games, 1 task on 1 worker",
        "[1/1] deck smoke-and-mirrors: smoke-and-mirrors-cards.json, smoke-and-mirrors-composition.txt, "
        "smoke-and-mirrors-composition.json, smoke-and-mirrors-pnp.pdf, thumbs/ (11 files)",
        "design reports and index: 1 page",
    ]
    assert result.stdout.startswith(f"built 16 files under {out} in ")
    quiet = run("build", "--output", str(out), "--sim-games", "0", "--quiet")
    assert quiet.exit_code == 0 and quiet.stderr == ""
    assert quiet.stdout.startswith(f"built 16 files under {out}, 15 of them unchanged since the last build in ")


def test_a_killed_runs_debris_is_cleaned_by_the_next_run(project: Path, tmp_path: Path):
    out = tmp_path / "out"
    dead = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                              capture_output=True, text=True).stdout)
    (out / "smoke-and-mirrors").mkdir(parents=True)
    debris = out / "smoke-and-mirrors" / f".smoke-and-mirrors-pnp.pdf.{dead}.k3j2h1.part"
    debris.write_bytes(b"%PDF half")
    assert run("build", "--output", str(out), "--sim-games", "0", "--quiet").exit_code == 0
    assert not debris.exists()
    assert not [p for p in out.rglob("*") if p.name.endswith(".part")]


def test_an_empty_or_wrong_data_folder_is_an_error(project: Path, tmp_path: Path):
    shutil.rmtree(project / "decks" / "smoke-and-mirrors")
    for command in (["validate"], ["build", "--output", str(tmp_path), "--quiet"]):
        one_error(run(*command), f"{project / 'decks'}: no decks found (expected <family>/deck.yaml files)")
    shutil.rmtree(project / "decks")
    for command in (["validate"], ["build", "--output", str(tmp_path), "--quiet"], ["decks"]):
        one_error(run(*command), f"{project / 'decks'}: data folder not found")
    assert list(tmp_path.iterdir()) == [project]


def test_validate_refuses_folders_without_data_and_devices(tmp_path: Path):
    one_error(run("validate", str(tmp_path)), f"{tmp_path}: no .yaml files in this folder")
    start = time.perf_counter()
    one_error(run("validate", "/"), "/: more than 1000 .yaml files or 20000 entries to look through")
    assert time.perf_counter() - start < 5
    one_error(run("validate", "/dev/zero"), "/dev/zero: not a regular file")
    one_error(run("replay", "/dev/zero"), "/dev/zero: not a regular file")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["simulate", "toy", "--games", "x"], "Invalid value for '--games': 'x' is not a valid integer."),
        (["simulate"], "Missing argument 'GAME'."),
        (["--bogus"], "No such option '--bogus'."),
        (["nosuch"], "No such command 'nosuch'."),
        (["render", "cards", "mirror", "--png", "5"], "Invalid value for '--png'"),
        (["simulate", "toy", "--games", "100000000"], "--games 100000000: more than 10000000 games"),
        (["simulate", "toy", "--jobs", "2000", "--force-jobs"], "--jobs 2000: more than 256 workers"),
        (["simulate", "toy", "--option", "low_wins=1", "--option", "low_wins=0"], "option low_wins is given twice"),
        (["play", "toy", "--option", "low_wins=2"], "option low_wins: found '2' (expected true or false)"),
    ],
)
def test_usage_errors_are_one_line(toy_game: Game, args: list[str], message: str):
    one_error(run(*args), message)


def test_usage_errors_name_the_help_to_read():
    result = run("simulate", "toy", "--games", "x")
    assert result.stderr.strip().endswith("(see: deckgen simulate --help)")


@pytest.mark.parametrize(
    "args",
    [["simulate", "zoomies", "--players", "x"], ["simulate", "zoomies", "--jobs", "many"],
     ["simulate", "zoomies", "--bots", "random,"], ["play", "zoomies", "--option", "rounds"],
     ["simulate", "zoomies", "--games", "0"]],
)
def test_usage_errors_are_found_before_the_engines_load(args: list[str]):
    """In a fresh process: the error comes without importing any engine, so it is fast."""
    code = (
        "import atexit, sys\n"
        "atexit.register(lambda: print('engines loaded' if 'deckgen.games.base' in sys.modules else 'light'))\n"
        "from deckgen.cli import main\n"
        f"main({args!r})\n"
    )
    start = time.perf_counter()
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert done.returncode == 2 and done.stdout.strip() == "light", (done.stdout, done.stderr)
    assert len(done.stderr.splitlines()) == 1 and done.stderr.startswith("error: ")
    assert time.perf_counter() - start < 3


def test_jobs_above_the_cores_are_lowered_unless_forced(toy_game: Game):
    args = ("simulate", "toy", "--players", "2", "--games", "50", "--json", "--no-progress")
    lowered = run(*args, "--jobs", "1000")
    assert lowered.exit_code == 0, lowered.output
    assert lowered.stderr == (f"note: --jobs 1000 lowered to {cores()}, the cores of this machine "
                              "(--force-jobs keeps it)\n")
    forced = run(*args, "--jobs", str(cores() + 1), "--force-jobs")
    assert forced.exit_code == 0 and forced.stderr == "" and forced.stdout == lowered.stdout


def test_float_options_refuse_nan_and_inf_and_int_options_word_their_bounds(tmp_path: Path):
    from deckgen.errors import BadOption
    from tests.model.test_rules import rules_data, write
    from deckgen.model.rules import load_rules_file

    data = rules_data()
    data["options"]["rounds"] = {"type": "int", "default": 3, "min": 1, "max": 9, "description": "Rounds."}
    rules = load_rules_file(write(tmp_path, data))
    cases = {
        "rate=nan": "game toy: option rate: nan is not a finite number (expected a number)",
        "rate=inf": "game toy: option rate: inf is not a finite number (expected a number)",
        "rate=-infinity": "game toy: option rate: -inf is not a finite number (expected a number)",
        "rate=half": "game toy: option rate: found 'half' (expected a number)",
        "rounds=0": "game toy: option rounds: 0 is below the minimum 1",
        "rounds=1e9": "game toy: option rounds: found '1e9' (expected a whole number)",
        "rounds=2.5": "game toy: option rounds: found '2.5' (expected a whole number)",
        "rounds=" + "9" * 5000: "game toy: option rounds: found '99999999999999999999999999999999999...' "
                                "(expected a whole number)",
    }
    for pair, message in cases.items():
        key, _, value = pair.partition("=")
        with pytest.raises(BadOption) as info:
            rules.for_play().resolve_options({key: value})
        assert info.value.problems == [message]
    with pytest.raises(BadOption) as info:  # as a log header may give it
        rules.for_play().resolve_options({"rate": 10**400, "rounds": True})
    assert info.value.problems == ["game toy: option rate: a very large number is above the maximum 1",
                                   "game toy: option rounds: found true (expected a whole number)"]


def test_a_non_finite_option_never_reaches_a_log(tmp_path: Path):
    log = tmp_path / "game.jsonl"
    for value in ("nan", "inf"):
        result = run("play", "mirrorquest", "--players", "4", "--option", f"call_miss_rate={value}", "--log", str(log))
        one_error(result, f"game mirrorquest: option call_miss_rate: {value} is not a finite number (expected a number)")
    assert not log.exists()
