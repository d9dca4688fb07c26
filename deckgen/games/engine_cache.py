"""Engines built again from cached data (`deckgen.model.data_cache`): the checked rules, params
and deck an engine was built from (a described game's with its checked program), kept with the
files they came from (the rule file, the deck's folder, deckgen's data model, the engine's
params and a project's engine file), so that a command about a game whose files did not change
builds its engine without PyYAML, pydantic or the expression parser."""

from __future__ import annotations

import sys
from pathlib import Path

from deckgen.games import project_code
from deckgen.games.base import Game
from deckgen.model import data_cache
from deckgen.model.play_rules import GameData

KIND = "engine"
#: deckgen's data model: an edit to it (a field added) changes what the cached data means.
MODEL_FOLDER = Path(data_cache.__file__).resolve().parent


def _key(rules_path: Path) -> str:
    return str(rules_path.resolve())


def inputs(rules_path: Path, engine: type[Game], data: GameData) -> list[Path]:
    """The files an engine's data is made from, whose change makes its entry stale: with the
    rules, deck and data model, the module of the engine's params and a project's engine file
    (which checks the data in its own way, and may take its params from elsewhere)."""
    deck_folder = data.deck.path.resolve().parent
    code = [engine.Params, *([engine] if engine.__module__.startswith(project_code.MODULE_PREFIX) else [])]
    files = [getattr(sys.modules.get(cls.__module__), "__file__", None) for cls in code]
    return [rules_path.resolve(), *sorted(p for p in deck_folder.iterdir() if p.is_file()),
            *sorted(MODEL_FOLDER.glob("*.py")), *(Path(file) for file in dict.fromkeys(files) if file)]


def load(rules_path: Path) -> tuple[str, GameData] | None:
    """The engine id and data cached for the rule file at `rules_path`, if still current."""
    found = data_cache.read(KIND, _key(rules_path))
    return found if isinstance(found, tuple) and len(found) == 2 and isinstance(found[1], GameData) else None


def store(rules_path: Path, game: Game, started_ns: int) -> None:
    """Keep what `game` can be built again from (`Game.kept_data`)."""
    kept = game.kept_data()
    data_cache.write(KIND, _key(rules_path), (game.id, kept), inputs(rules_path, type(game), kept), started_ns)
