"""Expressions evaluated for every card of a zone: what a play may move, what follows, what
wins a trick. The parts that do not depend on the card are computed once per position (the
state's `epoch`), and a condition that is a pure function of the card and of a few state
atoms is remembered as a row of values by card for each context of those atoms, so trying
a hand of cards costs one look-up per card.
"""

from __future__ import annotations

from typing import Callable, Final, Hashable

from deckgen.games.described.expressions import SIMPLE, Tables, compile_expr
from deckgen.games.described.state import DescribedState, Fn
from deckgen.model.play_nodes import Node, bound_names


def varies(node: Node) -> bool:
    """Whether `node` reads a bound name (or folds over cards or seats)."""
    if node.op == "bound" or node.op.startswith("zone_") and node.op != "zone" or node.op.endswith("_seats") \
            or node.op in ("any_seat", "holder") or node.op.endswith("_where"):
        return True
    return any(varies(arg) for arg in node.args)


def compile_for_cards(node: Node, t: Tables) -> Fn:
    """`node` compiled for trying every card of a zone: the parts that do not depend on the
    card are computed once per move generation (the state's `epoch`), not once per card."""
    if not varies(node):
        return _cached(compile_expr(node, t))
    fold = fold_by_rows(node, t)
    if fold is not None:
        return fold
    if _whole(node):
        return compile_expr(node, t)
    return compile_expr(node, t, [compile_for_cards(arg, t) for arg in node.args])


def _whole(node: Node) -> bool:
    """Whether `node` is compiled as it is, never from its operands compiled apart: a leaf,
    or a fold binding the names its operands read."""
    return node.op in ("const", "bound", "card_attr", "table", "card_number", "card_copy", "counter", "zone") \
        or node.op in SIMPLE or node.op in ("option", "setup") or node.op.startswith("zone_") \
        or node.op.endswith("_seats") or node.op == "any_seat" or node.op.endswith("_where")


#: Operations whose value depends on nothing but their operands: an expression built of them,
#: of the card tried and of card-free parts is a function of the card and those parts' values.
PURE = frozenset({"const", "card_attr", "table", "card_number", "card_copy", "arith", "compare", "and", "or",
                  "not", "if", "neg", "max", "min", "abs", "seat_of"})
#: Contexts (values of the card-free parts) remembered per expression; beyond, rows are
#: computed and not kept, so memory stays bounded whatever the description.
MAX_CONTEXTS = 20000
#: For each card int, the expression's value (0 or 1 for a condition).
Rows = Callable[[DescribedState], list[int]]
#: The values of an expression's card-free parts in a position, as a key to remember by.
Context = Callable[[DescribedState], Hashable]
#: The values of a context's parts, one more than each (a card, a seat, a count, a truth, -1
#: for none), that make one number of a key: each a digit in this base.
CONTEXT_SPAN: Final = 4096


def card_rows(node: Node, t: Tables) -> Rows | None:
    """An expression of the card tried, as a row of values by card for the state at hand (0/1
    for a condition), when it is a pure function of the card and of card-free parts (the top
    card, counters, `led`, a fold reading no bound name): the parts are evaluated once per
    move generation, and the row for their values is computed once and remembered, so trying
    a hand of cards is one look-up per card. None when the condition reads more (a fold over
    a zone that reads the card, say)."""
    return _rows_by_context(node, t, per_epoch=True)


def _rows_by_context(node: Node, t: Tables, per_epoch: bool = False) -> Rows | None:
    """The rows of `node` over the card (as `card_rows`), looked up by the values of its
    card-free parts at every call (right whatever changed since the last call, as in the
    middle of a move's actions), or with `per_epoch` once per move generation."""
    leaves: list[Node] = []
    if not _pure(node, leaves):
        return None
    if not leaves:
        return _fixed(compile_expr(node, t), len(t.layout.card_ids))
    leaf_fns = [of_card(leaf, t) for leaf in leaves]
    slots = [0] * len(leaves)
    inner = _with_slots(node, {leaf: i for i, leaf in enumerate(leaves)}, slots, t)
    size = len(t.layout.card_ids)
    context = _context(leaves, t)
    memo: dict[Hashable, list[int]] = {}

    def computed(state: DescribedState, key: Hashable) -> list[int]:
        """The row for a context met for the first time (remembered while there is room)."""
        for i, fn in enumerate(leaf_fns):
            slots[i] = fn(state, -1)
        row = [inner(state, c) for c in range(size)]
        if len(memo) < MAX_CONTEXTS:
            memo[key] = row
        return row

    def rows(state: DescribedState) -> list[int]:
        key = context(state)
        row = memo.get(key)
        return row if row is not None else computed(state, key)
    cell_epoch = [-1]
    cell_row: list[list[int]] = [[]]

    def rows_per_epoch(state: DescribedState) -> list[int]:
        if cell_epoch[0] != state.epoch:
            key = context(state)
            row = memo.get(key)
            cell_row[0] = row if row is not None else computed(state, key)
            cell_epoch[0] = state.epoch
        return cell_row[0]
    return rows_per_epoch if per_epoch else rows


