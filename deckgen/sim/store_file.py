"""The results database as a file: whose it is, checked before anything in it changes; what
went wrong when SQLite fails (a full disk, a lock, a folder that cannot be written, or
damage), each in one line; and a damaged database set aside under a new name, never deleted.

A file is deckgen's when it is empty or an SQLite database whose `meta` table holds this
schema's version and whose tables are all deckgen's. Any other SQLite file is left exactly
as it is (no table added, no journal mode switched) and refused.
"""

from __future__ import annotations

import os
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

from deckgen.errors import DeckgenError
from deckgen.fileio import shown_path

SCHEMA_VERSION = "1"
TABLES = frozenset({"meta", "runs", "chunks", "outputs"})

#: Seconds a write waits for another run's lock before the run gives up with one line.
LOCK_WAIT = 30.0

_HEADER = b"SQLite format 3\x00"

# SQLite's primary result codes (https://www.sqlite.org/rescode.html) and what each means here.
_BUSY = {5, 6}  # BUSY, LOCKED
_FULL = {13}  # FULL
_CANNOT_WRITE = {3, 8, 14, 23}  # PERM, READONLY, CANTOPEN, AUTH
_IO = {10}  # IOERR
_DAMAGED = {11, 26}  # CORRUPT, NOTADB


class StoreError(DeckgenError):
    """The results database cannot be read or written."""


class Damaged(Exception):
    """A results database that is deckgen's (or not a database at all) but cannot be read."""


def result_code(exc: sqlite3.Error) -> int:
    """SQLite's primary result code of a failure (0 when it gave none)."""
    return (getattr(exc, "sqlite_errorcode", 0) or 0) & 0xFF


def is_busy(exc: sqlite3.Error) -> bool:
    """Whether SQLite gave up because another connection holds a lock the work needed."""
    return result_code(exc) in _BUSY


def failure(path: Path, exc: sqlite3.Error) -> StoreError:
    """One line for an SQLite failure; a damaged database is set aside first."""
    code = result_code(exc)
    kept = "the stored results are kept"
    if code in _BUSY:
        return StoreError(f"{shown_path(path)}: the results database is locked by another program (another deckgen "
                          f"run?); run again when it has finished ({kept})")
    if code in _FULL:
        return StoreError(f"{shown_path(path)}: the disk is full; free some space and run again ({kept})")
    if code in _CANNOT_WRITE:
        return StoreError(f"{shown_path(path)}: cannot write the results database (check the folder's permissions, "
                          f"or give another --output; {kept})")
    if code in _IO:
        return StoreError(f"{shown_path(path)}: input/output error on the results database (a failing disk or a "
                          f"network folder?); run again ({kept})")
    if code in _DAMAGED:
        return set_aside(path, "damaged: it cannot be read")
    return StoreError(f"{shown_path(path)}: cannot use the results database ({exc.__class__.__name__}, "
                      f"{getattr(exc, 'sqlite_errorname', 'unknown')}); run again ({kept})")


def set_aside(path: Path, why: str) -> StoreError:
    """Rename a damaged database (and its write-ahead log) out of the way, never deleting it;
    the line says where it went."""
    stamp = datetime.now(UTC).strftime("%Y%m%dT%H%M%S")
    aside = path.with_name(f"{path.name}.damaged-{stamp}")
    number = 1
    while os.path.lexists(aside):
        number += 1
        aside = path.with_name(f"{path.name}.damaged-{stamp}-{number}")
    try:
        os.rename(path, aside)
        for suffix in ("-wal", "-shm"):
            if os.path.lexists(f"{path}{suffix}"):
                os.rename(f"{path}{suffix}", f"{aside}{suffix}")
    except OSError as exc:
        return StoreError(f"{shown_path(path)}: results database {why}, and it cannot be moved away "
                          f"({exc.strerror or 'input/output error'}); move it yourself and run again")
    return StoreError(f"{shown_path(path)}: results database {why}; set aside as {shown_path(aside.name)} "
                      "beside it (nothing deleted); run again to start a new one")


def check_identity(path: Path, db: sqlite3.Connection) -> bool:
    """Whether `path` is deckgen's results database (True) or a new file, empty or without a
    table yet (False); a foreign database raises StoreError and is left untouched, a damaged
    one raises Damaged. Only reads: nothing is written before the answer."""
    try:
        with open(path, "rb") as handle:
            header = handle.read(len(_HEADER))
    except FileNotFoundError:
        return False
    except OSError as exc:
        raise StoreError(f"{shown_path(path)}: cannot read the results database "
                         f"({exc.strerror or 'input/output error'})") from None
    if not header:
        return False
    if header != _HEADER:
        raise Damaged("not an SQLite database")
    tables = {name for (name,) in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
    if not tables:  # a header and no table: another process is creating the store this moment
        return False
    version = db.execute("SELECT value FROM meta WHERE name = 'schema'").fetchone() if "meta" in tables else None
    if version is None or not tables <= TABLES:
        raise StoreError(f"{shown_path(path)}: an SQLite database that is not deckgen's results database; left as "
                         "it is (move it away or give another --output)")
    if version[0] != SCHEMA_VERSION:
        raise StoreError(f"{shown_path(path)}: a results database written by another deckgen (schema "
                         f"{shown_path(str(version[0]))[:20]}); left as it is (move it away or give another --output)")
    return True
