"""Compiled engines are a cache of their source, never a second copy of it.

setup.py compiles the modules under deckgen/games/ with mypyc in groups (one C library per
engine, one for the kit, one for base: setup.py says which) and puts the libraries in
`deckgen/games/__compiled__/`, away from the sources, so no import finds them by accident.
Beside them it writes a manifest: the SHA-256 of each group's sources when they were compiled,
with their sizes and times, and the groups each group imports. A finder placed first on
`sys.meta_path` (by `deckgen/games/__init__.py`) loads a module compiled only while its
group's sources and those of every group it imports, all the way down, are exactly as they
were compiled; otherwise it loads the `.py` file. An edited engine therefore runs at once,
interpreted, until the next build compiles it again; an edited kit module sends every engine
that imports it back to its source too, since their compiled code calls the kit's compiled
functions directly. A source whose size and time of change are those it had when compiled is
not read again (git's rule: unless it changed within RACY_NS of the build, when an edit may
have kept both); any other is read and hashed, so a file touched but not changed still runs
compiled.

This module uses the standard library only: setup.py loads it by path to write the manifest.
"""

from __future__ import annotations

import json
import os
import sys
import time
from collections.abc import Sequence
from importlib.machinery import EXTENSION_SUFFIXES, ExtensionFileLoader, ModuleSpec
from importlib.util import spec_from_file_location
from pathlib import Path
from types import ModuleType

#: The cache folder's name, inside the package it caches (deckgen/games/).
FOLDER = "__compiled__"

#: The manifest's name inside the cache folder.
MANIFEST = "manifest.json"

#: Set to 1 to run every engine from its source, compiled or not (to compare the two).
PURE_PYTHON_VARIABLE = "DECKGEN_PURE_PYTHON"

#: What every compiled file name ends with on this interpreter (.cpython-311-x86_64-linux-gnu.so).
EXTENSION_SUFFIX = EXTENSION_SUFFIXES[0]

#: A file changed less than this long before it was read may have changed again within the
#: same tick of the file clock (two seconds on FAT): its size and time are not trusted. Here a
#: source's bytes are hashed instead; the data cache (`deckgen.model.data_cache`) keeps nothing.
RACY_NS = 2_000_000_000


def source_hash(path: Path) -> str:
    """The SHA-256 of a source file's bytes (hashlib imported here: a command whose sources
    match their stamps hashes nothing, and hashlib loads OpenSSL)."""
    import hashlib

    return hashlib.sha256(path.read_bytes()).hexdigest()


def source_stamp(path: Path) -> list[int]:
    """A source file's size and time of change, in nanoseconds."""
    status = path.stat()
    return [status.st_size, status.st_mtime_ns]


def imported_modules(module: str, path: Path) -> set[str]:
    """Every module `module` (the file at `path`) may import, top level or not, absolute or
    relative, with each `from X import y` counted as both X and X.y (y may be a submodule)."""
    import ast  # only setup.py asks, once per build: every command's start-up is spared it

    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_bytes())):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            source = ".".join(base + ([node.module] if node.module else []))
            found.add(source)
            found.update(f"{source}.{alias.name}" for alias in node.names)
    return found


class Group:
    """One compiled library: its modules (dotted name -> source path, relative to the cached
    package) and the library module that holds their code; `own_files`: each module has a
    file of its own that loads it from the library (mypyc's way), or the library's file
    loads them all (setup.py compiles their inits into it). A plain class, as
    `sim.experiment.Backend`."""

    __slots__ = ("name", "modules", "library", "own_files")

    def __init__(self, name: str, modules: dict[str, str], library: str, own_files: bool = True) -> None:
        self.name = name
        self.modules = modules
        self.library = library
        self.own_files = own_files


def write_manifest(folder: Path, package_dir: Path, groups: Sequence[Group]) -> Path:
    """Record, for each group, its sources' hashes and the groups it imports; remove files
    of the folder no group names any more (an engine renamed or deleted)."""
    group_of = {module: group.name for group in groups for module in group.modules}
    written_ns = time.time_ns()  # before any source is read: an edit while they are is newer
    entries = {}
    for group in groups:
        needs: set[str] = set()
        for module, source in group.modules.items():
            needs.update(group_of[name] for name in imported_modules(module, package_dir / source) if name in group_of)
        entries[group.name] = {
            "library": group.library,
            "modules": group.modules,
            "sources": {source: source_hash(package_dir / source) for source in group.modules.values()},
            "stamps": {source: source_stamp(package_dir / source) for source in group.modules.values()},
            "needs": sorted(needs - {group.name}),
            "own_files": group.own_files,
        }
    kept = {f"{name}{EXTENSION_SUFFIX}" for group in groups
            for name in (group.library, *(group.modules if group.own_files else ()))}
    for path in folder.iterdir():
        if path.name not in kept and path.name != MANIFEST:
            path.unlink()
    manifest = folder / MANIFEST
    manifest.write_text(json.dumps({"suffix": EXTENSION_SUFFIX, "written_ns": written_ns, "groups": entries},
                                   indent=1, sort_keys=True) + "\n")
    return manifest


