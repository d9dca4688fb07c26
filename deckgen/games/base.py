"""The engine contract every game follows, the registry, and playing one game.

After OpenSpiel's State API and python-chess: a State knows the current player, its legal
moves, a trusted fast `apply` and a checked `play`, its result and what each seat may see.
All chance comes from the `random.Random` handed to `new_game`; bots get their own.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
from abc import ABC, abstractmethod
from collections import Counter
from itertools import repeat, starmap
from typing import Any, Callable, ClassVar, NamedTuple, Protocol

from mypy_extensions import mypyc_attr

from deckgen.bots.random_bot import RandomBot
from deckgen.errors import DeckgenError, UnknownName
from deckgen.model.deck import Deck, load_deck
from deckgen.model.rules import GameRules, load_rules

#: A move: a small hashable value (tuples of ints), never a string. Typed Any so that each
#: engine can give its own shape (mypyc checks declared types when it runs the code).
Move = Any


class IllegalMove(DeckgenError):
    """A move that is not legal in the state it was played in."""


class Result(NamedTuple):
    """How a game ended. Unfinished games (turn cap) have no winners. A named tuple: the
    simulator makes one per game, and it is the quickest immutable record to build."""

    finished: bool
    winners: tuple[int, ...]
    scores: tuple[float, ...]
    ranking: tuple[int, ...]
    turns: int
    counters: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "finished": self.finished,
            "winners": list(self.winners),
            "scores": list(self.scores),
            "ranking": list(self.ranking),
            "turns": self.turns,
            "counters": dict(self.counters),
        }


# Compiled by mypyc (setup.py): states of engines that are not compiled may subclass it, and
# copy.copy copies a state's fields rather than calling __init__.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State(ABC):
    """A game in progress. Subclasses keep their fields plain for speed."""

    n_players: int
    current_player: int
    #: Turns taken so far, as the game defines a turn; the simulator caps on this.
    turns: int
    #: Chance events (deal, draws, reshuffles) as JSON-able dicts, or None when not recording.
    events: list[dict[str, Any]] | None

    @property
    @abstractmethod
    def is_over(self) -> bool: ...

    @abstractmethod
    def legal_moves(self) -> list[Move]: ...

    @abstractmethod
    def apply(self, move: Move) -> None:
        """Apply a move known to be legal (no checks: the fast path)."""

    def random_move(self, rng: random.Random) -> Move:
        """A move drawn uniformly from `legal_moves()` (the random bot's choice). Games may
        override it to sample without building the list, drawing from exactly that list."""
        moves = self.legal_moves()
        return moves[int(rng.random() * len(moves))]

    def play_randomly(self, rng: random.Random, turn_cap: int) -> None:
        """Play `random_move`s (the random bot in every seat) until the game ends or reaches
        `turn_cap` turns. Games may override it with a tighter loop drawing the same moves."""
        apply, random_move = self.apply, self.random_move
        while not self.is_over and self.turns < turn_cap:
            apply(random_move(rng))

    def play(self, move: Move) -> None:
        """Apply a move after checking it is legal."""
        if self.is_over:
            raise IllegalMove(f"move {move!r}: the game is over")
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(
                f"move {move!r} is not legal for seat {self.current_player} at turn {self.turns} "
                f"({len(legal)} legal moves)"
            )
        self.apply(move)

    @abstractmethod
    def result(self) -> Result:
        """The outcome; if the game is not over it is an unfinished result."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What that seat may see, JSON-able."""

    @abstractmethod
    def card_zones(self) -> dict[str, list[Any]]:
        """Every card of the game by zone (hands, piles, removed...), for invariant checks."""

    @abstractmethod
    def describe_move(self, move: Move) -> str:
        """The move in words, for transcripts ("seat 2 plays Red Deer in Winterwoods")."""

    @property
    def counters(self) -> dict[str, int]:
        """Game-specific event counts reported by the simulator."""
        return {}


class Bot(Protocol):
    def choose(self, state: Any) -> Move: ...  # state: the game's own State subclass


BotFactory = Callable[[random.Random, int], Bot]
"""Makes a bot for a seat from its own random source."""


def lazy_bot(module: str, class_name: str) -> BotFactory:
    """A factory for a bot class imported on first use: for bot modules that import their
    engine's module, which could not import them back at load time."""

    def make(rng: random.Random, seat: int) -> Bot:
        bot: Bot = getattr(importlib.import_module(module), class_name)(rng, seat)
        return bot

    return make


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC):
    """One game: builds states, encodes moves for logs and names its bots."""

    id: ClassVar[str]
    bots: ClassVar[dict[str, BotFactory]]

    def __init__(self, rules: GameRules) -> None:
        self.rules = rules
        self.deck: Deck = load_deck(rules.deck)
        #: Card ids and names by index, and indices by id: engines hold cards as ints.
        self.card_ids: list[str] = [c.id for c in self.deck.cards]
        self.card_names: list[str] = [c.name for c in self.deck.cards]
        self.index_of: dict[str, int] = {c.id: i for i, c in enumerate(self.deck.cards)}

    @abstractmethod
    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> State:
        """A fresh game; rules numbers come from self.rules, chance from rng, and `options`
        are complete (as `GameRules.resolve_options` returns them)."""

    def move_to_json(self, move: Move) -> Any:
        return list(move) if isinstance(move, tuple) else move

    def move_from_json(self, data: Any) -> Move:
        return tuple(self.move_from_json(x) for x in data) if isinstance(data, list) else data

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """A logged chance event in words for `deckgen play` transcripts, or None to leave it
        out (the deal, and anything the move lines already say)."""
        return None

    def make_bot(self, name: str, rng: random.Random, seat: int) -> Bot:
        if name not in self.bots:
            raise UnknownName(f"game {self.id}: unknown bot {name!r} (bots: {', '.join(self.bots)})")
        return self.bots[name](rng, seat)


