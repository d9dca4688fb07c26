"""A project's own engine file and the engine cache: the checked rules, params and deck it is
built from are kept like any engine's (a command finding them loads neither pydantic nor
PyYAML), while the file itself runs every time, and an edit to it or to its rule file builds
the engine from the files again. Each command is a new process, as a designer's are."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fresh_process import python_output, settled
from tests.games.engine_example import GAMES, example_project

#: A command in the project: its engine's params (or its error) and the schema libraries it loaded.
COMMAND = """
import sys
from pathlib import Path
from deckgen import project
from deckgen.errors import DeckgenError
from deckgen.games.registry import get_game
project.use(project.find_project(Path.cwd()))
try:
    game = get_game("sky-climb")
except DeckgenError as error:
    print("error:", *error.problems)
else:
    print(game.params, *sorted(name for name in ("pydantic", "yaml") if name in sys.modules))
"""


def aged(folder: Path) -> None:
    """Every file under `folder` settled (`fresh_process.settled`), as a designer's are."""
    settled(*folder.rglob("*"))


@pytest.fixture
def project_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh project holding the docs' Sky Climb, its files old enough to be cached; the
    working folder."""
    folder = tmp_path / "game"
    example_project(folder)
    aged(folder)
    monkeypatch.chdir(folder)
    return folder


def command(cache: Path) -> str:
    return python_output(COMMAND, cache)


def test_a_project_engines_data_is_cached(project_folder: Path, tmp_path: Path) -> None:
    first, again = command(tmp_path / "cache"), command(tmp_path / "cache")
    assert first == "SkyClimbParams(comet_value=7) pydantic yaml"
    assert again == "SkyClimbParams(comet_value=7)"


def test_an_edited_engine_file_is_checked_again(project_folder: Path, tmp_path: Path) -> None:
    """The engine file defines the params' bounds: a cached entry would hide a rule file that
    no longer meets them."""
    command(tmp_path / "cache")
    engine = project_folder / GAMES / "sky-climb.py"
    engine.write_text(engine.read_text().replace("bounded(ge=1)", "bounded(ge=8)"))
    aged(project_folder)
    assert command(tmp_path / "cache") == ("error: decks/sky/games/sky-climb.yaml: params.comet_value: 7 is below "
                                           "the minimum 8")


def test_an_edited_rule_file_is_read_again(project_folder: Path, tmp_path: Path) -> None:
    command(tmp_path / "cache")
    rules = project_folder / GAMES / "sky-climb.yaml"
    rules.write_text(rules.read_text().replace("comet_value: 7 ", "comet_value: 9 "))
    aged(project_folder)
    assert command(tmp_path / "cache") == "SkyClimbParams(comet_value=9) pydantic yaml"
    assert command(tmp_path / "cache") == "SkyClimbParams(comet_value=9)"


def test_a_removed_engine_file_leaves_the_game_without_an_engine(project_folder: Path, tmp_path: Path) -> None:
    command(tmp_path / "cache")
    (project_folder / GAMES / "sky-climb.py").unlink()
    assert command(tmp_path / "cache").startswith("error: sky-climb has rules but no engine")
