"""Atomic writes leave either the complete new file or the old state."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.fileio import atomic_path, write_atomic


def test_write_creates_parents_and_content(tmp_path: Path):
    target = tmp_path / "a" / "b.txt"
    write_atomic(target, "hello")
    assert target.read_text() == "hello"
    assert list(target.parent.iterdir()) == [target]


def test_failure_leaves_nothing_behind(tmp_path: Path):
    target = tmp_path / "out.pdf"
    with pytest.raises(RuntimeError):
        with atomic_path(target) as temp:
            temp.write_bytes(b"half")
            raise RuntimeError("render failed")
    assert list(tmp_path.iterdir()) == []


def test_failure_keeps_the_previous_file(tmp_path: Path):
    target = write_atomic(tmp_path / "out.txt", b"old")
    with pytest.raises(ValueError):
        with atomic_path(target) as temp:
            temp.write_bytes(b"new")
            raise ValueError
    assert target.read_bytes() == b"old" and len(list(tmp_path.iterdir())) == 1


# Hostile or faulty inputs and outputs (issue 15).

import os
import subprocess
import sys
import time

from deckgen.errors import DataError
from deckgen.fileio import (
    OutputError,
    atomic_folder,
    check_output_dir,
    clean_debris,
    contained,
    output_file,
    read_limited,
)


def read_error(path: Path, limit: int = 1000) -> str:
    with pytest.raises(DataError) as info:
        read_limited(path, limit, "a test file", DataError, within=None)
    (line,) = info.value.problems
    return line


def test_read_refuses_devices_folders_and_pipes_at_once(tmp_path: Path):
    assert read_error(Path("/dev/zero")) == "/dev/zero: not a regular file (a device or pipe; expected a test file)"
    assert read_error(tmp_path) == f"{tmp_path}: is a folder (expected a test file)"
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    start = time.perf_counter()
    assert "not a regular file" in read_error(fifo)  # no writer: it must not wait for one
    assert time.perf_counter() - start < 1


def test_read_limits_size_and_handles_a_bom_and_binary(tmp_path: Path):
    big = tmp_path / "big.txt"
    big.write_bytes(b"x" * 2049)
    assert read_error(big, 2048) == f"{big}: larger than 2 KiB (expected a test file of at most that size)"
    bom = tmp_path / "bom.txt"
    bom.write_bytes("\ufeffid: x\n".encode("utf-8"))
    assert read_limited(bom, 100, "a test file", within=[tmp_path]) == "id: x\n"
    binary = tmp_path / "bin"
    binary.write_bytes(b"\xff\xfe\x00")
    assert read_error(binary) == f"{binary}: not a UTF-8 text file (expected a test file)"
    assert read_error(tmp_path / "none") == f"{tmp_path / 'none'}: file not found"


def test_a_read_through_a_link_out_of_its_folders_never_shows_the_file(tmp_path: Path):
    project = tmp_path / "project"
    project.mkdir()
    secret = tmp_path / "hidden.txt"
    secret.write_text("PRIVATE\n")
    link = project / "data.yaml"
    link.symlink_to(secret)
    with pytest.raises(DataError) as info:
        read_limited(link, 100, "a test file", DataError, within=[project])
    (line,) = info.value.problems
    assert line == f"{link}: leads outside the project folder {project} through a link " \
                   "(only files inside it are read; copy the file into it)"
    assert "hidden" not in line and "PRIVATE" not in line
    assert read_limited(link, 100, "a test file", DataError, within=[project, tmp_path]) == "PRIVATE\n"
    loop = project / "loop"
    loop.symlink_to(loop)
    with pytest.raises(DataError, match="loop: cannot follow this path"):
        contained(loop, [project], DataError)
    assert contained(project / "sub" / ".." / "x", [project]) == project.resolve() / "x"


def test_temporary_names_carry_the_process_id(tmp_path: Path):
    with atomic_path(tmp_path / "out.pdf") as temp:
        assert temp.name.startswith(f".out.pdf.{os.getpid()}.") and temp.name.endswith(".part")


def test_debris_of_a_killed_writer_is_cleaned_and_a_live_writers_kept(tmp_path: Path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    (tmp_path / "mirror" / "png").mkdir(parents=True)
    debris = [tmp_path / f".a.pdf.{dead_pid}.x1y2z3.part", tmp_path / "mirror" / "png" / f".c.png.{dead_pid}.abc.part"]
    for path in debris:
        path.write_bytes(b"half")
    folder = tmp_path / "mirror" / f".png.{dead_pid}.q9.part"
    folder.mkdir()
    live = tmp_path / f".b.pdf.{os.getpid()}.k.part"
    live.write_bytes(b"being written")
    kept = tmp_path / "mirror" / "mirror-pnp.pdf"
    kept.write_bytes(b"done")
    assert sorted(clean_debris(tmp_path)) == sorted(debris + [folder])
    assert live.exists() and kept.exists() and not folder.exists()


def test_atomic_folder_replaces_a_whole_export_or_nothing(tmp_path: Path):
    target = tmp_path / "png"
    with atomic_folder(target) as temp:
        (temp / "a.png").write_bytes(b"1")
        (temp / "b.png").write_bytes(b"1")
    with atomic_folder(target) as temp:
        (temp / "a.png").write_bytes(b"2")
    assert sorted(p.name for p in target.iterdir()) == ["a.png"]  # b.png of the older run is gone
    with pytest.raises(KeyboardInterrupt):
        with atomic_folder(target) as temp:
            (temp / "c.png").write_bytes(b"3")
            raise KeyboardInterrupt
    assert sorted(p.name for p in target.iterdir()) == ["a.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["png"]


def output_error(folder: Path) -> str:
    with pytest.raises(OutputError) as info:
        check_output_dir(folder)
    (line,) = info.value.problems
    return line


def test_output_folder_problems_are_one_line_each(tmp_path: Path):
    afile = tmp_path / "afile"
    afile.write_text("x")
    assert output_error(afile) == f"{afile}: output folder is a file, not a folder (give a folder with --output)"
    assert output_error(Path("/dev/null")).startswith("/dev/null: output folder is a device or pipe")
    missing = tmp_path / "no" / "out"
    assert output_error(missing) == f"{missing}: the folder it goes in, {tmp_path / 'no'}, does not exist (create it first)"
    assert output_error(afile / "out") == f"{afile / 'out'}: {afile} is not a folder (give a folder with --output)"
    assert "cannot write in /sys" in output_error(Path("/sys/deckgen-out"))


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write to a read-only folder")
def test_read_only_output_folder(tmp_path: Path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o555)
    try:
        assert output_error(folder) == f"{folder}: cannot write in this folder (Permission denied)"
    finally:
        folder.chmod(0o755)


def test_checking_an_output_folder_creates_nothing(tmp_path: Path):
    assert check_output_dir(tmp_path / "new") == tmp_path / "new"
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("name", ["..", "../x.png", "/etc/x.png", "a/b.png", "x\n.png", "", ".", "a\\b"])
def test_output_names_that_leave_the_folder_are_refused(tmp_path: Path, name: str):
    with pytest.raises(OutputError, match="not a plain file name|outside the output folder"):
        output_file(tmp_path, "mirror", name)


def test_output_through_a_link_that_leaves_the_folder_is_refused(tmp_path: Path):
    root = tmp_path / "out"
    root.mkdir()
    (root / "mirror").symlink_to(tmp_path)
    with pytest.raises(OutputError, match="outside the output folder"):
        output_file(root, "mirror", "x.png")
    assert output_file(root, "mystique", "png", "yellow-moons-1.png") == root / "mystique" / "png" / "yellow-moons-1.png"


def test_a_device_pipe_or_folder_is_never_replaced(tmp_path: Path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    for target, kind in ((fifo, "a device or pipe"), (tmp_path, "a folder")):
        with pytest.raises(OutputError, match=f"is {kind}, not a file"):
            write_atomic(target, "x")
    assert fifo.is_fifo() and sorted(p.name for p in tmp_path.iterdir()) == ["pipe"]


def test_an_output_folder_that_is_a_dangling_link_is_refused(tmp_path: Path):
    link = tmp_path / "out"
    link.symlink_to(tmp_path / "gone")
    assert output_error(link) == f"{link}: output folder is a link to nothing (give a folder with --output)"


def test_names_with_a_nul_character_are_refused(tmp_path: Path):
    assert read_error(tmp_path / "a\0b") == f"{str(tmp_path / 'a') + chr(0) + 'b'!r}: not a file name (expected a test file)"
    assert output_error(tmp_path / "a\0b").endswith(": not a folder name (give a folder with --output)")
