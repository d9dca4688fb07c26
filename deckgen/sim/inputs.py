"""What a simulation's results depend on, as hashes (to find stored results again), and a
small spec from which a worker on another machine rebuilds the same game.

Results depend on the game's rule file, the deck file it is played with and the code that
plays and counts (engines, bots, the simulator, the models); a change to any of them changes
a hash, so a stored result is never reused for different inputs.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

import os
from functools import cache
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from deckgen import __version__, project
from deckgen.digest import sha256
from deckgen.errors import DataError, DeckgenError
from deckgen.model.play_rules import GameData

if TYPE_CHECKING:
    from deckgen.games.base import Game

#: The package folders and modules whose source decides what a simulated game's record is:
#: the engines, the bots, the rule models, the play loop and the tracer (the statistics are
#: worked out again from the records, so their code is not among them).
_PLAYING_CODE = ("games", "bots", "model", "sim/play.py", "sim/runner.py", "sim/metrics.py")


def text_hash(data: bytes | str) -> str:
    """A short sha256 of some text or bytes (enough to tell inputs apart)."""
    return sha256(data.encode() if isinstance(data, str) else data).hexdigest()[:20]


def file_hash(path: Path) -> str:
    """The hash of a file's bytes, or of nothing for a path that is not a file (a game built
    in memory, as in tests)."""
    try:
        return text_hash(path.read_bytes())
    except OSError:
        return text_hash(b"")


#: Folders that hold no source: bytecode, and the compiled engines (which run only while their
#: sources are as compiled, `deckgen.compiled`).
_NO_SOURCES = frozenset({"__pycache__", "__compiled__"})

#: A file found under a folder: its path relative to the root, and its folder entry (None for a
#: file named as a folder of its own).
FoundFile = tuple[str, "os.DirEntry[str] | None"]


def matching_files(root: str, folders: tuple[str, ...], suffix: str = ".py") -> list[FoundFile]:
    """The files whose names end with `suffix` ("" for every file) under `root/folder` for
    each folder (or the file itself), each folder's in the order Path sorts them (by their
    parts: a subfolder's files where its name falls), none from bytecode or compiled folders.
    os.scandir's entries, which stat from the open folder: this runs at the start of every
    simulation with a results store."""
    found: list[FoundFile] = []
    for folder in folders:
        start = os.path.join(root, folder)
        if os.path.isfile(start):
            found.append((folder, None))
        else:
            _walk(start, folder, suffix, found)
    return found


def _walk(folder: str, relative: str, suffix: str, found: list[FoundFile]) -> None:
    with os.scandir(folder) as listing:
        entries = sorted(listing, key=attrgetter("name"))
    for entry in entries:
        if entry.is_dir():
            if not entry.is_symlink() and entry.name not in _NO_SOURCES:  # as os.walk, links not followed
                _walk(entry.path, f"{relative}/{entry.name}", suffix, found)
        elif entry.name.endswith(suffix):
            found.append((f"{relative}/{entry.name}", entry))


def relative_files(root: str, folders: tuple[str, ...], suffix: str = ".py") -> list[str]:
    """The paths, relative to `root`, of the files `matching_files` finds."""
    return [name for name, _ in matching_files(root, folders, suffix)]


def folder_hash(root: Path, folders: tuple[str, ...], suffix: str = ".py") -> str:
    """One hash over the files `relative_files` finds, names and contents, in a fixed order."""
    digest = sha256()
    for name in relative_files(str(root), folders, suffix):
        with open(os.path.join(root, name), "rb") as handle:
            digest.update(name.encode() + b"\0" + handle.read() + b"\0")
    return digest.hexdigest()[:20]


#: Code hashes a results store remembered for a stamp (`remember_code_hash`).
_remembered: dict[str, str] = {}


@cache
def code_stamp() -> str:
    """A cheap fingerprint of the playing code: its files' names, sizes, inodes and times of
    change, no file read. A results store keeps the code hash of the stamp it last saw, so a
    run whose code is as it was skips reading and hashing some 200 files (a few percent of a
    short run); an edit, a checkout or a new install changes the stamp and hashes again."""
    package = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    return sha256((__version__ + "".join(stamp_lines(package, _PLAYING_CODE))).encode()).hexdigest()[:20]


def stamp_lines(root: str, folders: tuple[str, ...]) -> list[str]:
    """A line for each Python file `matching_files` finds: its name, size, inode and time of
    change."""
    lines = []
    for name, entry in matching_files(root, folders):
        found = entry.stat() if entry is not None else os.stat(os.path.join(root, name))
        lines.append(f"{name}\0{found.st_size}\0{found.st_ino}\0{found.st_mtime_ns}\0")
    return lines


def remember_code_hash(stamp: str, value: str) -> None:
    """Take the code hash a results store kept for `stamp` (its code_hash() of that code)."""
    _remembered[stamp] = value


@cache
def code_hash() -> str:
    """The hash of the code that plays games and records them, with deckgen's version (as a
    results store remembered it for the code's stamp, when it did)."""
    known = _remembered.get(code_stamp())
    if known is not None:
        return known
    return text_hash(__version__ + folder_hash(Path(__file__).resolve().parent.parent, _PLAYING_CODE))


