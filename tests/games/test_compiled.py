"""The engines setup.py compiles with mypyc: built, current, and playing the same games as
the pure-Python source they come from."""

from __future__ import annotations

import hashlib
import importlib
import os
import pkgutil
from pathlib import Path
from types import ModuleType

import pytest

import deckgen.games
from deckgen.games.base import get_game, play_game
from deckgen.sim.runner import play_range

#: Every module setup.py compiles: those of deckgen/games/ not named with a leading underscore.
COMPILED_MODULES: tuple[ModuleType, ...] = tuple(
    importlib.import_module(f"deckgen.games.{info.name}")
    for info in pkgutil.iter_modules(deckgen.games.__path__)
    if not info.name.startswith("_")
)

#: sha256 of `seeded_games_text(game)` as the pure-Python engines play them (a build with
#: DECKGEN_PURE_PYTHON=1). Change one only with a deliberate change to that game's rules or to
#: how its chance or random moves are drawn.
PURE_PYTHON_DIGESTS = {
    "mirrorquest": "5c1932907f90bbc3ec2f823d5b55967e98366fe94f50ab4b31c7e132a7914011",
    "mismatch": "76632c28a9bf73b94b18d6ce70f07626b3c64d0a7adfda5a6506e29e6e800977",
    "mystique": "1e8fd250fa372272cf9eab7247420712b4ec57adb0bdb169021d0bfce15ac771",
    "smoke-and-mirrors": "573241564032d22f1f3360f56621dbe3ade1004392c5577ffc74c1608d722072",
    "zoomies": "59613a902845f8f2c67b49f0483e977ecc16393d9705793c355f722bc9b49680",
}


def seeded_games_text(game_id: str) -> str:
    """Records of seeded random games at every player count, of greedy games, and the chance
    events and result of one recorded game, as text."""
    game = get_game(game_id)
    options = game.rules.resolve_options({})
    players = range(game.rules.players.min, game.rules.players.max + 1)
    lines = []
    for n in players:
        lines += map(repr, play_range(game, n, ("random",) * n, options, 7, 0, 30))
    if "greedy" in game.bots:
        lines += map(repr, play_range(game, players[0], ("greedy",) * players[0], options, 7, 0, 10))
    recorded = play_game(game, players[-1], ["random"] * players[-1], 7, 3, options, record=True)
    lines += map(repr, recorded.events or [])
    lines.append(repr(recorded.result()))
    return "\n".join(lines)


@pytest.mark.skipif(os.environ.get("DECKGEN_PURE_PYTHON") == "1", reason="built as pure Python on request")
@pytest.mark.parametrize("module", COMPILED_MODULES, ids=lambda m: m.__name__)
def test_the_module_is_compiled_and_newer_than_its_source(module: ModuleType) -> None:
    built = Path(module.__file__ or "")
    assert built.suffix == ".so", f"{module.__name__} runs as pure Python: its mypyc build failed (see pip's output)"
    source = built.with_name(module.__name__.rpartition(".")[2] + ".py")
    assert built.stat().st_mtime >= source.stat().st_mtime, f"{built.name} is older than {source.name}: run make"


@pytest.mark.parametrize("game_id", sorted(PURE_PYTHON_DIGESTS))
def test_seeded_games_are_those_of_the_pure_python_engine(game_id: str) -> None:
    digest = hashlib.sha256(seeded_games_text(game_id).encode()).hexdigest()
    assert digest == PURE_PYTHON_DIGESTS[game_id]
