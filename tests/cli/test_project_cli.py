"""A designer's own project from the command line (issue 16): init, DECK as a path,
--project, validate inside a deck folder, the game init writes played from its rule file,
rules-only games; nothing written outside output/."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from deckgen.cli import main
from deckgen.watch import Rebuild, rebuild

#: Card faces of a project deck are drawn by layouts (the other half of issue 16).
needs_layouts = pytest.mark.skipif(importlib.util.find_spec("deckgen.render.layout") is None,
                                   reason="card layouts are not in this tree yet")

RULES_ONLY = ("comet-chase has rules but no engine: deckgen can print its booklet and quick reference "
              "but cannot play it (describe play in its play: section, or write the engine in Python beside it "
              "as comet-chase.py: docs/rules-format.md, 'A description or an engine?')")


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def one_error(result: Result, message: str) -> None:
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [f"error: {message}"] and "Traceback" not in result.output


def snapshot(folder: Path) -> dict[str, bytes]:
    """Every file of the project but its outputs."""
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and "output" not in p.relative_to(folder).parts}


@pytest.fixture
def game(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh `deckgen init` project, the current folder."""
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    result = run("init", str(tmp_path / "game"))
    assert result.exit_code == 0, result.output
    monkeypatch.chdir(tmp_path / "game")
    return tmp_path / "game"


def test_init_writes_a_project_that_validates(game: Path):
    assert sorted(str(p.relative_to(game)) for p in game.rglob("*") if p.is_file()) == [
        "README.md", "art/emblem.svg", "deckgen.yaml", "decks/sky/cards.csv", "decks/sky/deck.yaml",
        "decks/sky/games/comet-chase.yaml", "decks/sky/layouts/card.yaml", "fonts/README.txt"]
    assert (game / "deckgen.yaml").read_text().endswith("name: game\n")
    result = run("validate")
    assert result.exit_code == 0 and result.output == "ok: 2 file(s) valid\n"
    cards = run("cards", "sky", "--json")
    assert cards.exit_code == 0 and '"id": "comet-2"' in cards.output


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path):
    (tmp_path / "full").mkdir()
    (tmp_path / "full" / "notes.txt").write_text("mine")
    one_error(run("init", str(tmp_path / "full")),
              f"{tmp_path / 'full'}: not empty (deckgen init writes a new project into a new or empty folder)")
    one_error(run("init", str(tmp_path / "full" / "notes.txt")),
              f"{tmp_path / 'full' / 'notes.txt'}: not a folder (give a new or empty folder for the project)")
    one_error(run("init", str(tmp_path / "no" / "such")), f"{tmp_path / 'no'}: does not exist (create it first)")
    assert [p.name for p in tmp_path.rglob("*")] == ["full", "notes.txt"]


def test_games_lists_comet_chase_with_the_bots_of_a_described_game(game: Path):
    listing = run("games").output.splitlines()
    (line,) = [line for line in listing if line.startswith("comet-chase ")]
    assert line.split()[1:3] == ["Comet", "Chase"] and line.rstrip().endswith("random, greedy, search")
    assert any(line.startswith("zoomies ") for line in listing)  # shipped games stay


def test_a_fresh_project_simulates_plays_and_replays_comet_chase(game: Path):
    before = snapshot(game)
    result = run("simulate", "comet-chase", "--players", "2-4", "--games", "30", "--jobs", "1", "--no-store")
    assert result.exit_code == 0, result.output
    assert result.output.count("finished 30, unfinished 0 (turn cap 2000)") == 3
    assert "Comet Chase: 4 players, 30 games, seed 1, bots random" in result.output
    result = run("play", "comet-chase", "--players", "3", "--bots", "greedy,random,search:4", "--seed", "5",
                 "--log", "game.jsonl")
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    assert result.stderr == "log written to game.jsonl\n"
    assert lines[0] == "Comet Chase: 3 players, seed 5, game 0, bots greedy, random, search:4"
    assert lines[-1].startswith("result: seat ") and " wins after " in lines[-1]
    assert any(" plays the " in line for line in lines) and any(" draws from stock" in line for line in lines)
    replayed = run("replay", "game.jsonl")
    assert replayed.exit_code == 0, replayed.output
    assert replayed.stdout.splitlines() == ["ok: game.jsonl replays: Comet Chase, 3 players, seed 5, game 0",
                                            lines[-1]]
    (game / "game.jsonl").unlink()
    assert snapshot(game) == before  # --no-store: nothing else written


