"""The project a command works on: the designer's own folder, found by its marker file.

A project is a folder with a `deckgen.yaml` marker and the same shape as the shipped data
(`decks/<id>/deck.yaml`, `decks/<id>/games/<game>.yaml`, `art/`, `fonts/`) plus `output/`,
where everything is written. The shipped decks and games are one more source, always
available by id; a project deck or game with a shipped id is an error rather than a silent
shadow. Reads are confined to the project and the shipped data. The command line finds
the project once (`use(find_project(...))`); deep code asks `current()`.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

import os
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import NamedTuple

from deckgen import paths
from deckgen.errors import DataError
from deckgen.fileio import forget_resolved_folders, is_safe_id, shown_path
from deckgen.model import data_cache
from deckgen.paths import MARKER, marker_above

#: The data cache's kind for a project's checked name (`read_marker`).
MARKER_KIND = "project"


class Project(NamedTuple):
    """A designer's project (`root` holds the marker) or, with `root` None, only the shipped data."""

    root: Path | None
    name: str = ""

    def decks_dirs(self) -> list[Path]:
        """Where decks are found: the project's decks/ first, then the shipped data."""
        shipped = paths.require_decks_dir()
        own = [nearby(self.root / "decks")] if self.root is not None else []
        return [d for d in own if d.is_dir() and not _same(d, shipped)] + [shipped]

    def output_dir(self) -> Path:
        """DECKGEN_OUTPUT when set, else the project's output/, else ./output."""
        if self.root is None or "DECKGEN_OUTPUT" in os.environ:
            return paths.output_dir()
        return nearby(self.root / "output")

    def fonts_dir(self) -> Path:
        return (self.root or paths.PROJECT_ROOT) / "fonts"

    def art_dir(self) -> Path:
        return (self.root or paths.PROJECT_ROOT) / "art"

    def owns(self, path: Path) -> bool:
        """Whether a data file is the project's own (not shipped)."""
        return self.root is not None and path.absolute().is_relative_to(self.root)

    def deck_files(self) -> dict[str, Path]:
        """Every deck file by id; an id found twice is an error naming both files. A deck.yaml
        that is a folder or a link is listed too, so that reading it says what is wrong."""
        return _by_id((d / "deck.yaml" for root in self.decks_dirs() for d in sorted(root.iterdir())
                       if os.path.lexists(d / "deck.yaml")), "deck", lambda p: p.parent.name)

    def rule_files(self) -> dict[str, Path]:
        """Every game's rule file by game id (the file name); one id twice is an error, and so
        is a game left behind in a deck folder whose deck.yaml was removed."""
        files = [p for root in self.decks_dirs() for p in sorted(root.glob("*/games/*.yaml"))]
        orphans = [problem for problem in map(orphan_problem, files) if problem is not None]
        if orphans:
            raise DataError(*orphans)
        return _by_id(files, "game", lambda p: p.stem)

    def deck_file(self, name: str) -> Path | None:
        """The deck file a DECK argument names: a path to a deck folder or file when it
        looks like one (has a '/', ends in .yaml, is '.' or '..'), else a deck id (None if
        unknown)."""
        if looks_like_path(name):
            try:
                given = Path(name)
                path = given / "deck.yaml" if given.is_dir() else given
                return path if path.is_file() else None
            except (OSError, ValueError):  # a name the system refuses
                return None
        return self.deck_files().get(name)


def looks_like_path(name: str) -> bool:
    """Whether a DECK or GAME argument is a path rather than an id."""
    return name in (".", "..") or "/" in name or os.sep in name or name.endswith((".yaml", ".yml")) \
        or not is_safe_id(name)


def _same(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def orphan_problem(rule_file: Path) -> str | None:
    """The problem of a game left behind in a deck folder whose deck.yaml was removed."""
    if os.path.lexists(rule_file.parent.parent / "deck.yaml"):
        return None
    return (f"{shown_path(rule_file)}: its deck folder {shown_path(rule_file.parent.parent)} has no deck.yaml "
            "(remove the game with its deck, or put deck.yaml back)")


def _by_id(files: Iterable[Path], kind: str, id_of: Callable[[Path], str]) -> dict[str, Path]:
    """Files by id, the project's listed before the shipped ones; an id found again is a
    problem named at the file found first (the project's, which the designer can rename)."""
    found: dict[str, Path] = {}
    problems = []
    for path in files:
        key = id_of(path)
        if key in found:
            shipped = _same(path.parents[2 if kind == "game" else 1], paths.require_decks_dir())
            other = f"a {kind} deckgen ships ({shown_path(path)})" if shipped else shown_path(path)
            problems.append(f"{shown_path(found[key])}: {kind} id {key!r} is also {other} "
                            f"(rename {'yours' if shipped else 'one'}: every {kind} needs its own id)")
            continue
        found[key] = path
    if problems:
        raise DataError(*problems)
    return found


def nearby(path: Path) -> Path:
    """`path` relative to the current folder when it lies inside it (shorter messages)."""
    try:
        return path.relative_to(Path.cwd())
    except (ValueError, OSError):
        return path


def read_marker(marker: Path) -> Project:
    """The project a marker file makes: `name: ...` (and nothing else). The checked name is
    kept in the data cache: reading the file loads PyYAML and pydantic, a tenth of a CPU
    second of every command run in a project, whose marker hardly ever changes."""
    key = str(marker.resolve())
    name = data_cache.read(MARKER_KIND, key)
    if not isinstance(name, str):
        from deckgen.model.common import read_yaml, validate
        from deckgen.model.project import ProjectSpec

        started = time.time_ns()
        name = validate(ProjectSpec, read_yaml(marker), marker).name
        data_cache.write(MARKER_KIND, key, name, (marker,), started)
    return Project(marker.parent.resolve(), name)


def find_project(start: Path, explicit: Path | None = None) -> Project:
    """The project of `--project DIR`, or the nearest folder from `start` up holding a
    marker, or the shipped data only."""
    if explicit is not None:
        if not explicit.is_dir():
            raise DataError(f"--project {shown_path(explicit)}: not a folder (expected a project folder holding {MARKER})")
        if not (explicit / MARKER).is_file():
            raise DataError(f"--project {shown_path(explicit)}: not a deckgen project (no {MARKER}; "
                            f"`deckgen init {shown_path(explicit)}` makes one in an empty folder)")
        return read_marker(explicit / MARKER)
    found = marker_above(start)
    return read_marker(found) if found is not None else Project(None)


_current: Project = Project(None)
#: Caches of loaded data, cleared when the project changes or its files were edited (watch).
_forget: list[Callable[[], None]] = [forget_resolved_folders]


def current() -> Project:
    """The project this run works on (set once by the command line; shipped data by default)."""
    return _current


def use(project: Project) -> None:
    """Work on `project` from now on; loaded decks and rules are forgotten when it changes."""
    global _current
    if project != _current:
        _current = project
        forget_loaded()


def on_change(forget: Callable[[], None]) -> None:
    """Register a cache to clear when the project changes or its files were edited (watch)."""
    _forget.append(forget)


def forget_loaded() -> None:
    """Clear every registered cache of loaded data."""
    for forget in _forget:
        forget()


def output_dir() -> Path:
    """Where this run writes: the current project's output folder (see Project.output_dir)."""
    return current().output_dir()
