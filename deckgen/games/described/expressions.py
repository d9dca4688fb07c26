"""Typed expressions compiled into closures over a `DescribedState`.

Each node of `deckgen.model.play_expr` becomes one small `Expr` (`ev(state, card) -> int`),
its constants (zone and counter indices, card tables) captured once per player count, so
evaluating a condition is a few native calls, never a walk of the tree or an `eval`.
"""

from __future__ import annotations

from deckgen.games.described.folds import Holder, Reading, SeatSearch, SeatStep, ZoneFold, seat_fold
from deckgen.games.described.layout import Layout
from deckgen.games.described.operators import (
    Absolute,
    And,
    Choice,
    Counters,
    Extreme,
    Negative,
    Not,
    Or,
    SeatOf,
    arithmetic,
    compare,
)
from deckgen.games.described.program import Fn
from deckgen.games.described.reads import (
    SIMPLE,
    BoundSeatCounter,
    BoundSeatZone,
    CardTable,
    Const,
    Counter,
    Option,
    OwnCardTable,
    OwnZone,
    SeatCounter,
    SeatZone,
    Setup,
    SizeOf,
    TopOf,
    ZoneEmpty,
    ZoneLook,
    bound,
)
from deckgen.games.described.scoring import Majorities
from deckgen.games.described.state import DescribedState
from deckgen.model.play_nodes import Node


class Tables:
    """The numbers expressions read per card and per name, for one layout."""

    def __init__(self, layout: Layout[DescribedState]) -> None:
        self.layout = layout
        #: attribute -> per card: its number (numeric attributes) or value index; -1 / 0 when absent.
        self.attributes: dict[str, list[int]] = {}
        #: table name -> per card: the table's number for it.
        self.tables: dict[str, list[int]] = {}
        self.card_numbers: list[int] = []
        self.copies: list[int] = []
        #: counter name -> first index; zone name -> first index.
        self.counters: dict[str, int] = {}
        self.zones: dict[str, int] = {}
        self.options: dict[str, int] = {}
        self.setup_fields = {"hand_size": 0, "removed": 1, "set_aside": 2, "decks": 3}


def compile_expr(node: Node, t: Tables, compiled: list[Fn] | None = None) -> Fn:
    """The closure computing `node` (from the closures of its operands when given)."""
    op = node.op
    if op == "const":
        return Const(int(node.data))
    if op == "bound":
        return bound(str(node.data))
    if op in SIMPLE:
        return SIMPLE[op]()
    if op == "option":
        return Option(t.options[str(node.data)])
    if op == "setup":
        return Setup(t.setup_fields[str(node.data)])
    if op == "counter":
        base = t.counters[str(node.data)]
        if not node.args:
            return Counter(base)
        if _is_bound_seat(node.args[0]):
            return BoundSeatCounter(base)
        return SeatCounter(base, compile_expr(node.args[0], t))
    if op == "holder":
        return Holder(t.zones[str(node.args[0].data)], compile_expr(node.args[1], t))
    if op == "zone":
        base = t.zones[str(node.data)]
        if not node.args:
            return Const(base)
        if node.args[0].op == "me":
            return OwnZone(base)
        if _is_bound_seat(node.args[0]):
            return BoundSeatZone(base)
        return SeatZone(base, compile_expr(node.args[0], t))
    args = compiled if compiled is not None else [compile_expr(arg, t) for arg in node.args]
    if op in ("card_attr", "table", "card_number", "card_copy") and node.args[0].op == "bound" \
            and node.args[0].data == "card":
        return OwnCardTable(_card_column(node, t), 0 if node.type == "number" or op != "card_attr" else -1)
    if op == "card_attr":
        return CardTable(t.attributes[str(node.data)], args[0], 0 if node.type == "number" else -1)
    if op == "table":
        return CardTable(t.tables[str(node.data)], args[0], 0)
    if op == "card_number":
        return CardTable(t.card_numbers, args[0], 0)
    if op == "card_copy":
        return CardTable(t.copies, args[0], 0)
    return _operator(op, node, args, t)


