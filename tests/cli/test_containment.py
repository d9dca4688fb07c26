"""Links out of a project (issue 33): a project file that is a link to a file outside the
project, a deck folder linked from elsewhere, a deck.yaml that is a folder and a results
database linked elsewhere are each one line and exit 2; the outside file is never read,
quoted or written. Kept as regression data: a shared project archive can hold any of them."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import Result

from tests.cli.test_project_cli import game, run  # noqa: F401  (fixture: a fresh `deckgen init` project, here)

#: What the file outside the project holds: never shown to the user.
PRIVATE = "root:x:0:0:PRIVATE-LINE\n"


@pytest.fixture
def outside(game: Path) -> Path:
    """A folder beside the project holding a private file, `passwd`."""
    folder = game.parent / "outside"
    folder.mkdir()
    (folder / "passwd").write_text(PRIVATE)
    return folder


def refused(result: Result, start: str, message: str) -> None:
    assert result.exit_code == 2, result.output
    (line,) = result.stderr.splitlines()
    assert line.startswith(f"error: {start}") and message in line, line
    assert "PRIVATE" not in result.output and "passwd" not in result.output and "Traceback" not in result.output


LINKED_FILES = ["decks/sky/deck.yaml", "decks/sky/games/comet-chase.yaml", "decks/sky/layouts/card.yaml",
                "deckgen.yaml"]


@pytest.mark.parametrize("name", LINKED_FILES)
def test_a_project_file_linked_outside_is_refused_unread(game: Path, outside: Path, name: str):
    (game / name).unlink()
    (game / name).symlink_to(outside / "passwd")
    shown = str(game / name) if name == "deckgen.yaml" else name
    refused(run("validate"), shown, f"leads outside the project folder {game} through a link")


def test_a_layouts_extend_target_linked_outside_is_refused_unread(game: Path, outside: Path):
    layout = game / "decks" / "sky" / "layouts" / "card.yaml"
    shutil.copy(layout, outside / "base.yaml")
    layout.write_text("extend: base\n")
    (layout.parent / "base.yaml").symlink_to(outside / "base.yaml")
    refused(run("render", "cards", "sky"), "decks/sky/layouts/base.yaml", "leads outside the project folder")
    assert not (game / "output").exists() or not any((game / "output").rglob("*.pdf"))


def test_a_deck_folder_linked_from_outside_is_refused(game: Path, outside: Path):
    shutil.move(game / "decks" / "sky", outside / "sky")
    (game / "decks" / "sky").symlink_to(outside / "sky")
    refused(run("validate"), "decks/sky/deck.yaml", "leads outside the project folder")
    refused(run("render", "cards", "sky"), "decks/sky/deck.yaml", "leads outside the project folder")


def test_a_deck_yaml_that_is_a_folder_is_named(game: Path):
    (game / "decks" / "sky" / "deck.yaml").unlink()
    (game / "decks" / "sky" / "deck.yaml").mkdir()
    refused(run("validate"), "decks/sky/deck.yaml", "is a folder (expected a YAML data file)")
    refused(run("render", "cards", "sky"), "decks/sky/deck.yaml", "is a folder")


def test_a_results_database_linked_elsewhere_is_neither_opened_nor_written(game: Path, outside: Path):
    (game / "output").mkdir()
    elsewhere = outside / "results.sqlite"
    elsewhere.write_bytes(b"")
    (game / "output" / "results.sqlite").symlink_to(elsewhere)
    refused(run("results"), "output/results.sqlite",
            "leads outside the output folder")
    assert elsewhere.read_bytes() == b"" and sorted(p.name for p in elsewhere.parent.iterdir()) == [
        "passwd", "results.sqlite"]


@pytest.mark.parametrize("args", [["build", "--sim-games", "0", "--quiet"], ["render", "cards", "sky"]])
def test_a_deck_output_folder_linked_elsewhere_gets_nothing(game: Path, outside: Path, args: list[str]):
    (game / "output").mkdir()
    (game / "output" / "sky").symlink_to(outside)
    refused(run(*args), "output", "leads outside the output folder")
    assert sorted(p.name for p in outside.iterdir()) == ["passwd"]
