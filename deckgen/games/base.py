"""The engine contract every game follows (the registry of games is `deckgen.games.registry`).

After OpenSpiel's State API and python-chess: a State knows the current player, its legal
moves, a trusted fast `apply` and a checked `play`, its result and what each seat may see.
All chance comes from the `random.Random` handed to `new_game`. A Game holds what does not
change between games: its rules, its typed parameters and its card index. Engines never
import bots; playing with bots is `deckgen.sim.play`'s job.
"""

from __future__ import annotations

import copy
import random
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Generic, Mapping, Sequence, TypeVar

from mypy_extensions import mypyc_attr

from deckgen.errors import BadPosition, DataError, IllegalMove
from deckgen.games.kit.board import Cell
from deckgen.games.kit.cards import CardIndex
from deckgen.games.kit.chance import shuffled_order
from deckgen.games.kit.notation import IntsNotation, MoveNotation
from deckgen.games.kit.result import Result
from deckgen.games.kit.zones import DeclaredZone, hand
from deckgen.games.kit.params import NoParams
from deckgen.model.deck_data import Deck
from deckgen.model.play_rules import GameData
from deckgen.model.wording import problem

__all__ = ["Game", "IllegalMove", "Move", "Result", "State"]

#: A text naming no move lists the legal moves when there are at most this many.
LISTED_MOVES = 12

#: A move: a small tuple of ints (a kind code, then cards, cells, counts...), hashable, so that
#: legal moves compare and key tables; never a string. Its text is the game's notation.
Move = tuple[int, ...]
#: The moves of one engine's states: `Move`, or a fixed shape such as Zoomies' (card, code).
#: mypyc erases it, so the base API passes moves on unchecked and costs nothing.
M = TypeVar("M", bound=Move)

#: One position of a traced game before its move: the seat to move, how many legal moves it
#: has, and every seat's standing (a copy of `State.standing`: an engine may return its own list).
Watched = tuple[int, int, list[float]]


