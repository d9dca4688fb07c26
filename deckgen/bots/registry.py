"""The bots each game can be played by, keyed by game id and bot name.

Every game has the `random` bot (uniform over the legal moves); a game's other bots live in
`deckgen/bots/<module>.py` and register themselves with `register_bot` when that module is
imported. Bots may import their engine; engines never import bots.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from typing import Any, Callable, Protocol

from deckgen.bots.random_bot import RandomBot
from deckgen.errors import UnknownName


class Bot(Protocol):
    def choose(self, state: Any) -> Any: ...  # state: the game's own State subclass


BotFactory = Callable[[random.Random, int], Bot]
"""Makes a bot for a seat from its own random source."""

#: The bot every game has, and the contract's default.
RANDOM = "random"

_BOTS: dict[str, dict[str, BotFactory]] = {}
_loaded = False


def register_bot(game_id: str, name: str, factory: BotFactory) -> None:
    """Offer a bot for a game under a name (`greedy`, `search`...)."""
    _BOTS.setdefault(game_id, {})[name] = factory


def _load_bot_modules() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import deckgen.bots as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name not in ("registry", "random_bot") and not info.name.startswith("_"):
            importlib.import_module(f"deckgen.bots.{info.name}")


def bots_for(game_id: str) -> dict[str, BotFactory]:
    """A game's bots by name, `random` first."""
    _load_bot_modules()
    return {RANDOM: RandomBot, **_BOTS.get(game_id, {})}


def check_bot_names(game_id: str, names: list[str]) -> None:
    """An `UnknownName` listing the names that are not bots of the game."""
    known = bots_for(game_id)
    unknown = sorted({name for name in names if name not in known})
    if unknown:
        raise UnknownName(
            f"game {game_id}: unknown bot {', '.join(map(repr, unknown))} (bots: {', '.join(known)})"
        )


def make_bot(game_id: str, name: str, rng: random.Random, seat: int) -> Bot:
    check_bot_names(game_id, [name])
    return bots_for(game_id)[name](rng, seat)
