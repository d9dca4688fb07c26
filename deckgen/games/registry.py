"""The registry of games: which engine plays a game id, found among the hand-written engines,
the engine built from a rule file's description, and a project's own engine file.

Engines register themselves on import; playing one game imports only its engine, listing every
game imports them all.
"""

from __future__ import annotations

import importlib
import inspect
import time
from pathlib import Path

from deckgen import project
from deckgen.errors import DataError, UnknownName
from deckgen.fileio import shown_path
from deckgen.games import engine_cache, project_code
from deckgen.games.base import Game
from deckgen.model.play_rules import PlayRules

__all__ = ["engine_class", "game_classes", "get_game", "import_named", "project_engine", "register",
           "register_described"]

_GAME_CLASSES: dict[str, type[Game]] = {}


_DESCRIBED: list[type[Game]] = []


def register_described(cls: type[Game]) -> None:
    """Name the engine built from a rule file's `play` section: every game whose rules
    describe play gets it (`deckgen.games.described` registers itself)."""
    _DESCRIBED[:] = [cls]


def register(cls: type[Game]) -> type[Game]:
    """Make a game findable by its rules id (and the rules' aliases). Engines call it after
    their class rather than as a decorator: mypyc (setup.py) compiles a decorated class as a
    plain Python class, which may not inherit from the compiled Game."""
    _GAME_CLASSES[cls.id] = cls
    return cls


def _import_game_modules() -> None:
    import pkgutil  # here: a command whose engine is cached never lists the engines

    import deckgen.games as package

    for info in pkgutil.iter_modules(package.__path__):
        # not base, the kit, the registry, how engines are built and cached, or the compiled
        # library (_compiled__mypyc, setup.py)
        if info.name not in ("base", "kit", "registry", "building", "engine_cache") and not info.name.startswith("_"):
            importlib.import_module(f"deckgen.games.{info.name}")


_imported = False


def game_classes() -> dict[str, type[Game]]:
    """Every game with an engine by id: the hand-written ones and every game whose rule file
    describes play. The engine modules are all imported on the first call, whatever some of
    them registered already (an import of one engine registers only it)."""
    from deckgen.model.rules import all_play_rules  # the schema library: only when every game is listed

    _import_all()
    every = [rules.for_play() for rules in all_play_rules().values()]
    found = {rules.id: engine_class(rules) for rules in every
             if rules.play is not None or project_code.engine_path(rules) is not None}
    return {**_GAME_CLASSES, **{game_id: cls for game_id, cls in found.items() if cls is not None}}


def _import_all() -> None:
    global _imported
    if not _imported:
        _imported = True
        _import_game_modules()


def engine_class(rules: PlayRules) -> type[Game] | None:
    """The engine that plays these rules: built from their description (only that engine's
    package is imported, so a described game loads quickly), the project's own engine file
    beside their rule file, or hand-written."""
    path = project_code.engine_path(rules)
    if path is not None:
        return project_engine(rules, path)
    if rules.play is not None:
        return _described_class()
    return _hand_written(rules.id)


def _described_class() -> type[Game]:
    """The engine of every game whose rules describe play (its package imported on first use)."""
    if not _DESCRIBED:
        importlib.import_module("deckgen.games.described")
    return _DESCRIBED[0]


def _import_engine_of(game_id: str) -> None:
    """Import the engine module named after the game (mystique-chain: games/mystique_chain),
    so that playing one game loads one engine; every engine module when no module has that
    name or it registers another game."""
    import_named("deckgen.games", game_id)
    if game_id not in _GAME_CLASSES:
        _import_all()


def import_named(package: str, game_id: str) -> None:
    """Import the module of `package` named after a game (mystique-chain: mystique_chain), if
    there is one; one that is there but fails to import is still an error."""
    module = f"{package}.{game_id.replace('-', '_')}"
    try:
        importlib.import_module(module)
    except ModuleNotFoundError as error:
        if error.name != module:
            raise


def project_engine(rules: PlayRules, path: Path) -> type[Game]:
    """The engine class a project's engine file defines for these rules: the one `Game`
    subclass of the file whose `id` is the rule file's. A rule file that also describes play
    is refused (one game, one engine)."""
    if rules.play is not None:
        raise DataError(f"{shown_path(path)}: {shown_path(rules.path.name)} describes play too (keep one engine: "
                        "remove its play: section or this file)")
    module = project_code.load_module(path)
    classes = [value for value in vars(module).values() if isinstance(value, type) and issubclass(value, Game)
               and getattr(value, "__module__", None) == module.__name__ and not inspect.isabstract(value)]
    mine = [cls for cls in classes if getattr(cls, "id", None) == rules.id]
    if len(mine) != 1:
        defined = ", ".join(f"{cls.__name__} (id {getattr(cls, 'id', None)!r})" for cls in classes) or "none"
        raise DataError(f"{shown_path(path)}: expected one Game subclass with id = {rules.id!r}, the rule file's id "
                        f"(found: {defined})")
    return mine[0]


def get_game(name: str) -> Game:
    """The engine for a game id or alias, with its rules loaded (their text unfilled: no
    engine reads it). An engine whose files did not change since a command built it is built
    again from the engine cache, without reading or validating them (a described game from
    its checked program)."""
    path = project.current().rule_files().get(name)
    game = _from_cache(path) if path is not None else None
    return game if game is not None else _built(name, path)


def _from_cache(path: Path) -> Game | None:
    """The engine of the rule file at `path` built from its cached data, or None when there
    is none or it is stale. A project's engine file runs first, every time (the cached params
    may be of a class it defines); one that fails is left to the build from the files, which
    reports the rule file's problems before it."""
    own = project_code.engine_beside(path)
    if own is not None:
        try:
            project_code.load_module(own)
        except DataError:
            return None
    cached = engine_cache.load(path)
    if cached is None:
        return None
    engine_id, data = cached
    if own is not None:
        cls: type[Game] | None = project_engine(data.rules, own)
    elif data.rules.play is not None:
        cls = _described_class()
    else:
        cls = _hand_written(engine_id)
    return cls(data) if cls is not None else None


def _hand_written(game_id: str) -> type[Game] | None:
    if game_id not in _GAME_CLASSES:
        _import_engine_of(game_id)
    return _GAME_CLASSES.get(game_id)


def _built(name: str, path: Path | None) -> Game:
    """The engine for a game id or alias built from its validated rule file; its data is
    cached for the next command, under its file's `path` (None: an alias)."""
    from deckgen.games.building import game_data  # the schema library: only when files changed
    from deckgen.model.rules import load_play_rules

    started = time.time_ns()
    rules = load_play_rules(name)
    cls = engine_class(rules.for_play())
    if cls is None:
        raise UnknownName(f"{rules.id} has rules but no engine: deckgen can print its booklet and quick reference "
                          "but cannot play it (describe play in its play: section, or write the engine in Python "
                          f"beside it as {rules.id}.py: docs/rules-format.md, 'A description or an engine?')")
    data = game_data(cls, rules)
    game = cls(data)
    if path is not None:
        engine_cache.store(path, game, started)
    return game
