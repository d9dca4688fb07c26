"""Expressions evaluated for every card of a zone: what a play may move, what follows, what
wins a trick. The parts that do not depend on the card are computed once per position (the
state's `epoch`), and a condition that is a pure function of the card and of a few state
atoms is remembered as a row of values by card for each context of those atoms, so trying
a hand of cards costs one look-up per card.
"""

from __future__ import annotations

from typing import Final, Hashable

from deckgen.games.described.expressions import Tables, compile_expr
from deckgen.games.described.layout import CardRows
from deckgen.games.described.program import Expression, Fn
from deckgen.games.described.reads import SIMPLE
from deckgen.games.described.state import DescribedState
from deckgen.model.play_nodes import BOOL, CARD, SEAT, Node, bound_names


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
        return Cached(compile_expr(node, t))
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
#: Contexts (values of the card-free parts) remembered per expression beyond the ones a flat
#: table holds; past that, rows are computed and not kept, so memory stays bounded whatever
#: the description.
MAX_CONTEXTS = 20000
#: The most contexts an expression keeps in a flat table (a list indexed by the context's
#: number, no hashing): its card-free parts' ranges multiplied, when no more than this.
FLAT_CONTEXTS: Final = 1 << 16
#: For each card int, the expression's value (0 or 1 for a condition).
Rows = CardRows[DescribedState]
#: The range of a card-free part whose values the description does not bound (a number):
#: the values from -1 up to this, the others keyed by the tuple of the parts' values.
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
        return Fixed(compile_expr(node, t), len(t.layout.card_ids))
    slots = [0] * len(leaves)
    inner = _with_slots(node, {leaf: i for i, leaf in enumerate(leaves)}, slots, t)
    return ByContext(_context(leaves, t), [of_card(leaf, t) for leaf in leaves], slots, inner,
                     len(t.layout.card_ids), per_epoch)


class ByContext(CardRows[DescribedState]):
    """Rows remembered by the context they were computed in: in a flat table by the
    context's number when its parts' ranges are small, else by that number (or the tuple of
    the parts' values, for a value out of range) in a dictionary."""

    def __init__(self, context: Context, leaves: list[Fn], slots: list[int], inner: Fn, size: int,
                 per_epoch: bool) -> None:
        self.context, self.leaves, self.slots, self.inner, self.size = context, leaves, slots, inner, size
        self.per_epoch = per_epoch
        #: Rows by context number, when the contexts are few enough: until computed, one empty
        #: list shared by every context (made in one step; it is replaced, never filled).
        self.flat: list[list[int]] = [[]] * context.count if context.count <= FLAT_CONTEXTS else []
        self.memo: dict[Hashable, list[int]] = {}
        #: The row of the move generation `epoch` (`per_epoch`).
        self.epoch = -1
        self.row: list[int] = []

    def computed(self, state: DescribedState) -> list[int]:
        """The row for a context met for the first time."""
        slots, inner = self.slots, self.inner
        for i, fn in enumerate(self.leaves):
            slots[i] = fn.ev(state, -1)
        return [inner.ev(state, c) for c in range(self.size)]

    def of(self, state: DescribedState) -> list[int]:
        if self.per_epoch and self.epoch == state.epoch:
            return self.row
        key = self.context.number(state)
        if 0 <= key < len(self.flat):
            row = self.flat[key]
            if not row:
                row = self.flat[key] = self.computed(state)
        else:
            memo_key: Hashable = key if key >= 0 else self.context.values(state)
            found = self.memo.get(memo_key)
            if found is None:
                found = self.computed(state)
                if len(self.memo) < MAX_CONTEXTS:
                    self.memo[memo_key] = found
            row = found
        if self.per_epoch:
            self.epoch, self.row = state.epoch, row
        return row


#: The folds over the cards of a zone (and `holder`, over each seat's), each binding `it` in its body.
CARD_FOLDS = ("zone_any", "zone_all", "zone_count", "zone_sum", "holder")


