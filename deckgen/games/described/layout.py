"""The compiled program of a described game for one player count: zones and counters by
index, card tables, every expression and action (objects) and the closures of every move,
which every `DescribedState` of that count shares.

They take the state, which holds its layout: so `Layout` and the base classes of expressions
and actions are generic in the state's type, which `state` and `program` fix to
`DescribedState` (`Layout[DescribedState]`, `Expression`, `Step`).
"""

from __future__ import annotations

from typing import Callable, Generic, TypeVar

from mypy_extensions import mypyc_attr

from deckgen.games.base import Move
from deckgen.games.kit.zones import DeclaredZone

#: The state the expressions, actions and closures take (`DescribedState`).
S = TypeVar("S")


# Subclassed in other compiled libraries: an edited subclass runs from its source on this
# compiled base (deckgen.compiled), which mypyc allows only when the base says so.
@mypyc_attr(allow_interpreted_subclasses=True)
class Expr(Generic[S]):
    """A compiled expression: `ev(state, card)` is its value for the state and the bound card
    (-1 when none). An object with a method rather than a closure so that, compiled by mypyc,
    an operator evaluates its operands by native calls (a closure is called through Python's
    calling convention, several times slower: most of a described game's time went there)."""

    def ev(self, state: S, card: int) -> int:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class CardRows(Generic[S]):
    """An expression of the card tried, as a row of its values by card int for the position
    at hand (`deckgen.games.described.rows`); an object for the reason `Expr` is one."""

    def of(self, state: S) -> list[int]:
        raise NotImplementedError


class NoRows(CardRows[S]):
    """The rows of a game without tricks: never read."""

    def of(self, state: S) -> list[int]:
        return []


@mypyc_attr(allow_interpreted_subclasses=True)
class Action(Generic[S]):
    """A compiled action (or list of actions): `run(state, card)` does what it says, for the
    bound card (-1 when none); an object for the reason `Expr` is one."""

    def run(self, state: S, card: int) -> None:
        raise NotImplementedError


class Nothing(Action[S]):
    """No action: what a description leaves out."""

    def run(self, state: S, card: int) -> None:
        return None


@mypyc_attr(allow_interpreted_subclasses=True)
class QuickPlay(Generic[S]):
    """A phase's only move when a random playout can make it without building it (a play of
    one card from the mover's zone to a shared one, say): `play` draws and makes the move
    that `apply(random_move(rng))` would, with the same draw (`rand` is `rng.random`)."""

    def play(self, state: S, rand: Callable[[], float]) -> None:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class CountedMoves(Generic[S]):
    """A move kind whose legal instances a random draw counts and indexes without making
    them all (a buy of many counts): `nth(state, k)` is the k-th move its generator would
    append, `count(state)` how many it would; both read the same position."""

    def count(self, state: S) -> int:
        raise NotImplementedError

    def nth(self, state: S, k: int) -> Move:
        raise NotImplementedError


#: A compiled expression (see `Expr`).
Fn = Expr[S]
#: An expression's `ev`, for readers outside the engine (bots, notation), which call it.
Value = Callable[[S, int], int]
#: A compiled list of actions (see `Action`).
Run = Action[S]
#: A compiled move generator: appends the legal moves of one move kind.
Gen = Callable[[S, list[Move]], None]
#: The cards a play of one card may play in a position (its moves are `(index, card, -1)`).
Cards = Callable[[S], list[int]]


