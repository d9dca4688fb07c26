"""Files in and out: bounded reads of regular files, atomic writes, and the output folder.

`contained` is the one containment check: a path, links and `..` followed, must lie in one
of the folders allowed (the project and the shipped data for reads, the output folder for
writes), and a refusal never quotes where the path leads. Every input is read through
`read_limited` (contained, regular files only, a size limit, one UTF-8 BOM rule), every
output through `write_atomic`/`atomic_path`/`atomic_folder` (complete or absent, never
half-written) at a path from `output_file` (contained in the output folder).
Temporary names carry the writer's process id, so `clean_debris` can remove what a killed
run left behind without touching the files of a run still going.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from collections.abc import Callable, Sequence
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from typing import Iterator

from deckgen.errors import DeckgenError

#: Ids that become file or folder names (decks, backs, cards): letters, digits, '-' and '_',
#: starting with a letter or digit, at most 64 characters. No '/', '..', spaces or controls.
#: Compiled by re's own cache at its first use: most commands check no id.
SAFE_ID = r"[A-Za-z0-9][A-Za-z0-9_-]{0,63}"
SAFE_ID_WORDS = "letters, digits, '-' or '_', starting with a letter or digit, at most 64 characters"

#: A temporary file or folder of this module: `.<name>.<pid>.<random>.part`.
_DEBRIS = re.compile(r"\..+\.(\d+)\.[^.]+\.part")


class OutputError(DeckgenError):
    """An output folder or file that cannot be written, or a name that would leave the folder."""


def is_safe_id(text: str) -> bool:
    return re.fullmatch(SAFE_ID, text) is not None


def one_line(text: str) -> str:
    """Text with line breaks and control characters written as escapes (`\\n`): every
    problem is one line, whatever the file name or the data it quotes."""
    return "".join(c if c.isprintable() or c == " " else repr(c)[1:-1] for c in text)


def shown_path(path: Path | str) -> str:
    """A file name for a message, on one line."""
    return one_line(str(path))


def contained(path: Path, within: Sequence[Path], error: type[DeckgenError] = DeckgenError,
              place: str = "the project folder", advice: str = "only files inside it are read; copy the file into it",
              ) -> Path:
    """`path` resolved (links and `..` followed) when it lies in one of the folders `within`
    (the first is `place` in messages); else `error` in one line naming `path` as given,
    never the file it leads to (that file's name or text may be private)."""
    try:
        full = path.resolve()
        allowed = [resolved_folder(folder) for folder in within]
    except (OSError, RuntimeError):  # a loop of links, a name the system refuses
        raise error(f"{shown_path(path)}: cannot follow this path (a loop of links or an invalid name)") from None
    except ValueError:  # a NUL character
        raise error(f"{shown_path(repr(str(path)))}: not a file name") from None
    if not any(full.is_relative_to(folder) for folder in allowed):
        through = " through a link" if str(full) != os.path.normpath(path.absolute()) else ""
        raise error(f"{shown_path(path)}: leads outside {place} {shown_path(within[0])}{through} ({advice})")
    return full


def resolved_folder(folder: Path) -> Path:
    """A folder that files are checked against (a project, the shipped data), links and `..`
    followed: once per folder while the project stays the same (project.py forgets these
    with its other caches), not for every file checked; a relative folder every time, as
    it depends on the working folder."""
    return _resolved_absolute(folder) if folder.is_absolute() else folder.resolve()


@lru_cache(maxsize=64)
def _resolved_absolute(folder: Path) -> Path:
    return folder.resolve()


#: Clears what resolved_folder remembers (when the project or its files change).
forget_resolved_folders = _resolved_absolute.cache_clear


def read_limited(path: Path, max_bytes: int, kind: str, error: type[DeckgenError] = DeckgenError, *,
                 within: Sequence[Path] | None) -> str:
    """The text of a regular file of at most `max_bytes`, decoded as UTF-8 with or without a
    BOM; anything else (missing, a folder, a device, a pipe, too big, binary, outside the
    folders `within`) raises `error` with one line naming the file and saying what `kind`
    of file was expected. `within` is None only for a file the user named on the command
    line (a game log, a result file), which is read wherever it is."""
    opened = path if within is None else contained(path, within, error)
    try:
        # O_NONBLOCK: opening a fifo must not wait for a writer; it is refused below.
        fd = os.open(opened, os.O_RDONLY | os.O_NONBLOCK)
    except FileNotFoundError:
        raise error(f"{shown_path(path)}: file not found") from None
    except IsADirectoryError:
        raise error(f"{shown_path(path)}: is a folder (expected {kind})") from None
    except OSError as exc:
        raise error(f"{shown_path(path)}: cannot read the file ({exc.strerror or 'input/output error'})") from None
    except ValueError:  # a NUL character: no file can have that name
        raise error(f"{shown_path(repr(str(path)))}: not a file name (expected {kind})") from None
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        os.close(fd)
        if stat.S_ISDIR(info.st_mode):
            raise error(f"{shown_path(path)}: is a folder (expected {kind})")
        raise error(f"{shown_path(path)}: not a regular file (a device or pipe; expected {kind})")
    with os.fdopen(fd, "rb") as handle:
        try:
            data = handle.read(max_bytes + 1)
        except OSError as exc:
            raise error(f"{shown_path(path)}: cannot read the file ({exc.strerror or 'input/output error'})") from None
    if len(data) > max_bytes:
        raise error(too_large(path, max_bytes, kind))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise error(f"{shown_path(path)}: not a UTF-8 text file (expected {kind})") from None


def too_large(path: Path | str, max_bytes: int, kind: str) -> str:
    """The problem line of an input over its size limit, whether read from a file or sent."""
    return f"{shown_path(path)}: larger than {max_bytes // 1024} KiB (expected {kind} of at most that size)"


def _temp_prefix(target: Path) -> str:
    return f".{target.name}.{os.getpid()}."


def _new_temp(folder: Path, prefix: str, make: Callable[[str], None]) -> Path:
    """A new temporary file or folder in `folder`, named `prefix`, a random token and
    `.part` (the name `clean_debris` knows), made by `make` (which must refuse a name already
    taken): tempfile's job, without the start-up its import costs every command."""
    for _ in range(100):
        path = os.path.join(folder, f"{prefix}{os.urandom(6).hex()}.part")
        try:
            make(path)
        except FileExistsError:
            continue
        return Path(path)
    raise FileExistsError(errno.EEXIST, "no free temporary name", str(folder))


def _new_file(path: str) -> None:
    os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))


