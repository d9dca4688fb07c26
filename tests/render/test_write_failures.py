"""Writes that fail (issue 33): a deck folder in the output that this user cannot write in
(left by a run as another user) and a full disk during --png are one line and exit 2 with
nothing half-written; a killed drawing worker is one line and every worker is waited for;
a killed run's temporary files go with the next run even while it is an unreaped zombie;
the PNG export's font configuration lives in a private folder of its own."""

from __future__ import annotations

import errno
import os
import stat
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from deckgen.errors import DeckgenError
from deckgen.fileio import clean_debris
from deckgen.render import png
from deckgen.render.png import RasterJob, rasterise_all, write_pngs
from tests.cli.test_project_cli import game, run  # noqa: F401  (fixture: a fresh `deckgen init` project, here)

SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><rect width="20" height="20"/></svg>'


@pytest.fixture
def locked(game: Path) -> Iterator[Path]:
    """output/sky as another user's run leaves it: a folder this user cannot write in (for
    root, whom permissions do not stop, the file system's immutable flag)."""
    folder = game / "output" / "sky"
    folder.mkdir(parents=True)
    if os.geteuid() == 0:
        if subprocess.run(["chattr", "+i", str(folder)], capture_output=True).returncode != 0:
            pytest.skip("this file system has no immutable flag (chattr)")
    else:
        folder.chmod(0o555)
    yield folder
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], check=True)
    folder.chmod(0o755)


def one_write_error(args: list[str], target: str, why: str) -> None:
    result = run(*args)
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: {target}: cannot write ({why}"), line
    assert "Traceback" not in result.output and "PermissionError" not in result.output


@pytest.mark.parametrize("args, target", [
    (["render", "cards", "sky"], "output/sky/sky-pnp.pdf"),
    (["render", "booklet", "comet-chase"], "output/sky/comet-chase-rules.pdf"),
    (["render", "cards", "sky", "--png", "30"], "output/sky/png"),
])
def test_an_unwritable_deck_folder_is_one_line(locked: Path, args: list[str], target: str):
    one_write_error(args, target, os.strerror(errno.EPERM if os.geteuid() == 0 else errno.EACCES))
    assert list(locked.iterdir()) == []


def test_a_full_disk_during_png_export_is_one_line_and_leaves_nothing(game: Path, monkeypatch: pytest.MonkeyPatch):
    real = Path.write_bytes

    def full(path: Path, data: bytes) -> int:
        if path.name.endswith(".part"):
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        return real(path, data)

    monkeypatch.setattr(Path, "write_bytes", full)  # forked workers inherit it
    result = run("render", "cards", "sky", "--png", "30")
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert "cannot write (No space left on device" in line and "Traceback" not in result.output
    assert not (game / "output" / "sky" / "png").exists()
    assert not [p for p in (game / "output").rglob("*") if p.name.endswith(".part")]


def _killed(*args: object) -> bytes:
    os.kill(os.getpid(), 9)
    return b""


def zombies() -> list[int]:
    """This process's children that ended and were not waited for."""
    found = []
    for entry in Path("/proc").iterdir():
        try:
            fields = (entry / "stat").read_bytes().rpartition(b")")[2].split()
        except OSError:
            continue
        if fields[:2] == [b"Z", str(os.getpid()).encode()]:
            found.append(int(entry.name))
    return found


@pytest.mark.skipif(not Path("/proc/self/stat").exists() or (os.cpu_count() or 1) < 2, reason="needs /proc and 2 cores")
def test_a_killed_drawing_worker_is_one_line_and_every_worker_is_waited_for(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(png, "rasterise", _killed)
    with pytest.raises(DeckgenError, match="a process drawing PNGs was stopped"):
        rasterise_all([RasterJob(SVG, 20, 20, 72.0)] * 6)
    assert zombies() == []


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="zombies are told apart through /proc")
def test_a_zombie_writers_debris_goes_with_the_next_run(tmp_path: Path):
    child = subprocess.Popen([sys.executable, "-c", "pass"])
    while (Path(f"/proc/{child.pid}/stat").read_bytes().rpartition(b")")[2].split()[:1]) != [b"Z"]:
        time.sleep(0.01)  # ended, not yet waited for
    debris = tmp_path / "sky" / f".sky-pnp.pdf.{child.pid}.k3j2h1.part"
    debris.parent.mkdir()
    debris.write_bytes(b"%PDF half")
    try:
        assert clean_debris(tmp_path) == [debris] and not debris.exists()
    finally:
        child.wait()


def test_the_png_font_configuration_is_private_to_the_run(monkeypatch: pytest.MonkeyPatch, tmp_path: Path):
    monkeypatch.delenv("FONTCONFIG_FILE", raising=False)
    monkeypatch.setattr("tempfile.tempdir", str(tmp_path))
    write_pngs([])
    config = Path(os.environ["FONTCONFIG_FILE"])
    assert config.is_file() and config.parent.parent == tmp_path and config.parent.name != "deckgen-fontconfig"
    assert stat.S_IMODE(config.parent.stat().st_mode) == 0o700
    assert "<fontconfig>" in config.read_text()
