"""The results store: records survive a round trip, requests are found again, chunks resume,
build outputs are skipped only when unchanged, and a corrupt file is one clear error."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from deckgen.games.base import Game
from deckgen.sim.runner import parse_options, run_simulation
from deckgen.sim.store import (
    StoreError,
    decode_records,
    encode_records,
    game_inputs,
    open_store,
    stream_key,
)
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)


def test_records_round_trip_with_their_traces(toy_game: Game) -> None:
    run = run_simulation(toy_game, 3, ["random"] * 3, parse_options((), toy_game), seed=2, games=80, traced=40)
    assert any(r.trace is not None for r in run.records) and any(r.trace is None for r in run.records)
    assert decode_records(encode_records(run.records)) == run.records


def test_a_run_is_found_again_by_its_request_and_listed(tmp_path: Path, toy_game: Game) -> None:
    store = open_store(tmp_path)
    inputs = game_inputs(toy_game)
    request = {"players": 3, "bots": ["random"] * 3, "options": {"low_wins": False}, "seed": 4, "games": 10}
    key = store.record_run("simulate", inputs, request, {"seat_win_rate": [{"rate": 0.5}]})
    assert store.record_run("simulate", inputs, dict(reversed(request.items())), {"seat_win_rate": []}) == key
    assert store.find_run("simulate", inputs, request) == {"seat_win_rate": []}  # the later replaced it
    assert store.find_run("simulate", inputs, {**request, "seed": 5}) is None
    assert store.find_run("sweep", inputs, request) is None
    rows = store.runs()
    assert len(rows) == 1 and rows[0]["game"] == toy_game.rules.id and rows[0]["players"] == 3
    assert store.runs("another-game") == []


def test_stored_chunks_are_not_played_again_whatever_the_split(tmp_path: Path, toy_game: Game,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    options = parse_options((), toy_game)
    store = open_store(tmp_path)
    cache = store.chunks(stream_key(toy_game, 3, ["random"] * 3, options, 9, 300))
    first = run_simulation(toy_game, 3, ["random"] * 3, options, 9, 300, jobs=1, cache=cache)
    played: list[tuple[int, int]] = []
    from deckgen.sim import runner

    original = runner.play_range
    monkeypatch.setattr(runner, "play_range", lambda *a, **k: played.append((a[5], a[6])) or original(*a, **k))
    again = run_simulation(toy_game, 3, ["random"] * 3, options, 9, 500, jobs=1, cache=cache)
    assert again.records[:300] == first.records
    assert played and min(start for start, _ in played) == 300  # only the 200 new games were played
    assert again == run_simulation(toy_game, 3, ["random"] * 3, options, 9, 500, jobs=1)


def test_build_outputs_are_kept_only_while_unchanged(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    target = tmp_path / "a.txt"
    target.write_text("one")
    store.save_outputs("deck a", "inputs-1", [target])
    assert store.unchanged_outputs("deck a", "inputs-1") == [target.resolve()]
    assert store.unchanged_outputs("deck a", "inputs-2") is None
    target.write_text("changed")
    os.utime(target, ns=(1, 1))
    assert store.unchanged_outputs("deck a", "inputs-1") is None
    target.unlink()
    assert store.unchanged_outputs("deck a", "inputs-1") is None


def test_a_corrupt_database_is_one_line_naming_it(tmp_path: Path) -> None:
    (tmp_path / "results.sqlite").write_bytes(b"this is not a database, " * 100)
    with pytest.raises(StoreError) as caught:
        open_store(tmp_path)
    assert len(caught.value.problems) == 1
    assert "results.sqlite" in caught.value.problems[0] and "delete it" in caught.value.problems[0]


def test_a_database_of_another_schema_is_refused(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "results.sqlite")
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', '99')")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema 99"):
        open_store(tmp_path)
