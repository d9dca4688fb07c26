"""Stored results: every simulation run, its finished chunks and the build's outputs, in one
SQLite file in the output folder (`results.sqlite`).

- `runs`: one row per request (simulate, analyse, sweep, the build's fairness reports), keyed
  by everything its numbers depend on (game, rule-file, deck-file and code hashes, options,
  bots, seed, players, games or precision), with the statistics as JSON;
- `chunks`: the records of finished index ranges of a game stream (the games of one seed
  with one set of bots, options and inputs), so an interrupted sweep resumes without playing
  them again and a rebuild reuses its simulations;
- `outputs`: what each build task wrote and from which inputs, so an unchanged task is skipped.

WAL mode lets build workers (one connection per process) write side by side. The file is
checked to be deckgen's before anything in it changes, and every SQLite failure is told
apart (see store_file); values read back are checked, so a tampered database cannot make a
command fail with anything but its own line.
"""

from __future__ import annotations

import json
import os
import re
import sqlite3
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen import __version__
from deckgen.fileio import OutputError, output_file, shown_path
from deckgen.sim.inputs import code_hash, code_stamp, deck_hash, remember_code_hash, rules_hash, text_hash
from deckgen.sim.metrics import GameTrace
from deckgen.sim.runner import GameRecord
from deckgen.sim.store_file import (LOCK_WAIT, SCHEMA_VERSION, Damaged, StoreError, check_identity, failure, is_busy,
                                    set_aside)

if TYPE_CHECKING:
    from deckgen.games.base import Game

STORE_NAME = "results.sqlite"

#: The meta row keeping the code hash of a code stamp is named this plus the stamp.
_CODE_PREFIX = "code:"
_HASH = re.compile("[0-9a-f]{20}")

#: Bytes one stored chunk may expand to (a chunk of 10,000 traced games is a few MB), and
#: how many times its stored size (deckgen's chunks expand 5 to 30 times): a compression
#: bomb is given up after a few MB, however many of them a tampered database holds.
MAX_CHUNK_BYTES = 64 * 1024 * 1024
MAX_CHUNK_RATIO = 200

