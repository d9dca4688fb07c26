"""A `deckgen simulate` run loads the simulate command and what it plays with, not the other
commands, nor the analysis, sweep and tuning code, nor pydantic's plugin search."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from click.testing import CliRunner
from deckgen.cli import main
result = CliRunner().invoke(main, ['simulate', 'mystique-chain', '--games', '3', '--jobs', '1', '--no-store', '--json'])
assert result.exit_code == 0, result.output
print(' '.join(sorted(sys.modules)))
"""

#: Modules a simulate run must not load (each costs milliseconds of every run).
UNNEEDED = {"deckgen.cli.analyse", "deckgen.cli.build", "deckgen.cli.cards", "deckgen.cli.sweep",
            "deckgen.sim.skill", "deckgen.sim.skill_plan", "deckgen.sim.skill_run", "deckgen.sim.sweep",
            "deckgen.sim.tune", "importlib.metadata"}


def test_simulate_loads_no_other_command(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True, text=True, check=True)
    loaded = set(done.stdout.split())
    assert "deckgen.cli.simulate" in loaded
    assert loaded & UNNEEDED == set()


#: What a command whose engine is cached runs (the command itself, not click's test runner,
#: which loads tempfile and shutil of its own).
CACHED_SCRIPT = """
import sys
from deckgen.cli import main
try:
    main(['simulate', 'mystique-chain', '--games', '3', '--jobs', '1'], prog_name='deckgen')
except SystemExit as end:
    assert not end.code, end.code
print(' '.join(sorted(sys.modules)), file=sys.stderr)
"""

#: Standard modules only an error, a folder written or the first build needs.
UNNEEDED_ONCE_CACHED = {"tempfile", "shutil", "traceback", "pkgutil", "hashlib", "pydantic", "yaml"}


def test_cached_simulate_loads_no_file_tools(tmp_path: Path) -> None:
    for _ in range(2):  # the first run builds the engine and caches it; the second loads it
        done = subprocess.run([sys.executable, "-c", CACHED_SCRIPT], cwd=tmp_path, capture_output=True, text=True,
                              check=True)
    loaded = set(done.stderr.split())
    assert "deckgen.sim.store" in loaded
    assert loaded & UNNEEDED_ONCE_CACHED == set()
