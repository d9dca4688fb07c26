"""Error text in the user's terms (issue 33): messages that leaked Python or library internals
(`found None entries`, `_fp_one failed in _fp_str`, `unpack requires a buffer of 2 bytes`) or
blamed the wrong option now say what is wrong with what the user gave."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.errors import DataError, DeckgenError
from deckgen.model.deck import load_deck_file
from deckgen.render import fonts
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with
from tests.render.test_project_fonts import font_layout

INTERNALS = ("None", "_fp_", "unpack requires", "Error", "Traceback")


def assert_plain(text: str) -> None:
    assert "\n" not in text.strip() and not any(word in text for word in INTERNALS), text


def test_too_many_attributes_are_counted(tmp_path: Path) -> None:
    deck = tmp_path / "deck.yaml"
    deck.write_text(yaml.safe_dump({"id": "d", "name": "D", "attributes": {f"a{i}": [1, 2] for i in range(40)},
                                    "groups": [{"cards": [{"a0": 1}], "id": "c{a0}"}]}))
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [f"{deck}: attributes: found 40 entries (expected at most 32)"]


def test_a_nan_coordinate_is_not_a_reportlab_message(tmp_path: Path) -> None:
    layout = {"elements": {"t": {"type": "text", "text": "Hi", "x": float("nan"), "y": "10%", "size": 3}}}
    with pytest.raises(DeckgenError) as info:
        render_sheets(deck_with(tmp_path, layout, [{"n": 1}]), SheetOptions(backs=False))
    assert_plain(str(info.value))
    assert "nan" in str(info.value)


def test_a_truncated_font_says_so(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    data = (fonts.font_dir() / "DejaVuSerif.ttf").read_bytes()
    (tmp_path / "fonts" / "Cut.ttf").write_bytes(data[:1000])
    deck = deck_with(tmp_path, font_layout("fonts/Cut.ttf"))
    with pytest.raises(DataError) as info:
        render_sheets(deck, SheetOptions())
    (line,) = info.value.problems
    assert line.endswith("Cut.ttf: font does not load (the file is truncated or damaged; expected a TTF file)")


def test_a_ladder_that_is_not_budgets_names_ladder() -> None:
    result = CliRunner().invoke(main, ["analyse", "zoomies", "--ladder", "1e9"])
    assert result.exit_code == 2
    assert result.stderr.strip() == ("error: --ladder '1e9': expected search budgets such as 8,16,32 (each at "
                                     "most 999), or none")
    assert "--players" not in result.stderr