#: The folds over the cards of a zone (and `holder`, over each seat's), each binding `it` in its body.
CARD_FOLDS = ("zone_any", "zone_all", "zone_count", "zone_sum", "holder")


def fold_by_rows(node: Node, t: Tables) -> Fn | None:
    """A fold over a zone (or `holder`) whose body is a pure function of `it` and of card-free
    parts (`any(hand, it.suit == led.suit)`, `sum(won[winner], penalty)`): the body is read
    from a row by card (see `card_rows`), so the fold costs one look-up per card of the zone;
    None for any other expression."""
    if node.op not in CARD_FOLDS or bound_names(node.args[1]) - {"it"}:
        return None
    rows = _rows_by_context(_it_as_card(node.args[1]), t)
    if rows is None:
        return None
    if node.op == "holder":
        return _holder_by_rows(t.zones[str(node.args[0].data)], rows)
    zone = compile_expr(node.args[0], t)
    if node.op in ("zone_any", "zone_all"):
        decides = node.op == "zone_any"  # a card holding decides `any`, one failing decides `all`

        def test(state: DescribedState, card: int) -> int:
            row = rows(state)
            for c in state.zones[zone(state, card)]:
                if (row[c] != 0) == decides:
                    return 1 if decides else 0
            return 0 if decides else 1
        return test
    if node.op == "zone_count":
        def count_of(state: DescribedState, card: int) -> int:
            row = rows(state)
            total = 0
            for c in state.zones[zone(state, card)]:
                if row[c]:
                    total += 1
            return total
        return count_of

    def sum_of(state: DescribedState, card: int) -> int:
        row = rows(state)
        total = 0
        for c in state.zones[zone(state, card)]:
            total += row[c]
        return total
    return sum_of


def _holder_by_rows(base: int, rows: Rows) -> Fn:
    """`holder(zone, body)`: the first seat (from seat 0) whose zone holds a card for which
    the body's row holds, or -1."""
    def holder(state: DescribedState, card: int) -> int:
        row = rows(state)
        for seat in range(state.n_players):
            for c in state.zones[base + seat]:
                if row[c]:
                    return seat
        return -1
    return holder


def _it_as_card(node: Node) -> Node:
    """`node` with `it` read as `card` (not inside a fold of its own, which binds `it` anew)."""
    if node.op == "bound" and node.data == "it":
        return Node("bound", node.type, data="card", column=node.column)
    if not node.args:
        return node
    binds = node.op.startswith("zone_") and node.op != "zone" or node.op in ("holder", "majorities")
    args = (_it_as_card(node.args[0]), *node.args[1:]) if binds else tuple(_it_as_card(arg) for arg in node.args)
    return Node(node.op, node.type, args, node.data, node.column)


def fixed_rows(node: Node, t: Tables) -> Rows | None:
    """The rows of an expression of the card alone (its fields, tables and numbers, no part
    of the position), computed once; None for any other."""
    leaves: list[Node] = []
    if not _pure(node, leaves) or leaves:
        return None
    return _fixed(compile_expr(node, t), len(t.layout.card_ids))


def of_card(node: Node, t: Tables) -> Fn:
    """`node` compiled with its parts that read the card alone (a move's `then` asking
    `card.low == card.high`) read from a row by card, and its folds by rows where they can
    be (`fold_by_rows`)."""
    rows = fixed_rows(node, t) if varies(node) else None
    if rows is None:
        fold = fold_by_rows(node, t)
        if fold is not None:
            return fold
        if not varies(node) or _whole(node):
            return compile_expr(node, t)
        return compile_expr(node, t, [of_card(arg, t) for arg in node.args])
    row: list[list[int]] = []

    def looked_up(state: DescribedState, card: int) -> int:
        if not row:
            row.append(rows(state))
        return row[0][card]
    return looked_up


