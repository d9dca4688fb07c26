"""The engines setup.py compiles with mypyc: built and current. That the compiled engines play
the same games as their pure-Python source is pinned by the golden transcripts
(test_golden.py), which both builds must reproduce."""

from __future__ import annotations

import importlib
import os
import sysconfig
from pathlib import Path

import pytest

import deckgen.games

GAMES_DIR = Path(deckgen.games.__file__).parent


def compiled_module_names() -> list[str]:
    """Every module setup.py compiles: those under deckgen/games/ not named with a leading
    underscore (so not __init__), as setup.py finds them."""
    root = GAMES_DIR.parent.parent
    return sorted(
        ".".join(path.relative_to(root).with_suffix("").parts)
        for path in GAMES_DIR.rglob("[!_]*.py")
    )


@pytest.mark.skipif(os.environ.get("DECKGEN_PURE_PYTHON") == "1", reason="built as pure Python on request")
@pytest.mark.parametrize("name", compiled_module_names())
def test_the_module_is_compiled_and_newer_than_its_source(name: str) -> None:
    module = importlib.import_module(name)
    assert (module.__file__ or "").endswith(".so"), f"{name} runs as pure Python: its mypyc build failed (see pip's output)"
    # The built file next to its source (mypyc may give a module of a subpackage a wrong
    # __file__ when another compiled module imports it first, so that is not used).
    source = GAMES_DIR.parent.parent.joinpath(*name.split(".")).with_suffix(".py")
    built = source.with_name(source.stem + sysconfig.get_config_var("EXT_SUFFIX"))
    assert built.is_file(), f"{built} is missing: run make"
    assert built.stat().st_mtime >= source.stat().st_mtime, f"{built.name} is older than {source.name}: run make"
