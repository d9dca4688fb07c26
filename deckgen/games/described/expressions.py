"""Typed expressions compiled into closures over a `DescribedState`.

Each node of `deckgen.model.play_expr` becomes one small function `(state, card) -> int`,
its constants (zone and counter indices, card tables) captured once per player count, so
evaluating a condition is a few calls, never a walk of the tree or an `eval`.
"""

from __future__ import annotations

from deckgen.games.described.operators import (
    absolute,
    arithmetic,
    choice,
    compare,
    counters_all,
    counters_any,
    extreme,
    logical_and,
    logical_not,
    logical_or,
    negative,
    seat_of,
)
from deckgen.games.described.layout import Layout
from deckgen.games.described.scoring import majorities
from deckgen.games.described.state import DescribedState, Fn
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
        return _const(int(node.data))
    if op == "bound":
        return _bound(str(node.data))
    if op in SIMPLE:
        return SIMPLE[op]
    if op == "option":
        return _option(t.options[str(node.data)])
    if op == "setup":
        return _setup(t.setup_fields[str(node.data)])
    if op == "counter":
        base = t.counters[str(node.data)]
        if not node.args:
            return _counter(base)
        if _is_bound_seat(node.args[0]):
            return _bound_seat_counter(base)
        return _seat_counter(base, compile_expr(node.args[0], t))
    if op == "holder":
        return _holder(t.zones[str(node.args[0].data)], compile_expr(node.args[1], t))
    if op == "zone":
        base = t.zones[str(node.data)]
        if not node.args:
            return _const(base)
        if node.args[0].op == "me":
            return _own_zone(base)
        if _is_bound_seat(node.args[0]):
            return _bound_seat_zone(base)
        return _seat_offset(base, compile_expr(node.args[0], t))
    args = compiled if compiled is not None else [compile_expr(arg, t) for arg in node.args]
    if op in ("card_attr", "table", "card_number", "card_copy") and node.args[0].op == "bound" \
            and node.args[0].data == "card":
        return _own_card_table(_card_column(node, t), 0 if node.type == "number" or op != "card_attr" else -1)
    if op == "card_attr":
        return _card_table(t.attributes[str(node.data)], args[0], 0 if node.type == "number" else -1)
    if op == "table":
        return _card_table(t.tables[str(node.data)], args[0], 0)
    if op == "card_number":
        return _card_table(t.card_numbers, args[0], 0)
    if op == "card_copy":
        return _card_table(t.copies, args[0], 0)
    return _operator(op, node, args, t)


def _operator(op: str, node: Node, args: list[Fn], t: Tables) -> Fn:
    if op == "neg":
        return negative(args[0])
    if op == "seat_of":
        return seat_of(args[0])
    if op == "not":
        return logical_not(args[0])
    if op in ("and", "or"):
        counters = _counter_chain(node, op, t)
        if counters is not None:
            return counters_all(counters) if op == "and" else counters_any(counters)
        return logical_and(args[0], args[1]) if op == "and" else logical_or(args[0], args[1])
    if op == "if":
        return choice(args[0], args[1], args[2])
    if op in ("arith", "compare"):
        right = node.args[1]
        constant = int(right.data) if right.op == "const" else None
        left = node.args[0]
        place = zone_place(left.args[0], t) if left.op == "size" else None
        if op == "compare" and constant == 0 and place is not None and str(node.data) in ("==", ">", "!="):
            return _zone_empty(place, str(node.data) == "==")
        combine = arithmetic if op == "arith" else compare
        return combine(str(node.data), args[0], args[1], constant)
    if op in ("size", "top") and node.args[0].op == "zone":
        zone = node.args[0]
        if not zone.args:
            return _fixed_zone_look(op == "size", t.zones[str(zone.data)])
        if zone.args[0].op == "me":
            return _own_zone_look(op == "size", t.zones[str(zone.data)])
    if op in ("size", "top", "bottom"):
        return _zone_look(op, args[0])
    if op in ("zone_any", "zone_all", "zone_count", "zone_sum"):
        return _zone_fold(op, args[0], args[1])
    if op in ("any_seat", "all_seats", "sum_seats", "max_seats", "min_seats"):
        return _seat_fold(op, args[0])
    if op == "reading":
        return _reading(args[0])
    if op == "majorities":
        return majorities(t.zones[str(node.args[0].data)], args[0], args[1], args[2], args[3:])
    if op in ("max", "min"):
        return extreme(op == "max", args)
    if op == "abs":
        return absolute(args[0])
    if op in ("next", "left", "right"):
        return _seat_step(op, args[0])
    if op in ("next_where", "left_where", "right_where"):
        return _seat_search(op.removesuffix("_where"), args[0], args[1])
    raise ValueError(f"no compiled form for {op!r}")


