"""The engines setup.py compiles with mypyc: every module under deckgen/games/ but those named
with a leading underscore is in the compiled cache and, its source unchanged since, runs
compiled. That the compiled engines play the same games as their pure-Python source is pinned
by the golden transcripts (test_golden.py), which both builds must reproduce; that an edited
engine runs from its source is tests/test_stale_code.py."""

from __future__ import annotations

import importlib
import os
from pathlib import Path

import pytest

import deckgen.games
from deckgen.compiled import FOLDER, PURE_PYTHON_VARIABLE, read_manifest
from deckgen.errors import DataError

GAMES_DIR = Path(deckgen.games.__file__).parent
pure_python = pytest.mark.skipif(os.environ.get(PURE_PYTHON_VARIABLE) == "1", reason="pure Python asked for")


#: What setup.py leaves interpreted (its INTERPRETED): the engines' params, the hand-written
#: engines' move notations (but the described engine's, whose decoding its buys call as they
#: are played), the registry, the loader of a project's engines, and the engine builder and cache.
INTERPRETED = ("params.py", "notation/*.py", "registry.py", "project_code.py", "building.py", "engine_cache.py")
COMPILED_ANYWAY = "notation/described.py"


def compiled_module_names() -> list[str]:
    """Every module setup.py compiles: those under deckgen/games/ not named with a leading
    underscore (so not __init__), as setup.py finds them, but the INTERPRETED ones."""
    root = GAMES_DIR.parent.parent
    return sorted(
        ".".join(path.relative_to(root).with_suffix("").parts)
        for path in GAMES_DIR.rglob("[!_]*.py")
        if path.relative_to(GAMES_DIR).match(COMPILED_ANYWAY)
        or not any(map(path.relative_to(GAMES_DIR).match, INTERPRETED))
    )


@pure_python
def test_the_cache_holds_every_module_to_compile() -> None:
    groups = read_manifest(GAMES_DIR)
    assert groups is not None, "the engines are not compiled (see the compile's output): run make"
    assert sorted(module for group in groups.values() for module in group["modules"]) == compiled_module_names()


@pure_python
@pytest.mark.parametrize("name", compiled_module_names())
def test_the_module_runs_compiled(name: str) -> None:
    module = importlib.import_module(name)
    origin = module.__spec__.origin if module.__spec__ is not None else None
    # (mypyc names a module its library imports by a path of its own, but under the folder)
    assert origin is not None and GAMES_DIR / FOLDER in Path(origin).parents, (
        f"{name} runs from its source: it was not compiled, or it (or a module it imports) was edited since: run make")


@pytest.mark.parametrize("field", ["number_line", "colour_line"])
def test_params_check_their_items_compiled_or_not(field: str) -> None:
    """The engines' params stay interpreted (setup.py), so pydantic checks a list's items in
    both builds: compiled, bare `list` annotations let strings through as numbers."""
    from deckgen.games.mystique_maze.params import MazeParams
    from deckgen.model.records import validate_record

    good = {"colour_line": ["red", "blue"], "suit_line": ["moons", "suns"], "number_line": [1, 2],
            "corners": [["a", "b"], ["c", "d"]], "turn_direction": 1, "first_seat": 0}
    assert validate_record(MazeParams, good, Path("maze.yaml")).number_line == [1, 2]
    bad = {**good, field: ["x", "y"] if field == "number_line" else [1, 2]}
    with pytest.raises(DataError, match=f"maze.yaml: {field}.0: "):
        validate_record(MazeParams, bad, Path("maze.yaml"))
