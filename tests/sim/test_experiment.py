"""An experiment's stored games are kept under what decides them: a resumed run with another
number of traced games reuses none of a run that traced more (or fewer)."""

from __future__ import annotations

from pathlib import Path

from deckgen.sim.experiment import Experiment
from deckgen.sim.stopping import Stop
from deckgen.sim.store import open_store, stream_key


def test_chunks_are_kept_under_the_experiments_own_traced_count(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    untraced = Experiment.parse("zoomies", 4, "random", [], 5, Stop(games=40), traced=0, resume=True)
    traced = Experiment.parse("zoomies", 4, "random", [], 5, Stop(games=40), traced=300, resume=True)
    bots = untraced.bots[4]
    assert untraced.chunks(store, 4).stream == stream_key(untraced.game, 4, bots, untraced.options, 5, 0)
    assert traced.chunks(store, 4).stream == stream_key(traced.game, 4, bots, traced.options, 5, 300)
    untraced.run(1, store)
    assert traced.chunks(store, 4).load(0, 40) == []  # the untraced games are not offered to it
    assert len(sum((records for _, records in untraced.chunks(store, 4).load(0, 40)), [])) == 40
