"""Compiled engines are a cache (deckgen.compiled): a module runs compiled only while its
source, and the sources of every compiled module it imports, are as they were compiled; an
edited engine runs from its source at once, without a rebuild."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from deckgen.compiled import (
    EXTENSION_SUFFIX,
    FOLDER,
    MANIFEST,
    PURE_PYTHON_VARIABLE,
    RACY_NS,
    CompiledFinder,
    Group,
    install,
    read_manifest,
    write_manifest,
)

CHECKOUT = Path(__file__).resolve().parent.parent
GAMES = CHECKOUT / "deckgen" / "games"


def cached_package(root: Path) -> Path:
    """A package of three modules as setup.py would have compiled them: `lead` imports
    `helper`, `alone` imports nothing compiled."""
    package = root / "pkg"
    (package / FOLDER).mkdir(parents=True)
    (package / "helper.py").write_text("VALUE = 1\n")
    (package / "lead.py").write_text("from pkg.helper import VALUE\n")
    (package / "alone.py").write_text("import json\n")
    write_manifest(package / FOLDER, package, [
        Group(f"pkg.{name}", {f"pkg.{name}": f"{name}.py"}, f"pkg.{name}__mypyc") for name in ("helper", "lead", "alone")
    ])
    return package


def finder_of(package: Path) -> CompiledFinder:
    groups = read_manifest(package)
    assert groups is not None
    return CompiledFinder("pkg", package, groups)


def origin(finder: CompiledFinder, name: str) -> str:
    spec = finder.find_spec(name)
    assert spec is not None and spec.origin is not None
    return spec.origin


def test_unchanged_modules_load_compiled_from_the_cache_folder(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    finder = finder_of(package)
    for name in ("pkg.helper", "pkg.lead", "pkg.alone", "pkg.lead__mypyc"):
        assert origin(finder, name) == str(package / FOLDER / f"{name}{EXTENSION_SUFFIX}")
    assert finder.find_spec("pkg.other") is None and finder.find_spec("json") is None  # left to the usual finders
    assert finder.stale_modules() == []


def test_an_edited_module_and_those_importing_it_run_from_their_source(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    (package / "helper.py").write_text("VALUE = 2\n")
    finder = finder_of(package)
    assert origin(finder, "pkg.helper") == str(package / "helper.py")
    assert origin(finder, "pkg.lead") == str(package / "lead.py")  # its compiled code would call the old helper
    assert origin(finder, "pkg.alone").endswith(EXTENSION_SUFFIX)
    assert finder.find_spec("pkg.helper__mypyc") is None
    assert finder.stale_modules() == ["pkg.helper", "pkg.lead"]


def test_a_source_as_compiled_by_size_and_time_is_not_read_again(tmp_path: Path) -> None:
    """A source whose size and time are those recorded runs compiled without being hashed
    (shown here by bytes changed behind a restored time), unless it changed within RACY_NS
    of the build: then an edit keeping both is still seen."""
    package = tmp_path / "pkg"
    (package / FOLDER).mkdir(parents=True)
    old, racy = package / "old.py", package / "racy.py"
    old.write_text("VALUE = 1\n")
    racy.write_text("VALUE = 1\n")
    long_ago = time.time_ns() - 10 * RACY_NS
    os.utime(old, ns=(long_ago, long_ago))
    write_manifest(package / FOLDER, package, [
        Group(f"pkg.{name}", {f"pkg.{name}": f"{name}.py"}, f"pkg.{name}__mypyc") for name in ("old", "racy")
    ])
    for path in (old, racy):
        status = path.stat()
        path.write_text("VALUE = 2\n")
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
    finder = finder_of(package)
    assert origin(finder, "pkg.old").endswith(EXTENSION_SUFFIX)
    assert finder.stale_modules() == ["pkg.racy"]


def test_a_source_touched_but_unchanged_still_runs_compiled(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    later = time.time_ns() + RACY_NS
    os.utime(package / "helper.py", ns=(later, later))
    assert finder_of(package).stale_modules() == []


def test_a_groups_modules_load_alike_though_a_source_changes_between_their_imports(tmp_path: Path) -> None:
    package = tmp_path / "pkg"
    (package / FOLDER).mkdir(parents=True)
    for name in ("first", "second"):
        (package / f"{name}.py").write_text("VALUE = 1\n")
    write_manifest(package / FOLDER, package,
                   [Group("pkg.pair", {"pkg.first": "first.py", "pkg.second": "second.py"}, "pkg.pair__mypyc")])
    finder = finder_of(package)
    assert origin(finder, "pkg.first").endswith(EXTENSION_SUFFIX)
    (package / "second.py").write_text("VALUE = 22\n")
    assert origin(finder, "pkg.second").endswith(EXTENSION_SUFFIX)  # as its group was found at first
    assert finder_of(package).stale_modules() == ["pkg.first", "pkg.second"]  # a new process sees the edit


def test_a_removed_source_is_not_run_compiled(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    (package / "helper.py").unlink()
    assert finder_of(package).stale_modules() == ["pkg.helper", "pkg.lead"]


def test_a_module_become_a_package_is_left_to_the_usual_finders(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    (package / "helper.py").unlink()
    (package / "helper").mkdir()
    (package / "helper" / "__init__.py").write_text("VALUE = 3\n")
    finder = finder_of(package)
    assert finder.find_spec("pkg.helper") is None  # not the removed file's path, nor its compiled code
    assert origin(finder, "pkg.lead") == str(package / "lead.py")


def test_a_cache_built_by_another_python_or_unreadable_is_not_used(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    manifest = package / FOLDER / MANIFEST
    data = json.loads(manifest.read_text())
    manifest.write_text(json.dumps({**data, "suffix": ".cpython-39-x86_64-linux-gnu.so"}))
    assert read_manifest(package) is None
    manifest.write_text("{not json")
    assert read_manifest(package) is None


def test_building_again_removes_files_no_module_names_any_more(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    left = package / FOLDER / f"pkg.renamed{EXTENSION_SUFFIX}"
    left.write_bytes(b"")
    kept = package / FOLDER / f"pkg.alone{EXTENSION_SUFFIX}"
    kept.write_bytes(b"")
    write_manifest(package / FOLDER, package, [Group("pkg.alone", {"pkg.alone": "alone.py"}, "pkg.alone__mypyc")])
    assert not left.exists() and kept.exists()


def test_the_finder_is_installed_once_and_never_with_pure_python_asked(tmp_path: Path,
                                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    package = cached_package(tmp_path)
    monkeypatch.setattr(sys, "meta_path", list(sys.meta_path))
    monkeypatch.setenv(PURE_PYTHON_VARIABLE, "1")
    assert install("pkg", package) is None
    monkeypatch.delenv(PURE_PYTHON_VARIABLE)
    finder = install("pkg", package)
    assert finder is not None and sys.meta_path[0] is finder and install("pkg", package) is finder
    assert install("bare", tmp_path) is None  # no cache folder: the usual finders only


def engine_source(game_id: str) -> Path:
    """The source file of a game's engine class, relative to the checkout."""
    from deckgen.games.registry import get_game

    module = type(get_game(game_id)).__module__
    path = Path(*module.split("."))
    return path / "__init__.py" if (CHECKOUT / path).is_dir() else path.with_suffix(".py")