def _const(value: int) -> Fn:
    def const(state: DescribedState, card: int) -> int:
        return value
    return const


def _bound(name: str) -> Fn:
    if name == "card":
        return _card
    if name == "it":
        return _it
    if name == "seat":
        return _seat
    return _winner


def _card(state: DescribedState, card: int) -> int:
    return card


def _it(state: DescribedState, card: int) -> int:
    return state.bound_it


def _seat(state: DescribedState, card: int) -> int:
    return state.bound_seat


def _winner(state: DescribedState, card: int) -> int:
    return state.bound_winner


def _me(state: DescribedState, card: int) -> int:
    return state.me


def _players(state: DescribedState, card: int) -> int:
    return state.n_players


def _round(state: DescribedState, card: int) -> int:
    return state.round_no


def _turn(state: DescribedState, card: int) -> int:
    return state.turns


def _dealer(state: DescribedState, card: int) -> int:
    return state.dealer


def _direction(state: DescribedState, card: int) -> int:
    return state.direction


def _drawn(state: DescribedState, card: int) -> int:
    return state.drawn


def _played(state: DescribedState, card: int) -> int:
    """How many cards the move being made plays or gives (0 for a draw, a pass...)."""
    move = state.last_move
    return len(move) - 2 if move[1] >= 0 else 0


def _led(state: DescribedState, card: int) -> int:
    trick = state.zones[state.layout.trick_zone]
    return trick[0] if trick else -1


#: The names read straight off the state (`me`, `players`...), by name.
SIMPLE: dict[str, Fn] = {"me": _me, "players": _players, "round": _round, "turn": _turn, "dealer": _dealer,
                          "direction": _direction, "drawn": _drawn, "led": _led,
                          "played": _played}


def _option(index: int) -> Fn:
    def option(state: DescribedState, card: int) -> int:
        return state.options[index]
    return option


def _setup(index: int) -> Fn:
    def setup(state: DescribedState, card: int) -> int:
        return state.setup_values[index]
    return setup


def _counter(index: int) -> Fn:
    def counter(state: DescribedState, card: int) -> int:
        return state.tally[index]
    return counter


def _seat_counter(base: int, seat: Fn) -> Fn:
    def counter(state: DescribedState, card: int) -> int:
        return state.tally[base + seat(state, card)]
    return counter


def _is_bound_seat(node: Node) -> bool:
    """Whether `node` is `seat`, bound by each_seat, a fold over seats or the result's score."""
    return node.op == "bound" and node.data == "seat"


def _bound_seat_counter(base: int) -> Fn:
    """`counter[seat]`, the commonest counter of each seat in each_seat and the folds."""
    def counter(state: DescribedState, card: int) -> int:
        return state.tally[base + state.bound_seat]
    return counter


def _bound_seat_zone(base: int) -> Fn:
    """`zone[seat]`, as `counter[seat]`."""
    def zone(state: DescribedState, card: int) -> int:
        return base + state.bound_seat
    return zone


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


def _own_zone(base: int) -> Fn:
    def own_zone(state: DescribedState, card: int) -> int:
        return base + state.me
    return own_zone


def _seat_offset(base: int, seat: Fn) -> Fn:
    def zone(state: DescribedState, card: int) -> int:
        return base + seat(state, card)
    return zone


def _card_column(node: Node, t: Tables) -> list[int]:
    if node.op == "card_attr":
        return t.attributes[str(node.data)]
    if node.op == "table":
        return t.tables[str(node.data)]
    return t.card_numbers if node.op == "card_number" else t.copies


def _own_card_table(table: list[int], missing: int) -> Fn:
    """A field of the bound card itself: one look-up, the commonest expression of all."""
    def look(state: DescribedState, card: int) -> int:
        return table[card] if card >= 0 else missing
    return look


def _card_table(table: list[int], of: Fn, missing: int) -> Fn:
    def look(state: DescribedState, card: int) -> int:
        c = of(state, card)
        return table[c] if c >= 0 else missing
    return look


def _fixed_zone_look(size: bool, zone: int) -> Fn:
    """The size or top card of a shared zone, read in one call."""
    if size:
        def size_of(state: DescribedState, card: int) -> int:
            return len(state.zones[zone])
        return size_of

    def top_of(state: DescribedState, card: int) -> int:
        cards = state.zones[zone]
        return cards[-1] if cards else -1
    return top_of


