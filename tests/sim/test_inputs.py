"""What a worker rebuilds from a GameSpec: a deck variant's text is read as a deck file is."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.errors import DataError
from deckgen.games.registry import get_game
from deckgen.sim.inputs import GameSpec, deck_is_variant, game_from_spec, game_with_deck, relative_files, stamp_lines


def _variant_spec(tmp_path: Path) -> GameSpec:
    shipped = get_game("mismatch")
    variant = tmp_path / "variant.yaml"
    variant.write_text(shipped.deck.path.read_text(encoding="utf-8"), encoding="utf-8")
    return GameSpec.of(game_with_deck(shipped, variant))


def test_a_deck_variant_is_rebuilt_from_its_text(tmp_path: Path) -> None:
    spec = _variant_spec(tmp_path)
    rebuilt = game_from_spec(spec)
    assert deck_is_variant(rebuilt) and not deck_is_variant(get_game("mismatch"))
    assert rebuilt.cards.ids == get_game("mismatch").cards.ids


def test_a_variant_text_with_a_key_given_twice_is_refused_as_a_deck_file_is(tmp_path: Path) -> None:
    spec = _variant_spec(tmp_path)
    assert spec.deck_text is not None
    doubled = spec._replace(deck_text="id: one\nid: two\n" + spec.deck_text)
    with pytest.raises(DataError) as caught:
        game_from_spec(doubled)
    assert str(caught.value).splitlines() == [f"{spec.deck_name}: line 2, column 1: key 'id' appears twice in one "
                                              "mapping (give each key once)"]


def test_a_variant_text_too_large_for_a_data_file_is_refused(tmp_path: Path) -> None:
    spec = _variant_spec(tmp_path)._replace(deck_text="x" * (1024 * 1024 + 1))
    with pytest.raises(DataError, match="larger than 1024 KiB"):
        game_from_spec(spec)


def test_a_code_stamp_lists_the_python_files_in_order_and_changes_with_them(tmp_path: Path) -> None:
    """The stamp's lines name every Python file, in `relative_files`' order (a folder's files
    where its name falls among its neighbours'), none from bytecode or compiled folders, and a
    file written again changes its line."""
    for name in ("pkg/a.py", "pkg/a/b.py", "pkg/a_c.py", "pkg/z.txt", "pkg/__pycache__/a.py", "pkg/__compiled__/m.py"):
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text("x = 1\n")
    lines = stamp_lines(str(tmp_path), ("pkg",))
    named = [line.split("\0")[0] for line in lines]
    assert named == ["pkg/a/b.py", "pkg/a.py", "pkg/a_c.py"]
    assert named == relative_files(str(tmp_path), ("pkg",))
    (tmp_path / "pkg" / "a.py").write_text("x = 22\n")
    again = stamp_lines(str(tmp_path), ("pkg",))
    assert again[0] == lines[0] and again[1] != lines[1] and again[2] == lines[2]
