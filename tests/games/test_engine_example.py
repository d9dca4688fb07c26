"""The worked example of docs/engine.md as a designer uses it: copied into a fresh
`deckgen init` project, it validates, simulates, plays, replays and builds; broken copies of
it (a lost card, an illegal move, a leaking observation, a crash) get one line each from
`deckgen validate`, naming the file."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.games.engine_example import GAMES, example_files, example_project, run

ENGINE = GAMES / "sky-climb.py"


@pytest.fixture
def here(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    monkeypatch.chdir(tmp_path)
    return tmp_path


def ok(*args: str) -> str:
    result = run(*args)
    assert result.exit_code == 0, result.output
    return result.output


def test_the_example_validates_simulates_plays_replays_and_builds(here: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    example_project(here / "game")
    monkeypatch.chdir(here / "game")
    (here / "game" / GAMES / "comet-chase.yaml").unlink()  # the build makes only the example's outputs
    assert ok("validate") == "ok: 2 file(s) valid\n"
    assert ok("validate", str(ENGINE)) == "ok: 1 file(s) valid\n"  # the engine file stands for its game
    runs = json.loads(ok("simulate", "sky-climb", "--players", "2-4", "--games", "12", "--jobs", "1", "--json"))
    assert [r["players"] for r in runs] == [2, 3, 4]
    assert all(r["finished"] == r["games"] == 12 for r in runs)
    played = ok("play", "sky-climb", "--players", "3", "--log", "one.jsonl")
    replayed = ok("replay", "one.jsonl")
    ends = [[line for line in text.splitlines() if line.startswith("result: ")] for text in (played, replayed)]
    assert ends[0] == ends[1] and len(ends[0]) == 1 and "wins after" in ends[0][0]
    ok("build", "--sim-games", "20", "--precision", "0", "--jobs", "1", "--quiet")
    fairness = json.loads((here / "game" / "output" / "sky" / "sky-climb-fairness.json").read_text())
    assert [r["players"] for r in fairness["report"]] == [2, 3, 4] and fairness["greedy_vs_random"] is None
    assert (here / "game" / "output" / "sky" / "sky-climb-rules.pdf").is_file()


BROKEN = {
    "a lost card": ("                self.discard.extend(self.table)\n",
                    "                self.discard.extend(self.table[1:])\n",
                    r"2 players, game 0, turn \d+: cards lost or duplicated: [a-z]+-\d lost"),
    "an illegal move": ("    def result(self) -> Result:",
                        "    def random_move(self, rng: random.Random) -> Move:\n"
                        "        return (rng.choice(self.hands[self.current_player]),)\n\n"
                        "    def result(self) -> Result:",
                        r"2 players, game 0, turn \d+: seat \d chose \(\d+,\), which is not one of its legal moves"),
    "a leaking observation": ('"discard": ids(self.discard),', '"discard": ids(self.discard + self.removed),',
                              r"2 players, game 0, turn 0: seat 0's observation shows cards hidden from it: .+"),
    "a crash": ("            self.hands[seat].remove(move[0])\n",
                "            self.hands[seat].remove(move[0])\n"
                "            assert len(self.table) < 3 or self.n_players > 2, 'too high'\n",
                r"2 players, (game \d|determinize): line \d+: AssertionError: too high"),
}


@pytest.mark.parametrize("broken", BROKEN)
def test_validate_says_what_a_broken_engine_breaks_in_one_line(here: Path, monkeypatch: pytest.MonkeyPatch,
                                                               broken: str) -> None:
    good, bad, expected = BROKEN[broken]
    engine = example_files()["sky-climb.py"]
    assert good in engine
    example_project(here / "game", engine.replace(good, bad, 1))
    monkeypatch.chdir(here / "game")
    result = run("validate")
    assert result.exit_code == 2 and "Traceback" not in result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1, lines
    assert re.fullmatch(f"error: {ENGINE}: {expected}", lines[0]), lines[0]