_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (name TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS runs (
    key TEXT PRIMARY KEY, kind TEXT NOT NULL, game TEXT NOT NULL, rules_hash TEXT NOT NULL,
    deck_hash TEXT NOT NULL, code_hash TEXT NOT NULL, options TEXT NOT NULL, bots TEXT NOT NULL,
    seed INTEGER NOT NULL, players INTEGER, games INTEGER, precision REAL, max_games INTEGER,
    stats TEXT NOT NULL, version TEXT NOT NULL, recorded TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS runs_game ON runs (game);
CREATE TABLE IF NOT EXISTS chunks (
    stream TEXT NOT NULL, start INTEGER NOT NULL, stop INTEGER NOT NULL, records BLOB NOT NULL,
    PRIMARY KEY (stream, start, stop));
CREATE TABLE IF NOT EXISTS outputs (task TEXT PRIMARY KEY, fingerprint TEXT NOT NULL, files TEXT NOT NULL);
"""


def canonical(data: Any) -> str:
    """JSON with sorted keys and no spaces: equal requests give equal text (and key)."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


#: Meta rows naming each stream lineage's current stream (`ResultStore.chunks`).
_LINEAGE_PREFIX = "lineage:"

#: How games are seeded (sim.play.game_rngs), part of the code hash of every stored result: a
#: new seeding plays other games from the same seed, so results stored under an older one are
#: never taken for its own and are played again. Until 2026-11 games drew on Mersenne Twisters.
SEEDING = "xoshiro128** sources per game from a splitmix64 sequence per run"


def game_inputs(game: Game) -> dict[str, str]:
    """The hashes a game's results depend on."""
    return {"game": game.rules.id, "rules_hash": rules_hash(game), "deck_hash": deck_hash(game),
            "code_hash": text_hash(code_hash() + SEEDING)}


def encode_records(records: list[GameRecord]) -> bytes:
    """Records as compressed JSON (never pickle: the file may come from anywhere)."""
    import zlib  # only runs that keep chunks (sweeps, builds) need it

    rows = [[r.finished, list(r.winners), r.turns, [list(c) for c in r.counters],
             list(r.trace) if r.trace is not None else None] for r in records]
    return zlib.compress(canonical(rows).encode(), 6)


def decode_records(blob: bytes) -> list[GameRecord]:
    """Records stored by encode_records; anything else (also a blob that would expand past
    MAX_CHUNK_BYTES or MAX_CHUNK_RATIO times its size) raises ValueError."""
    if not isinstance(blob, bytes):
        raise ValueError("not a stored chunk")
    import zlib

    try:
        inflater = zlib.decompressobj()
        data = inflater.decompress(blob, min(MAX_CHUNK_BYTES, MAX_CHUNK_RATIO * len(blob)))
    except zlib.error:
        raise ValueError("not a stored chunk") from None
    if inflater.unconsumed_tail:
        raise ValueError("a stored chunk too large to read")
    try:
        rows = json.loads(data)
        if not isinstance(rows, list):
            raise TypeError("not a list of records")
        return [GameRecord(bool(finished), tuple(winners), int(turns),
                           tuple((str(name), value) for name, value in counters),
                           None if trace is None else GameTrace(trace[0], trace[1], trace[2], tuple(trace[3]),
                                                                *trace[4:]))
                for finished, winners, turns, counters, trace in rows]
    except (ValueError, TypeError, IndexError, KeyError, RecursionError):
        raise ValueError("not a stored chunk") from None


def use_wal(db: sqlite3.Connection) -> None:
    """Switch the database to write-ahead logging. SQLite's busy handler does not wait on a
    journal-mode switch, which fails at once while another process (a build's worker opening
    the same new store) holds the file: the switch is tried again for up to LOCK_WAIT seconds."""
    deadline = time.monotonic() + LOCK_WAIT
    while True:
        try:
            db.execute("PRAGMA journal_mode=WAL")
            return
        except sqlite3.OperationalError as exc:
            if not is_busy(exc) or time.monotonic() > deadline:
                raise
            time.sleep(0.01)


#: The most pages the write-ahead log holds before it is folded into the database (a
#: 1,000-game simulation writes three to five).
WAL_PAGES = 64

#: Bytes a page takes in the write-ahead log beyond its own (the frame's header).
WAL_FRAME_HEADER = 24


class ResultStore:
    """The results database of one output folder; open it with `open_store`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        try:
            self.db = sqlite3.connect(path, timeout=LOCK_WAIT, isolation_level=None)
        except sqlite3.Error as exc:
            raise failure(path, exc) from None
        try:
            check_identity(path, self.db)  # before anything is written
            use_wal(self.db)
            self.db.execute("PRAGMA synchronous=NORMAL")
            # The write-ahead log outlives the command (closing would fold it into the database
            # and sync the disk, some 3 ms of every command). A long-running process folds it in
            # whenever it reaches WAL_PAGES pages instead of SQLite's 1,000; a command's log is
            # kept short by `_shorten_log`.
            self.db.execute(f"PRAGMA wal_autocheckpoint={WAL_PAGES}")
            # One transaction: a process opening the store meanwhile (the build's workers start
            # together) sees no table or every table with the schema row, never a part.
            self.db.executescript(f"BEGIN IMMEDIATE;\n{_SCHEMA}\n"
                                  f"INSERT OR IGNORE INTO meta VALUES ('schema', '{SCHEMA_VERSION}');\nCOMMIT;")
            self._shorten_log()
            self.code_known = self._remembered_code_hash()
        except Damaged as exc:
            self.db.close()
            raise set_aside(path, f"damaged ({exc})") from None
        except StoreError:
            self.db.close()
            raise
        except sqlite3.Error as exc:
            self.db.close()
            raise failure(path, exc) from None

    def _shorten_log(self) -> None:
        """Fold a write-ahead log of more than WAL_PAGES pages into the database and empty it.
        The first connection to open the store reads every page of its log again (the log's
        index does not outlive the processes using it), and SQLite starts the log afresh only
        at a connection's second write, which a command seldom makes: left alone, the log
        grew three to five pages a simulation, for good, and every command read all of them
        (after 500 simulations, 6 MB and 3.7 ms of CPU at each start). A process using the
        store meanwhile is not waited for; a later command shortens the log."""
        try:
            size = os.path.getsize(f"{self.path}-wal")
        except OSError:
            return
        if size <= WAL_PAGES * (WAL_FRAME_HEADER + self.db.execute("PRAGMA page_size").fetchone()[0]):
            return
        self.db.execute("PRAGMA busy_timeout=0")
        try:
            self.db.execute("PRAGMA wal_checkpoint(TRUNCATE)").fetchall()
        except sqlite3.OperationalError as exc:
            if not is_busy(exc):
                raise
        finally:
            self.db.execute(f"PRAGMA busy_timeout={int(LOCK_WAIT * 1000)}")

    def _execute(self, sql: str, args: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self.db.execute(sql, args).fetchall()
        except sqlite3.Error as exc:
            self.close()
            raise failure(self.path, exc) from None
        except OverflowError:  # a number wider than SQLite's 64 bits (seeds are checked before)
            raise StoreError(f"{shown_path(self.path)}: a number too large to store (at most 2**63 - 1)") from None

    def _remembered_code_hash(self) -> bool:
        """Hand the code hash kept for the code's stamp (sim.inputs.code_stamp) to code_hash;
        whether one was kept (a value that is not a hash is not taken)."""
        stamp = code_stamp()
        row = self.db.execute("SELECT value FROM meta WHERE name = ?", (_CODE_PREFIX + stamp,)).fetchone()
        if row is None or not isinstance(row[0], str) or not _HASH.fullmatch(row[0]):
            return False
        remember_code_hash(stamp, row[0])
        return True

    def _keep_code_hash(self) -> None:
        """Keep this code's hash under its stamp, in place of any other code's."""
        if not self.code_known:
            self._execute(f"DELETE FROM meta WHERE name LIKE '{_CODE_PREFIX}%'")
            self._execute("INSERT INTO meta VALUES (?, ?)", (_CODE_PREFIX + code_stamp(), code_hash()))
            self.code_known = True

    # -- runs ------------------------------------------------------------------------------

    def record_run(self, kind: str, inputs: dict[str, str], request: dict[str, Any], stats: Any) -> str:
        """Store a run's statistics under the key of its request (a repeated request replaces
        its row); returns the key."""
        key = text_hash(canonical({"kind": kind, **inputs, **request}))
        self._execute(
            "INSERT OR REPLACE INTO runs VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            (key, kind, inputs["game"], inputs["rules_hash"], inputs["deck_hash"], inputs["code_hash"],
             canonical(request.get("options", {})), canonical(request.get("bots", [])), request.get("seed", 0),
             request.get("players"), request.get("games"), request.get("precision"), request.get("max_games"),
             canonical(stats), __version__, datetime.now(UTC).isoformat(timespec="seconds")))
        self._keep_code_hash()
        return key

    def find_run(self, kind: str, inputs: dict[str, str], request: dict[str, Any]) -> Any | None:
        """The statistics stored for exactly this request, or None (also when unreadable)."""
        key = text_hash(canonical({"kind": kind, **inputs, **request}))
        rows = self._execute("SELECT stats FROM runs WHERE key = ?", (key,))
        return _json(rows[0][0], object) if rows else None

    def runs(self, game: str | None = None) -> list[dict[str, Any]]:
        """Every stored run (of one game), oldest first; a row that is not what deckgen
        writes (edited by hand or by another program) is left out."""
        where, args = ("WHERE game = ?", (game,)) if game else ("", ())
        rows = self._execute(f"SELECT {', '.join(_RUN_COLUMNS)} FROM runs {where} ORDER BY recorded, rowid", args)
        return [entry for entry in map(_run_entry, rows) if entry is not None]

    # -- chunks ----------------------------------------------------------------------------

    def chunks(self, stream: str, lineage: str) -> StoredChunks:
        """The stored chunks of a game stream (`stream_key`). A stream takes the place of the
        one its lineage had before (`stream_lineage`: the same games of a rule file, deck or
        code that changed since): their chunks could serve only the old files again, so they
        are deleted, and a designer's edits do not grow the store for good."""
        name = _LINEAGE_PREFIX + lineage
        rows = self._execute("SELECT value FROM meta WHERE name = ?", (name,))
        if not rows or rows[0][0] != stream:
            if rows:
                self._execute("DELETE FROM chunks WHERE stream = ?", (rows[0][0],))
            self._execute("INSERT OR REPLACE INTO meta VALUES (?, ?)", (name, stream))
        return StoredChunks(self, stream)

    # -- build outputs ---------------------------------------------------------------------

    def unchanged_outputs(self, task: str, fingerprint: str) -> list[Path] | None:
        """The files a build task wrote from the same inputs, if every one is still as written
        (and inside this output folder: a tampered row names nothing elsewhere)."""
        rows = self._execute("SELECT fingerprint, files FROM outputs WHERE task = ?", (task,))
        if not rows or rows[0][0] != fingerprint:
            return None
        files = _json(rows[0][1], list)
        folder = self.path.parent
        try:
            listed = [(Path(name), size, mtime) for name, size, mtime in files]
        except (TypeError, ValueError):  # not a list of [name, size, time]
            return None
        for path, size, mtime in listed:
            try:
                if not path.is_relative_to(folder):
                    return None
                stat = os.stat(path)
            except (OSError, ValueError):
                return None
            if stat.st_size != size or stat.st_mtime_ns != mtime:
                return None
        return [path for path, _, _ in listed]

    def save_outputs(self, task: str, fingerprint: str, files: list[Path]) -> None:
        stats = []
        for path in files:
            stat = os.stat(path)
            stats.append((str(path.resolve()), stat.st_size, stat.st_mtime_ns))
        self._execute("INSERT OR REPLACE INTO outputs VALUES (?, ?, ?)", (task, fingerprint, canonical(stats)))

    def close(self) -> None:
        """Close the connection; the next open_store in this process opens the file anew."""
        self.db.close()
        _open.pop((os.getpid(), self.path), None)


class StoredChunks:
    """The runner's ChunkCache over the stored chunks of one game stream."""

    def __init__(self, store: ResultStore, stream: str) -> None:
        self.store = store
        self.stream = stream

    def load(self, start: int, stop: int) -> list[tuple[int, list[GameRecord]]]:
        rows = self.store._execute(
            "SELECT start, stop, records FROM chunks WHERE stream = ? AND start >= ? AND stop <= ? "
            "ORDER BY start, stop DESC", (self.stream, start, stop))
        found, covered = [], start
        for first, last, blob in rows:
            if first >= covered:  # chunks stored by runs split differently may overlap: skip those
                try:
                    records = decode_records(blob)
                except ValueError:
                    continue  # not what deckgen stores: these games are played again
                if not isinstance(last, int) or len(records) != last - first:
                    continue
                found.append((first, records))
                covered = last
        return found

    def save(self, start: int, records: list[GameRecord]) -> None:
        self.store._execute("INSERT OR REPLACE INTO chunks VALUES (?, ?, ?, ?)",
                            (self.stream, start, start + len(records), encode_records(records)))


def stream_key(game: Game, n_players: int, bots: list[str] | tuple[str, ...], options: dict[str, Any], seed: int,
               traced: int) -> str:
    """The key of a game stream: the games a seed gives with these bots, options and inputs."""
    return text_hash(canonical({**game_inputs(game), **_stream_request(n_players, bots, options, seed, traced)}))


def stream_lineage(game: Game, n_players: int, bots: list[str] | tuple[str, ...], options: dict[str, Any], seed: int,
                   traced: int) -> str:
    """The key of a game stream whatever its files hold: the game and deck files by name,
    with the same request. Its streams differ only by an edit to the rule file, the deck or
    the code, and each new one replaces the last (`ResultStore.chunks`)."""
    return text_hash(canonical({"game": game.rules.id, "deck": str(game.deck.path),
                                **_stream_request(n_players, bots, options, seed, traced)}))


def _stream_request(n_players: int, bots: list[str] | tuple[str, ...], options: dict[str, Any], seed: int,
                    traced: int) -> dict[str, Any]:
    return {"players": n_players, "bots": list(bots), "options": dict(options), "seed": seed, "traced": traced}


_open: dict[tuple[int, Path], ResultStore] = {}


def open_store(output: Path) -> ResultStore:
    """The results database of an output folder, one connection per process; a link that
    leads out of the folder is refused."""
    output.mkdir(exist_ok=True)
    try:
        path = output_file(output, STORE_NAME).resolve()
    except OutputError as exc:
        raise StoreError(*exc.problems) from None
    key = (os.getpid(), path)
    if key not in _open:
        if path.exists() and not path.is_file():
            raise StoreError(f"{shown_path(path)}: not a file; move it away so deckgen can store results there")
        _open[key] = ResultStore(path)
    return _open[key]


_RUN_COLUMNS = ("key", "kind", "game", "rules_hash", "deck_hash", "code_hash", "options", "bots", "seed", "players",
                "games", "precision", "max_games", "stats", "version", "recorded")
_TEXT_COLUMNS = ("key", "kind", "game", "rules_hash", "deck_hash", "code_hash", "version", "recorded")


def _json(text: Any, kind: type) -> Any:
    """Stored JSON of the expected kind, or None."""
    try:
        value = json.loads(text) if isinstance(text, str) else None
    except (ValueError, RecursionError):
        return None
    return value if isinstance(value, kind) else None


def _run_entry(row: tuple[Any, ...]) -> dict[str, Any] | None:
    """A stored run as a dict, or None when a value is not what deckgen writes."""
    entry = dict(zip(_RUN_COLUMNS, row))
    entry["options"] = _json(entry["options"], dict)
    entry["bots"] = _json(entry["bots"], list)
    entry["stats"] = _json(entry["stats"], object)
    numbers = [entry[name] for name in ("players", "games", "max_games") if entry[name] is not None]
    well_formed = (
        all(isinstance(entry[name], str) for name in _TEXT_COLUMNS)
        and entry["options"] is not None and entry["bots"] is not None
        and all(isinstance(bot, str) for bot in entry["bots"])
        and isinstance(entry["seed"], int) and all(isinstance(n, int) for n in numbers)
        and (entry["precision"] is None or isinstance(entry["precision"], (int, float)))
    )
    return entry if well_formed else None


def _seat0(stats: Any) -> float | None:
    """Seat 0's win rate in a run's statistics, where it has one."""
    rates = stats.get("seat_win_rate") if isinstance(stats, dict) else None
    first = rates[0] if isinstance(rates, list) and rates else None
    rate = first.get("rate") if isinstance(first, dict) else None
    return float(rate) if isinstance(rate, (int, float)) and not isinstance(rate, bool) else None


def option_text(value: Any) -> str:
    """An option value as a user writes it on the command line and in YAML (true, not True)."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def run_rows(runs: list[dict[str, Any]]) -> tuple[list[str], list[list[Any]]]:
    """The columns `deckgen results` lists (and exports as CSV), one row per stored run."""
    head = ["recorded", "kind", "game", "players", "games", "precision", "seed", "bots", "options", "seat 0 wins",
            "rules", "deck", "version", "key"]
    rows = []
    for run in runs:
        seat0 = _seat0(run["stats"])
        bots = run["bots"]
        rows.append([run["recorded"], run["kind"], run["game"], run["players"] or "-", run["games"] or "-",
                     "-" if run["precision"] is None else run["precision"], run["seed"],
                     bots[0] if bots and len(set(bots)) == 1 else ",".join(bots) or "-",
                     ",".join(f"{k}={option_text(v)}" for k, v in run["options"].items()) or "-",
                     "-" if seat0 is None else f"{100 * seat0:.1f}%", run["rules_hash"][:8], run["deck_hash"][:8],
                     run["version"], run["key"]])
    return head, rows
