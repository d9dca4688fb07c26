"""The expression language of play descriptions typed: a checker that turns the syntax tree
of an expression (`deckgen.model.play_syntax`) into a typed tree (`deckgen.model.play_nodes`)
whose every name is a zone, counter, attribute, table, option or parameter of the game.

Expressions are never evaluated here and never by `eval`: `deckgen.games.described` compiles
the typed tree into closures. Values are whole numbers, truth values, cards, seats, zones and
attribute values (`card.suit`); an attribute whose values are all numbers reads as a number.
Every problem is an `ExprError` carrying the column it was found at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Mapping

from lark import Token, Tree

from deckgen.model.play_nodes import (
    BOOL,
    CARD,
    INT,
    SEAT,
    ZONE,
    Attribute,
    ExprError,
    Node,
    bound_names,
    coerce,
    expanded_size,
    value_type,
)
from deckgen.model.play_syntax import parse

#: Nodes and levels of a typed tree with the defines it names written out: a chain of
#: defines that each name the one before twice would otherwise double the work at each link.
MAX_NODES = 10_000
MAX_LEVELS = 150

KEYWORDS = {"if", "then", "else", "and", "or", "not"}


@dataclass
class Scope:
    """Every name an expression may use, and the bound names of its context (`card` in a
    play's condition, `winner` after a trick...)."""

    attributes: Mapping[str, Attribute]
    #: Zone name -> True when each seat has its own.
    zones: Mapping[str, bool]
    #: Counter name -> (type, per seat).
    counters: Mapping[str, tuple[str, bool]]
    #: Table name -> the attribute it maps to numbers.
    tables: Mapping[str, str]
    options: Mapping[str, str]
    params: Mapping[str, Any]
    #: The numbering field of the deck (card_number), if it has one.
    numbering: str | None = None
    tricks: bool = False
    defines: dict[str, Node] = field(default_factory=dict)
    bound: frozenset[str] = frozenset()

    def with_bound(self, *names: str) -> Scope:
        return Scope(self.attributes, self.zones, self.counters, self.tables, self.options, self.params,
                     self.numbering, self.tricks, self.defines, self.bound | set(names))


def check(text: str | int | bool, scope: Scope, want: str | None = None) -> Node:
    """The typed tree of an expression (YAML numbers and truth values are expressions too),
    checked to yield `want` when given."""
    if isinstance(text, bool):
        node = Node("const", BOOL, data=int(text))
    elif isinstance(text, int):
        node = Node("const", INT, data=text)
    else:
        node = _Checker(scope).visit(parse(str(text)))
        nodes, levels = expanded_size(node)
        if nodes > MAX_NODES:
            raise ExprError(f"{nodes} terms with its defines written out, more than the {MAX_NODES} allowed")
        if levels > MAX_LEVELS:
            raise ExprError(f"nested {levels} levels deep with its defines written out, more than {MAX_LEVELS}")
    if want is not None:
        node = coerce(node, want)
    return node


def _column(tree: Tree[Token] | Token) -> int:
    if isinstance(tree, Token):
        return tree.column or 0
    return getattr(tree.meta, "column", 0) if not tree.meta.empty else 0


class _Checker:
    """Walks a syntax tree bottom-up, typing each node against the scope."""

    def __init__(self, scope: Scope) -> None:
        self.scope = scope

    def visit(self, tree: Tree[Token] | Token) -> Node:
        if isinstance(tree, Token):
            raise ExprError(f"unexpected {str(tree)!r}", _column(tree))
        method = getattr(self, f"_{tree.data}", None)
        if method is None:
            raise ExprError("not an expression", _column(tree))
        node: Node = method(tree, _column(tree))
        return node

    # --- literals and names ------------------------------------------------------------

    def _int_lit(self, tree: Tree[Token], column: int) -> Node:
        return Node("const", INT, data=int(str(tree.children[0])), column=column)

    def _name(self, tree: Tree[Token], column: int) -> Node:
        return self.name(str(tree.children[0]), column)

    def name(self, name: str, column: int) -> Node:
        s = self.scope
        if name in KEYWORDS:
            raise ExprError(f"{name!r} is a keyword", column)
        if name in ("true", "false"):
            return Node("const", BOOL, data=int(name == "true"), column=column)
        if name == "none":
            return Node("none", "none", column=column)
        if name in s.bound:
            kind = SEAT if name in ("seat", "winner") else INT if name == "bought" else CARD
            return Node("bound", kind, data=name, column=column)
        if name in _BOUND_WHERE:
            raise ExprError(f"{name!r} has no meaning here ({_BOUND_WHERE[name]})", column)
        if name == "led":
            if not s.tricks:
                raise ExprError("'led' is the first card of a trick, and this game declares no tricks", column)
            return Node("led", CARD, column=column)
        builtin = _BUILTINS.get(name)
        if builtin is not None:
            return Node(name, builtin, column=column)
        if name in s.defines:
            node = s.defines[name]
            missing = sorted(bound_names(node) - s.bound)
            if missing:
                raise ExprError(f"{name!r} reads {' and '.join(map(repr, missing))}, which "
                                f"{'has' if len(missing) == 1 else 'have'} no meaning here "
                                f"({_BOUND_WHERE[missing[0]]})", column)
            return node
        if name in s.counters:
            kind, per_seat = s.counters[name]
            me = Node("me", SEAT, column=column)
            return Node("counter", kind, (me,) if per_seat else (), data=name, column=column)
        if name in s.zones:
            me = Node("me", SEAT, column=column)
            return Node("zone", ZONE, (me,) if s.zones[name] else (), data=name, column=column)
        owners = [attr for attr, spec in s.attributes.items() if name in spec.values]
        if len(owners) == 1 and not s.attributes[owners[0]].numeric:
            return Node("const", value_type(owners[0]), data=s.attributes[owners[0]].values.index(name), column=column)
        if len(owners) > 1:
            raise ExprError(f"{name!r} is a value of {' and '.join(owners)}: write {owners[0]}.{name}", column)
        if name in s.attributes or name in ("options", "params", "setup"):
            raise ExprError(f"{name!r} needs a field: {name}.<name>", column)
        raise ExprError(f"unknown name {name!r} ({self.known()})", column)

    def known(self) -> str:
        s = self.scope
        names = sorted(set(s.counters) | set(s.zones) | set(s.defines) | set(s.bound) | set(_BUILTINS))
        return "known names: " + ", ".join(names) + ", and the attributes' values"

    # --- fields and seats --------------------------------------------------------------

    def _attr(self, tree: Tree[Token], column: int) -> Node:
        base_tree, field_token = tree.children
        fname = str(field_token)
        column = _column(field_token) or column
        root = base_tree.children[0] if isinstance(base_tree, Tree) and base_tree.data == "name" else None
        s = self.scope
        if root is not None and str(root) not in s.bound and str(root) not in s.defines:
            rname = str(root)
            if rname == "options":
                if fname not in s.options:
                    raise ExprError(f"unknown option {fname!r} (options: {', '.join(s.options) or 'none'})", column)
                return Node("option", s.options[fname], data=fname, column=column)
            if rname == "params":
                return self.param(fname, column)
            if rname == "setup":
                if fname not in ("hand_size", "removed", "set_aside", "decks"):
                    raise ExprError(f"setup has no {fname!r} (hand_size, removed, set_aside, decks)", column)
                return Node("setup", INT, data=fname, column=column)
            if rname in s.attributes and rname not in s.counters:
                spec = s.attributes[rname]
                if fname not in spec.values:
                    raise ExprError(f"{rname} has no value {fname!r} ({', '.join(spec.values)})", column)
                if spec.numeric:
                    return Node("const", INT, data=int(fname), column=column)
                return Node("const", value_type(rname), data=spec.values.index(fname), column=column)
        base = self.visit(base_tree)
        if base.type != CARD:
            raise ExprError(f"only a card has fields, not a {base.type}", column)
        if fname in s.attributes:
            spec = s.attributes[fname]
            return Node("card_attr", INT if spec.numeric else value_type(fname), (base,), data=fname, column=column)
        if fname == "copy":
            return Node("card_copy", INT, (base,), column=column)
        if s.numbering is not None and fname == s.numbering:
            return Node("card_number", INT, (base,), column=column)
        known = ", ".join(list(s.attributes) + ([s.numbering] if s.numbering else []) + ["copy"])
        raise ExprError(f"a card has no field {fname!r} (fields: {known})", column)

    def param(self, name: str, column: int) -> Node:
        params = self.scope.params
        if name not in params:
            raise ExprError(f"unknown parameter {name!r} (params: {', '.join(params) or 'none'})", column)
        value = params[name]
        if isinstance(value, bool):
            return Node("const", BOOL, data=int(value), column=column)
        if isinstance(value, int):
            return Node("const", INT, data=value, column=column)
        raise ExprError(f"params.{name} is {type(value).__name__}, not a whole number or true/false", column)

    def _index(self, tree: Tree[Token], column: int) -> Node:
        base_tree, index_tree = tree.children
        if not (isinstance(base_tree, Tree) and base_tree.data == "name"):
            raise ExprError("only a counter or zone of each seat takes [seat]", column)
        name = str(base_tree.children[0])
        seat = coerce(self.visit(index_tree), SEAT)
        s = self.scope
        if name in s.counters and s.counters[name][1]:
            return Node("counter", s.counters[name][0], (seat,), data=name, column=column)
        if name in s.zones and s.zones[name]:
            return Node("zone", ZONE, (seat,), data=name, column=column)
        raise ExprError(f"{name!r} is not a counter or zone of each seat, so it takes no [seat]", column)

    # --- operators ---------------------------------------------------------------------

    def _neg(self, tree: Tree[Token], column: int) -> Node:
        return Node("neg", INT, (self.number(tree.children[0]),), column=column)

    def number(self, tree: Tree[Token] | Token) -> Node:
        node = self.visit(tree)
        if node.type != INT:
            raise ExprError(f"expected a number, found a {node.type}", node.column)
        return node

    def truth(self, tree: Tree[Token] | Token) -> Node:
        node = self.visit(tree)
        if node.type != BOOL:
            raise ExprError(f"expected a condition (true or false), found a {node.type}", node.column)
        return node

    def _arith(self, tree: Tree[Token], column: int) -> Node:
        """Numbers; or a seat plus or minus a number, counted round the table (`me + 2`)."""
        left_tree, op, right_tree = tree.children
        left, right = self.visit(left_tree), self.visit(right_tree)
        if str(op) in ("+", "-") and SEAT in (left.type, right.type) and INT in (left.type, right.type):
            as_numbers = (Node(left.op, INT, left.args, left.data, left.column),
                          Node(right.op, INT, right.args, right.data, right.column))
            return Node("seat_of", SEAT, (Node("arith", INT, as_numbers, data=str(op), column=column),), column=column)
        for side in (left, right):
            if side.type != INT:
                raise ExprError(f"expected a number, found a {side.type}", side.column)
        return Node("arith", INT, (left, right), data=str(op), column=column)

    def _compare(self, tree: Tree[Token], column: int) -> Node:
        left_tree, op_token, right_tree = tree.children
        op = str(op_token)
        left, right = self.visit(left_tree), self.visit(right_tree)
        if op in ("<", "<=", ">", ">="):
            for side in (left, right):
                if side.type != INT:
                    hint = " (give it a table to compare by)" if side.type.endswith(" value") else ""
                    raise ExprError(f"{op} compares numbers, not a {side.type}{hint}", side.column)
            return Node("compare", BOOL, (left, right), data=op, column=column)
        left, right = self.match(left, right), self.match(right, left)
        if left.type != right.type:
            raise ExprError(f"cannot compare a {left.type} with a {right.type}", right.column)
        return Node("compare", BOOL, (left, right), data=op, column=column)

    def match(self, node: Node, other: Node) -> Node:
        """`node` turned into the type of `other` where a literal may be: `none`, or a number
        that is a value of a non-numeric attribute (`card.rank == 8`)."""
        if node.op == "none" and other.op != "none":
            return coerce(node, other.type)
        if node.type == INT and other.type == SEAT:
            return coerce(node, SEAT)
        if node.op == "const" and node.type == INT and other.type.endswith(" value"):
            attribute = other.type.removesuffix(" value")
            values = self.scope.attributes[attribute].values
            if str(node.data) not in values:
                raise ExprError(f"{node.data} is not a value of {attribute} ({', '.join(values)})", node.column)
            return Node("const", other.type, data=values.index(str(node.data)), column=node.column)
        return node

    def _not_op(self, tree: Tree[Token], column: int) -> Node:
        return Node("not", BOOL, (self.truth(tree.children[0]),), column=column)

    def _and_op(self, tree: Tree[Token], column: int) -> Node:
        return Node("and", BOOL, (self.truth(tree.children[0]), self.truth(tree.children[1])), column=column)

    def _or_op(self, tree: Tree[Token], column: int) -> Node:
        return Node("or", BOOL, (self.truth(tree.children[0]), self.truth(tree.children[1])), column=column)

    def _ifexpr(self, tree: Tree[Token], column: int) -> Node:
        test = self.truth(tree.children[0])
        then, other = self.visit(tree.children[1]), self.visit(tree.children[2])
        then, other = self.match(then, other), self.match(other, then)
        if then.type != other.type:
            raise ExprError(f"'then' gives a {then.type} but 'else' a {other.type}", other.column)
        return Node("if", then.type, (test, then, other), column=column)

    # --- functions ---------------------------------------------------------------------

    def _call(self, tree: Tree[Token], column: int) -> Node:
        name = str(tree.children[0])
        args = [child for child in tree.children[1:] if child is not None]
        s = self.scope
        if name in s.tables:
            self.arity(name, args, 1, column)
            card = coerce(self.visit(args[0]), CARD)
            return Node("table", INT, (card,), data=name, column=column)
        if name == "reading":  # the number a card was played as, by a play with readings
            self.arity(name, args, 1, column)
            return Node("reading", INT, (coerce(self.visit(args[0]), CARD),), column=column)
        if name in ("size", "top", "bottom"):
            self.arity(name, args, 1, column)
            zone = self.zone(args[0])
            return Node(name, INT if name == "size" else CARD, (zone,), column=column)
        if name in ("any", "all", "count", "sum"):
            self.arity(name, args, 2, column)
            zone = self.zone(args[0])
            inner = _Checker(s.with_bound("it"))
            body = inner.number(args[1]) if name == "sum" else inner.truth(args[1])
            return Node(f"zone_{name}", INT if name in ("count", "sum") else BOOL, (zone, body), column=column)
        if name == "holder":
            self.arity(name, args, 2, column)
            zone = self.zone(args[0])
            if zone.op != "zone" or not zone.args:
                raise ExprError("holder() takes a zone of each seat (holder(hand, it.rank == 2))", zone.column)
            body = _Checker(s.with_bound("it")).truth(args[1])
            return Node("holder", SEAT, (Node("zone", ZONE, (), data=zone.data, column=zone.column), body),
                        column=column)
        if name in ("any_seat", "all_seats", "sum_seats", "max_seats", "min_seats"):
            self.arity(name, args, 1, column)
            inner = _Checker(s.with_bound("seat"))
            body = inner.truth(args[0]) if name in ("any_seat", "all_seats") else inner.number(args[0])
            return Node(name, BOOL if name in ("any_seat", "all_seats") else INT, (body,), column=column)
        if name in ("max", "min"):
            if len(args) < 2:
                raise ExprError(f"{name}() takes two or more numbers", column)
            return Node(name, INT, tuple(self.number(a) for a in args), column=column)
        if name == "abs":
            self.arity(name, args, 1, column)
            return Node("abs", INT, (self.number(args[0]),), column=column)
        if name in ("next", "left", "right"):
            if len(args) not in (1, 2):
                raise ExprError(f"{name}() takes a seat, and may take a condition on seat "
                                f"({name}(me, size(hand[seat]) > 0))", column)
            seat = coerce(self.visit(args[0]), SEAT)
            if len(args) == 1:
                return Node(name, SEAT, (seat,), column=column)
            body = _Checker(s.with_bound("seat")).truth(args[1])
            return Node(f"{name}_where", SEAT, (seat, body), column=column)
        if name == "majorities":
            return self.majorities(args, column)
        functions = sorted(set(s.tables) | _FUNCTIONS)
        raise ExprError(f"unknown function {name!r} (functions: {', '.join(functions)})", column)

    def majorities(self, args: list[Any], column: int) -> Node:
        """`majorities(zone, worth, points, key, ...)`: the points of every group of cards (cards
        equal on each key) in which the seat's zone holds a higher total worth than any other
        seat's same zone; `it` is each card in the worth, the points and the keys."""
        if len(args) < 4:
            raise ExprError("majorities() takes a zone of each seat, each card's worth, a group's points and "
                            "one or more keys (majorities(hand[seat], it.number, 1, it.colour, it.suit))", column)
        zone = self.zone(args[0])
        if zone.op != "zone" or not zone.args:
            raise ExprError("majorities() compares a zone of each seat with the other seats' (hand[seat])",
                            zone.column)
        inner = _Checker(self.scope.with_bound("it"))
        keys = tuple(inner.visit(arg) for arg in args[3:])
        for key in keys:
            if key.type not in (INT, CARD, SEAT, BOOL) and not key.type.endswith(" value"):
                raise ExprError(f"a key groups cards by a value, not a {key.type}", key.column)
        return Node("majorities", INT, (zone, inner.number(args[1]), inner.number(args[2]), *keys), column=column)

    def arity(self, name: str, args: list[Any], count: int, column: int) -> None:
        if len(args) != count:
            raise ExprError(f"{name}() takes {count} argument{'s' if count > 1 else ''}, found {len(args)}", column)

    def zone(self, tree: Tree[Token] | Token) -> Node:
        node = self.visit(tree)
        if node.type != ZONE:
            zones = ", ".join(self.scope.zones)
            raise ExprError(f"expected a zone ({zones}), found a {node.type}", node.column)
        return node


_BUILTINS = {"me": SEAT, "players": INT, "round": INT, "turn": INT, "dealer": SEAT, "direction": INT,
             "drawn": CARD, "played": INT}
_FUNCTIONS = {"size", "top", "bottom", "any", "all", "count", "sum", "holder", "any_seat", "all_seats", "sum_seats",
              "max_seats", "min_seats", "max", "min", "abs", "next", "left", "right", "reading", "majorities"}
_BOUND_WHERE = {
    "card": "it is the card being played, in a play's conditions",
    "it": "it is each card of the zone, inside any(), all(), count() and sum()",
    "seat": "it is each seat, inside any_seat() and the like, next(me, ...), each_seat actions and the result's "
            "score, tie_break and standing",
    "winner": "it is the trick's winner, in a trick's actions",
    "bought": "it is how many cards a buy takes, in the buy's price",
}