def copy_of_deckgen(root: Path) -> Path:
    """deckgen's package (with its compiled cache, when built) and a link to its data."""
    shutil.copytree(CHECKOUT / "deckgen", root / "deckgen", ignore=shutil.ignore_patterns("__pycache__"))
    for data in ("decks", "templates"):
        (root / data).symlink_to(CHECKOUT / data)
    return root


def test_an_edited_engine_runs_the_edit_at_once(tmp_path: Path) -> None:
    """In a copy of the package, edit one engine and play it: the edit runs, with no build;
    an engine left alone still runs compiled when the package was built."""
    root = copy_of_deckgen(tmp_path / "copy")
    edited, untouched = engine_source("zoomies"), engine_source("up-and-down")
    with (root / edited).open("a") as source:
        source.write('\nprint("zoomies engine as edited", file=__import__("sys").stderr)\n')
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    played = subprocess.run(
        [sys.executable, "-m", "deckgen", "simulate", "zoomies", "--games", "3", "--jobs", "1"],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(root)}, capture_output=True, text=True, timeout=120)
    assert played.returncode == 0, played.stderr
    assert "zoomies engine as edited" in played.stderr
    modules = subprocess.run(
        [sys.executable, "-c", "import sys, deckgen.games.registry as r; r.get_game('zoomies'); r.get_game('up-and-down'); "
         "print(*(sys.modules[m].__spec__.origin for m in sys.argv[1:]), sep='\\n')",
         ".".join(edited.with_suffix("").parts), ".".join(untouched.with_suffix("").parts)],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(root)}, capture_output=True, text=True, timeout=120)
    assert modules.returncode == 0, modules.stderr
    edited_origin, untouched_origin = modules.stdout.split()
    assert edited_origin == str(root / edited)
    if os.environ.get(PURE_PYTHON_VARIABLE) != "1" and read_manifest(GAMES) is not None:
        assert untouched_origin.startswith(str(root / "deckgen" / "games" / FOLDER))