def _fixed(fn: Fn, size: int) -> Rows:
    """Rows that depend on the card alone: computed at the first call, then the same list."""
    computed: list[list[int]] = []

    def fixed(state: DescribedState) -> list[int]:
        if not computed:
            computed.append([fn(state, c) for c in range(size)])
        return computed[0]
    return fixed


def _context(leaves: list[Node], t: Tables) -> Context:
    """The key of a position's card-free parts: one number made of their values (each from -1
    up, below `CONTEXT_SPAN`), so that the look-up hashes an int rather than a tuple of tuples;
    a part out of that range keys the context by the tuple of the values instead (an int
    never equals a tuple, so the two kinds of key never meet)."""
    counters = [t.counters[str(leaf.data)] for leaf in leaves if leaf.op == "counter" and not leaf.args]
    others = [of_card(leaf, t) for leaf in leaves if not (leaf.op == "counter" and not leaf.args)]

    def values(state: DescribedState) -> Hashable:
        return tuple([state.tally[index] for index in counters] + [fn(state, -1) for fn in others])

    def key(state: DescribedState) -> Hashable:
        tally = state.tally
        number = 0
        for index in counters:
            value = tally[index] + 1
            if value < 0 or value >= CONTEXT_SPAN:
                return values(state)
            number = number * CONTEXT_SPAN + value
        for fn in others:
            value = fn(state, -1) + 1
            if value < 0 or value >= CONTEXT_SPAN:
                return values(state)
            number = number * CONTEXT_SPAN + value
        return number
    return key


def card_rows_of(node: Node, t: Tables, zone: int = -1) -> Rows:
    """`card_rows`, or for an expression that is not pure over the card (it reads what the
    card was played as, say), rows computed card by card for every position: for every card,
    or with `zone` for the cards of that zone only (the trick), the others reading 0."""
    rows = card_rows(node, t)
    if rows is not None:
        return rows
    fn = compile_expr(node, t)
    size = len(t.layout.card_ids)

    def every_card(state: DescribedState) -> list[int]:
        return [fn(state, c) for c in range(size)]

    def zone_cards(state: DescribedState) -> list[int]:
        row = [0] * size
        for c in state.zones[zone]:
            row[c] = fn(state, c)
        return row
    return every_card if zone < 0 else zone_cards


def _pure(node: Node, leaves: list[Node]) -> bool:
    """Whether `node` is pure over the card; the state it reads is gathered in `leaves` as
    atoms, each once: a counter, a zone's size or top card, `led`..., so that a context costs
    one call per atom (`by_suit or by_colour` reads two counters, not an `or` of them), and a
    field of a card-free card (`led.suit`) is read as that card (`led`)."""
    if not bound_names(node):  # card-free (a fold reading no bound name too: `any(hand, it.suit == led.suit)`)
        if node.op in _CARD_FIELDS:
            return _pure(node.args[0], leaves)
        if node.op in PURE and node.op != "const" and node.args:
            return all(_pure(arg, leaves) for arg in node.args)
        if node.op != "const" and node not in leaves:
            leaves.append(node)
        return True
    if node.op == "bound":
        return node.data == "card"
    return node.op in PURE and all(_pure(arg, leaves) for arg in node.args)


_CARD_FIELDS = ("card_attr", "table", "card_number", "card_copy")


def _with_slots(node: Node, leaf_slots: dict[Node, int], slots: list[int], t: Tables) -> Fn:
    """`node` compiled with each card-free part read from its slot."""
    if node in leaf_slots:
        return _slot(slots, leaf_slots[node])
    if not node.args:
        return compile_expr(node, t)
    return compile_expr(node, t, [_with_slots(arg, leaf_slots, slots, t) for arg in node.args])


def _slot(slots: list[int], index: int) -> Fn:
    def slot(state: DescribedState, card: int) -> int:
        return slots[index]
    return slot


def _cached(fn: Fn) -> Fn:
    cell = [-1, 0]

    def cached(state: DescribedState, card: int) -> int:
        if cell[0] != state.epoch:
            cell[0] = state.epoch
            cell[1] = fn(state, card)
        return cell[1]
    return cached
