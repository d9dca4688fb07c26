"""Engines built again from the engine cache: the same engine as one built from its files (a
described game with the program checked from its play section), and a command that finds its
game cached loads neither pydantic nor PyYAML (nor, for a described game, lark)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from deckgen import project
from deckgen.games import engine_cache
from deckgen.games.building import build_engine
from deckgen.games.described.game import DescribedGame
from deckgen.games.registry import get_game
from deckgen.model.play_defs import Program
from deckgen.model.play_rules import GameData
from deckgen.model.rules import load_play_rules
from deckgen.sim.play import Table
from tests.fresh_process import python_output

GAME = "mystique-chain"
#: A described game: its play section is kept checked, as a program.
DESCRIBED = "hearts"


def rule_file(game_id: str) -> Path:
    return project.current().rule_files()[game_id]


def test_a_cached_engine_plays_as_the_one_built_from_its_files() -> None:
    built = get_game(GAME)
    cached = engine_cache.load(rule_file(GAME))
    assert cached is not None, "the shipped files are old enough to be cached"
    engine_id, data = cached
    again = get_game(GAME)
    assert engine_id == GAME and type(again) is type(built)
    assert (data.rules, data.params, data.deck) == (built.rules, built.params, built.deck)
    for seed in range(5):
        first = built.new_game(2, random.Random(seed), built.rules.resolve_options())
        second = again.new_game(2, random.Random(seed), again.rules.resolve_options())
        assert first.card_zones() == second.card_zones()


def test_an_entry_names_every_file_the_engine_was_built_from() -> None:
    game = get_game("zoomies")
    files = engine_cache.inputs(rule_file("zoomies"), type(game), GameData(game.rules, game.params, game.deck))
    names = {path.name for path in files}
    assert rule_file("zoomies").resolve() in files and game.deck.path.resolve() in files
    assert {"play_rules.py", "deck_data.py", "rules.py", "params.py"} <= names


@pytest.mark.parametrize("game_id", [GAME, DESCRIBED])
def test_a_command_on_a_cached_game_loads_no_schema_library(tmp_path: Path, game_id: str) -> None:
    script = ("import sys\n"
              "from deckgen.games.registry import get_game\n"
              f"game = get_game({game_id!r})\n"
              "print(' '.join(sorted(m for m in ('lark', 'pydantic', 'yaml') if m in sys.modules)))\n")
    first, again = (python_output(script, tmp_path) for _ in range(2))
    assert {"pydantic", "yaml"} <= set(first.split())
    assert again == ""


def test_a_cached_described_game_plays_as_the_one_built_from_its_files() -> None:
    get_game(DESCRIBED)  # built and cached, if it was not
    cached = engine_cache.load(rule_file(DESCRIBED))
    assert cached is not None, "the shipped files are old enough to be cached"
    _, data = cached
    assert isinstance(data.rules.play, Program) and data.rules.play.deck == data.deck
    again, built = get_game(DESCRIBED), build_engine(DescribedGame, load_play_rules(DESCRIBED))
    assert isinstance(again, DescribedGame) and isinstance(built, DescribedGame)
    assert again.program == built.program
    tables = [Table.of(game, 3, ["random"] * 3) for game in (again, built)]
    for index in range(5):
        first, second = (table.play(7, index).result() for table in tables)
        assert first == second


def test_a_cached_described_game_checks_its_play_again_for_another_deck() -> None:
    """A sweep's deck variant of a game built from the cache: the program kept was checked
    against the shipped deck, so the play section is read and checked again for this one."""
    get_game(DESCRIBED)  # built and cached, if it was not
    game = get_game(DESCRIBED)
    variant = game.deck._replace(name=f"{game.deck.name} (variant)")
    again = DescribedGame(GameData(game.rules, game.params, variant))
    assert isinstance(game.rules.play, Program) and again.program.deck is variant
    assert again.program == DescribedGame(GameData(load_play_rules(DESCRIBED).for_play(), game.params, variant)).program