def fold_by_rows(node: Node, t: Tables) -> Fn | None:
    """A fold over a zone (or `holder`) whose body is a pure function of `it` and of card-free
    parts (`any(hand, it.suit == led.suit)`, `sum(won[winner], penalty)`): the body is read
    from a row by card (see `card_rows`), so the fold costs one look-up per card of the zone;
    None for any other expression."""
    if node.op not in CARD_FOLDS or bound_names(node.args[1]) - {"it"}:
        return None
    rows = _rows_by_context(it_as_card(node.args[1]), t)
    if rows is None:
        return None
    if node.op == "holder":
        return HolderByRows(t.zones[str(node.args[0].data)], rows)
    zone = compile_expr(node.args[0], t)
    return FoldByRows(node.op, zone, rows)


class FoldByRows(Expression):
    """`any`, `all`, `count` or `sum` over a zone's cards of a body read from its row: `any`
    stops at a card holding, `all` at one failing."""

    def __init__(self, op: str, zone: Fn, rows: Rows) -> None:
        self.op, self.zone, self.rows = op, zone, rows

    def ev(self, state: DescribedState, card: int) -> int:
        row, op = self.rows.of(state), self.op
        cards = state.zones[self.zone.ev(state, card)]
        if op == "zone_any" or op == "zone_all":
            decides = op == "zone_any"
            for c in cards:
                if (row[c] != 0) == decides:
                    return 1 if decides else 0
            return 0 if decides else 1
        total = 0
        for c in cards:
            total += (1 if row[c] else 0) if op == "zone_count" else row[c]
        return total


class HolderByRows(Expression):
    """`holder(zone, body)`: the first seat (from seat 0) whose zone holds a card for which
    the body's row holds, or -1."""

    def __init__(self, base: int, rows: Rows) -> None:
        self.base, self.rows = base, rows

    def ev(self, state: DescribedState, card: int) -> int:
        row = self.rows.of(state)
        for seat in range(state.n_players):
            for c in state.zones[self.base + seat]:
                if row[c]:
                    return seat
        return -1


def it_as_card(node: Node) -> Node:
    """`node` with `it` read as `card` (not inside a fold of its own, which binds `it` anew)."""
    if node.op == "bound" and node.data == "it":
        return Node("bound", node.type, data="card", column=node.column)
    if not node.args:
        return node
    binds = node.op.startswith("zone_") and node.op != "zone" or node.op in ("holder", "majorities")
    args = (it_as_card(node.args[0]), *node.args[1:]) if binds else tuple(it_as_card(arg) for arg in node.args)
    return Node(node.op, node.type, args, node.data, node.column)


def fixed_rows(node: Node, t: Tables) -> Rows | None:
    """The rows of an expression of the card alone (its fields, tables and numbers, no part
    of the position), computed once; None for any other."""
    leaves: list[Node] = []
    if not _pure(node, leaves) or leaves:
        return None
    return Fixed(compile_expr(node, t), len(t.layout.card_ids))


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
    return LookedUp(rows)


class LookedUp(Expression):
    """An expression of the card alone, read from its row (computed at the first use)."""

    def __init__(self, rows: Rows) -> None:
        self.rows = rows
        self.row: list[int] = []

    def ev(self, state: DescribedState, card: int) -> int:
        if not self.row:
            self.row = self.rows.of(state)
        return self.row[card]


class Fixed(CardRows[DescribedState]):
    """Rows that depend on the card alone: computed at the first call, then the same list."""

    def __init__(self, fn: Fn, size: int) -> None:
        self.fn, self.size = fn, size
        self.row: list[int] = []

    def of(self, state: DescribedState) -> list[int]:
        if not self.row:
            self.row = [self.fn.ev(state, c) for c in range(self.size)]
        return self.row