# Compiled by mypyc (setup.py): states of engines that are not compiled may subclass it, and
# copy.copy copies a state's fields rather than calling __init__.
@mypyc_attr(allow_interpreted_subclasses=True, serializable=True)
class State(ABC, Generic[M]):
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
    def legal_moves(self) -> list[M]: ...

    @abstractmethod
    def apply(self, move: M) -> None:
        """Apply a move known to be legal (no checks: the fast path)."""

    def random_move(self, rng: random.Random) -> M:
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

    def play_randomly_watched(self, rng: random.Random, turn_cap: int, watch: list[Watched]) -> None:
        """As `play_randomly` with `random_move`, noting before each move what sim.metrics
        traces a game by: the seat to move, its number of legal moves and the standing, in the
        engine's own (compiled) loop rather than the simulator's interpreted one."""
        while not self.is_over and self.turns < turn_cap:
            move = self.random_move(rng)
            watch.append((self.current_player, len(self.legal_moves()), list(self.standing())))
            self.apply(move)

    def play(self, move: M) -> None:
        """Apply a move after checking it is legal; an `IllegalMove` says in words what was
        tried, by whom and when."""
        self.check_move(move)
        self.apply(move)

    def check_move(self, move: M) -> None:
        """Raise `IllegalMove` (what was tried, by whom and when) unless `move` is legal here."""
        seat, turn = self.current_player, self.turns
        if self.is_over:
            raise IllegalMove(f"seat {seat}: no move can be played, the game is over (turn {turn})")
        legal = self.legal_moves()
        if move not in legal:
            raise IllegalMove(
                f"seat {seat} at turn {turn}: {self._words(move)} is not a legal move "
                f"({len(legal)} legal moves, e.g. {self._words(legal[0]) if legal else 'none'})"
            )

    def _words(self, move: M) -> str:
        """A move in words if the engine can describe it, else as its value (an illegal move
        may name a card the seat does not hold, which some descriptions cannot word)."""
        try:
            return repr(self.describe_move(move))
        except (IndexError, KeyError, TypeError, ValueError, AttributeError):
            return f"move {move!r}"

    @abstractmethod
    def result(self) -> Result:
        """The outcome; if the game is not over it is an unfinished result."""

    @abstractmethod
    def observation(self, player: int) -> dict[str, Any]:
        """What that seat may see, JSON-able."""

    @abstractmethod
    def card_zones(self) -> dict[str, list[str]]:
        """Every card of the game by zone, as card ids, named as `kit.zones` says."""

    def declared_zones(self) -> list[DeclaredZone]:
        """The game's zones with their owner and who sees them (`kit.zones.DeclaredZone`), from
        which `hidden_zones` and `covered_zones` follow. Empty by default: then the other
        hands, the draw pile and the cards removed unseen are hidden, and nothing is covered."""
        return []

    def hidden_zones(self, player: int) -> list[str]:
        """The zones whose cards `player` may not see: as `declared_zones` says, or by default
        the other hands, the draw pile and the cards removed unseen. Games whose secrets
        change during play (revealed at the end) say so here."""
        declared = self.declared_zones()
        if declared:
            return [zone.name for zone in declared if zone.hidden_from(player)]
        return [hand(s) for s in range(self.n_players) if s != player] + ["draw", "removed"]

    def covered_zones(self, player: int) -> list[str]:
        """The face-up piles of which `player` sees only the top card (the last in its
        `card_zones` list) and the size: the cards under it are covered, hidden from that seat
        unless it remembers them (`remembered_cards`). The piles `declared_zones` declares."""
        return [zone.name for zone in self.declared_zones() if zone.covered_for(player)]

    def remembered_cards(self, player: int) -> list[str]:
        """The covered cards `player` knows without seeing them now (it saw them before they
        were covered); a determinization leaves them where they are."""
        return []

    def log_turn(self) -> int:
        """The turn a log gives the next move: `turns`, plus the turns a game leaves out of its
        length and turn cap (Mystique Pillars' draft), so that each logged move has its own."""
        return self.turns

    @abstractmethod
    def describe_move(self, move: M) -> str:
        """The move in words, starting with the seat ("seat 2 plays Red Deer in Winterwoods")."""

    def notation(self) -> MoveNotation:
        """How this game writes its moves as text (`kit.notation`); engines give their own
        words. By default the move's ints, with the cards at `card_slots` as their ids."""
        return IntsNotation(self.card_slots, self.card_ids())

    def move_notation(self, move: M) -> str:
        """The move as short canonical text that `parse_move` reads back."""
        return self.notation().text(move)

    def parse_move(self, text: str) -> M:
        """The move `move_notation` wrote as `text` (not checked for legality: `play` does).
        A text naming no move is a `BadPosition` that lists the legal moves when they are few."""
        try:
            return self.notation().move(text)
        except BadPosition as error:
            legal = [] if self.is_over else self.legal_moves()
            if not 0 < len(legal) <= LISTED_MOVES:
                raise
            listed = "; ".join(self.move_notation(move) for move in legal)
            raise BadPosition(f"{error}; legal here: {listed}") from None

    def card_slots(self, move: M) -> Sequence[int]:
        """Where `move` holds cards (positions in the tuple): those are written as card ids."""
        return ()

    def card_ids(self) -> Sequence[str]:
        """The ids of the cards in play, by the index moves use."""
        return ()

    @property
    def counters(self) -> dict[str, int]:
        """Game-specific event counts reported by the simulator."""
        return {}

    # --- search: copies, determinizations and who is ahead ------------------------------

    def shared_parts(self) -> tuple[object, ...]:
        """Objects a clone may share with its original because play never changes them (card
        tables, parameters); everything else is copied."""
        return ()

    def clone(self) -> State[M]:
        """An independent copy: moves applied to it leave this state alone. It records no
        events. Games may override it with a faster copy of their own fields."""
        memo: dict[int, Any] = {id(part): part for part in self.shared_parts()}
        memo[id(self.events)] = None
        twin = copy.deepcopy(self, memo)
        twin.events = None
        return twin

    def clone_reseeded(self, rng: random.Random) -> State[M]:
        """A clone whose future chance is drawn from `rng`, as search plays each candidate
        move: by default `clone()` then `reseed(rng)`; a game whose clone copies its random
        source may override it to skip that copy, which the reseeding throws away."""
        twin = self.clone()
        twin.reseed(rng)
        return twin

    def replace_cards(self, zones: dict[str, list[str]]) -> None:
        """Put these cards (ids, in `card_zones` order) into these zones, which are zones
        `hidden_zones` names for some seat and hold as many cards as before. The
        determinization's only game-specific step; a game whose hidden zones carry other
        facts (a count kept beside a hand) keeps them in step here."""
        raise NotImplementedError(f"{type(self).__name__} cannot be determinized (no replace_cards)")

    def reseed(self, rng: random.Random) -> None:
        """Draw this state's future chance (draws after a reshuffle...) from `rng`: the
        original's chance stays its own. States keeping their random source as `rng` need
        nothing more."""
        if hasattr(self, "rng"):
            setattr(self, "rng", rng)  # noqa: B010 (an attribute of the subclass, not of State)

    def unknown_places(self, seat: int, zones: dict[str, list[str]]) -> dict[str, list[int]]:
        """Where the cards `seat` does not know lie in these `card_zones`: by zone, the
        positions in its list. Every card of a hidden zone; in a covered pile, every card
        under the top that the seat does not remember."""
        hidden, covered = set(self.hidden_zones(seat)), set(self.covered_zones(seat))
        remembered = set(self.remembered_cards(seat))
        places: dict[str, list[int]] = {}
        for name, cards in zones.items():  # in zone order: one seed, one deal
            if name in hidden:
                slots = list(range(len(cards)))
            elif name in covered:
                slots = [i for i in range(len(cards) - 1) if cards[i] not in remembered]
            else:
                continue
            if slots:
                places[name] = slots
        return places

    def determinize(self, seat: int, rng: random.Random) -> State[M]:
        """A state `seat` cannot tell from this one: a clone whose cards the seat does not
        know (`unknown_places`: hidden zones, covered cards it does not remember) are dealt
        again at random among those places, every zone keeping its size and every covered
        pile its top, with its future chance from `rng`. Games whose play reveals more than
        the zones show (a void in a suit) override it to deal within those constraints."""
        twin = self.clone()
        zones = self.card_zones()
        places = self.unknown_places(seat, zones)
        pool = [zones[name][i] for name, slots in places.items() for i in slots]
        order = shuffled_order(len(pool), rng)
        start = 0
        dealt: dict[str, list[str]] = {}
        for name, slots in places.items():
            cards = dealt[name] = list(zones[name])
            for i in slots:
                cards[i] = pool[order[start]]
                start += 1
        if dealt:
            twin.replace_cards(dealt)
        twin.reseed(rng)
        return twin

    def standing(self) -> list[float]:
        """How well each seat stands now, higher is better, on the game's own scale (points,
        or minus the cards left): what lead changes and drama are measured on. By default the
        result's scores, negated where fewer is better (the ranking says which; a level
        position has no ranking and is left as it is, so an engine whose lowest score wins
        overrides this, as the described engine does for `best: lowest`)."""
        result = self.result()
        scores = list(result.scores)
        if len(result.ranking) >= 2 and scores[result.ranking[0]] < scores[result.ranking[-1]]:
            return [-score for score in scores]
        return scores

    def board_cells(self) -> list[Cell]:
        """Grid games: the occupied cells, which `deckgen play` prints after every move.
        Empty for games without a board (see `Game.grid`)."""
        return []


