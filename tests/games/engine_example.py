"""The worked example of docs/engine.md (Sky Climb, a rule file and its engine file), read
from the page itself so that the example a designer copies is the one the tests run, and a
fresh `deckgen init` project holding it."""

from __future__ import annotations

import re
from pathlib import Path

from click.testing import CliRunner, Result

from deckgen.cli import main

DOC = Path(__file__).resolve().parents[2] / "docs" / "engine.md"
GAMES = Path("decks/sky/games")


def example_files() -> dict[str, str]:
    """The example's files by name (`sky-climb.yaml`, `sky-climb.py`): the first yaml and
    python blocks of its section."""
    section = DOC.read_text(encoding="utf-8").split("### Worked example: Sky Climb", 1)[1].split("\n## ", 1)[0]
    blocks = dict(re.findall(r"^```(yaml|python)\n(.*?)^```$", section, re.S | re.M)[:2])
    return {"sky-climb.yaml": blocks["yaml"], "sky-climb.py": blocks["python"]}


def run(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def example_project(folder: Path, engine: str | None = None) -> Path:
    """A fresh `deckgen init` project at `folder` with the example copied in (its engine file
    replaced by `engine` when given); returns the project's games folder."""
    result = run("init", str(folder))
    assert result.exit_code == 0, result.output
    files = example_files()
    if engine is not None:
        files["sky-climb.py"] = engine
    for name, text in files.items():
        (folder / GAMES / name).write_text(text, encoding="utf-8")
    return folder / GAMES
