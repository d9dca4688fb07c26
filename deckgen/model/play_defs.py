"""The typed program a rule file's `play` section becomes (`deckgen.model.play_program`
builds it): zones, counters, actions, moves and tricks with every expression typed. It is
what `deckgen.games.described` compiles into an engine, and what the booklet and quick
reference read their numbers from.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from deckgen.model.play_nodes import Attribute, Node, with_options


@dataclass(frozen=True)
class ZoneDef:
    name: str
    per_seat: bool
    visible: str
    order: str
    refill_from: str | None
    keep_top: int
    #: When the options decide who sees the zone: `visible` when this holds, else `visible_else`.
    visible_if: Node | None = None
    visible_else: str = ""

    def visibility(self, options: Mapping[str, int]) -> str:
        """Who sees the zone in a game played with these option values (by name)."""
        if self.visible_if is None:
            return self.visible
        return self.visible if with_options(self.visible_if, options) else self.visible_else


@dataclass(frozen=True)
class CounterDef:
    name: str
    type: str
    per_seat: bool
    start: int
    reset_each_round: bool
    public: bool


@dataclass(frozen=True)
class Action:
    """One step: its kind, its typed operands by name, and nested steps (`then`, `else`)."""

    kind: str
    args: Mapping[str, Any]
    then: tuple[Action, ...] = ()
    other: tuple[Action, ...] = ()


@dataclass(frozen=True)
class MoveDef:
    """One move a phase offers. `index` numbers it across every phase (the move's first int)."""

    index: int
    phase: str
    kind: str
    args: Mapping[str, Any]
    then: tuple[Action, ...]
    otherwise: bool
    when: Node | None
    says: str


@dataclass(frozen=True)
class GroupDef:
    """A set or run: `key` is each card's value (equal in a set, consecutive in a run, in the
    order of the attribute's values for a named value), `same` a value every card shares."""

    kind: str
    key: Node
    same: Node | None
    least: Node
    most: Node | None


@dataclass(frozen=True)
class BuyDef:
    """A buy checked. `sources` are the zones bought from, a count of each (their top cards),
    or with `pick` the one zone whose chosen card is bought; `price` reads `bought` (how many
    cards the buy takes) or, with `pick`, `card` (the card bought). The paid cards, `least`
    to `most` of `pay_from` that pass `pay_if`, go to `pay_to` after the cards bought are
    taken; the sum of their `worth` must reach the price (equal it, when `exact`)."""

    sources: tuple[Node, ...]
    to: Node
    pick: bool
    count_min: Node
    count_max: Node
    price: Node
    exact: bool
    pay_from: Node
    pay_to: Node
    pay_least: int
    pay_most: int
    worth: Node
    pay_if: Node


@dataclass(frozen=True)
class TrickDef:
    zone: str
    to: str
    among: Node
    by: Node
    then: tuple[Action, ...]


@dataclass(frozen=True)
class SimultaneousDef:
    """Secret turns in the first phase: who takes part (a condition on `seat`), and the
    actions revealing every choice once the last seat taking part has moved."""

    who: Node
    reveal: tuple[Action, ...]


@dataclass
class Program:
    """A described game, typed and checked."""

    attributes: dict[str, Attribute]
    zones: dict[str, ZoneDef]
    stock: str
    counters: dict[str, CounterDef]
    #: Table name -> (attribute, number per value index, default for a card without one).
    tables: dict[str, tuple[str, tuple[int, ...], int]]
    turn_unit: str
    order: int
    dealer: Node
    rotate_dealer: bool
    first: Node | None  # None: a random seat
    setup: tuple[Action, ...]
    round_end: Node
    round_score: tuple[Action, ...]
    phases: dict[str, tuple[MoveDef, ...]]
    moves: list[MoveDef]
    tricks: TrickDef | None
    simultaneous: SimultaneousDef | None
    game_end: Node
    score: Node | None
    lowest_wins: bool
    tie_break: Node | None
    greedy: Node | None
    numbering: str | None
    #: Partners sit opposite and win together.
    teams: bool
    option_types: dict[str, str] = field(default_factory=dict)
    #: How a seat stands while the game is on (`result.standing`); None: its score.
    standing: Node | None = None
    #: The deck the program was checked against (its attributes and tables come from it): a
    #: program kept by the engine cache is used again only with the same deck.
    deck: Any = None
