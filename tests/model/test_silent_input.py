"""Input that used to be accepted silently (issue 33): back ids that differ only in case, a
group's `set` giving the card id, and games left behind when their deck is removed."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.deck import load_deck_file
from tests.cli.test_project_cli import game, run  # noqa: F401  game is a fixture

BASE = {"id": "d", "name": "D", "attributes": {"n": [1, 2]}, "groups": [{"cards": [{"n": 1}], "id": "c{n}"}]}


def deck_problems(tmp_path: Path, **changes: object) -> list[str]:
    deck = tmp_path / "deck.yaml"
    deck.write_text(yaml.safe_dump({**BASE, **changes}))
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    return [line.split(": ", 1)[1] for line in info.value.problems]


def test_back_ids_differing_only_in_case_are_refused(tmp_path: Path) -> None:
    backs = [{"id": "gold", "name": "Gold"}, {"id": "Gold", "name": "Gold again"}]
    assert deck_problems(tmp_path, backs=backs) == [
        "backs: back ids must be unique, also ignoring upper and lower case (repeated: Gold)"]


@pytest.mark.parametrize("key", ["id", "name", "copy"])
def test_a_set_may_not_give_the_id_name_or_copy(tmp_path: Path, key: str) -> None:
    groups = [{"cards": [{"n": 1}], "id": "c{n}", "set": {key: "x"}}]
    assert deck_problems(tmp_path, groups=groups) == [
        f"groups.0.set: may not give {key} (the group's id and name templates and copies make them)"]


def test_games_left_behind_by_a_removed_deck_are_reported(game: Path) -> None:  # noqa: F811
    (game / "decks" / "sky" / "deck.yaml").unlink()
    for command in (["validate"], ["games"]):
        result = run(*command)
        assert result.exit_code == 2, result.output
        assert result.stderr.splitlines() == [  # one line: the game is not read against a deck that is gone
            "error: decks/sky/games/comet-chase.yaml: its deck folder decks/sky has no deck.yaml (remove the game "
            "with its deck, or put deck.yaml back)"]
