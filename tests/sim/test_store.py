"""The results store: records survive a round trip, requests are found again, chunks resume,
build outputs are skipped only when unchanged; a foreign database is refused untouched, a
full disk or a lock is told from damage, only a damaged file is set aside (never deleted),
and tampered values are left out instead of raising (issue 33)."""

from __future__ import annotations

import json
import os
import sqlite3
import zlib
from pathlib import Path

import pytest

from deckgen.games.base import Game
from deckgen.sim import store_file
from deckgen.sim.inputs import code_hash, code_stamp, remember_code_hash
from deckgen.sim.runner import parse_options, run_simulation
from deckgen.sim.store import (
    STORE_NAME,
    ResultStore,
    WAL_PAGES,
    StoreError,
    decode_records,
    encode_records,
    game_inputs,
    open_store,
    stream_key,
    stream_lineage,
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


def test_the_write_ahead_log_stays_small_however_many_runs_are_stored(tmp_path: Path, toy_game: Game) -> None:
    """In one process (a build's), the log is folded into the database every WAL_PAGES pages
    and started afresh (SQLite's 1,000 grew it to 4 MB, read at every start)."""
    store = open_store(tmp_path)
    inputs = game_inputs(toy_game)
    for seed in range(300):
        store.record_run("simulate", inputs, {"seed": seed}, {"seat_win_rate": [{"rate": seed / 300}] * 40})
    assert (tmp_path / f"{STORE_NAME}-wal").stat().st_size < 2 * WAL_PAGES * 4096
    assert store.find_run("simulate", inputs, {"seed": 7}) == {"seat_win_rate": [{"rate": 7 / 300}] * 40}


#: A command in a process of its own: opens the store, records one run and ends as deckgen's
#: commands do (startup.run_and_end), without closing it; the log is shortened past 4 pages.
ONE_COMMAND = """
import os, sys
from pathlib import Path
from deckgen.sim import store
store.WAL_PAGES = 4
inputs = {"game": "toy", "rules_hash": "r", "deck_hash": "d", "code_hash": "c"}
store.open_store(Path(sys.argv[1])).record_run("simulate", inputs, {"seed": int(sys.argv[2])}, {"rates": [0.5] * 300})
os._exit(0)
"""


def test_the_log_stays_short_when_every_command_writes_once(tmp_path: Path) -> None:
    """Each command writes its run once and leaves the log behind; SQLite starts a log afresh
    only at a connection's second write, and the next command to open the store reads all of
    it: opening the store empties a log longer than WAL_PAGES pages."""
    import subprocess
    import sys

    log = tmp_path / f"{STORE_NAME}-wal"
    sizes = []
    for seed in range(8):
        subprocess.run([sys.executable, "-c", ONE_COMMAND, str(tmp_path), str(seed)], check=True)
        sizes.append(log.stat().st_size if log.exists() else 0)
    frames = [(size - 32) // (4096 + 24) for size in sizes if size]
    assert max(frames) <= 4 + 4, sizes  # never more than the limit and one command's pages
    assert min(frames) < max(frames), sizes  # emptied on the way, not merely capped
    store = open_store(tmp_path)
    assert [run["seed"] for run in sorted(store.runs(), key=lambda run: run["seed"])] == list(range(8))


def test_stored_chunks_are_not_played_again_whatever_the_split(tmp_path: Path, toy_game: Game,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    options = parse_options((), toy_game)
    store = open_store(tmp_path)
    request = (toy_game, 3, ["random"] * 3, options, 9, 300)
    cache = store.chunks(stream_key(*request), stream_lineage(*request))
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


def one_line(path: Path) -> str:
    with pytest.raises(StoreError) as caught:
        open_store(path)
    (line,) = caught.value.problems
    assert "\n" not in line
    return line


def test_a_file_that_is_not_a_database_is_set_aside_never_deleted(tmp_path: Path) -> None:
    junk = b"this is not a database, " * 100
    (tmp_path / STORE_NAME).write_bytes(junk)
    line = one_line(tmp_path)
    (aside,) = tmp_path.glob(f"{STORE_NAME}.damaged-*")
    assert line.endswith(f"results database damaged (not an SQLite database); set aside as {aside.name} beside it "
                         "(nothing deleted); run again to start a new one")
    assert aside.read_bytes() == junk and not (tmp_path / STORE_NAME).exists()
    assert open_store(tmp_path).runs() == []  # the next run starts a new one


def test_a_damaged_database_is_set_aside_with_its_log(tmp_path: Path) -> None:
    open_store(tmp_path).close()
    data = bytearray((tmp_path / STORE_NAME).read_bytes())
    data[100:] = b"\xff" * (len(data) - 100)  # the header survives, the pages do not
    (tmp_path / STORE_NAME).write_bytes(bytes(data))
    line = one_line(tmp_path)
    assert "results database damaged" in line and "set aside as" in line
    assert len(list(tmp_path.glob(f"{STORE_NAME}.damaged-*"))) == 1


def foreign_database(path: Path) -> bytes:
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE invoices (id INTEGER PRIMARY KEY, total REAL)")
    db.execute("INSERT INTO invoices VALUES (1, 9.5)")
    db.commit()
    db.close()
    return path.read_bytes()


def test_a_foreign_database_is_refused_and_left_untouched(tmp_path: Path) -> None:
    before = foreign_database(tmp_path / STORE_NAME)
    line = one_line(tmp_path)
    assert line.endswith("results.sqlite: an SQLite database that is not deckgen's results database; left as it is "
                         "(move it away or give another --output)")
    assert (tmp_path / STORE_NAME).read_bytes() == before  # no table added, journal mode unchanged
    assert sorted(p.name for p in tmp_path.iterdir()) == [STORE_NAME]


def test_a_store_linked_out_of_the_output_folder_is_refused(tmp_path: Path) -> None:
    output, elsewhere = tmp_path / "output", tmp_path / "elsewhere.sqlite"
    output.mkdir()
    (output / STORE_NAME).symlink_to(elsewhere)
    assert "leads outside the output folder" in one_line(output) and "elsewhere" not in one_line(output)
    assert not elsewhere.exists()


def test_a_full_disk_is_told_from_damage_and_keeps_the_database(tmp_path: Path, toy_game: Game) -> None:
    store = open_store(tmp_path)
    pages = store.db.execute("PRAGMA page_count").fetchone()[0]
    store.db.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own 'database or disk is full'
    with pytest.raises(StoreError) as caught:
        store.record_run("simulate", game_inputs(toy_game), {"seed": 1}, {"big": "x" * 100_000})
    assert caught.value.problems[0].endswith("results.sqlite: the disk is full; free some space and run again "
                                             "(the stored results are kept)")
    assert (tmp_path / STORE_NAME).is_file() and not list(tmp_path.glob("*.damaged-*"))


def test_a_locked_database_is_told_from_damage(tmp_path: Path, toy_game: Game,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    open_store(tmp_path).close()
    monkeypatch.setattr(store_file, "LOCK_WAIT", 0.05)
    monkeypatch.setattr("deckgen.sim.store.LOCK_WAIT", 0.05)
    other = sqlite3.connect(tmp_path / STORE_NAME, isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        line = one_line(tmp_path)
    finally:
        other.close()
    assert "the results database is locked by another program" in line and "kept" in line
    assert not list(tmp_path.glob("*.damaged-*"))


#: Values another program (or a hand) could leave in a deckgen database: none may raise.
HOSTILE_ROWS = [
    {"options": "{not json"}, {"bots": '"random"'}, {"stats": "[" * 5000}, {"seed": "seven"},
    {"options": "[1, 2]"}, {"bots": "[1]"}, {"players": 2.5}, {"stats": '{"seat_win_rate": "x"}'},
    {"stats": '{"seat_win_rate": [{"rate": "high"}]}'}, {"game": b"\xff\x00"}, {"recorded": 5}, {"precision": "tight"},
]


@pytest.mark.parametrize("change", HOSTILE_ROWS)
def test_hostile_stored_values_are_left_out_not_raised(tmp_path: Path, toy_game: Game, change: dict) -> None:
    store = open_store(tmp_path)
    inputs = game_inputs(toy_game)
    key = store.record_run("simulate", inputs, {"seed": 1, "players": 3}, {"seat_win_rate": [{"rate": 0.5}]})
    store.record_run("simulate", inputs, {"seed": 2, "players": 3}, {"seat_win_rate": [{"rate": 0.5}]})
    column, value = next(iter(change.items()))
    store.db.execute(f"UPDATE runs SET {column} = ? WHERE key = ?", (value, key))
    from deckgen.sim.store import run_rows

    runs = store.runs()
    assert sorted(run["seed"] for run in runs) in ([1, 2], [2])
    run_rows(runs)  # listing them never raises either


def test_a_tampered_chunk_is_played_again_not_raised(tmp_path: Path, toy_game: Game) -> None:
    options = parse_options((), toy_game)
    store = open_store(tmp_path)
    request = (toy_game, 3, ["random"] * 3, options, 9, 0)
    cache = store.chunks(stream_key(*request), stream_lineage(*request))
    first = run_simulation(toy_game, 3, ["random"] * 3, options, 9, 40, jobs=1, cache=cache)
    bomb = zlib.compress(b" " * (16 * 1024 * 1024), 9)  # 1,000 times its size: given up after 200
    for blob in (b"junk", zlib.compress(b"{}"), zlib.compress(json.dumps([[1]]).encode()), bomb):
        store.db.execute("UPDATE chunks SET records = ?", (blob,))
        assert cache.load(0, 40) == []
        with pytest.raises(ValueError):
            decode_records(blob)
    again = run_simulation(toy_game, 3, ["random"] * 3, options, 9, 40, jobs=1, cache=cache)
    assert again.records == first.records


def test_a_database_of_another_schema_is_refused(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "results.sqlite")
    db.execute("CREATE TABLE meta (name TEXT PRIMARY KEY, value TEXT NOT NULL)")
    db.execute("INSERT INTO meta VALUES ('schema', '99')")
    db.commit()
    db.close()
    with pytest.raises(StoreError, match="schema 99"):
        open_store(tmp_path)


def test_tampered_build_outputs_are_built_again(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.save_outputs("nothing to write", "inputs-1", [])
    assert store.unchanged_outputs("nothing to write", "inputs-1") == []
    outside = tmp_path.parent / f"{tmp_path.name}-elsewhere.txt"
    outside.write_text("x")
    size, mtime = outside.stat().st_size, outside.stat().st_mtime_ns
    for files in ("{not json", '"a"', "[1]", json.dumps([[str(outside.resolve()), size, mtime]])):
        store.db.execute("INSERT OR REPLACE INTO outputs VALUES ('deck a', 'inputs-1', ?)", (files,))
        assert store.unchanged_outputs("deck a", "inputs-1") is None


def test_the_store_keeps_the_code_hash_of_the_code_as_it_is(tmp_path: Path, toy_game: Game) -> None:
    """The code hash is kept under the code's stamp (names, sizes, times of its files) and
    taken back while the stamp is unchanged; a kept value that is no hash is not taken."""
    true_hash = code_hash()
    store = open_store(tmp_path)
    store.record_run("simulate", game_inputs(toy_game), {"seed": 1}, {})
    row = f"code:{code_stamp()}"
    assert store.db.execute("SELECT value FROM meta WHERE name LIKE 'code:%'").fetchall() == [(true_hash,)]
    try:
        for kept, taken in (("0" * 20, "0" * 20), ("not a hash", true_hash)):
            store.db.execute("UPDATE meta SET value = ? WHERE name = ?", (kept, row))
            remember_code_hash(code_stamp(), true_hash)
            code_hash.cache_clear()
            ResultStore(tmp_path / STORE_NAME).close()
            assert code_hash() == taken
    finally:
        remember_code_hash(code_stamp(), true_hash)
        code_hash.cache_clear()


def test_processes_creating_the_store_together_all_open_it(tmp_path: Path) -> None:
    """The build's workers open a new output folder's store at the same moment: none may take
    another's half-made database for a foreign one (each new store is raced by six openers)."""
    import multiprocessing

    folders = [tmp_path / f"out{i}" for i in range(6)]
    for folder in folders:
        folder.mkdir()
    context = multiprocessing.get_context("spawn")
    with context.Pool(6) as pool:
        for folder in folders:
            assert pool.map(open_and_close, [folder] * 6) == ["ok"] * 6
    for folder in folders:
        store = open_store(folder)
        assert store.runs() == []
        store.close()


def open_and_close(folder: Path) -> str:
    """Opens and closes the store of `folder` in a worker: 'ok', or the one line it refused with."""
    try:
        open_store(folder).close()
    except StoreError as exc:
        return str(exc)
    return "ok"