def rules_hash(game: "Game") -> str:
    """The hash of the game's rule file and, when the project's own Python engine plays it,
    of that engine file too: its code decides the records as much as deckgen's does."""
    from deckgen.games.project_code import engine_path

    own, engine = file_hash(game.rules.path), engine_path(game.rules)
    return own if engine is None else text_hash(own + file_hash(engine))


def deck_is_variant(game: "Game") -> bool:
    """Whether the game plays a deck other than its shipped one (a sweep's deck variant)."""
    shipped = project.current().deck_file(game.rules.deck)
    return shipped is None or game.deck.path.resolve() != shipped.resolve()


class GameSpec(NamedTuple):
    """Enough to rebuild a game in another process or on another machine: its id and, for a
    deck variant, the deck file's text; the hashes let a worker refuse to play a game whose
    rule file or code differs from the client's (its results would not be the same)."""

    game_id: str
    rules_hash: str
    code_hash: str
    deck_name: str | None = None
    deck_text: str | None = None

    @classmethod
    def of(cls, game: "Game") -> "GameSpec":
        if not deck_is_variant(game):
            return cls(game.rules.id, rules_hash(game), code_hash())
        path = game.deck.path
        return cls(game.rules.id, rules_hash(game), code_hash(), str(path),
                   path.read_text(encoding="utf-8"))


_built: dict[GameSpec, "Game"] = {}


def game_from_spec(spec: GameSpec) -> "Game":
    """The game a spec names, built once per process; an error when this installation's rule
    file or code is not the one the client has."""
    game = _built.get(spec)
    if game is not None:
        return game
    from deckgen.games.registry import get_game

    game = get_game(spec.game_id)
    differs = [what for what, mine, theirs in (("rule file", rules_hash(game), spec.rules_hash),
                                               ("deckgen code", code_hash(), spec.code_hash)) if mine != theirs]
    if differs:
        raise DeckgenError(f"game {spec.game_id}: this worker's {' and '.join(differs)} differ from the client's; "
                           "install the same deckgen version and project on every worker")
    if spec.deck_text is not None:
        from deckgen.model.common import sent_yaml
        from deckgen.model.deck import deck_from_data

        deck_path = Path(spec.deck_name or "deck.yaml")
        deck = deck_from_data(sent_yaml(spec.deck_text, deck_path), deck_path)
        game = type(game)(GameData(game.rules, game.params, deck))
    _built[spec] = game
    return game


def game_with_deck(game: "Game", deck_path: Path) -> "Game":
    """The same game played with the deck in `deck_path` (a variant of its shipped deck)."""
    from deckgen.model.deck import load_deck_file

    deck = load_deck_file(deck_path)
    if deck.id != game.rules.deck:
        raise DataError(f"{deck_path}: id: deck {deck.id!r}, but {game.rules.id} is played with "
                        f"{game.rules.deck!r} (a variant keeps its deck's id)")
    return type(game)(GameData(game.rules, game.params, deck))


def deck_hash(game: "Game") -> str:
    """The hash of the deck file the game is played with."""
    return file_hash(game.deck.path)