class Layout(Generic[S]):
    """The compiled program for one player count and deck count: zones by index, counters by
    index, card tables, and the closures of every expression, action and move."""

    def __init__(self, n_players: int, path: str) -> None:
        self.n_players = n_players
        #: The rule file, named in errors.
        self.path = path
        self.zone_names: list[str] = []
        self.zone_index: dict[str, int] = {}
        #: For each zone index: visibility (owner, everyone, nobody), pile order, owner (-1 shared).
        #: Per zone index: the zone as declared, whose visibility says what each seat sees.
        self.declared: list[DeclaredZone] = []
        #: The first zone index of the seats' hands (the zone named hand, or the first of each
        #: seat), which a deal event lists as its `hands`; -1 when no zone belongs to a seat.
        self.hands = -1
        #: The zones that are face-up piles (every seat sees their top).
        self.covered: list[int] = []
        #: For each zone index: the zone it refills from when drawn empty (-1: none), cards kept.
        self.refill_from: list[int] = []
        self.keep_top: list[int] = []
        #: Each counter: its name, its first index, and whether each seat has one.
        self.counter_groups: list[tuple[str, int, bool]] = []
        #: Per counter index: shown to everyone, its start, its type.
        self.counter_public: list[bool] = []
        self.counter_starts: list[int] = []
        #: The counter indices set back to their start every round.
        self.round_resets: list[int] = []
        self.counter_kinds: list[str] = []
        self.card_ids: tuple[str, ...] = ()
        self.card_names: tuple[str, ...] = ()
        #: Per value type ("suit value"): its values, for observations and words.
        self.value_names: dict[str, tuple[str, ...]] = {}
        self.stock = 0
        self.order = 1
        self.turn_unit = "move"
        #: Whether every move is a turn (`turn_unit: move`), read after every move.
        self.counts_moves = True
        self.phase_names: list[str] = []
        #: Per phase: (move index, otherwise, when or None, generator, for a play or give of
        #: one card declaring nothing the cards it may move, else None, and the move's
        #: `CountedMoves` or None).
        self.phase_moves: list[list[tuple[int, bool, Fn[S] | None, Gen[S], Cards[S] | None,
                                          CountedMoves[S] | None]]] = []
        #: Per phase: whether a move of it plays or gives one card declaring nothing, or is
        #: counted (`random_move` then counts those moves rather than making them).
        self.counted_phases: list[bool] = []
        #: Per phase whose only move plays or gives one card declaring nothing, with no `when`:
        #: that move's cards (`random_move` draws from them directly), else None; and its index.
        self.only_cards: list[Cards[S] | None] = []
        self.only_move: list[int] = []
        #: Per phase: its only move made in line by a random playout, or None; and by move
        #: index, the moves that can be (`deckgen.games.described.plays`).
        self.quick_plays: list[QuickPlay[S] | None] = []
        self.quick_moves: dict[int, QuickPlay[S]] = {}
        #: By move index: the moves a random draw counts rather than makes (`CountedMoves`).
        self.counted_moves: dict[int, CountedMoves[S]] = {}
        #: Per move index: its kind, its phase, what it does and how it reads.
        self.move_kinds: list[str] = []
        self.move_apply: list[Callable[[S, int, int], None]] = []
        self.move_then: list[Run[S]] = []
        self.move_words: list[Callable[[S, Move], str]] = []
        #: Per move index, for bots: the zone it takes cards from, the declared attribute by card.
        self.move_sources: list[Value[S]] = []
        self.declared_columns: list[list[int]] = []
        #: Per move index: the words of the values it declares (none when it declares nothing).
        self.declared_values: list[tuple[str, ...]] = []
        #: Per move index of a play with readings: the numbers a card may be played as.
        self.move_readings: dict[int, list[Value[S]]] = {}
        #: Per move index of a buy: how many zones it buys from, whether it picks one card, and
        #: whether it pays with cards (`deckgen.games.described.buys`).
        self.move_buys: dict[int, tuple[int, bool, bool]] = {}
        #: For the greedy bot: the description's `greedy` rating, and each card's worth.
        self.greedy: Value[S] | None = None
        self.card_worth: list[int] = []
        self.dealer: Fn[S] = Zero()
        self.rotate_dealer = True
        self.first: Fn[S] | None = None
        self.setup: Run[S] = Nothing()
        self.round_end: Fn[S] = Zero()
        #: False when the round's end is written `false`: no call after every move.
        self.round_can_end = True
        self.round_score: Run[S] = Nothing()
        self.game_end: Fn[S] = Zero()
        self.trick_zone = -1
        self.trick_to = 0
        #: The trick's candidates and their ranking keys, as rows by card (see `card_rows`).
        self.trick_among: CardRows[S] = NoRows()
        self.trick_by: CardRows[S] = NoRows()
        self.trick_then: Run[S] = Nothing()
        #: Secret turns (`simultaneous`): passes the turn to the next seat taking part, or
        #: reveals (`secret_turns.SecretTurns`); None without them.
        self.secret_turns: Run[S] | None = None
        self.score: Fn[S] | None = None
        self.lowest_wins = False
        self.tie_break: Fn[S] | None = None
        #: How a seat stands while the game is on (`result.standing`); None: by its score.
        self.standing: Fn[S] | None = None
        #: Partners sit opposite: a seat's score is its team's, and partners win together.
        self.teams = False
        #: Move generations so far by every state of this layout (`DescribedState.epoch`).
        self.generations = 0


class Zero(Expr[S]):
    """The expression 0, for what a description leaves out."""

    def ev(self, state: S, card: int) -> int:
        return 0