class CompiledFinder:
    """Finds the modules the manifest lists: compiled while their sources are unchanged,
    from their `.py` file otherwise. Any other module is left to the usual finders (a
    finder of sys.meta_path needs only find_spec: importlib.abc is not imported for it)."""

    def __init__(self, package: str, package_dir: Path, groups: dict[str, dict]) -> None:
        self.package_dir = package_dir
        self.folder = package_dir / FOLDER
        self.groups = groups
        self.group_of: dict[str, str] = {}
        self.source_of: dict[str, str] = {}
        for name, group in groups.items():
            self.group_of[group["library"]] = name
            for module, source in group["modules"].items():
                self.group_of[module] = name
                self.source_of[module] = source
        self.package = package
        #: Source hashes by (source, modification time, size): a file is read again only
        #: when it changed, so a long-running process sees an edit made after it started.
        self.hashes: dict[tuple[str, int, int], str] = {}
        #: Each group's answer at the first import of one of its modules, kept: its modules
        #: load alike, all compiled or all from source, even if a source changes between two
        #: of their imports (and the sources are checked once, not once per module).
        self.decided: dict[str, bool] = {}
        #: Each source's answer when a group was decided, kept for the groups decided after it:
        #: an engine's group and the random runner's both need the kit's and base's sources,
        #: which were stat'ed once per group.
        self.checked: dict[str, bool] = {}

    def is_current(self, group: str, checked: dict[str, bool] | None = None) -> bool:
        """Whether a group's sources, and those of every group it imports (all the way down),
        are as they were compiled. `checked` keeps each source's answer for later calls (the
        finder's own); without it every source is looked at afresh."""
        checked = {} if checked is None else checked
        closure, to_visit = set(), [group]
        while to_visit:
            name = to_visit.pop()
            if name not in closure and name in self.groups:
                closure.add(name)
                to_visit.extend(self.groups[name]["needs"])
        for name in sorted(closure):
            stamps = self.groups[name].get("stamps", {})
            for source, digest in self.groups[name]["sources"].items():
                if source not in checked:
                    checked[source] = self._unchanged(source, digest, stamps.get(source))
                if not checked[source]:
                    return False
        return True

    def _unchanged(self, source: str, digest: str, stamp: list[int] | None) -> bool:
        """Whether a source is as compiled: its size and time as recorded (a trusted stamp,
        `read_manifest`), or else its bytes' hash."""
        path = self.package_dir / source
        try:
            status = path.stat()
            if stamp == [status.st_size, status.st_mtime_ns]:
                return True
            key = (source, status.st_mtime_ns, status.st_size)
            if key not in self.hashes:
                self.hashes[key] = source_hash(path)
        except OSError:  # the source was removed: its compiled code is of nothing
            return False
        return self.hashes[key] == digest

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        group = self.group_of.get(fullname)
        if group is None:
            return None
        if group not in self.decided:
            self.decided[group] = self.is_current(group, self.checked)
        if self.decided[group]:
            entry = self.groups[group]
            # A manifest written before `own_files` was: every module had its file.
            file = fullname if entry.get("own_files", True) else entry["library"]
            compiled = str(self.folder / f"{file}{EXTENSION_SUFFIX}")
            return spec_from_file_location(fullname, compiled, loader=ExtensionFileLoader(fullname, compiled))
        source = self.source_of.get(fullname)
        if source is None:  # a stale group's library: nothing imports it but its stale modules
            return None
        if not (self.package_dir / source).is_file():  # removed (an engine become a package): the usual finders
            return None
        return spec_from_file_location(fullname, self.package_dir / source)

    def stale_modules(self) -> list[str]:
        """The compiled modules that run from their source because a source changed."""
        return sorted(module for module, group in self.group_of.items()
                      if module in self.source_of and not self.is_current(group))


def read_manifest(package_dir: Path) -> dict[str, dict] | None:
    """The groups of a package's cache, or None without a usable one (never built, built by
    another interpreter, or unreadable: then every module runs from its source). A group's
    `stamps` keep only the sources changed more than RACY_NS before the build."""
    try:
        manifest = json.loads((package_dir / FOLDER / MANIFEST).read_text())
    except (OSError, ValueError):
        return None
    if not isinstance(manifest, dict) or manifest.get("suffix") != EXTENSION_SUFFIX:
        return None
    groups = manifest.get("groups")
    if not isinstance(groups, dict) or not all(isinstance(group, dict) for group in groups.values()):
        return None
    written_ns = manifest.get("written_ns")
    for group in groups.values():
        stamps = group.get("stamps") if isinstance(written_ns, int) else None
        group["stamps"] = {source: stamp for source, stamp in stamps.items()
                           if isinstance(stamp, list) and len(stamp) == 2 and isinstance(stamp[1], int)
                           and stamp[1] < written_ns - RACY_NS} if isinstance(stamps, dict) else {}
    return groups


def install(package: str, package_dir: Path) -> CompiledFinder | None:
    """Put the finder of a package's compiled cache first on sys.meta_path (once), unless
    DECKGEN_PURE_PYTHON=1 or there is no cache."""
    for finder in sys.meta_path:
        if isinstance(finder, CompiledFinder) and finder.package == package:
            return finder
    groups = read_manifest(package_dir) if os.environ.get(PURE_PYTHON_VARIABLE) != "1" else None
    if groups is None:
        return None
    finder = CompiledFinder(package, package_dir, groups)
    sys.meta_path.insert(0, finder)
    return finder

