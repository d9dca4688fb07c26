"""Fuzzing what a user or an attacker can hand deckgen (issues 15 and 33): deck and rule
files, command lines, game logs, output names, option values, and the files a project
brings (CSV and XLSX sources, layouts, artwork, fonts, the project marker) and the results
store. Whatever the input, the answer is either a result or exit 2 with one clean line per
problem: never a traceback, a hang (5 s a case), 500 MB more memory, Python's or pydantic's
words, or a file outside the output folder.

Every target works in the fuzz project of its own temporary folder, two folders below which
it runs (so `..` holds nothing else), and the disk itself is checked: every file and folder
under that root before and after, anything changed outside output/ but the inputs the
target wrote is a failure. The hostile cases issue 33 found stand as fixed examples.
"""

from __future__ import annotations

import json
import math
import os
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner
from hypothesis import given
from hypothesis import strategies as st

from deckgen import project
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.fileio import OutputError, check_output_dir, is_safe_id, output_file
from deckgen.model.deck import MAX_NAME_LENGTH, load_deck_file
from deckgen.model.rules import load_rules_file
from deckgen.paths import decks_dir
from deckgen.render import fonts
from deckgen.sim.log import record_game, replay_log, write_log
from deckgen.validate import validate_paths
from tests.fuzz_cases import (CSV_CASES, LAYOUT_CASES, MARKER_CASES, art_bases, art_cases, png_bytes, workbook,
                              xlsx_cases)
from tests.fuzz_inputs import (ARG_TEXT, DAMAGE, JSON_VALUES, NAME_TEXT, VALUES, YAML_TOKENS, command_lines, csv_texts,
                               damage, dump, mutate, tampered, validate_lines)
from tests.fuzzing import LAYOUT, Disk, assert_clean, build_project, fuzz, time_limit
from tests.sim.toy_game import install_toy_game

SHIPPED_DECKS = {p.parent.name: yaml.safe_load(p.read_text(encoding="utf-8")) for p in decks_dir().glob("*/deck.yaml")}
SHIPPED_RULES = {p: yaml.safe_load(p.read_text(encoding="utf-8")) for p in decks_dir().glob("*/games/*.yaml")}


@pytest.fixture(scope="module")
def root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("fuzz")
    build_project(folder, fonts.font_path(), png_bytes(), workbook())
    return folder


@pytest.fixture(autouse=True)
def disk(root: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Disk]:
    """Each target runs two folders below the fuzz root, on its project, its output folder
    output/; what it changed on disk is checked when it ends."""
    monkeypatch.chdir(root / "here" / "deep")
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    project.use(project.find_project(Path.cwd()))
    watched = Disk(root, root / "output")
    yield watched
    watched.check()


def clean_exit(args: list[str]) -> str:
    """Run a command in this process: exit 0, or 2 with clean `error:` lines; its stderr."""
    project.forget_loaded()
    with time_limit():
        result = CliRunner().invoke(main, args)
    assert result.exit_code in (0, 2), (args, result.output, result.exception)
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, result.exc_info)
    if result.exit_code == 2:
        assert result.stdout == ""
        assert_clean([line for line in result.stderr.splitlines() if not line.startswith("note: ")], "error: ")
    return result.stderr


def loads_or_says(load: Any, prefix: str) -> Any:
    """`load()` within the time limit, or None after clean problem lines starting `prefix`."""
    project.forget_loaded()
    try:
        with time_limit():
            return load()
    except DeckgenError as exc:
        assert_clean(exc.problems, prefix)
        return None


# --------------------------------------------------------------------------- deck and rule files

def check_deck_file(path: Path, root: Path) -> None:
    deck = loads_or_says(lambda: load_deck_file(path), f"{path}")
    if deck is None:
        return
    assert deck.backs and len({b.id for b in deck.backs}) == len(deck.backs)
    for card in deck.cards:
        assert is_safe_id(card.id)
        assert len(card.name) <= MAX_NAME_LENGTH and "\n" not in card.name
        keys = ["id", "name", *card.attrs, *card.fields] + ([deck.number_field] if deck.number_field else [])
        assert len(keys) == len(set(keys)), keys  # nothing overwrites anything in the listing
        assert output_file(root, deck.id, "png", f"{card.id}.png").resolve().is_relative_to(root.resolve())


