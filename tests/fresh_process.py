"""Python run afresh, for what only a new process shows: which libraries a command loads, and
what deckgen's cache folder keeps from one command to the next."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path


def python_output(script: str, cache: Path | None = None) -> str:
    """The standard output of `script` run by a new interpreter, stripped, with deckgen's cache
    folder in `cache` when given; a script that fails fails the test with its error output."""
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache is not None else None
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, env=env)
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()
