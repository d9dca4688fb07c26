"""A designer's own engine: `decks/<deck>/games/<game>.py` beside the project's rule file.

It runs from the file's text as a module (nothing to build or install), under a name no
import statement can spell, so it never clashes with deckgen's modules. Only the current
project's own rule files look for one, and only the file beside them named after the game:
shipped data and every other `.py` file are never run. What the file defines is checked by
`deckgen.games.registry` (which engine class it holds); this module only finds, confines and
runs the file, and turns what its code raises into one line naming the file and the line.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from types import ModuleType

from deckgen import project
from deckgen.digest import sha256
from deckgen.errors import DataError
from deckgen.fileio import contained, one_line, read_limited, shown_path
from deckgen.model.play_rules import PlayRules

#: Module names of project engines start so: a space and a colon, which no import can spell.
MODULE_PREFIX = "deckgen project engine:"

#: The largest engine file read (a game engine is a few hundred lines).
MAX_ENGINE_BYTES = 1_000_000

_modules: dict[Path, ModuleType] = {}


def module_name(full: Path) -> str:
    """The module name of the engine file at `full` (resolved): the prefix, the game id and a
    digest of the path, which keeps two projects' engines of one game apart. No dot: pickle
    finds a class by importing its module's name, whose part before a dot is not a module
    (the engine cache keeps params of a class the file defines)."""
    return f"{MODULE_PREFIX}{full.stem} {sha256(str(full).encode()).hexdigest()[:16]}"


def engine_path(rules: PlayRules) -> Path | None:
    """The engine file these rules would load, `<game>.py` beside their rule file, when the
    rules are the current project's own and the file (or a link of that name) exists."""
    return engine_beside(rules.path, rules.id)


def engine_beside(rule_file: Path, game_id: str | None = None) -> Path | None:
    """The engine file beside a rule file of the current project (`<game>.py`, the game's id
    being the rule file's name unless given), if the file (or a link of that name) exists."""
    current = project.current()
    if current.root is None or not current.owns(rule_file):
        return None
    path = rule_file.parent / f"{game_id or rule_file.stem}.py"
    return path if os.path.lexists(path) else None


def code_line(path: Path, exc: BaseException) -> str:
    """What the engine file's code raised, as `file: line N: Kind: message`."""
    return f"{shown_path(path)}: {raised_at(path, exc)}"


def raised_at(path: Path, exc: BaseException) -> str:
    """An exception as `line N: Kind: message`, N the last line of the engine file it passed
    through (no line when it never reached the file's code)."""
    if isinstance(exc, SyntaxError) and exc.filename is not None and Path(exc.filename) == path.resolve():
        return f"line {exc.lineno}: syntax error: {one_line(exc.msg)}"
    import traceback  # here: it loads textwrap and more, and only a failing engine file needs it

    target = str(path.resolve())
    lines = [frame.lineno for frame in traceback.extract_tb(exc.__traceback__) if frame.filename == target]
    return f"{f'line {lines[-1]}: ' if lines else ''}{type(exc).__name__}: {one_line(str(exc))}"


def load_module(path: Path) -> ModuleType:
    """The engine file run as a module (once per project: `project.on_change` forgets it). A
    file leading outside the project, or that raises while it loads, is a DataError of one
    line naming it. It is compiled from its text, read as every input is: no bytecode is
    read from or written beside it."""
    root = project.current().root
    assert root is not None, "only a project's rule files have engine files"
    full = contained(path, [root], DataError,
                     advice="an engine is run only from the project's own games folder; copy the file into it")
    if full in _modules:
        return _modules[full]
    source = read_limited(path, MAX_ENGINE_BYTES, "a Python engine file", DataError, within=[root])
    module = ModuleType(module_name(full))
    module.__file__ = str(full)
    sys.modules[module.__name__] = module  # dataclasses and pickling look their module up by name
    try:
        exec(compile(source, str(full), "exec", dont_inherit=True), module.__dict__)  # noqa: S102 (the designer's engine)
    except Exception as exc:  # noqa: BLE001 (the designer's code may raise anything)
        del sys.modules[module.__name__]
        raise DataError(code_line(path, exc) + " (while loading the engine)") from None
    _modules[full] = module
    return module


def _forget() -> None:
    for module in _modules.values():
        sys.modules.pop(module.__name__, None)
    _modules.clear()


project.on_change(_forget)