def _new_folder(path: str) -> None:
    os.mkdir(path, 0o700)


def _remove_tree(folder: Path) -> None:
    """Remove a folder and what it holds, as far as possible (shutil, imported here: most
    commands remove no folder)."""
    import shutil

    shutil.rmtree(folder, ignore_errors=True)


#: What a full or read-only disk says while a file is being written (not a missing input).
_DISK_ERRNOS = frozenset({errno.ENOSPC, errno.EDQUOT, errno.EFBIG, errno.EROFS, errno.EIO})


def cannot_write(target: Path, exc: OSError) -> OutputError:
    """One line for a write that failed (a folder this user may not write in, a full disk, a
    file where a folder should be): the target is left as it was."""
    if exc.errno in (errno.EEXIST, errno.ENOTDIR):
        return OutputError(f"{shown_path(target)}: cannot write (a part of the path is a file, not a folder; "
                           "give a path in a folder)")
    return OutputError(f"{shown_path(target)}: cannot write ({exc.strerror or 'input/output error'}; "
                       "nothing was changed there: free some space or check the folder's permissions)")


@contextmanager
def _written_to(target: Path) -> Iterator[None]:
    """Turn a full disk, met while a temporary file is filled, into `cannot_write`."""
    try:
        yield
    except OSError as exc:
        if exc.errno not in _DISK_ERRNOS:
            raise
        raise cannot_write(target, exc) from None


