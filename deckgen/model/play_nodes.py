"""The typed tree of a play-description expression and what is read off it without a game:
the value types, `Node`, a deck attribute as expressions see it, the coercion of literals
(`none`, a seat number), the bound names an expression reads, its constant value, and its
size with the defines it names written out.

`deckgen.model.play_expr` builds these trees; `deckgen.games.described` compiles them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

INT, BOOL, CARD, SEAT, ZONE = "number", "condition", "card", "seat", "zone"


class ExprError(ValueError):
    """A problem with an expression, at a column (1-based) of its text."""

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.message = message
        self.column = column

    def __str__(self) -> str:
        return f"column {self.column}: {self.message}" if self.column else self.message


def value_type(attribute: str) -> str:
    return f"{attribute} value"


@dataclass(frozen=True)
class Node:
    """One typed node: `op` says what it computes, `type` what it yields, `data` its constant
    part (a number, a name, an index) and `args` its operands."""

    op: str
    type: str
    args: tuple[Node, ...] = ()
    data: Any = None
    #: Where the node starts in its text, for errors: two nodes computing the same are equal
    #: wherever they are written (so the engine reads a repeated part once).
    column: int = field(default=0, compare=False)


@dataclass(frozen=True)
class Attribute:
    """A deck attribute as expressions see it: its values, and whether they are numbers."""

    values: tuple[str, ...]
    numeric: bool


def expanded_size(node: Node) -> tuple[int, int]:
    """(nodes, levels) of the tree with shared nodes (defines) counted at every use, computed
    once per distinct node and without recursion."""
    known: dict[int, tuple[int, int]] = {}
    stack = [node]
    while stack:
        top = stack[-1]
        waiting = [arg for arg in top.args if id(arg) not in known]
        if waiting:
            stack.extend(waiting)
            continue
        stack.pop()
        sizes = [known[id(arg)] for arg in top.args]
        known[id(top)] = (1 + sum(n for n, _ in sizes), 1 + max((d for _, d in sizes), default=0))
    return known[id(node)]


def coerce(node: Node, want: str) -> Node:
    """`node` as a value of type `want`: `none` becomes the empty card, seat or value, and a
    number literal an attribute's value; anything else must already be of that type."""
    if node.type == want:
        return node
    if node.op == "none" and want in (CARD, SEAT) or node.op == "none" and want.endswith(" value"):
        return Node("const", want, data=-1, column=node.column)
    if want == SEAT and node.type == INT:  # seat arithmetic: players - 1, me + 2, counted round the table
        return Node("seat_of", SEAT, (node,), column=node.column)
    raise ExprError(f"expected a {want}, found a {node.type}", node.column)


def bound_names(node: Node) -> set[str]:
    """The bound names (`card`, `it`...) an expression reads outside the folds that bind them."""
    if node.op == "bound":
        return {str(node.data)}
    names = set().union(*(bound_names(arg) for arg in node.args)) if node.args else set()
    if node.op.startswith("zone_") and node.op != "zone" or node.op == "holder":
        names = bound_names(node.args[0]) | (bound_names(node.args[1]) - {"it"})
    elif node.op == "majorities":  # every operand but the zone reads each card as `it`
        names = bound_names(node.args[0]).union(*(bound_names(arg) - {"it"} for arg in node.args[1:]))
    elif node.op in ("any_seat", "all_seats", "sum_seats", "max_seats", "min_seats"):
        names -= {"seat"}
    elif node.op.endswith("_where"):
        names = bound_names(node.args[0]) | (bound_names(node.args[1]) - {"seat"})
    return names


def constant(node: Node) -> int | None:
    """The value of an expression that reads nothing of the game (`false`, `1 > 2`), else None:
    what lets the checker see a move that can never be legal."""
    if node.op == "const":
        return int(node.data)
    if node.op not in _FOLDABLE:
        return None
    values = [constant(arg) for arg in node.args]
    if any(v is None for v in values):
        return None
    a = [v for v in values if v is not None]
    op = node.op
    if op == "not":
        return int(not a[0])
    if op in ("and", "or"):
        return int(a[0] and a[1]) if op == "and" else int(a[0] or a[1])
    if op == "if":
        return a[1] if a[0] else a[2]
    if op == "neg":
        return -a[0]
    if op == "compare":
        return int({"==": a[0] == a[1], "!=": a[0] != a[1], "<": a[0] < a[1], "<=": a[0] <= a[1],
                    ">": a[0] > a[1], ">=": a[0] >= a[1]}[str(node.data)])
    if op == "arith" and str(node.data) in ("+", "-", "*"):
        return a[0] + a[1] if node.data == "+" else a[0] - a[1] if node.data == "-" else a[0] * a[1]
    return None


def with_options(node: Node, options: Mapping[str, int]) -> int | None:
    """The value of an expression reading nothing of the game but its options (by name), or
    None when it reads more: what decides, as a game starts, a choice the options make."""
    if node.op == "option":
        return int(options.get(str(node.data), 0))
    if not node.args:
        return constant(node)
    return constant(Node(node.op, node.type, tuple(_option_folded(arg, options) for arg in node.args), node.data))


def _option_folded(node: Node, options: Mapping[str, int]) -> Node:
    value = with_options(node, options)
    return node if value is None else Node("const", node.type, data=value)


_FOLDABLE = frozenset({"not", "and", "or", "if", "neg", "compare", "arith"})


