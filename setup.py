"""Builds deckgen with the simulator's hot path compiled by mypyc: the game engines
(deckgen/games/), whose random playouts run about 1.6x faster compiled.

The compiled modules are a cache of their source (deckgen/compiled.py): one library per
engine, one for the kit and one for base, compiled in parallel into deckgen/games/__compiled__/
with a manifest of the sources' hashes; a module whose source (or an imported engine module's
source) changed since runs from its `.py` file. A rebuild recompiles only the libraries whose
C code changed (mypy's incremental cache and the libraries' dates say which). deckgen falls
back to pure Python where mypyc or a C compiler is missing, or when DECKGEN_PURE_PYTHON=1 is
set. Everything else about the package is in pyproject.toml.

`make` runs `python setup.py build_ext` itself after installing the dependencies; a wheel or
an editable install from pip compiles the same way.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import sys
from pathlib import Path

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

GAMES = Path("deckgen", "games")


def load_cache_module():  # type: ignore[no-untyped-def]
    """deckgen/compiled.py by its path: importing the deckgen package needs its dependencies."""
    spec = importlib.util.spec_from_file_location("deckgen_compiled_cache", Path("deckgen", "compiled.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


cache = load_cache_module()
CACHE = GAMES / cache.FOLDER


#: gcc's optimisation level for the compiled engines (mypyc's default is 3). The cold compile
#: is most of a fresh `make`: at -O1 it took 37% less CPU than at -O3 (the kit, base, notation,
#: Zoomies and Mismatch: 29.6 against 47.0 CPU-s, mypy included), and 20,000 games played about
#: 5% slower (Mismatch 10.0-10.3 CPU-s against 9.3-9.8, Zoomies 2.7 against 2.5-2.7). -O0
#: compiled quicker still, but its games were as slow as pure Python. -Og compiled every
#: library in 77 CPU-s against -O1's 132 (mypyc's part included, its cache warm), but
#: reference_bench's per-game ratios to the plain scripts fell by a quarter (Zoomies 2.84x to
#: 1.94x, Up and Down 2.72x to 2.06x, Mystique Guilds 6.39x to 4.78x, below its 5x target).
OPT_LEVEL = "1"

#: No debugging information in the compiled engines (mypyc's default is 1, gcc's -g1): writing
#: it took some 7% of a library's compile (Zoomies: 2.9 against 3.2 CPU-s), and nobody steps
#: through the generated C; a traceback still names the Python source's lines.
DEBUG_LEVEL = "0"


#: Every library's symbols hidden but its module inits (which Python's headers mark for
#: export): each library links its own copy of mypyc's runtime and reaches the others' code
#: through mypyc's export tables, never by symbol, so nothing else needs exporting. Exported,
#: every runtime function was a symbol the dynamic linker resolved at load and a call through
#: the PLT that the first library loaded could answer for all: the kit exported 741 symbols,
#: 25 hidden; Mystique Chain's games 7.7 us to 7.5, Zoomies' 12.5 to 12.1 (reference_bench).
HIDE_SYMBOLS = "-fvisibility=hidden"


#: Packages compiled as one library per module, not one for the package: the engine built from
#: rule data, whose modules make some 5.7 MB of C (48 CPU-s to compile as one library), and which
#: play-language work edits often: split, an edit recompiles the edited module's part only.
SPLIT_PACKAGES = ("described",)


#: Modules that stay interpreted, as path patterns under deckgen/games/ (`PurePath.match`):
#: - the engines' params, dataclasses of rule data that pydantic checks (model/records.py).
#:   Compiled, their class annotations shrink to bare `list` and `dict`, so pydantic would no
#:   longer check the items (a `number_line: [x, y]` accepted where the interpreted one refuses it);
#: - the hand-written engines' move notations, which only logs, replays and positions read,
#:   never a game being played: compiled, they were 1.4 MB of the 27 MB of C, some 5% of the
#:   compile (notation/described.py stays compiled: the described engine's buys decode each
#:   move with its `counts_of` as they are played);
#: - the registry, the loader of a project's own engines, and how an engine is built from its
#:   rule file and cached (building.py, engine_cache.py): run once per command.
INTERPRETED = ("params.py", "notation/*.py", "registry.py", "project_code.py", "building.py", "engine_cache.py")

#: Modules compiled although a pattern of INTERPRETED matches them.
COMPILED_ANYWAY = ("notation/described.py",)


def compiled_groups(library_name) -> list:  # type: ignore[no-untyped-def]
    """One group per entry of deckgen/games/ (each engine, module or package, the kit, base),
    or per module in SPLIT_PACKAGES, holding its modules but those named with a leading
    underscore (package __init__ files stay interpreted) and the INTERPRETED ones; `library_name` names a group's
    library after the group."""
    members: dict[str, dict[str, str]] = {}
    for path in sorted(GAMES.rglob("[!_]*.py")):
        relative = path.relative_to(GAMES)
        if any(map(relative.match, INTERPRETED)) and not any(map(relative.match, COMPILED_ANYWAY)):
            continue
        parts = relative.with_suffix("").parts
        group = "_".join(parts) if parts[0] in SPLIT_PACKAGES else parts[0]
        members.setdefault(group, {})[".".join(("deckgen", "games", *parts))] = relative.as_posix()
    return [cache.Group(f"deckgen.games.{name}", modules, library_name(f"deckgen.games.{name}"))
            for name, modules in members.items()]


class CachedBuildExt(build_ext):
    """Compiles the groups in parallel into the cache folder and writes its manifest; the
    mypyc runtime, the same C for every group, is compiled once. When the C build fails the
    manifest is removed, so every engine runs from its source, and the install goes on."""

    groups: list = []

    def finalize_options(self) -> None:
        super().finalize_options()
        self.parallel = self.parallel or os.cpu_count() or 1

    def get_ext_fullpath(self, ext_name: str) -> str:
        return str(Path(self.build_lib, CACHE, f"{ext_name}{cache.EXTENSION_SUFFIX}"))

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any compiler or linker failure: the source still runs
            Path(self.build_lib, CACHE, cache.MANIFEST).unlink(missing_ok=True)
            Path(CACHE, cache.MANIFEST).unlink(missing_ok=True)
            self.warn(f"deckgen: compiled engines not built ({error}); they run as pure Python")

    def build_extensions(self) -> None:
        self.compile_runtime_once()
        # The largest libraries first, so that the last ones to finish are small.
        self.extensions.sort(key=lambda ext: -sum(Path(source).stat().st_size for source in ext.sources))
        super().build_extensions()
        folder = Path(self.build_lib, CACHE)
        cache.write_manifest(folder, GAMES, self.groups)

    def compile_runtime_once(self) -> None:
        from mypyc.common import RUNTIME_C_FILES

        shared = {source for ext in self.extensions for source in ext.sources if Path(source).name in RUNTIME_C_FILES}
        if not shared:
            return
        model = next(ext for ext in self.extensions if shared & set(ext.sources))
        stale = [source for source in sorted(shared) if self.object_is_stale(source)]
        if stale:
            self.compiler.compile(stale, output_dir=self.build_temp, include_dirs=model.include_dirs,
                                  extra_postargs=model.extra_compile_args)
            for source in stale:
                self.source_stamp(source).write_text(cache.source_hash(Path(source)))
        objects = self.compiler.object_filenames(sorted(shared), output_dir=self.build_temp)
        for ext in self.extensions:
            if shared & set(ext.sources):
                ext.sources = [source for source in ext.sources if source not in shared]
                ext.extra_objects = [*ext.extra_objects, *objects]
                ext.depends = [*ext.depends, *objects]

    def object_is_stale(self, source: str) -> bool:
        """Whether a runtime source's object is missing or was compiled from other C. Told by
        the C's digest, not by file times: here a C file written before its object was compiled
        can carry a later time than the object (seen on a fresh build: four of the runtime's
        objects looked stale after it, and the first engine edit recompiled every library,
        56 s instead of 5)."""
        (target,) = self.compiler.object_filenames([source], output_dir=self.build_temp)
        stamp = self.source_stamp(source)
        return not os.path.exists(target) or not stamp.is_file() or stamp.read_text() != cache.source_hash(Path(source))

    def source_stamp(self, source: str) -> Path:
        """Where the digest of the C a runtime object was compiled from is kept, beside it."""
        (target,) = self.compiler.object_filenames([source], output_dir=self.build_temp)
        return Path(f"{target}.source-sha256")

    def copy_extensions_to_source(self) -> None:
        """An editable install: the cache folder as built, into the source tree's package. Each
        file is replaced whole (a library a running deckgen has loaded is never written over),
        the manifest last."""
        built = Path(self.build_lib, CACHE)
        CACHE.mkdir(exist_ok=True)
        for path in CACHE.iterdir():
            if not (built / path.name).exists():
                path.unlink()
        for path in sorted(built.iterdir(), key=lambda path: path.name == cache.MANIFEST):
            partial = CACHE / f".{path.name}.partial"
            shutil.copy2(path, partial)
            os.replace(partial, CACHE / path.name)


def compiled_extensions() -> list[Extension]:
    if os.environ.get(cache.PURE_PYTHON_VARIABLE) == "1":
        return []
    try:
        from mypyc.build import mypycify
        from mypyc.common import shared_lib_name
    except ImportError:  # built without build isolation, where mypy is not installed
        print("deckgen: mypyc not found; installing the engines as pure Python", file=sys.stderr)
        return []
    CachedBuildExt.groups = compiled_groups(shared_lib_name)
    separate = [([str(GAMES / source) for source in group.modules.values()], group.name)
                for group in CachedBuildExt.groups]
    try:
        extensions = mypycify([path for files, _ in separate for path in files], separate=separate,
                              include_runtime_files=False, opt_level=OPT_LEVEL, debug_level=DEBUG_LEVEL)
    except (Exception, SystemExit) as error:  # mypyc refuses code it cannot type-check
        print(f"deckgen: engines not compiled ({error!r}); installing them as pure Python", file=sys.stderr)
        return []
    for ext in extensions:
        ext.extra_compile_args = [*ext.extra_compile_args, HIDE_SYMBOLS]
    return inits_in_libraries(extensions)


def inits_in_libraries(extensions: list[Extension]) -> list[Extension]:
    """mypyc's extensions with each group's module inits compiled into the group's library.

    mypyc makes every module an extension of its own, a few lines of C (its init, which calls
    the library's) that included Python's headers and was linked on its own: 107 of them took
    8.7 CPU-s to compile and link (load 7), where as one more C file per library they took
    3.1. Here they are compiled with the library's own C, in one file that includes both, so
    that Python's headers are read once per library. Each init keeps its name,
    PyInit_<module>, and the finder loads every module of the group from the library's file.
    A group whose modules share a last name, or whose library is not one C file, keeps
    mypyc's extensions."""
    library_of = {module: group.library for group in CachedBuildExt.groups for module in group.modules}
    inits: dict[str, list[Extension]] = {}
    for ext in extensions:
        if ext.name in library_of:
            inits.setdefault(library_of[ext.name], []).append(ext)
    merged = set()
    for ext in extensions:
        natives = [source for source in ext.sources if Path(source).name.startswith("__native_")]
        modules = inits.get(ext.name, [])
        if len(natives) == 1 and modules and len({init.name.rpartition(".")[2] for init in modules}) == len(modules):
            files = [source for init in modules for source in init.sources]
            combined = write_if_changed(Path(natives[0]), ext.name, files)
            ext.sources = [str(combined) if source == natives[0] else source for source in ext.sources]
            ext.depends = [*ext.depends, natives[0], *files]
            merged.add(ext.name)
    CachedBuildExt.groups = [cache.Group(group.name, group.modules, group.library, own_files=group.library not in merged)
                             for group in CachedBuildExt.groups]
    return [ext for ext in extensions if library_of.get(ext.name) not in merged]


def write_if_changed(native: Path, library: str, init_files: list[str]) -> Path:
    """The C file of a library: its C as mypyc wrote it, then its module inits (each file also
    defines PyInit___init__, renamed here so that the names differ); rewritten only when its
    text changes, since a newer file would compile the library again."""
    lines = [f"/* {library}: mypyc's C and its modules' inits, in one file (setup.py). */", f'#include "{native.name}"']
    for number, path in enumerate(init_files):
        lines += [f"#define PyInit___init__ deckgen_unused_init_{number}",
                  f'#include "{os.path.relpath(path, native.parent)}"', "#undef PyInit___init__"]
    target = native.with_name(f"{library}_with_inits.c")
    text = "\n".join(lines) + "\n"
    if not target.is_file() or target.read_text() != text:
        target.write_text(text)
    return target


setup(ext_modules=compiled_extensions(), cmdclass={"build_ext": CachedBuildExt})
