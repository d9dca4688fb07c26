"""Projects (issue 16): found by their marker, confined reads, ids unique across the
project and the shipped data, output in the project."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen import paths, project
from deckgen.errors import DataError, UnknownName
from deckgen.fileio import contained
from deckgen.model.deck import deck_ids, load_deck
from deckgen.model.rules import all_rules
from deckgen.project import MARKER, Project, find_project
from tests.fresh_process import python_output, settled

ROOT = Path(__file__).parents[1]


def make_project(folder: Path, decks: dict[str, str] | None = None) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    (folder / MARKER).write_text("name: Test game\n")
    for deck_id, text in (decks or {}).items():
        deck = folder / "decks" / deck_id / "deck.yaml"
        deck.parent.mkdir(parents=True)
        deck.write_text(text)
    return folder


def tiny(deck_id: str) -> str:
    return f"id: {deck_id}\nname: Tiny\nattributes: {{c: [a, b]}}\ngroups: [{{product: [c], id: '{{c}}'}}]\n"


def test_the_marker_is_found_here_or_above(tmp_path: Path):
    root = make_project(tmp_path / "game")
    deep = root / "decks" / "x" / "games"
    deep.mkdir(parents=True)
    for start in (root, deep):
        found = find_project(start)
        assert found.root == root.resolve() and found.name == "Test game"
    assert find_project(tmp_path).root is None


def test_project_option_names_the_folder(tmp_path: Path):
    root = make_project(tmp_path / "game")
    assert find_project(tmp_path, root).root == root.resolve()
    with pytest.raises(DataError, match=r"--project .*other: not a deckgen project \(no deckgen.yaml; `deckgen init"):
        (tmp_path / "other").mkdir()
        find_project(tmp_path, tmp_path / "other")
    with pytest.raises(DataError, match="not a folder"):
        find_project(tmp_path, root / MARKER)


def test_a_projects_name_read_before_comes_from_the_data_cache(tmp_path: Path):
    """A command run in a project whose marker did not change finds its name without PyYAML
    or pydantic (a tenth of a second); an edited marker is read again."""
    root = make_project(tmp_path / "game")
    settled(root / MARKER)
    script = ("import sys\n"
              "from pathlib import Path\n"
              "from deckgen.project import find_project\n"
              f"found = find_project(Path({str(root)!r}))\n"
              "print(found.name, '/', 'yaml' in sys.modules or 'pydantic' in sys.modules)\n")
    cache = tmp_path / "cache"
    assert [python_output(script, cache) for _ in range(2)] == ["Test game / True", "Test game / False"]
    (root / MARKER).write_text("name: Renamed\n")
    settled(root / MARKER)
    assert python_output(script, cache) == "Renamed / True"


@pytest.mark.parametrize("text, message", [
    ("", "the file is empty (expected a mapping of keys)"),
    ("name: x\ncolour: red\n", "colour: unknown key"),
    ("name: [\n", "invalid YAML"),
])
def test_a_bad_marker_is_one_line_naming_it(tmp_path: Path, text: str, message: str):
    (tmp_path / MARKER).write_text(text)
    with pytest.raises(DataError) as info:
        find_project(tmp_path)
    (line,) = info.value.problems
    assert line.startswith(str(tmp_path / MARKER)) and message in line


def test_output_goes_to_the_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    monkeypatch.chdir(tmp_path)
    root = make_project(tmp_path / "game")
    assert Project(root).output_dir() == Path("game/output")
    assert Project(None).output_dir() == Path("output")
    monkeypatch.setenv("DECKGEN_OUTPUT", "/tmp/elsewhere")
    assert Project(root).output_dir() == Path("/tmp/elsewhere")
    assert Project(root).art_dir() == root / "art" and Project(root).fonts_dir() == root / "fonts"


def test_a_project_file_is_read_only_inside_the_project_or_the_shipped_data(tmp_path: Path):
    root = make_project(tmp_path / "game").resolve()
    deck = root / "decks" / "x" / "deck.yaml"
    (root / "art").mkdir()
    (root / "art" / "a.png").write_bytes(b"x")
    allowed = paths.data_roots(deck)
    assert contained(root / "art" / "a.png", allowed) == root / "art" / "a.png"
    assert contained(paths.decks_dir() / "mirror" / "deck.yaml", allowed).is_file()
    (tmp_path / "secret.png").write_bytes(b"x")
    (root / "art" / "link.png").symlink_to(tmp_path / "secret.png")
    for escape in (root / ".." / "secret.png", Path("/etc/passwd"), root / "art" / "link.png"):
        with pytest.raises(DataError, match=r"outside the project folder .* \(only files inside it are read"):
            contained(escape, allowed, DataError)


def test_project_decks_join_the_shipped_ones(tmp_path: Path):
    root = make_project(tmp_path / "game", {"tiny": tiny("tiny")})
    project.use(find_project(root))
    assert "tiny" in deck_ids() and "mystique" in deck_ids()
    assert [c.id for c in load_deck("tiny").cards] == ["a", "b"]
    assert load_deck("mirror").path.is_relative_to(paths.PROJECT_ROOT)
    project.use(Project(None))
    with pytest.raises(UnknownName, match="unknown deck 'tiny'"):
        load_deck("tiny")


def test_a_project_deck_with_a_shipped_id_is_an_error_naming_both(tmp_path: Path):
    root = make_project(tmp_path / "game", {"mirror": tiny("mirror")})
    project.use(find_project(root))
    with pytest.raises(DataError) as info:
        deck_ids()
    (line,) = info.value.problems
    assert str(paths.decks_dir() / "mirror" / "deck.yaml") in line and "game/decks/mirror/deck.yaml" in line
    assert line.startswith(f"{root / 'decks' / 'mirror' / 'deck.yaml'}: deck id 'mirror' is also a deck deckgen ships")


def test_a_project_game_with_a_shipped_id_is_an_error_naming_both(tmp_path: Path):
    root = make_project(tmp_path / "game", {"tiny": tiny("tiny")})
    games = root / "decks" / "tiny" / "games"
    games.mkdir()
    (games / "zoomies.yaml").write_text("id: zoomies\n")
    project.use(find_project(root))
    with pytest.raises(DataError) as info:
        all_rules()
    (line,) = info.value.problems
    assert "game id 'zoomies' is also" in line and "decks/mirror/games/zoomies.yaml" in line
    assert line.startswith(f"{games / 'zoomies.yaml'}: ")


def test_a_deck_argument_may_be_a_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    deck = tmp_path / "loose" / "deck.yaml"
    deck.parent.mkdir()
    deck.write_text(tiny("loose"))
    monkeypatch.chdir(tmp_path)
    here = Project(None)
    assert here.deck_file("loose/") == Path("loose/deck.yaml")
    assert here.deck_file("./loose/deck.yaml") == Path("loose/deck.yaml")
    assert here.deck_file("loose") is None  # a plain word is an id
    monkeypatch.chdir(deck.parent)
    assert here.deck_file(".") == Path("deck.yaml") and here.deck_file("deck.yaml") == Path("deck.yaml")
    assert load_deck(".").id == "loose"
    with pytest.raises(UnknownName, match="no deck folder or deck .yaml file at that path"):
        load_deck("../nowhere")


def test_changing_project_forgets_loaded_decks(tmp_path: Path):
    first = make_project(tmp_path / "one", {"tiny": tiny("tiny")})
    second = make_project(tmp_path / "two", {"tiny": tiny("tiny").replace("[a, b]", "[a, b, c]")})
    project.use(find_project(first))
    assert len(load_deck("tiny").cards) == 2
    project.use(find_project(second))
    assert len(load_deck("tiny").cards) == 3
    assert Project(second.resolve()).owns(second.resolve() / "decks" / "tiny" / "deck.yaml")
    assert not Project(second.resolve()).owns(paths.decks_dir() / "mirror" / "deck.yaml")
