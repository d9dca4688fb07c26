"""An engine built from a validated rule file: its `params` checked against the engine's own
`Params` (a dataclass; a described game's are the designer's mapping), its deck loaded, its
diagrams checked with its other problems. The registry keeps what an engine was built from in
the engine cache (`deckgen.games.engine_cache`), so the next command builds it from plain data
without reading or validating the files again."""

from __future__ import annotations

import dataclasses
from typing import Any

from deckgen.games.base import Game
from deckgen.model.common import validate
from deckgen.model.deck import load_deck
from deckgen.model.deck_data import Deck
from deckgen.model.play_rules import GameData
from deckgen.model.records import validate_record
from deckgen.model.rules import GameRules


def checked_params(cls: type[Game], rules: GameRules) -> Any:
    """The rule file's `params` as the engine's `Params`: a dataclass of its own, or (a described
    game's, whose designer names the numbers) the mapping as the rule file gives it."""
    if dataclasses.is_dataclass(cls.Params):
        return validate_record(cls.Params, rules.params, rules.path, ("params",))
    if cls.Params is dict:
        return dict(rules.params)
    return validate(cls.Params, rules.params, rules.path, ("params",))


def game_data(cls: type[Game], rules: GameRules, deck: Deck | None = None) -> GameData:
    """What `cls` is built from for these rules: the deck they name unless another is given."""
    return GameData(rules.for_play(), checked_params(cls, rules), deck or load_deck(rules.deck), tuple(rules.diagrams))


def build_engine(cls: type[Game], rules: GameRules, deck: Deck | None = None) -> Game:
    """The engine `cls` for these rules (and a deck variant, if given): a DataError listing
    every problem its rules, params, deck and diagrams have for it."""
    return cls(game_data(cls, rules, deck))