def test_fuzz_deck_files(root: Path, disk: Disk) -> None:
    path = root / "inputs" / "fuzz" / "deck.yaml"

    @fuzz(50)
    @given(st.sampled_from(sorted(SHIPPED_DECKS)), st.data())
    def mutated(deck_id: str, data: st.DataObject) -> None:
        document = mutate(SHIPPED_DECKS[deck_id], data)
        if isinstance(document, dict):
            document["id"] = "fuzz"
        disk.put(path, dump(document))
        check_deck_file(path, root / "output")

    @fuzz(30)
    @given(st.lists(YAML_TOKENS, max_size=40).map("".join))
    def raw_text(text: str) -> None:
        disk.put(path, text)
        check_deck_file(path, root / "output")

    mutated()
    raw_text()


def test_fuzz_rule_files(root: Path, disk: Disk) -> None:
    @fuzz(25)
    @given(st.sampled_from(sorted(SHIPPED_RULES)), st.data())
    def mutated(source: Path, data: st.DataObject) -> None:
        target = disk.put(root / "inputs" / source.parent.parent.name / "games" / source.name,
                          dump(mutate(SHIPPED_RULES[source], data)))
        loads_or_says(lambda: load_rules_file(target), f"{target}")

    mutated()


# --------------------------------------------------------------------------- command lines

def test_fuzz_command_lines(root: Path, disk: Disk) -> None:
    folder = root / "inputs" / "paths"
    (folder / "empty").mkdir(parents=True, exist_ok=True)
    disk.put(folder / "junk.yaml", "- [unclosed")
    if not (folder / "pipe").exists():
        os.mkfifo(folder / "pipe")
    disk.allow(folder / "pipe")
    disk.allow(folder / "empty")
    with pytest.MonkeyPatch.context() as patch:
        install_toy_game(patch)

        @fuzz(50)
        @given(st.one_of(command_lines(), command_lines(), validate_lines(folder)))
        def command_line(args: list[str]) -> None:
            clean_exit(args)

        command_line()


# --------------------------------------------------------------------------- game logs

def recorded_logs() -> list[list[dict[str, Any]]]:
    from deckgen.games.registry import get_game

    game = get_game("toy-high-card")
    return [record_game(game, n, ["random"] * n, seed, 0, {})[1] for n, seed in ((2, 1), (3, 2), (4, 3))]


def test_fuzz_replay_logs(root: Path, disk: Disk) -> None:
    path = root / "output" / "tampered.jsonl"
    with pytest.MonkeyPatch.context() as patch:
        install_toy_game(patch)
        logs = recorded_logs()
        write_log(path, logs[0])
        assert replay_log(path)[0]["game"] == "toy-high-card"

        @fuzz(100)
        @given(tampered(logs))
        def replay(data: bytes) -> None:
            path.write_bytes(data)
            try:
                with time_limit():
                    header, _, state = replay_log(path)
            except DeckgenError as exc:
                assert len(exc.problems) == 1
                assert_clean(exc.problems, f"{path}: ")
                return
            assert header["type"] == "header" and state.turns >= 0

        replay()


# --------------------------------------------------------------------------- output names and option values

def test_fuzz_output_names(root: Path) -> None:
    out = root / "output" / "names"
    (out / "mirror").mkdir(parents=True, exist_ok=True)
    if not (out / "escape").is_symlink():
        (out / "escape").symlink_to(root / "art")

    @fuzz(100)
    @given(st.lists(NAME_TEXT, min_size=1, max_size=3))
    def names(parts: list[str]) -> None:
        try:
            target = output_file(out, *parts)
        except OutputError as exc:
            assert_clean(exc.problems, "")
            return
        assert target.resolve().is_relative_to(out.resolve())

    @fuzz(40)
    @given(st.lists(NAME_TEXT.filter(lambda text: "\0" not in text), min_size=1, max_size=2))
    def folders(parts: list[str]) -> None:
        try:
            check_output_dir(out.joinpath(*parts))
        except OutputError as exc:
            assert_clean(exc.problems, "")

    names()
    folders()  # checking a folder creates nothing: the disk check at the end says so