_GAME_CLASSES: dict[str, type[Game]] = {}


def register(cls: type[Game]) -> type[Game]:
    """Make a game findable by its rules id (and the rules' aliases). Engines call it after
    their class rather than as a decorator: mypyc (setup.py) compiles a decorated class as a
    plain Python class, which may not inherit from the compiled Game."""
    _GAME_CLASSES[cls.id] = cls
    return cls


def _import_game_modules() -> None:
    import deckgen.games as package

    for info in pkgutil.iter_modules(package.__path__):
        if info.name != "base" and not info.name.startswith("_"):  # not _compiled__mypyc (setup.py)
            importlib.import_module(f"deckgen.games.{info.name}")


def game_classes() -> dict[str, type[Game]]:
    if not _GAME_CLASSES:
        _import_game_modules()
    return _GAME_CLASSES


def get_game(name: str) -> Game:
    """The engine for a game id or alias, with its rules loaded."""
    rules = load_rules(name)
    cls = game_classes().get(rules.id)
    if cls is None:
        raise UnknownName(f"game {rules.id!r} has rule data but no engine yet")
    return cls(rules)


def check_players(game: Game, n_players: int) -> None:
    players = game.rules.players
    if not players.min <= n_players <= players.max:
        allowed = f"{players.min}" if players.min == players.max else f"{players.min}-{players.max}"
        raise UnknownName(f"game {game.rules.id}: {n_players} players not allowed (allowed: {allowed})")


def shuffled_order(n: int, rng: random.Random) -> list[int]:
    """0..n-1 in a uniformly random order, by sorting on independent `rng.random()` keys: the
    sort runs in C, about twice as fast as `rng.shuffle` (a Python-level `_randbelow` per
    card), and two equal 53-bit keys are vanishingly rare."""
    keys = list(starmap(rng.random, repeat((), n)))  # n calls of rng.random, looped in C
    return sorted(range(n), key=keys.__getitem__)


def game_rngs(seed: int, index: int) -> tuple[random.Random, random.Random]:
    """Chance and bot random sources for game `index` of a run, independent of process count."""
    return random.Random(f"{seed}/{index}/chance"), random.Random(f"{seed}/{index}/bots")


def play_game(
    game: Game,
    n_players: int,
    bot_names: list[str],
    seed: int,
    index: int = 0,
    options: dict[str, Any] | None = None,
    record: bool = False,
    on_move: Callable[[State, Move], None] | None = None,
) -> State:
    """Play one game with bots to its end or the rules' turn cap; returns the final state."""
    chance, bot_rng = game_rngs(seed, index)
    resolved = game.rules.resolve_options(options)
    state = game.new_game(n_players, chance, resolved, record=record)
    cap = game.rules.turn_cap
    if on_move is None and all(game.bots.get(name) is RandomBot for name in bot_names):
        # What RandomBot.choose does in every seat (each seat's bot would share bot_rng),
        # in the state's own loop: the simulator's innermost.
        state.play_randomly(bot_rng, cap)
        return state
    apply = state.apply
    choose = [game.make_bot(bot_names[s], bot_rng, s).choose for s in range(n_players)]
    if on_move is None:
        while not state.is_over and state.turns < cap:
            apply(choose[state.current_player](state))
        return state
    while not state.is_over and state.turns < cap:
        move = choose[state.current_player](state)
        on_move(state, move)
        apply(move)
    return state


def zone_multiset(state: State) -> Counter:
    """All cards in a state as a multiset, for 'no card lost or duplicated' checks."""
    counts: Counter = Counter()
    for cards in state.card_zones().values():
        counts.update(cards)
    return counts
