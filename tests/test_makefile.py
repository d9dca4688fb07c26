"""`make` puts the deckgen command on the PATH, so the README's first command runs as written
in a fresh shell (the link target alone, run against the installed environment)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

CHECKOUT = Path(__file__).resolve().parent.parent
COMMAND = CHECKOUT / ".venv" / "bin" / "deckgen"


@pytest.mark.skipif(shutil.which("make") is None or not COMMAND.is_file(), reason="needs make and an installed .venv")
def test_make_links_deckgen_into_bindir_and_says_when_that_is_not_on_the_path(tmp_path: Path) -> None:
    bindir = tmp_path / "bin"

    def make(path: str) -> str:
        done = subprocess.run(["make", "-s", "-C", str(CHECKOUT), "-o", ".venv/.installed", "link", f"BINDIR={bindir}"],
                              capture_output=True, text=True, timeout=60, env={**os.environ, "PATH": path})
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "which is not on your PATH" in make("/usr/bin:/bin") and ". " in make("/usr/bin:/bin")
    assert (bindir / "deckgen").resolve() == COMMAND.resolve()
    assert make(f"{bindir}:/usr/bin:/bin").strip() == f"deckgen is linked into {bindir}, on your PATH"
    found = subprocess.run(["deckgen", "--help"], capture_output=True, text=True, timeout=60,
                           env={**os.environ, "PATH": f"{bindir}:/usr/bin:/bin"})
    assert found.returncode == 0 and "Design, check, print and play-test card games." in found.stdout


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_an_engine_edit_recompiles_the_engines_without_installing_again(tmp_path: Path) -> None:
    """`make test` after an edit under deckgen/games/ runs the incremental compile, not pip;
    a changed pyproject.toml installs again (and compiles after)."""
    shutil.copy(CHECKOUT / "Makefile", tmp_path / "Makefile")
    engine = tmp_path / "deckgen" / "games" / "some_engine.py"
    engine.parent.mkdir(parents=True)
    (tmp_path / ".venv").mkdir()
    files = [tmp_path / "pyproject.toml", tmp_path / "setup.py", engine,
             tmp_path / ".venv" / ".installed", tmp_path / ".venv" / ".compiled"]
    for age, path in enumerate(files):  # oldest first: everything is up to date
        path.touch()
        os.utime(path, (1_000_000 + age, 1_000_000 + age))

    def planned() -> str:
        done = subprocess.run(["make", "-n", "-C", str(tmp_path), "test"], capture_output=True, text=True, timeout=60)
        assert done.returncode == 0, done.stderr
        return done.stdout

    assert "build_ext" not in planned() and "pip install" not in planned() and "pytest" in planned()
    os.utime(engine, (2_000_000, 2_000_000))
    assert "build_ext --inplace --parallel" in planned() and "pip install" not in planned()
    os.utime(tmp_path / "pyproject.toml", (3_000_000, 3_000_000))
    assert "pip install" in planned() and "build_ext" in planned()


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_builds_the_documents_while_the_engines_compile_then_plays(tmp_path: Path) -> None:
    """`make` compiles the engines and makes the documents (no game played) in one sub-make run
    with a job per core, then runs the whole build, which finds the documents made."""
    shutil.copy(CHECKOUT / "Makefile", tmp_path / "Makefile")
    engine = tmp_path / "deckgen" / "games" / "some_engine.py"
    engine.parent.mkdir(parents=True)
    (tmp_path / ".venv").mkdir()
    for age, path in enumerate([tmp_path / "pyproject.toml", tmp_path / "setup.py", tmp_path / ".venv" / ".installed",
                                engine]):  # an engine edited since the last compile
        path.touch()
        os.utime(path, (1_000_000 + age, 1_000_000 + age))
    done = subprocess.run(["make", "-n", "-C", str(tmp_path), "BINDIR=", "JOBS=2"], capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    sub_make = next(i for i, line in enumerate(lines) if "-j2" in line and ".venv/.compiled" in line and "documents" in line)
    compile_at = next(i for i, line in enumerate(lines) if "build_ext --inplace" in line)
    documents_at = next(i for i, line in enumerate(lines) if line.endswith("deckgen build --sim-games 0 --quiet"))
    build_at = next(i for i, line in enumerate(lines) if line.endswith("deckgen build"))
    assert sub_make < min(compile_at, documents_at) and max(compile_at, documents_at) < build_at


@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_make_lets_python_keep_bytecode_where_the_environment_says_not_to(tmp_path: Path) -> None:
    """Without its .pyc cache every process of a build compiles the same modules again."""
    (tmp_path / "probe.mk").write_text('probe:\n\t@echo "[$$PYTHONDONTWRITEBYTECODE]"\n')
    done = subprocess.run(["make", "-s", "-f", str(CHECKOUT / "Makefile"), "-f", "probe.mk", "probe"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60, env={**os.environ, "PYTHONDONTWRITEBYTECODE": "1"})
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