def test_a_finder_sees_an_edit_made_after_it_started(tmp_path: Path) -> None:
    package = cached_package(tmp_path)
    finder = finder_of(package)
    assert finder.stale_modules() == []
    (package / "alone.py").write_text("import json  # edited\n")
    assert finder.stale_modules() == ["pkg.alone"]



def imported_names(tree: ast.Module) -> dict[str, str]:
    """What each name a module imports with `from M import N` refers to: N -> M."""
    return {alias.asname or alias.name: node.module for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module for alias in node.names}


def base_names(node: ast.ClassDef) -> list[str]:
    """The names a class statement's bases are written with (`Expr[DescribedState]` -> Expr)."""
    names = []
    for base in node.bases:
        while isinstance(base, ast.Subscript):
            base = base.value
        if isinstance(base, ast.Name):
            names.append(base.id)
    return names


def subclasses_of_other_libraries(groups: dict[str, dict]) -> list[str]:
    """The compiled modules defining a class whose base comes from another compiled library
    (setup.py makes one per engine, the kit, base, the notation package and each module of the
    rule-data engine). Edited, such a module runs from its source while its base stays
    compiled, which mypyc allows only for a base that says so."""
    library_of = {module: group for group, info in groups.items() for module in info["modules"]}
    found = []
    for group, info in groups.items():
        for module, relative in info["modules"].items():
            tree = ast.parse((GAMES / relative).read_text())
            imports = imported_names(tree)
            if any(library_of.get(imports.get(name, ""), group) != group
                   for node in ast.walk(tree) if isinstance(node, ast.ClassDef) for name in base_names(node)):
                found.append(module)
    return sorted(found)


@pytest.mark.skipif(read_manifest(GAMES) is None, reason="the engines are not compiled: every module runs from source")
def test_a_subclass_edited_apart_from_its_compiled_base_still_loads(tmp_path: Path) -> None:
    """Edit every module whose classes extend another library's (a notation, a rule-data
    engine operator, an engine's state): each runs from its source on a compiled base, and
    the games they make still play."""
    groups = read_manifest(GAMES)
    assert groups is not None
    edited = subclasses_of_other_libraries(groups)
    assert "deckgen.games.described.operators" in edited and "deckgen.games.notation.described" in edited
    root = copy_of_deckgen(tmp_path / "copy")
    for module in edited:
        with (root / Path(*module.split("."))).with_suffix(".py").open("a") as source:
            source.write("\n# edited\n")
    env = {key: value for key, value in os.environ.items() if key != "PYTHONPATH"}
    loaded = subprocess.run(
        [sys.executable, "-c", "import importlib, sys\nfor name in sys.argv[1:]: importlib.import_module(name)", *edited],
        cwd=tmp_path, env={**env, "PYTHONPATH": str(root)}, capture_output=True, text=True, timeout=300)
    assert loaded.returncode == 0, loaded.stderr
    for game in ("mystical-eddies-described", "zoomies"):
        played = subprocess.run([sys.executable, "-m", "deckgen", "simulate", game, "--games", "3", "--jobs", "1",
                                 "--no-store"], cwd=tmp_path, env={**env, "PYTHONPATH": str(root)},
                                capture_output=True, text=True, timeout=300)
        assert played.returncode == 0, played.stderr