@contextmanager
def atomic_path(target: Path) -> Iterator[Path]:
    """Yield a temporary path beside `target`; on success it is renamed onto `target`,
    on any error it is removed and `target` is left as it was. Only a regular file (or a
    link) is ever replaced: never a device such as /dev/null, a pipe or a folder. A folder
    that cannot be written or a full disk is an OutputError in one line."""
    _check_replaceable(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = _new_temp(target.parent, _temp_prefix(target), _new_file)
    except OSError as exc:
        raise cannot_write(target, exc) from None
    try:
        with _written_to(target):
            yield temp
        try:
            os.chmod(temp, 0o644)
            os.replace(temp, target)
        except OSError as exc:
            raise cannot_write(target, exc) from None
    finally:
        _remove(temp)


def _remove(temp: Path) -> None:
    """Remove a temporary file or folder if it is still there (what cannot be removed is
    debris that the next run's clean_debris removes)."""
    try:
        if temp.is_dir() and not temp.is_symlink():
            _remove_tree(temp)
        else:
            temp.unlink(missing_ok=True)
    except OSError:
        pass


def _check_replaceable(target: Path) -> None:
    try:
        mode = os.lstat(target).st_mode
    except OSError:
        return  # nothing there to replace (or no folder to put it in: the write says so)
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        kind = "a folder" if stat.S_ISDIR(mode) else "a device or pipe"
        raise OutputError(f"{shown_path(target)}: is {kind}, not a file (give a file name to write)")


def write_atomic(target: Path, data: str | bytes) -> Path:
    """Write text (UTF-8) or bytes to `target` atomically."""
    with atomic_path(target) as temp:
        if isinstance(data, str):
            temp.write_text(data, encoding="utf-8")
        else:
            temp.write_bytes(data)
    return target


@contextmanager
def atomic_folder(target: Path) -> Iterator[Path]:
    """Yield an empty temporary folder beside `target` to fill; on success it replaces
    `target` as a whole (an older folder there is removed, never mixed with the new files),
    on any error it is removed and `target` is left as it was. A folder that cannot be
    written or a full disk is an OutputError in one line."""
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        temp = _new_temp(target.parent, _temp_prefix(target), _new_folder)
    except OSError as exc:
        raise cannot_write(target, exc) from None
    try:
        with _written_to(target):
            yield temp
        old = None
        try:
            os.chmod(temp, 0o755)
            if target.is_dir() and not target.is_symlink():
                old = _new_temp(target.parent, _temp_prefix(target), _new_folder)
                os.replace(target, old / target.name)
            elif target.exists() or target.is_symlink():
                target.unlink()
            os.replace(temp, target)
        except OSError as exc:
            if old is not None and not os.path.lexists(target):
                os.replace(old / target.name, target)  # the older folder back where it was
            raise cannot_write(target, exc) from None
        finally:
            if old is not None:
                _remove_tree(old)
    finally:
        _remove(temp)


def _alive(pid: int) -> bool:
    """Whether process `pid` may still write: it exists and is not a zombie (a killed
    process its parent has not waited for yet writes nothing more)."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # someone else's process
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            state = handle.read().rpartition(b")")[2].split()[:1]
    except OSError:
        return True  # no /proc (not Linux): exists, so alive
    return state != [b"Z"]


def clean_debris(root: Path, depth: int = 3) -> list[Path]:
    """Remove the temporary files and folders that killed runs left under `root`, down to
    `depth` levels of folders (outputs go no deeper than <root>/<deck>/png/), when the
    process that wrote them is gone; returns what was removed."""
    removed: list[Path] = []
    if not root.is_dir():
        return removed
    for folder, dirs, files in os.walk(root):
        if len(Path(folder).relative_to(root).parts) >= depth:
            dirs.clear()
        for name in dirs + files:
            match = _DEBRIS.fullmatch(name)
            if match is None or _alive(int(match[1])):
                continue
            path = Path(folder) / name
            if name in dirs and not path.is_symlink():
                _remove_tree(path)
                dirs.remove(name)
            else:
                try:
                    path.unlink(missing_ok=True)
                except OSError:
                    continue  # not ours to remove after all; the run goes on
            removed.append(path)
    return removed


def check_output_dir(folder: Path) -> Path:
    """Make sure outputs can be written to `folder` before any work starts: it is a folder
    (or can be made in an existing one) that this user may write to. Nothing is created;
    the debris of killed runs in it is removed. Raises OutputError in one line."""
    try:
        _check_output_dir(folder)
    except OSError as exc:  # a name the system refuses: too long, a loop of links
        raise OutputError(f"{shown_path(folder)}: cannot use this folder ({exc.strerror or 'input/output error'})") from None
    clean_debris(folder)
    return folder


def _check_output_dir(folder: Path) -> None:
    if "\0" in str(folder):
        raise OutputError(f"{shown_path(repr(str(folder)))}: not a folder name (give a folder with --output)")
    existing = folder if folder.exists() else folder.parent
    if folder.exists() and not folder.is_dir():
        kind = "a file" if folder.is_file() else "a device or pipe"
        raise OutputError(f"{shown_path(folder)}: output folder is {kind}, not a folder (give a folder with --output)")
    if not folder.exists():
        if folder.is_symlink():
            raise OutputError(f"{shown_path(folder)}: output folder is a link to nothing (give a folder with --output)")
        if not existing.exists():
            raise OutputError(f"{shown_path(folder)}: the folder it goes in, {shown_path(existing)}, does not exist (create it first)")
        if not existing.is_dir():
            raise OutputError(f"{shown_path(folder)}: {shown_path(existing)} is not a folder (give a folder with --output)")
    try:
        os.unlink(_new_temp(existing, f".probe.{os.getpid()}.", _new_file))
    except OSError as exc:
        place = "this folder" if existing == folder else shown_path(existing)
        raise OutputError(f"{shown_path(folder)}: cannot write in {place} ({exc.strerror or 'input/output error'})") from None


def output_file(root: Path, *parts: str) -> Path:
    """`root/part/.../part` for an output file, refusing any part that is not a plain file
    or folder name ('/', '..', absolute, control characters) and any path that would lead
    outside `root`, also through a symbolic link. Renderers build every output path here."""
    for part in parts:
        if (
            not part
            or part in (".", "..")
            or "/" in part
            or "\\" in part
            or any(ord(c) < 32 or ord(c) == 127 for c in part)
            or len(part.encode("utf-8")) > 255
        ):
            raise OutputError(f"{shown_path(root)}: output name {part!r} is not a plain file name ({SAFE_ID_WORDS})")
    target = root.joinpath(*parts)
    contained(target, [root], OutputError, "the output folder", "outputs are written only inside it; remove the link")
    return target