#: The `Params` dataclass of one engine (`Game[MirrorquestParams]`), so `self.params` has its fields.
P = TypeVar("P")


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(ABC, Generic[P]):
    """One game: its rules and typed parameters, its cards, and new states."""

    id: ClassVar[str]
    #: The dataclass of the rule data's `params` (`deckgen.games.kit.params`), checked when the
    #: engine is built from its rule file (`deckgen.games.building`).
    Params: ClassVar[type] = NoParams
    #: The board of a grid game ("square" or "hexagonal", as `kit.board` draws them); "" for
    #: games without one.
    grid: ClassVar[str] = ""

    def __init__(self, data: GameData) -> None:
        """An engine for checked rules, params and deck; the rule file's diagrams, when `data`
        holds them, are checked against the engine with every other problem."""
        rules = data.rules
        self.rules = rules
        self.deck: Deck = data.deck
        self.cards = CardIndex.of_deck(data.deck)
        #: The player counts allowed, read once: `check_players` runs before every game.
        self.fewest_players, self.most_players = rules.players.min, rules.players.max
        self.params: P = data.params
        problems = self.setup_problems() + self.rule_problems() + self.diagram_problems(data.diagrams)
        if rules.turn_cap < 1:
            problems.insert(0, problem(rules.path, "turn_cap", "required for a game with an engine (expected the "
                                       "turns after which the simulator stops a game, such as 500)"))
        if problems:
            raise DataError(*problems)

    def kept_data(self) -> GameData:
        """What the engine cache keeps to build this engine again (`deckgen.games.engine_cache`):
        its checked rules, params and deck, plain data; the diagrams were checked once."""
        return GameData(self.rules, self.params, self.deck)

    def setup_problems(self) -> list[str]:
        """Setups the deck cannot deal: hands and removed cards beyond the cards in play.
        Games that deal otherwise (by rounds, from personal decks) override it."""
        problems = []
        for n, spec in self.rules.setup.items():
            dealt = n * (spec.hand_size or 0) + spec.removed + spec.set_aside
            held = spec.decks * self.cards.size
            if dealt > held:
                problems.append(problem(
                    self.rules.path, f"setup.{n}",
                    f"{n} x {spec.hand_size} cards dealt + {spec.removed} removed + {spec.set_aside} set aside "
                    f"= {dealt}, "
                    f"but {spec.decks} deck(s) hold {held}",
                ))
        return problems

    def rule_problems(self) -> list[str]:
        """Rule data this engine cannot play that the `Params` model cannot see by itself
        (cards that must exist, lists that must agree), as problem lines."""
        return []

    def diagram_problems(self, diagrams: Sequence[Any]) -> list[str]:
        """Diagrams the booklet could not draw as this engine plays: unknown cards, a card
        on two cells, a grid of the wrong kind or on a game without a board."""
        problems = []
        for number, diagram in enumerate(diagrams):
            where = f"diagrams[{number}]"
            if diagram.grid != type(self).grid:
                wanted = f"grid: {type(self).grid}" if type(self).grid else "no diagrams (the game has no board)"
                problems.append(problem(self.rules.path, where, f"grid {diagram.grid!r}, but this game takes {wanted}"))
            seen: set[str] = set()
            for cell_number, cell in enumerate(diagram.cells):
                for card in cell.cards:
                    if card not in self.cards.index:
                        problems.append(problem(self.rules.path, f"{where}.cells[{cell_number}]",
                                                f"unknown card {card!r} in deck {self.deck.id}"))
                    elif card in seen:
                        problems.append(problem(self.rules.path, f"{where}.cells[{cell_number}]",
                                                f"card {card!r} is on two cells"))
                    seen.add(card)
        return problems

    def check_players(self, n_players: int) -> None:
        """A `BadPlayerCount` unless the game is for `n_players` (the rules word it)."""
        if not self.fewest_players <= n_players <= self.most_players:
            self.rules.check_players(n_players)

    def side_of(self, seat: int, n_players: int) -> int:
        """The side a seat plays for: itself, or its team in a partnership game (partners win
        together, which is not a shared win between rivals)."""
        return seat

    @abstractmethod
    def new_game(
        self, n_players: int, rng: random.Random, options: dict[str, Any], record: bool = False
    ) -> State:
        """A fresh game; rules numbers come from self.params and self.rules, chance from rng,
        and `options` are complete (as `PlayRules.resolve_options` returns them)."""

    @abstractmethod
    def position(
        self,
        zones: Mapping[str, Sequence[str]],
        *,
        current_player: int = 0,
        options: dict[str, Any] | None = None,
        **details: Any,
    ) -> State:
        """A state built from card ids by zone, named as `card_zones` names them, for scenario
        tests and puzzles. The card_zones of any fresh game (from `new_game`) build a state
        with the same card_zones; `details` are the game's other facts (leader, points...),
        each with a default. Unknown cards are an `UnknownCard`, cards placed twice or unknown
        zone names a `BadPosition` (`self.cards.place` checks both)."""

    def place_zones(
        self,
        zones: Mapping[str, Sequence[str]],
        seat_kinds: tuple[str, ...],
        shared: tuple[str, ...],
        details: Mapping[str, Any],
        cards: CardIndex | None = None,
    ) -> tuple[int, dict[str, list[int]]]:
        """What every `position` starts with: the player count (one `<seat_kinds[0]>/<seat>`
        zone per seat, checked against the game), and the cards by zone as indices. Unknown
        details, zone names other than `<kind>/<seat>` and `shared`, unknown cards and cards
        placed twice are refused; zones not given are empty."""
        if details:
            raise BadPosition(f"position: unknown details {sorted(details)}")
        n_players = sum(1 for name in zones if name.startswith(f"{seat_kinds[0]}/"))
        self.check_players(n_players)
        known = {f"{kind}/{seat}" for kind in seat_kinds for seat in range(n_players)} | set(shared)
        unknown = sorted(set(zones) - known)
        if unknown:
            names = ", ".join([f"{kind}/<seat>" for kind in seat_kinds] + list(shared))
            raise BadPosition(f"position: unknown zones {unknown} (zones: {names})")
        placed = (cards or self.cards).place(zones)
        return n_players, {name: placed.get(name, []) for name in sorted(known)}

    def move_to_json(self, move: Move) -> Any:
        return list(move)

    def move_from_json(self, data: Any) -> Move:
        """The move `move_to_json` wrote, a list of ints; anything else raises (a log reader
        reports it as a move this engine cannot read)."""
        if not isinstance(data, list) or not all(type(x) is int for x in data):
            raise ValueError(f"not a move (a list of ints): {data!r}")
        return tuple(data)

    def describe_event(self, event: dict[str, Any]) -> str | None:
        """A logged chance event in words for `deckgen play` transcripts, or None to leave it
        out (the deal, and anything the move lines already say)."""
        return None
