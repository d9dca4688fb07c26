"""The cycle collector is paused while a command loads, and what loading built is frozen; the
command ends its process without the interpreter's teardown."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from deckgen import __version__
from deckgen.startup import collector_paused, loading


@pytest.fixture(autouse=True)
def _restore_collector():
    enabled = gc.isenabled()
    yield
    gc.unfreeze()
    (gc.enable if enabled else gc.disable)()


def test_loading_pauses_the_collector_then_freezes_what_was_built() -> None:
    gc.enable()
    gc.unfreeze()
    with loading():
        assert not gc.isenabled()
        built = [[index] for index in range(1000)]
    assert gc.isenabled()
    assert gc.get_freeze_count() >= len(built)


def test_loading_keeps_a_paused_collector_paused_even_on_error() -> None:
    gc.disable()
    with pytest.raises(RuntimeError), loading():
        raise RuntimeError("load failed")
    assert not gc.isenabled()


def test_loading_spares_pydantic_its_plugin_search() -> None:
    """A fresh process that builds a pydantic model inside loading() never imports
    importlib.metadata (pydantic's plugin search reads every installed package's metadata)."""
    script = (
        "import sys\n"
        "from deckgen.startup import loading\n"
        "with loading():\n"
        "    from pydantic import BaseModel\n"
        "    class Card(BaseModel):\n"
        "        name: str\n"
        "assert Card(name='ace').name == 'ace'\n"
        "print('importlib.metadata' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def _run_command(body: str) -> subprocess.CompletedProcess[str]:
    """A fresh process that runs `body` (the command's code) under run_and_end."""
    script = (
        "import atexit, sys\n"
        "from deckgen.startup import run_and_end\n"
        "class Noisy:\n"
        "    def __del__(self):\n"
        "        print('torn down', flush=True)\n"
        "kept = Noisy()\n"
        "def command():\n"
        + "".join(f"    {line}\n" for line in body.splitlines())
        + "run_and_end(command)\n"
    )
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=False)


def test_run_and_end_exits_with_the_status_after_the_handlers_without_the_teardown() -> None:
    """The command's output is all there, unflushed or not, the exit handlers it registered
    ran, the status is its own, and the objects it kept were not torn down one by one."""
    done = _run_command("atexit.register(print, 'handler ran')\n"
                        "sys.stdout.write('x' * 200_000)\n"
                        "sys.stderr.write('a warning')\n"
                        "sys.exit(2)")
    assert done.returncode == 2
    assert done.stdout == "x" * 200_000 + "handler ran\n"
    assert done.stderr == "a warning"


def test_run_and_end_leaves_other_endings_to_python() -> None:
    """A command that ends with a message, or with an exception, ends as without it."""
    message = _run_command("sys.exit('no such game')")
    assert (message.returncode, message.stderr, message.stdout) == (1, "no such game\n", "torn down\n")
    failure = _run_command("raise RuntimeError('bug')")
    assert failure.returncode == 1 and "RuntimeError: bug" in failure.stderr and failure.stdout == "torn down\n"
    finished = _run_command("print('done')")
    assert (finished.returncode, finished.stdout) == (0, "done\n")


def test_the_deckgen_command_keeps_its_exit_statuses(tmp_path: Path) -> None:
    """`python -m deckgen` (the script runs the same `run`): 0 with complete output, 2 with one
    error line."""
    shown = subprocess.run([sys.executable, "-m", "deckgen", "--version"], capture_output=True, text=True,
                           check=False, cwd=tmp_path)
    assert (shown.returncode, shown.stdout) == (0, f"deckgen, version {__version__}\n")
    wrong = subprocess.run([sys.executable, "-m", "deckgen", "simulate", "no-such-game"], capture_output=True,
                           text=True, check=False, cwd=tmp_path)
    assert wrong.returncode == 2 and wrong.stderr.startswith("error: unknown game 'no-such-game'")


def test_collector_paused_leaves_the_collector_as_it_found_it() -> None:
    gc.enable()
    with collector_paused():
        assert not gc.isenabled()
    assert gc.isenabled()
    gc.disable()
    with collector_paused():
        pass
    assert not gc.isenabled()
