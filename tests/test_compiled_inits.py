"""A compiled group whose module inits setup.py put in its library (deckgen.compiled.Group's
own_files false): every module of it loads from the library's file, and a build leaves no
file of a module's own behind; a manifest written before such groups existed still loads
each module from its own file."""

from __future__ import annotations

import json
from pathlib import Path

from deckgen.compiled import EXTENSION_SUFFIX, FOLDER, MANIFEST, CompiledFinder, Group, read_manifest, write_manifest


def package_of(root: Path, own_files: bool) -> Path:
    """A package of two modules compiled as one group, `lead` importing `helper`."""
    package = root / "pkg"
    (package / FOLDER).mkdir(parents=True)
    (package / "helper.py").write_text("VALUE = 1\n")
    (package / "lead.py").write_text("from pkg.helper import VALUE\n")
    write_manifest(package / FOLDER, package, [
        Group("pkg.both", {"pkg.helper": "helper.py", "pkg.lead": "lead.py"}, "pkg.both__mypyc", own_files)])
    return package


def origins(package: Path) -> dict[str, str]:
    groups = read_manifest(package)
    assert groups is not None
    finder = CompiledFinder("pkg", package, groups)
    specs = {name: finder.find_spec(name) for name in ("pkg.helper", "pkg.lead", "pkg.both__mypyc")}
    return {name: str(spec.origin) for name, spec in specs.items() if spec is not None}


def test_modules_whose_inits_are_in_the_library_load_from_its_file(tmp_path: Path) -> None:
    package = package_of(tmp_path, own_files=False)
    library = str(package / FOLDER / f"pkg.both__mypyc{EXTENSION_SUFFIX}")
    assert origins(package) == {"pkg.helper": library, "pkg.lead": library, "pkg.both__mypyc": library}


def test_an_edited_module_of_such_a_group_still_runs_from_its_source(tmp_path: Path) -> None:
    package = package_of(tmp_path, own_files=False)
    (package / "helper.py").write_text("VALUE = 2\n")
    found = origins(package)
    assert found["pkg.helper"] == str(package / "helper.py") and found["pkg.lead"] == str(package / "lead.py")


def test_building_such_a_group_removes_the_modules_own_files_of_an_earlier_build(tmp_path: Path) -> None:
    package = package_of(tmp_path, own_files=True)
    for name in ("pkg.helper", "pkg.lead", "pkg.both__mypyc"):
        (package / FOLDER / f"{name}{EXTENSION_SUFFIX}").write_bytes(b"")
    write_manifest(package / FOLDER, package, [
        Group("pkg.both", {"pkg.helper": "helper.py", "pkg.lead": "lead.py"}, "pkg.both__mypyc", own_files=False)])
    assert sorted(path.name for path in (package / FOLDER).iterdir()) == sorted(
        [f"pkg.both__mypyc{EXTENSION_SUFFIX}", MANIFEST])


def test_a_manifest_from_before_loads_each_module_from_its_own_file(tmp_path: Path) -> None:
    package = package_of(tmp_path, own_files=True)
    manifest = package / FOLDER / MANIFEST
    data = json.loads(manifest.read_text())
    for group in data["groups"].values():
        del group["own_files"]
    manifest.write_text(json.dumps(data))
    assert origins(package)["pkg.lead"] == str(package / FOLDER / f"pkg.lead{EXTENSION_SUFFIX}")
