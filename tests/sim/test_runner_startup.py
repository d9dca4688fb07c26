"""What a one-game `deckgen simulate` loads: neither scipy nor numpy (sim.numerics works the
statistics out), of the engines and bots only the game's own, and once the game's engine is
cached (the second run), neither pydantic nor PyYAML."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

SCRIPT = """
import sys
from click.testing import CliRunner
from deckgen.cli import main
result = CliRunner().invoke(main, ['simulate', 'zoomies', '--games', '5', '--jobs', '1', '--no-store', '--json'])
assert result.exit_code == 0, result.output
print(' '.join(sorted(sys.modules)))
"""


def test_simulate_loads_only_what_it_needs(tmp_path: Path) -> None:
    env = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True, text=True, check=True, env=env)
    done = subprocess.run([sys.executable, "-c", SCRIPT], cwd=tmp_path, capture_output=True, text=True, check=True,
                          env=env)
    loaded = set(done.stdout.split())
    assert not loaded & {"scipy", "numpy", "pydantic", "yaml"}
    # A compiled engine also loads its mypyc library, deckgen.games.<engine>__mypyc (setup.py).
    engines = {name.removesuffix("__mypyc") for name in loaded
               if name.startswith("deckgen.games.") and name.count(".") == 2}
    assert engines <= {"deckgen.games.base", "deckgen.games.kit", "deckgen.games.notation", "deckgen.games.registry",
                       "deckgen.games.project_code", "deckgen.games.engine_cache", "deckgen.games.random_runs",
                       "deckgen.games.zoomies"}, engines
    bots = {name for name in loaded if name.startswith("deckgen.bots.")}
    assert "deckgen.bots.zoomies" not in bots and "deckgen.bots.mystique_maze" not in bots, bots
