"""`deckgen build`: every output for the shipped data, and nothing half-written on errors."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen import paths
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.fileio import write_atomic
from deckgen.model.deck import deck_ids, load_deck
from deckgen.model.rules import all_rules
from deckgen.render.png import thumbnail_stems
from tests.html_check import parse_page

DECK_FILES = ["cards.json", "composition.txt", "composition.json", "pnp.pdf"]
GAME_FILES = ["rules.pdf", "rules-booklet.pdf", "rules-booklet-letter.pdf", "quickref.pdf", "quickref-letter.pdf",
              "fairness.json",
              "fairness.txt", "fairness.png", "report.html"]


def test_build_writes_every_output(tmp_path: Path):
    result = CliRunner().invoke(main, ["build", "--output", str(tmp_path), "--sim-games", "20", "--jobs", "2"])
    assert result.exit_code == 0, result.output
    expected = {f"{d}/{d}-{name}" for d in deck_ids() for name in DECK_FILES}
    games = [r for r in all_rules().values() if r.same_rules_as is None]  # alternates build nothing of their own
    expected |= {f"{r.deck}/{r.id}-{name}" for r in games for name in GAME_FILES}
    expected |= {f"{d}/thumbs/{stem}.png" for d in deck_ids() for stem in thumbnail_stems(load_deck(d))}
    expected.add("index.html")
    found = {str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file()}
    stored = {name for name in found if name.startswith("results.sqlite")}  # with its WAL files while open
    assert "results.sqlite" in stored and stored <= {"results.sqlite", "results.sqlite-wal", "results.sqlite-shm"}
    found -= stored
    assert found == expected
    assert all((tmp_path / f).stat().st_size > 0 for f in found)
    index = parse_page(tmp_path / "index.html")
    assert {f"{r.deck}/{r.id}-report.html" for r in games} <= set(index.links)
    assert all(not link.startswith(f"{r.deck}/{r.id}-") for r in all_rules().values() if r.same_rules_as
               for link in index.links)
    for rules in games:
        report = parse_page(tmp_path / rules.deck / f"{rules.id}-report.html")
        assert "../index.html" in report.links and report.tags.count("svg") == rules.players.max - rules.players.min + 1


@pytest.fixture
def broken_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of the shipped data whose Mirrorquest deck has an undeclared colour."""
    root = tmp_path / "project"
    shutil.copytree(paths.PROJECT_ROOT / "decks", root / "decks")
    shutil.copytree(paths.PROJECT_ROOT / "templates", root / "templates")
    deck = root / "decks" / "mirrorquest" / "deck.yaml"
    deck.write_text(deck.read_text().replace("set: {kind: card}", "set: {kind: card, colour: purple}"))
    monkeypatch.setattr(paths, "PROJECT_ROOT", root)
    load_deck.cache_clear()
    all_rules.cache_clear()
    yield root
    load_deck.cache_clear()
    all_rules.cache_clear()


def test_build_with_bad_data_fails_cleanly(broken_root: Path, tmp_path: Path):
    out = tmp_path / "out"
    result = CliRunner().invoke(main, ["build", "--output", str(out), "--sim-games", "0", "--jobs", "1", "--quiet"])
    assert result.exit_code == 2
    lines = result.output.strip().splitlines()
    assert lines and all(line.startswith("error: ") for line in lines)
    assert "mirrorquest/deck.yaml: groups.0.set.colour: value 'purple' is not declared" in lines[0]
    assert "Traceback" not in result.output
    assert not out.exists()


def test_a_write_that_fails_mid_build_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """Disk full or permissions changed after the folder was checked: one line, exit 2."""
    from deckgen.publish import build

    def full_disk(deck_id: str, out_dir: Path) -> list[Path]:
        raise OSError(28, "No space left on device", str(out_dir / deck_id / f"{deck_id}-pnp.pdf"))

    monkeypatch.setattr(build, "deck_outputs", full_disk)
    result = CliRunner().invoke(main, ["build", "--output", str(tmp_path), "--sim-games", "0", "--jobs", "1", "--quiet"])
    assert result.exit_code == 2 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {tmp_path / deck_ids()[0] / (deck_ids()[0] + '-pnp.pdf')}: cannot write (No space left on device)"]