def test_the_short_game_option_plays_one_round(game: Path):
    result = run("play", "comet-chase", "--option", "short_game=true", "--log", "short.jsonl")
    assert result.exit_code == 0, result.output
    ends = [line for line in (game / "short.jsonl").read_text().splitlines() if '"round_end"' in line]
    assert len(ends) == 1


def test_a_rule_file_without_a_play_section_is_rules_only(game: Path):
    rules = game / "decks" / "sky" / "games" / "comet-chase.yaml"
    text = rules.read_text()
    rules.write_text(text[:text.index("\nplay:")].replace("turn_cap: 2000", "") + "\n")
    assert run("validate").exit_code == 0
    listing = run("games").output.splitlines()
    assert any(line.startswith("comet-chase ") and line.rstrip().endswith("rules only") for line in listing)
    for command in (["play", "comet-chase"], ["simulate", "comet-chase"], ["analyse", "comet-chase"]):
        one_error(run(*command), RULES_ONLY)


@needs_layouts
def test_a_rules_only_game_without_quickref_builds_without_a_player_aid(game: Path):
    """The quick reference is optional: a build says once that there is none and makes the
    rest; watch rebuilds the same documents (booklet, imposed A4 and Letter sheets)."""
    rules = game / "decks" / "sky" / "games" / "comet-chase.yaml"
    text = rules.read_text()
    rules.write_text(text[:text.index("\nquickref:")].replace("turn_cap: 2000", "") + "\n")
    assert run("validate").exit_code == 0
    result = run("build", "--jobs", "1", "--sim-games", "0")
    assert result.exit_code == 0, result.output
    assert result.stderr.count("no player aid") == 1
    assert "game comet-chase: no player aid (its rule file has no quickref: section" in result.stderr
    written = {p.name for p in (game / "output" / "sky").iterdir()}
    assert {"comet-chase-rules.pdf", "comet-chase-rules-booklet.pdf", "comet-chase-rules-booklet-letter.pdf"} <= written
    assert "comet-chase-quickref.pdf" not in written
    made = rebuild(Rebuild("game", "comet-chase"), game / "output")
    assert sorted(p.name for p in made) == ["comet-chase-rules-booklet-letter.pdf", "comet-chase-rules-booklet.pdf",
                                            "comet-chase-rules.pdf"]


def test_quickref_of_the_game_goes_to_the_project_output(game: Path):
    before = snapshot(game)
    result = run("render", "quickref", "comet-chase")
    assert result.exit_code == 0, result.output
    assert (game / "output" / "sky" / "comet-chase-quickref.pdf").read_bytes().startswith(b"%PDF")
    assert snapshot(game) == before


