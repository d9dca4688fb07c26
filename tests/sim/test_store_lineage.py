"""Stored chunks do not pile up as a designer edits: a game stream replaces the stream of its
lineage (the same game, deck file and request) that its files' last contents made, whose
chunks only those contents could use again; other lineages keep theirs."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.games.base import Game
from deckgen.sim import store as store_module
from deckgen.sim.runner import GameRecord, parse_options
from deckgen.sim.store import open_store, stream_key, stream_lineage
from tests.sim.toy_game import toy_game  # noqa: F401  (fixture)

RECORDS = [GameRecord(True, (seat % 3,), 7, (("rounds", 1),), None) for seat in range(10)]


def test_a_new_stream_of_a_lineage_deletes_the_last_ones_chunks(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.chunks("rules as they were", "chain, 2 players, seed 1").save(0, RECORDS)
    store.chunks("another seed", "chain, 2 players, seed 2").save(0, RECORDS)
    edited = store.chunks("rules edited", "chain, 2 players, seed 1")
    assert store.chunks("rules as they were", "chain, 2 players, seed 1").load(0, 10) == []
    assert edited.load(0, 10) == []  # the old stream's games are not the new one's
    assert store.chunks("another seed", "chain, 2 players, seed 2").load(0, 10) == [(0, RECORDS)]
    edited.save(0, RECORDS)
    store.close()
    again = open_store(tmp_path)
    assert again.chunks("rules edited", "chain, 2 players, seed 1").load(0, 10) == [(0, RECORDS)]


def test_a_stream_reopened_keeps_its_chunks(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    store.chunks("stream", "lineage").save(0, RECORDS[:4])
    store.chunks("stream", "lineage").save(4, RECORDS[4:])
    assert store.chunks("stream", "lineage").load(0, 10) == [(0, RECORDS[:4]), (4, RECORDS[4:])]


def test_only_a_files_edit_keeps_the_lineage(toy_game: Game, monkeypatch: pytest.MonkeyPatch) -> None:
    options = parse_options((), toy_game)
    request = (toy_game, 3, ["random"] * 3, options, 9, 300)
    key, lineage = stream_key(*request), stream_lineage(*request)
    monkeypatch.setattr(store_module, "rules_hash", lambda game: "the rule file edited")
    assert stream_key(*request) != key and stream_lineage(*request) == lineage
    others = [(toy_game, 4, ["random"] * 4, options, 9, 300), (toy_game, 3, ["greedy"] * 3, options, 9, 300),
              (toy_game, 3, ["random"] * 3, options, 10, 300), (toy_game, 3, ["random"] * 3, options, 9, 0)]
    assert len({lineage, *(stream_lineage(*other) for other in others)}) == 5
    variant = type(toy_game)(toy_game.kept_data()._replace(deck=toy_game.deck._replace(path=Path("variant.yaml"))))
    assert stream_lineage(variant, *request[1:]) != lineage  # a sweep's deck variant is a lineage of its own