def test_a_rebuild_skips_what_is_unchanged_and_replays_no_stored_game(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch):
    from deckgen import validate
    from deckgen.model import rules as rules_module
    from deckgen.publish import build, targets
    from deckgen.sim import runner

    zoomies = [p for p in rules_module.rules_paths() if p.stem == "zoomies"]
    monkeypatch.setattr(targets, "deck_ids", lambda: ["mirror"])
    # validate and targets hold their own names for rules_paths: patched there too, so the
    # stand-in is undone for the tests after this one
    for module in (rules_module, validate, targets):
        monkeypatch.setattr(module, "rules_paths", lambda: zoomies)

    def one_file(name: str, out_dir: Path) -> list[Path]:  # the documents stand in: the fairness report is real
        (out_dir / "mirror").mkdir(exist_ok=True)
        return [write_atomic(out_dir / "mirror" / f"{name}.txt", name)]

    monkeypatch.setattr(build, "deck_outputs", one_file)
    monkeypatch.setattr(build, "game_documents", one_file)
    lines: list[str] = []
    first = build.build_all(tmp_path, lines.append, sim_games=30, jobs=1)
    assert not any("(unchanged)" in line for line in lines)
    played: list[int] = []
    original = runner.play_range
    monkeypatch.setattr(runner, "play_range", lambda *a, **k: played.append(a[6] - a[5]) or original(*a, **k))
    lines.clear()
    again = build.build_all(tmp_path, lines.append, sim_games=30, jobs=1)
    assert again.files == [path.resolve() for path in first.files]
    assert first.unchanged == 0 and again.unchanged == sum(p.suffix != ".html" for p in again.files)  # pages: anew
    assert sum("(unchanged)" in line for line in lines) == 3 and "unchanged since the last build" in lines[0]
    (tmp_path / "mirror" / "zoomies-fairness.txt").unlink()  # one output gone: its task runs, from stored games
    lines.clear()
    build.build_all(tmp_path, lines.append, sim_games=30, jobs=1)
    assert (tmp_path / "mirror" / "zoomies-fairness.txt").is_file() and played == []
    assert sum("(unchanged)" in line for line in lines) == 2
    # the data and code are as the first build checked them: not checked again
    assert "checking the data" not in lines and lines[0].startswith("data unchanged since last checked: building 1 deck")


def test_a_build_checks_the_data_again_once_a_data_file_changed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """The record of a passed data check holds for the same data only: an edited deck file
    is checked again (and a problem in it reported) before anything is written."""
    from deckgen.publish import build

    root = tmp_path / "project"
    shutil.copytree(paths.PROJECT_ROOT / "decks", root / "decks")
    shutil.copytree(paths.PROJECT_ROOT / "templates", root / "templates")
    monkeypatch.setattr(paths, "PROJECT_ROOT", root)
    monkeypatch.setattr(build, "deck_outputs", lambda deck_id, out_dir: [])  # only the checks matter here
    monkeypatch.setattr(build, "game_documents", lambda game_id, out_dir: [])
    out = tmp_path / "out"
    lines: list[str] = []
    build.build_all(out, lines.append, sim_games=0)
    assert "checking the data" in lines
    deck = root / "decks" / "mirrorquest" / "deck.yaml"
    deck.write_text(deck.read_text().replace("set: {kind: card}", "set: {kind: card, colour: purple}"))
    load_deck.cache_clear()
    try:
        with pytest.raises(DeckgenError, match="value 'purple' is not declared"):
            build.build_all(out, lines.append, sim_games=0)
    finally:
        load_deck.cache_clear()


def test_a_game_s_documents_hold_the_quick_reference_on_a4_and_on_letter(tmp_path: Path):
    """The build writes GAME-quickref-letter.pdf beside GAME-quickref.pdf (as it writes the
    Letter booklet beside the A4 one), and the index and the design report link both."""
    from pypdf import PdfReader

    from deckgen.publish.build import game_documents
    from deckgen.publish.index import write_index
    from deckgen.model.rules import load_rules
    from deckgen.publish.game_report import write_game_report

    rules = load_rules("smoke-and-mirrors")
    files = {path.name: path for path in game_documents(rules.id, tmp_path)}
    a4, letter = files[f"{rules.id}-quickref.pdf"], files[f"{rules.id}-quickref-letter.pdf"]
    pages = [sorted(round(float(v)) for v in PdfReader(path).pages[0].mediabox[2:]) for path in (a4, letter)]
    assert pages == [[595, 842], [612, 792]]
    wanted = {f"{rules.deck}/{rules.id}-quickref.pdf", f"{rules.deck}/{rules.id}-quickref-letter.pdf"}
    assert wanted <= set(parse_page(write_index(tmp_path)).links)
    report = parse_page(write_game_report(rules.for_play(), tmp_path, index_link=True))
    assert {f"{rules.id}-quickref.pdf", f"{rules.id}-quickref-letter.pdf"} <= set(report.links)