class Digit:
    """One card-free part of a context: its expression, its lowest value and how many values
    it may take from there (its digit's base in the context's number)."""

    def __init__(self, fn: Fn, low: int, span: int) -> None:
        self.fn, self.low, self.span = fn, low, span


class Context:
    """The key of a position's card-free parts: one number made of their values, each a digit
    in the range its type allows (a condition 0 or 1, a card from -1 to the last card, a
    seat, an attribute's value, a zone's size; a number from -1 below `CONTEXT_SPAN`), so that
    the look-up indexes a table or hashes an int rather than a tuple; -1 when a part is out
    of its range, and then `values` keys the context."""

    def __init__(self, digits: list[Digit]) -> None:
        self.digits = digits
        #: How many numbers the contexts in range make.
        self.count = 1
        for digit in digits:
            self.count *= digit.span

    def number(self, state: DescribedState) -> int:
        number = 0
        for digit in self.digits:
            value = digit.fn.ev(state, -1) - digit.low
            if value < 0 or value >= digit.span:
                return -1
            number = number * digit.span + value
        return number

    def values(self, state: DescribedState) -> tuple[int, ...]:
        return tuple([digit.fn.ev(state, -1) for digit in self.digits])


def _context(leaves: list[Node], t: Tables) -> Context:
    """The context of these card-free parts, each compiled by `of_card`."""
    return Context([Digit(of_card(leaf, t), *_range(leaf, t)) for leaf in leaves])


def _range(leaf: Node, t: Tables) -> tuple[int, int]:
    """The lowest value of a card-free part and how many values it may take from there."""
    cards = len(t.layout.card_ids)
    if leaf.type == BOOL:
        return 0, 2
    if leaf.op == "size":
        return 0, cards + 1
    if leaf.type == CARD:
        return -1, cards + 1
    if leaf.type == SEAT:
        return -1, t.layout.n_players + 1
    values = t.layout.value_names.get(leaf.type)
    if values is not None:
        return -1, len(values) + 1
    return -1, CONTEXT_SPAN


def card_rows_of(node: Node, t: Tables, zone: int = -1) -> Rows:
    """`card_rows`, or for an expression that is not pure over the card (it reads what the
    card was played as, say), rows computed card by card for every position: for every card,
    or with `zone` for the cards of that zone only (the trick), the others reading 0."""
    rows = card_rows(node, t)
    if rows is not None:
        return rows
    return CardByCard(compile_expr(node, t), len(t.layout.card_ids), zone)


class CardByCard(CardRows[DescribedState]):
    """Rows computed card by card for every position: for every card, or for the cards of
    one zone (`zone` >= 0), the others reading 0."""

    def __init__(self, fn: Fn, size: int, zone: int) -> None:
        self.fn, self.size, self.zone = fn, size, zone

    def of(self, state: DescribedState) -> list[int]:
        if self.zone < 0:
            return [self.fn.ev(state, c) for c in range(self.size)]
        row = [0] * self.size
        for c in state.zones[self.zone]:
            row[c] = self.fn.ev(state, c)
        return row


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
        return Slot(slots, leaf_slots[node])
    if not node.args:
        return compile_expr(node, t)
    return compile_expr(node, t, [_with_slots(arg, leaf_slots, slots, t) for arg in node.args])


class Slot(Expression):
    """A card-free part of a row's expression, read from the slot its value was put in."""

    def __init__(self, slots: list[int], index: int) -> None:
        self.slots, self.index = slots, index

    def ev(self, state: DescribedState, card: int) -> int:
        return self.slots[self.index]


class Cached(Expression):
    """A card-free expression computed once per move generation (the state's epoch)."""

    def __init__(self, fn: Fn) -> None:
        self.fn = fn
        self.epoch = -1
        self.value = 0

    def ev(self, state: DescribedState, card: int) -> int:
        if self.epoch != state.epoch:
            self.epoch = state.epoch
            self.value = self.fn.ev(state, card)
        return self.value