def _operator(op: str, node: Node, args: list[Fn], t: Tables) -> Fn:
    if op == "neg":
        return Negative(args[0])
    if op == "seat_of":
        return SeatOf(args[0])
    if op == "not":
        return Not(args[0])
    if op in ("and", "or"):
        counters = _counter_chain(node, op, t)
        if counters is not None:
            return Counters(counters, op == "and")
        return And(args[0], args[1]) if op == "and" else Or(args[0], args[1])
    if op == "if":
        return Choice(args[0], args[1], args[2])
    if op in ("arith", "compare"):
        right = node.args[1]
        constant = int(right.data) if right.op == "const" else None
        left = node.args[0]
        place = zone_place(left.args[0], t) if left.op == "size" else None
        if op == "compare" and constant == 0 and place is not None and str(node.data) in ("==", ">", "!="):
            return ZoneEmpty(place[0], place[1], str(node.data) == "==")
        combine = arithmetic if op == "arith" else compare
        return combine(str(node.data), args[0], args[1], constant)
    if op in ("size", "top") and node.args[0].op == "zone":
        zone = node.args[0]
        if not zone.args:
            return SizeOf(t.zones[str(zone.data)], False) if op == "size" else TopOf(t.zones[str(zone.data)], False)
        if zone.args[0].op == "me":
            return SizeOf(t.zones[str(zone.data)], True) if op == "size" else TopOf(t.zones[str(zone.data)], True)
    if op in ("size", "top", "bottom"):
        return ZoneLook(op, args[0])
    if op in ("zone_any", "zone_all", "zone_count", "zone_sum"):
        return ZoneFold(op, args[0], args[1])
    if op in ("any_seat", "all_seats", "sum_seats", "max_seats", "min_seats"):
        return seat_fold(op, args[0])
    if op == "reading":
        return Reading(args[0])
    if op == "majorities":
        return Majorities(t.zones[str(node.args[0].data)], args[0], args[1], args[2], args[3:])
    if op in ("max", "min"):
        return Extreme(op == "max", args)
    if op == "abs":
        return Absolute(args[0])
    if op in ("next", "left", "right"):
        return SeatStep(op, args[0])
    if op in ("next_where", "left_where", "right_where"):
        return SeatSearch(op.removesuffix("_where"), args[0], args[1])
    raise ValueError(f"no compiled form for {op!r}")


def _is_bound_seat(node: Node) -> bool:
    """Whether `node` is `seat`, bound by each_seat, a fold over seats or the result's score."""
    return node.op == "bound" and node.data == "seat"


def _counter_chain(node: Node, op: str, t: Tables) -> list[int] | None:
    """The game counters of `a or b or c` (`and`), when every operand is one: tested in one
    call (`by_suit or by_colour or by_number`); None otherwise."""
    if node.op == op:
        parts = [_counter_chain(arg, op, t) for arg in node.args]
        return None if any(part is None for part in parts) else [i for part in parts if part for i in part]
    if node.op == "counter" and not node.args:
        return [t.counters[str(node.data)]]
    return None


def zone_place(node: Node, t: Tables) -> tuple[int, bool] | None:
    """Where a zone expression points when that is known before play: a shared zone's index
    (own False) or the first index of a seat's zone read for the moving seat (own True, as
    `hand`); None for any other seat expression."""
    if node.op != "zone":
        return None
    if not node.args:
        return t.zones[str(node.data)], False
    if node.args[0].op == "me":
        return t.zones[str(node.data)], True
    return None


def _card_column(node: Node, t: Tables) -> list[int]:
    if node.op == "card_attr":
        return t.attributes[str(node.data)]
    if node.op == "table":
        return t.tables[str(node.data)]
    return t.card_numbers if node.op == "card_number" else t.copies