def test_fuzz_option_values() -> None:
    from deckgen.errors import BadOption
    from deckgen.model.rules import GameRules

    rules = GameRules.model_validate({
        "id": "fuzz", "name": "Fuzz", "deck": "mirror", "players": {"min": 2, "max": 2},
        "metadata": {"minutes": "1", "complexity": 1, "designer": "tests"}, "setup": {2: {}}, "turn_cap": 10,
        "options": {
            "rate": {"type": "float", "default": 0.5, "min": 0, "max": 1, "description": "A rate."},
            "rounds": {"type": "int", "default": 3, "min": 1, "max": 9, "description": "Rounds."},
            "fast": {"type": "bool", "default": False, "description": "Fast."},
            "size": {"type": "choice", "default": "s", "choices": ["s", "l"], "description": "Size."},
        },
    })

    @fuzz(150)
    @given(st.dictionaries(st.sampled_from(["rate", "rounds", "fast", "size", "x"]),
                           st.one_of(ARG_TEXT, JSON_VALUES, st.sampled_from(["1e9", "nan", "-inf", "0.5", "7", "1" * 5000])),
                           max_size=3))
    def resolve(given: dict[str, Any]) -> None:
        try:
            resolved = rules.for_play().resolve_options(given)
        except BadOption as exc:
            assert_clean(exc.problems, "game fuzz: ")
            return
        assert 0 <= resolved["rate"] <= 1 and math.isfinite(resolved["rate"]) and 1 <= resolved["rounds"] <= 9

    resolve()


# --------------------------------------------------------------------------- a project's files

def test_fuzz_csv_sources(root: Path, disk: Disk) -> None:
    deck = root / "decks" / "one" / "deck.yaml"

    def source(text: str) -> None:
        disk.put(deck.parent / "cards.csv", text)
        loads_or_says(lambda: validate_paths([deck]), "")

    with disk.keeping(deck.parent / "cards.csv"):
        for text in CSV_CASES:
            source(text)
        fuzz(40)(given(csv_texts())(source))()


def test_fuzz_xlsx_sources(root: Path, disk: Disk) -> None:
    deck = root / "decks" / "book" / "deck.yaml"

    def sheets(data: bytes) -> None:
        disk.put(deck.parent / "cards.xlsx", data)
        loads_or_says(lambda: load_deck_file(deck), str(root))

    with disk.keeping(deck.parent / "cards.xlsx"):
        for data in xlsx_cases():
            sheets(data)
        fuzz(30)(given(DAMAGE)(lambda recipe: sheets(damage(workbook(), recipe))))()


def test_fuzz_layouts(root: Path, disk: Disk) -> None:
    deck = root / "decks" / "one" / "deck.yaml"
    path = deck.parent / "layouts" / "card.yaml"

    def layout(document: Any) -> None:
        disk.put(path, dump(document))
        loads_or_says(lambda: validate_paths([deck]), "")

    with disk.keeping(path):
        for document in LAYOUT_CASES:
            layout(document)
        fuzz(40)(given(st.data())(lambda data: layout(mutate(LAYOUT, data))))()


def test_fuzz_artwork(root: Path, disk: Disk) -> None:
    cards = root / "decks" / "one" / "cards.csv"

    def artwork(kind: str, data: bytes) -> None:
        disk.put(root / "art" / f"pic.{kind}", data)
        disk.put(cards, f"id,name,kind,art\nc1,One,a,pic.{kind}\n")
        clean_exit(["render", "cards", "one", "--png", "30"])

    with disk.keeping(cards):
        for kind, data in art_cases():
            artwork(kind, data)
        bases = art_bases()
        fuzz(20)(given(st.sampled_from(range(len(bases))), DAMAGE)(
            lambda base, recipe: artwork(bases[base][0], damage(bases[base][1], recipe))))()


