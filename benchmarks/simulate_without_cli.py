#!/usr/bin/env python3
"""`deckgen simulate GAME --games N --jobs 1 --json` without its command line: the checks,
the experiment, the store and the JSON printed are the command's own calls
(deckgen/cli/simulate.py), made directly, so that click and the modules it loads are never
imported. `reference_bench` times it beside the command, in the same pairs of runs, to show
how much of a short simulation the command line's start-up is. It prints exactly what the
command prints. Usage: `simulate_without_cli.py GAME GAMES`.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from deckgen.startup import loading, run_and_end


def simulate(game_id: str, games: int) -> None:
    with loading():
        from deckgen import project
        from deckgen.fileio import check_output_dir
        from deckgen.sim.runner import TRACED_GAMES, parse_jobs
        from deckgen.sim.stopping import checked_stop

        project.use(project.find_project(Path.cwd()))
        stop = checked_stop(games, None, 200_000)
        workers = parse_jobs("1")
        root = check_output_dir(project.output_dir())
        from deckgen.sim.experiment import Backend, Experiment
        from deckgen.sim.store import open_store
        from deckgen.sim.workflows import simulate as play

        if os.path.lexists(root / "results.sqlite"):
            open_store(root)
        experiment = Experiment.parse(game_id, None, None, (), 1, stop, traced=TRACED_GAMES)
    summaries = play(experiment, Backend(workers, None, None), open_store(root), None)
    print(json.dumps(summaries[0], indent=2, ensure_ascii=False))
    raise SystemExit(0)


if __name__ == "__main__":
    run_and_end(lambda: simulate(sys.argv[1], int(sys.argv[2])))
