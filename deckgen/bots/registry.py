"""The bots each game can be played by, keyed by game id and bot name.

Every game has the `random` bot (uniform over the legal moves) and the `search` bot
(determinized Monte Carlo through the engine contract, `search:BUDGET[:SECONDS]`); a game's
other bots live in `deckgen/bots/<module>.py` and register themselves with `register_bot`
when that module is imported. Bots may import their engine; engines never import bots.

A game's bots are looked for in the module named after it first (mystique-pillars:
bots/mystique_pillars.py), the described games' in bots/described.py, and only then in every
module: each bot module imports its engine, so loading them all for one game's greedy bot
loaded every engine and the schema library, 0.15 CPU-s of each such command.
"""

from __future__ import annotations

import importlib
import random
from functools import cache
from typing import Any, Callable, Protocol

from deckgen import project
from deckgen.bots.random_bot import RandomBot
from deckgen.errors import UnknownName
from deckgen.games.registry import get_game, import_named
from deckgen.model.play_rules import PlayRules


class Bot(Protocol):
    def choose(self, state: Any) -> Any: ...  # state: the game's own State subclass


BotFactory = Callable[[random.Random, int], Bot]
"""Makes a bot for a seat from its own random source."""

#: The bot every game has, and the contract's default.
RANDOM = "random"
#: The search bot every game has; a budget may follow its name (`search:200`).
SEARCH = "search"
#: A game's beginner bot, which search starts from where the game has one.
GREEDY = "greedy"

_BOTS: dict[str, dict[str, BotFactory]] = {}
#: The bots of every game whose rule file describes play (deckgen/bots/described.py).
_DESCRIBED_BOTS: dict[str, BotFactory] = {}
_loaded = False


def register_bot(game_id: str, name: str, factory: BotFactory) -> None:
    """Offer a bot for a game under a name (`greedy`, `search`...)."""
    _BOTS.setdefault(game_id, {})[name] = factory


def register_described_bot(name: str, factory: BotFactory) -> None:
    """Offer a bot for every described game."""
    _DESCRIBED_BOTS[name] = factory


def _own_bots(game_id: str) -> dict[str, BotFactory]:
    """The game's bots besides random and search: its own, or those of described games."""
    if game_id not in _BOTS:
        import_named("deckgen.bots", game_id)
    if game_id in _BOTS:
        return _BOTS[game_id]
    try:
        described = _rules(game_id).play is not None
    except UnknownName:  # not a game: only the bots every game has
        return {}
    if described:
        importlib.import_module("deckgen.bots.described")
        return _DESCRIBED_BOTS
    _load_bot_modules()  # bots kept in a module of another name, if any
    return _BOTS.get(game_id, {})


def _load_bot_modules() -> None:
    global _loaded
    if _loaded:
        return
    _loaded = True
    import pkgutil  # here: a run of random bots loads no bot module

    import deckgen.bots as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name not in ("registry", "random_bot") and not info.name.startswith("_"):
            importlib.import_module(f"deckgen.bots.{info.name}")


@cache
def _rules(game_id: str) -> PlayRules:
    """The game's rules, read once: bots are made for every seat of every game, and a
    described game's engine compiles its description each time it is built."""
    return get_game(game_id).rules


project.on_change(_rules.cache_clear)


def _search_factory(game_id: str, spec: str) -> BotFactory:
    """Search starting from the game's greedy bot's move where the game has one. The search
    modules load here, not with the registry: a simulation with random bots never needs them;
    the games' playout settings (which import several engines) load when a search bot is made."""
    from deckgen.bots.search import SearchBot, parse_search_spec

    budget, seconds = parse_search_spec(spec)

    def make(rng: random.Random, seat: int) -> Bot:
        from deckgen.bots.search_settings import playout_settings

        return SearchBot(rng, seat, _rules(game_id).turn_cap, budget, seconds, _own_bots(game_id).get(GREEDY),
                         playout_settings(game_id))

    return make


def bots_for(game_id: str) -> dict[str, BotFactory]:
    """A game's bots by name, `random` first and `search` (at its default budget) last."""
    return {RANDOM: RandomBot, **_own_bots(game_id), SEARCH: _search_factory(game_id, SEARCH)}


def _factory(game_id: str, name: str) -> BotFactory | None:
    """The factory a bot name stands for (`search:200` included), or None."""
    if name == RANDOM:
        return RandomBot  # every game has it: no need to load every game's bots to know
    if name.partition(":")[0] == SEARCH:
        return _search_factory(game_id, name)
    return bots_for(game_id).get(name)


def check_bot_names(game_id: str, names: list[str]) -> None:
    """An `UnknownName` listing the names that are not bots of the game (a malformed search
    budget says what is wrong with it)."""
    if all(name == RANDOM for name in names):
        return  # every game has it: no need to load every game's bots to know
    known = bots_for(game_id)
    unknown = sorted({name for name in names if name not in known and name.partition(":")[0] != SEARCH})
    if unknown:
        raise UnknownName(
            f"game {game_id}: unknown bot {', '.join(map(repr, unknown))} (bots: {', '.join(known)}, search:BUDGET)"
        )
    for name in names:
        if name.partition(":")[0] == SEARCH:
            _search_factory(game_id, name)  # a malformed budget says what is wrong with it


def make_bot(game_id: str, name: str, rng: random.Random, seat: int) -> Bot:
    check_bot_names(game_id, [name])
    factory = _factory(game_id, name)
    assert factory is not None
    return factory(rng, seat)