def test_fuzz_fonts(root: Path, disk: Disk) -> None:
    good = fonts.font_path().read_bytes()

    def font(data: bytes) -> None:
        disk.put(root / "fonts" / "f.ttf", data)
        clean_exit(["render", "cards", "one", "--png", "30"])

    with disk.keeping(root / "fonts" / "f.ttf"):
        for data in (b"", b"\x00\x01\x00\x00", b"OTTO" * 10, b"wOFF" + bytes(40), good[:12], good[:4096]):
            font(data)
        fuzz(15)(given(DAMAGE)(lambda recipe: font(damage(good, recipe))))()


def test_fuzz_project_markers(root: Path, disk: Disk) -> None:
    folder = root / "inputs" / "marked"
    (folder / "decks").mkdir(parents=True, exist_ok=True)
    disk.allow(folder / "decks")

    def marker(text: str) -> None:
        disk.put(folder / "deckgen.yaml", text)
        loads_or_says(lambda: project.find_project(folder), str(folder / "deckgen.yaml"))

    for text in MARKER_CASES:
        marker(text)
    fuzz(40)(given(st.one_of(st.lists(YAML_TOKENS, max_size=20).map("".join),
                             VALUES.map(lambda value: dump({"name": value}))))(marker))()


def store_bytes(folder: Path) -> bytes:
    """A results database with one run, as deckgen writes it."""
    from deckgen.sim.store import open_store

    store = open_store(folder)
    store.record_run("simulate", {"game": "toy", "rules_hash": "r", "deck_hash": "d", "code_hash": "c"},
                     {"seed": 1, "players": 2, "bots": ["random"] * 2, "options": {"x": 1}}, {"seat_win_rate": []})
    store.close()
    return (folder / "results.sqlite").read_bytes()


def sql_value(value: Any) -> Any:
    """A drawn value as SQLite takes it: numbers, text and bytes as they are (too wide a
    number as text), anything else as JSON."""
    if isinstance(value, int) and not isinstance(value, bool):
        return value if abs(value) < 2**63 else str(value)
    return value if isinstance(value, (str, bytes, float)) else json.dumps(value)


RUN_COLUMNS = ["kind", "game", "options", "bots", "seed", "players", "games", "precision", "stats", "version"]


def test_fuzz_results_store(root: Path, disk: Disk) -> None:
    folder = root / "output" / "stores"
    folder.mkdir(parents=True, exist_ok=True)
    good = store_bytes(folder)

    def listed() -> None:
        for fmt in ("table", "csv", "json"):
            clean_exit(["results", "--output", str(folder), "--format", fmt])

    @fuzz(30)
    @given(DAMAGE)
    def file(recipe: list[tuple[str, float, int, int]]) -> None:
        for stale in folder.iterdir():
            stale.unlink()
        (folder / "results.sqlite").write_bytes(damage(good, recipe))
        listed()

    @fuzz(30)
    @given(st.sampled_from(RUN_COLUMNS), st.one_of(VALUES, st.binary(max_size=8),
                                                   st.sampled_from(["{not json", "[" * 5000, "null", "NaN"])))
    def values(column: str, value: Any) -> None:
        for stale in folder.iterdir():
            stale.unlink()
        (folder / "results.sqlite").write_bytes(good)
        db = sqlite3.connect(folder / "results.sqlite")
        try:
            db.execute(f"UPDATE runs SET {column} = ?", (sql_value(value),))
            db.commit()
        except sqlite3.IntegrityError:
            pass
        finally:
            db.close()
        listed()

    file()
    values()


def test_the_disk_check_sees_what_is_written_outside_the_output_folder(tmp_path: Path) -> None:
    (tmp_path / "output").mkdir()
    (tmp_path / "kept.txt").write_text("as it was")
    watched = Disk(tmp_path, tmp_path / "output")
    (tmp_path / "output" / "fine.pdf").write_bytes(b"%PDF")
    watched.put(tmp_path / "inputs" / "deck.yaml", "id: x\n")
    watched.check()
    (tmp_path / "kept.txt").write_text("changed!!")
    (tmp_path / "stray").mkdir()
    with pytest.raises(AssertionError, match="written outside the output folder.*kept.txt.*stray"):
        watched.check()
