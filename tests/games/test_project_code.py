"""A project's own Python engine (`decks/<deck>/games/<game>.py`): loaded from that file
only, under a module name deckgen's cannot take, and refused in one line when it leads out
of the project or raises while it loads."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from deckgen import project
from deckgen.games import project_code
from deckgen.games.registry import engine_class, get_game
from deckgen.model.rules import load_play_rules
from deckgen.sim.inputs import GameSpec
from deckgen.sim.store import game_inputs
from tests.games.engine_example import GAMES, example_files, example_project, run

#: An engine file that leaves a mark when it runs (it must not).
MARKING = "from pathlib import Path\nPath({mark!r}).write_text('ran')\n"


@pytest.fixture
def games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The games folder of a fresh project holding the docs' example; the project is current."""
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    folder = example_project(tmp_path / "game")
    monkeypatch.chdir(tmp_path / "game")
    project.use(project.find_project(Path.cwd()))
    return folder


def one_error(args: tuple[str, ...], expected: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [f"error: {expected}"] and "Traceback" not in result.output


def test_the_engine_file_is_the_game_under_its_rule_file_id(games: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The file's one Game subclass with the rule file's id is the game, run from the file's
    text under a name no import can spell: nothing (no bytecode) is written beside it."""
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    game = get_game("sky-climb")
    assert sorted(p.name for p in games.iterdir()) == ["comet-chase.yaml", "sky-climb.py", "sky-climb.yaml"]
    assert type(game).__module__.startswith(project_code.MODULE_PREFIX)
    assert not type(game).__module__.isidentifier()  # no import statement can name it
    assert engine_class(game.rules) is type(game)
    state = game.new_game(3, random.Random(1), game.rules.resolve_options())
    assert sum(len(cards) for cards in state.card_zones().values()) == game.cards.size == 20


def test_only_the_file_beside_the_rule_file_runs(games: Path, tmp_path: Path) -> None:
    """A .py file elsewhere in the project, or named after no game, is never run: a game
    looks for its engine file only beside its rule file."""
    mark = tmp_path / "ran.txt"
    (games / "sky-climb.py").unlink()
    for stray in (games.parent / "sky-climb.py", games.parents[2] / "games" / "sky-climb.py",
                  games / "other.py", games.parent / "layouts" / "sky-climb.py"):
        stray.parent.mkdir(parents=True, exist_ok=True)
        stray.write_text(MARKING.format(mark=str(mark)))
    assert project_code.engine_path(get_game("comet-chase").rules) is None
    assert project_code.engine_path(load_play_rules("sky-climb").for_play()) is None
    assert not mark.exists()


def test_shipped_rules_never_look_for_an_engine_file(games: Path) -> None:
    """Only the current project's rule files: shipped ones, in a project or not, never do."""
    assert project_code.engine_path(get_game("mismatch").rules) is None
    project.use(project.Project(None))
    assert project_code.engine_path(get_game("mystique").rules) is None


def test_a_linked_engine_file_leading_outside_is_refused_unrun(games: Path, tmp_path: Path) -> None:
    mark = tmp_path / "ran.txt"
    outside = tmp_path / "outside.py"
    outside.write_text(MARKING.format(mark=str(mark)) + example_files()["sky-climb.py"])
    (games / "sky-climb.py").unlink()
    (games / "sky-climb.py").symlink_to(outside)
    shown = GAMES / "sky-climb.py"
    for args in (("simulate", "sky-climb", "--games", "5"), ("validate",)):
        one_error(args, f"{shown}: leads outside the project folder {Path.cwd()} through a link (an engine is run "
                        "only from the project's own games folder; copy the file into it)")
    assert not mark.exists()


@pytest.mark.parametrize(("code", "expected"), [
    ("x = 1\ndef broken(:\n", "line 2: syntax error: invalid syntax"),
    ("x = 1\n\nvalue = 1 / 0\n", "line 3: ZeroDivisionError: division by zero (while loading the engine)"),
    ("from deckgen.games.base import NoSuchName\n",
     "line 1: ImportError: cannot import name 'NoSuchName' from 'deckgen.games.base'"),
])
def test_an_engine_file_that_raises_while_loading_is_one_line(games: Path, code: str, expected: str) -> None:
    (games / "sky-climb.py").write_text(code)
    for args in (("play", "sky-climb"), ("validate",)):
        result = run(*args)
        assert result.exit_code == 2 and "Traceback" not in result.output
        assert result.stderr.startswith(f"error: {GAMES / 'sky-climb.py'}: {expected}"), result.stderr


def test_an_engine_file_must_define_the_rule_files_game(games: Path) -> None:
    engine = example_files()["sky-climb.py"].replace('id = "sky-climb"', 'id = "sky-clamber"')
    (games / "sky-climb.py").write_text(engine)
    one_error(("play", "sky-climb"), f"{GAMES / 'sky-climb.py'}: expected one Game subclass with id = 'sky-climb', "
                                     "the rule file's id (found: SkyClimb (id 'sky-clamber'))")


def test_a_rule_file_with_play_and_an_engine_file_is_refused(games: Path) -> None:
    (games / "comet-chase.py").write_text(example_files()["sky-climb.py"])
    one_error(("play", "comet-chase"), f"{GAMES / 'comet-chase.py'}: comet-chase.yaml describes play too "
                                       "(keep one engine: remove its play: section or this file)")


def test_stored_results_of_an_engine_file_are_not_reused_once_it_changes(games: Path) -> None:
    """The results store and cluster workers key a game's results by its rule file and, for a
    project engine, by its engine file too."""
    before = game_inputs(get_game("sky-climb"))
    (games / "sky-climb.py").write_text(example_files()["sky-climb.py"] + "\n# a change\n")
    project.forget_loaded()
    after = game_inputs(get_game("sky-climb"))
    assert after["rules_hash"] != before["rules_hash"] and after["code_hash"] == before["code_hash"]
    assert GameSpec.of(get_game("sky-climb")).rules_hash == after["rules_hash"]