def test_report_and_results_from_a_deck_folder_use_the_project_output(game: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(game / "decks" / "sky")
    result = run("report")
    assert result.exit_code == 0, result.output
    assert result.output == f"wrote 1 design report and {game / 'output' / 'index.html'}\n"  # its own game only
    assert sorted(p.name for p in (game / "output").rglob("*.html")) == ["comet-chase-report.html", "index.html"]
    assert not (game / "decks" / "sky" / "output").exists()
    missing = run("results")
    assert missing.exit_code == 2 and str(game / "output" / "results.sqlite") in missing.stderr


def test_deck_as_a_path_and_validate_inside_a_deck_folder(game: Path, monkeypatch: pytest.MonkeyPatch):
    for name in ("decks/sky", "decks/sky/", "decks/sky/deck.yaml", "./decks/sky"):
        result = run("check", name)
        assert result.exit_code == 0 and result.output.startswith("The Sky Deck (sky): 20 cards"), name
    monkeypatch.chdir(game / "decks" / "sky")
    assert run("validate").output == "ok: 2 file(s) valid\n"
    assert run("cards", ".").exit_code == 0
    csv = game / "decks" / "sky" / "cards.csv"
    csv.write_text(csv.read_text().replace("sun-3,Noon Glare,number,sun,3", "sun-3,Noon Glare,number,sum,3"))
    result = run("validate")
    assert result.exit_code == 2
    assert result.stderr.splitlines() == [
        "error: cards.csv: row 4, column suit: value 'sum' is not declared (expected one of sun, moon, star)"]
    monkeypatch.chdir(game / "decks" / "sky" / "games")
    assert run("validate").exit_code == 2  # the games folder validates its deck too


def test_project_option_from_elsewhere(game: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    assert "sky " not in run("decks").output
    listing = run("--project", str(game), "decks").output
    assert "sky " in listing and "mystique " in listing
    one_error(run("--project", str(tmp_path), "decks"),
              f"--project {tmp_path}: not a deckgen project (no deckgen.yaml; `deckgen init {tmp_path}` makes one "
              "in an empty folder)")
    result = run("--project", str(game), "render", "quickref", "comet-chase")
    assert result.exit_code == 0 and (game / "output" / "sky" / "comet-chase-quickref.pdf").is_file()
    assert not (tmp_path / "output").exists()


def test_a_source_leaving_the_project_is_refused(game: Path, tmp_path: Path):
    (tmp_path / "elsewhere.csv").write_text("id\nx\n")
    deck = game / "decks" / "sky" / "deck.yaml"
    deck.write_text(deck.read_text().replace("source: cards.csv", "source: ../../../elsewhere.csv"))
    result = run("cards", "sky")
    assert result.exit_code == 2
    (line,) = result.stderr.splitlines()
    assert line.startswith("error: decks/sky/deck.yaml: groups.0.source: ") and "outside the project folder" in line


@needs_layouts
def test_render_cards_and_build_in_a_fresh_project(game: Path):
    before = snapshot(game)
    result = run("render", "cards", "sky")
    assert result.exit_code == 0, result.output
    pdf = game / "output" / "sky" / "sky-pnp.pdf"
    assert pdf.read_bytes().startswith(b"%PDF")
    result = run("build", "--jobs", "1", "--sim-games", "60", "--precision", "0")
    assert result.exit_code == 0, result.output
    assert "game comet-chase fairness" in result.stderr  # its game is played from its rule file
    written = sorted(str(p.relative_to(game / "output")) for p in (game / "output").rglob("*") if p.is_file())
    thumbs = [p for p in written if p.startswith("sky/thumbs/")]
    assert len(thumbs) >= 2 and all(p.endswith(".png") for p in thumbs)
    assert "results.sqlite" in written  # what the build made, for the next build to reuse
    assert [p for p in written if p not in thumbs and not p.startswith("results.sqlite")] == [
        "index.html", "sky/comet-chase-fairness.json", "sky/comet-chase-fairness.png",
        "sky/comet-chase-fairness.txt", "sky/comet-chase-quickref-letter.pdf", "sky/comet-chase-quickref.pdf",
        "sky/comet-chase-report.html",
        "sky/comet-chase-rules-booklet-letter.pdf", "sky/comet-chase-rules-booklet.pdf", "sky/comet-chase-rules.pdf",
        "sky/sky-cards.json", "sky/sky-composition.json", "sky/sky-composition.txt", "sky/sky-pnp.pdf"]
    assert snapshot(game) == before
    fairness = (game / "output" / "sky" / "comet-chase-fairness.txt").read_text()
    assert "Comet Chase: fairness with random bots, 60 games per player count" in fairness
    assert [line.split()[:3] for line in fairness.splitlines() if line[:8].strip() in ("2", "3", "4")] == [
        ["2", "60", "0"], ["3", "60", "0"], ["4", "60", "0"]]  # players, games, unfinished
    report = (game / "output" / "sky" / "comet-chase-report.html").read_text()
    assert "<h2>Seats</h2>" in report and "comet-chase-fairness.json" in report
