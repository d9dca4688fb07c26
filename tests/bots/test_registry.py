"""The bot registry loads one game's bots, not every game's: each bot module imports its engine,
and a command about one game should load that game alone."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from deckgen.bots.registry import GREEDY, RANDOM, SEARCH, bots_for
from deckgen.games import registry
from tests.fresh_process import python_output


def _loaded_after(code: str) -> Any:
    """What a fresh process reports after running `code` (which leaves its answer in `found`)."""
    return json.loads(python_output(f"import json, sys\n{code}\nprint(json.dumps(found))\n"))


#: Every hand-written engine and bot module, by game id.
PACKAGES = sorted(init.parent.name for init in Path(registry.__file__).parent.glob("*/__init__.py"))
MODULES = {name.replace("_", "-"): (f"deckgen.games.{name}", f"deckgen.bots.{name}")
           for name in PACKAGES if name not in ("kit", "described", "notation")}


@pytest.mark.parametrize("game_id", ["mystique-pillars", "clique-mystique"])
def test_a_games_bots_load_without_any_other_games_engine_or_bots(game_id: str) -> None:
    found = _loaded_after(f"from deckgen.bots.registry import bots_for\n"
                          f"found = {{'names': list(bots_for({game_id!r})), 'modules': sorted(sys.modules)}}")
    others = {name for other, names in MODULES.items() if other != game_id for name in names}
    assert found["names"] == [RANDOM, GREEDY, SEARCH]
    assert MODULES[game_id][1] in found["modules"]
    assert others.isdisjoint(found["modules"])


def test_an_engine_played_without_positions_leaves_the_schema_library_unloaded() -> None:
    """Clique Mystique's positions may give cells as mappings, which the rule data's schema
    checks; importing the engine to play it does not load that schema (pydantic)."""
    found = _loaded_after("import deckgen.games.clique_mystique\nfound = 'pydantic' in sys.modules")
    assert found is False


def test_a_described_game_has_the_described_games_bots() -> None:
    assert list(bots_for("hearts")) == [RANDOM, GREEDY, SEARCH]


def test_a_name_that_is_no_game_has_only_the_bots_every_game_has() -> None:
    assert list(bots_for("no-such-game")) == [RANDOM, SEARCH]
