"""Hand-written engines built again from the engine cache: the same engine as one built from
its files, and a command that finds its game cached loads neither pydantic nor PyYAML."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

from deckgen import project
from deckgen.games import engine_cache
from deckgen.games.registry import get_game
from deckgen.model.play_rules import GameData

GAME = "mystique-chain"


def rule_file(game_id: str) -> Path:
    return project.current().rule_files()[game_id]


def test_a_cached_engine_plays_as_the_one_built_from_its_files() -> None:
    built = get_game(GAME)
    cached = engine_cache.load(rule_file(GAME))
    assert cached is not None, "the shipped files are old enough to be cached"
    engine_id, data = cached
    again = get_game(GAME)
    assert engine_id == GAME and type(again) is type(built)
    assert (data.rules, data.params, data.deck) == (built.rules, built.params, built.deck)
    for seed in range(5):
        first = built.new_game(2, random.Random(seed), built.rules.resolve_options())
        second = again.new_game(2, random.Random(seed), again.rules.resolve_options())
        assert first.card_zones() == second.card_zones()


def test_an_entry_names_every_file_the_engine_was_built_from() -> None:
    game = get_game("zoomies")
    files = engine_cache.inputs(rule_file("zoomies"), type(game), GameData(game.rules, game.params, game.deck))
    names = {path.name for path in files}
    assert rule_file("zoomies").resolve() in files and game.deck.path.resolve() in files
    assert {"play_rules.py", "deck_data.py", "rules.py", "params.py"} <= names


def test_a_command_on_a_cached_game_loads_no_schema_library(tmp_path: Path) -> None:
    script = ("import sys\n"
              "from deckgen.games.registry import get_game\n"
              f"game = get_game({GAME!r})\n"
              "print(sorted(m for m in ('pydantic', 'yaml') if m in sys.modules))\n")
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path)}
    first = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    again = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, env=env)
    assert first.stdout.strip() == "['pydantic', 'yaml']"
    assert again.stdout.strip() == "[]"
