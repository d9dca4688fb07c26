"""Python run afresh, for what only a new process shows: which libraries a command loads, and
what deckgen's cache folder keeps from one command to the next."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path


def python_output(script: str, cache: Path | None = None) -> str:
    """The standard output of `script` run by a new interpreter, stripped, with deckgen's cache
    folder in `cache` when given; a script that fails fails the test with its error output."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache is not None else None
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def settled(*paths: Path) -> None:
    """Files last changed a minute ago: deckgen's data cache keeps nothing made from a file
    changed within its last two seconds (it may have been changing as it was read)."""
    then = time.time() - 60
    for path in paths:
        os.utime(path, (then, then))