def _zone_empty(place: tuple[int, bool], empty: bool) -> Fn:
    """`size(zone) == 0` (or `> 0`, `!= 0`) of a shared zone or the moving seat's, in one call."""
    base, own = place
    if own:
        if empty:
            def own_empty(state: DescribedState, card: int) -> int:
                return 0 if state.zones[base + state.me] else 1
            return own_empty

        def own_filled(state: DescribedState, card: int) -> int:
            return 1 if state.zones[base + state.me] else 0
        return own_filled
    if empty:
        def zone_empty(state: DescribedState, card: int) -> int:
            return 0 if state.zones[base] else 1
        return zone_empty

    def zone_filled(state: DescribedState, card: int) -> int:
        return 1 if state.zones[base] else 0
    return zone_filled


def _own_zone_look(size: bool, base: int) -> Fn:
    """The size or top card of the moving seat's own zone (`size(hand)`), read in one call."""
    if size:
        def own_size(state: DescribedState, card: int) -> int:
            return len(state.zones[base + state.me])
        return own_size

    def own_top(state: DescribedState, card: int) -> int:
        cards = state.zones[base + state.me]
        return cards[-1] if cards else -1
    return own_top


def _zone_look(op: str, zone: Fn) -> Fn:
    if op == "size":
        def size(state: DescribedState, card: int) -> int:
            return len(state.zones[zone(state, card)])
        return size
    if op == "top":
        def top(state: DescribedState, card: int) -> int:
            cards = state.zones[zone(state, card)]
            return cards[-1] if cards else -1
        return top

    def bottom(state: DescribedState, card: int) -> int:
        cards = state.zones[zone(state, card)]
        return cards[0] if cards else -1
    return bottom


def _zone_fold(op: str, zone: Fn, body: Fn) -> Fn:
    def fold(state: DescribedState, card: int) -> int:
        saved = state.bound_it
        total = 1 if op == "zone_all" else 0
        for it in state.zones[zone(state, card)]:
            state.bound_it = it
            value = body(state, card)
            if op == "zone_any" and value:
                total = 1
                break
            if op == "zone_all" and not value:
                total = 0
                break
            if op == "zone_count":
                total += 1 if value else 0
            elif op == "zone_sum":
                total += value
        state.bound_it = saved
        return total
    return fold


def _holder(base: int, body: Fn) -> Fn:
    """The first seat (from seat 0) whose zone holds a card for which `body` holds, or -1."""
    def holder(state: DescribedState, card: int) -> int:
        saved = state.bound_it
        found = -1
        for seat in range(state.n_players):
            for it in state.zones[base + seat]:
                state.bound_it = it
                if body(state, card):
                    found = seat
                    break
            if found >= 0:
                break
        state.bound_it = saved
        return found
    return holder


def _seat_fold(op: str, body: Fn) -> Fn:
    """A fold over the seats (`seat` bound to each, from seat 0): `any_seat` and `all_seats`
    stop at the first seat that decides them."""
    if op in ("any_seat", "all_seats"):
        decides = 1 if op == "any_seat" else 0

        def test(state: DescribedState, card: int) -> int:
            saved = state.bound_seat
            found = 1 - decides
            for seat in range(state.n_players):
                state.bound_seat = seat
                if (1 if body(state, card) else 0) == decides:
                    found = decides
                    break
            state.bound_seat = saved
            return found
        return test

    def fold(state: DescribedState, card: int) -> int:
        saved = state.bound_seat
        values = []
        for seat in range(state.n_players):
            state.bound_seat = seat
            values.append(body(state, card))
        state.bound_seat = saved
        if op == "sum_seats":
            return sum(values)
        return max(values) if op == "max_seats" else min(values)
    return fold


def _seat_step(op: str, seat: Fn) -> Fn:
    step = {"left": 1, "right": -1}.get(op, 0)

    def turn(state: DescribedState, card: int) -> int:
        by = step or state.direction
        return (seat(state, card) + by) % state.n_players
    return turn


def _reading(card: Fn) -> Fn:
    """The number a card was last played as by a play with `readings` (0 for none)."""
    def reading(state: DescribedState, bound: int) -> int:
        c = card(state, bound)
        return state.played_as[c] if c >= 0 else 0
    return reading


def _seat_search(op: str, seat: Fn, body: Fn) -> Fn:
    """The first seat after `seat`, going round the table (`seat` itself last), for which
    `body` holds with `seat` bound to it; -1 when none does."""
    step = {"left": 1, "right": -1}.get(op, 0)

    def search(state: DescribedState, card: int) -> int:
        by = step or state.direction
        start, saved, found = seat(state, card), state.bound_seat, -1
        for k in range(1, state.n_players + 1):
            state.bound_seat = (start + by * k) % state.n_players
            if body(state, card):
                found = state.bound_seat
                break
        state.bound_seat = saved
        return found
    return search
