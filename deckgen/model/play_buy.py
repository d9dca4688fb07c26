"""Buying: a `buy` move takes cards from a market (the top cards of one or more zones, a
count of each; or one card chosen from a face-up row) and pays for them with cards of the
buyer's, whose worth must reach the price (or, with `exact`, add up to it exactly).

Checked here into a `BuyDef` (`deckgen.model.play_defs`) that `deckgen.games.described.buys`
turns into the legal buys of a position. docs/rules-format.md ("Buying: buy") teaches it.
"""

from __future__ import annotations

from typing import Any

from deckgen.model.play_defs import BuyDef
from deckgen.model.play_expr import Scope
from deckgen.model.play_groups import Checker
from deckgen.model.play_nodes import BOOL, INT, ZONE, Node, constant
from deckgen.model.play_features import unknown

#: The keys of a buy (besides when, otherwise, then and says), and of its `pay:`.
BUY_KEYS = ("from", "to", "count", "pick", "price", "exact", "pay")
PAY_KEYS = ("from", "to", "cards", "worth", "if")
#: The most cards one buy may take or pay with: the moves of a buy are every choice of them.
MOST_CARDS = 12


def bought_as_card(node: Node) -> Node:
    """`node` with `bought` read as the bound card: the engine hands a count buy's price its
    count where a card would go, so the price is compiled as any card expression is."""
    if node.op == "bound" and node.data == "bought":
        return Node("bound", node.type, data="card", column=node.column)
    if not node.args:
        return node
    return Node(node.op, node.type, tuple(bought_as_card(arg) for arg in node.args), node.data, node.column)


def build_buy(checker: Checker, value: Any, where: str, scope: Scope) -> BuyDef | None:
    """A buy move's keys checked, every problem reported with its path; None when it cannot
    be used."""
    if not isinstance(value, dict):
        checker.fail(where, "expected a mapping: from, to, count or pick, price, and pay")
        return None
    for key in value:
        if key not in BUY_KEYS and key not in ("when", "otherwise", "then", "says"):
            checker.fail(f"{where}.{key}", unknown("key", str(key), BUY_KEYS, checker.path))
    for key in ("from", "to", "pay"):
        if key not in value:
            checker.fail(where, f"{key} is missing")
    given = value.get("from", "x")
    zones = given if isinstance(given, list) else [given]
    sources = tuple(checker.expr(z, f"{where}.from" + (f".{i}" if isinstance(given, list) else ""), ZONE, scope)
                    for i, z in enumerate(zones))
    pick = value.get("pick", False) is True
    if pick and len(sources) != 1:
        checker.fail(f"{where}.pick", "a pick buys one card chosen from one zone: give from one zone")
    if pick and "count" in value:
        checker.fail(f"{where}.count", "a pick buys the one card chosen: leave out count")
    least, most = count_range(checker, value.get("count", 1), f"{where}.count", scope)
    price_scope = scope.with_bound("card") if pick else scope.with_bound("bought")
    price = checker.expr(value.get("price", 1 if pick else "bought"), f"{where}.price", INT, price_scope)
    pay = value.get("pay", {})
    if not isinstance(pay, dict):
        checker.fail(f"{where}.pay", "expected a mapping: from, to, cards, worth, if")
        pay = {}
    for key in pay:
        if key not in PAY_KEYS:
            checker.fail(f"{where}.pay.{key}", unknown("key", str(key), PAY_KEYS, checker.path))
    card_scope = scope.with_bound("card")
    pay_least, pay_most = paid_cards(checker, pay.get("cards", 1), f"{where}.pay.cards")
    return BuyDef(sources, checker.expr(value.get("to", "x"), f"{where}.to", ZONE, scope), pick, least, most,
                  bought_as_card(price), value.get("exact", False) is True,
                  checker.expr(pay.get("from", "x"), f"{where}.pay.from", ZONE, scope),
                  checker.expr(pay.get("to", "x"), f"{where}.pay.to", ZONE, scope), pay_least, pay_most,
                  checker.expr(pay.get("worth", 1), f"{where}.pay.worth", INT, card_scope),
                  checker.expr(pay.get("if", True), f"{where}.pay.if", BOOL, card_scope))


def count_range(checker: Checker, given: Any, where: str, scope: Scope) -> tuple[Node, Node]:
    """How many cards a count buy takes in all: a number, or `{min: 0, max: 5}` (numbers that
    may read the game); fewer when its zones hold fewer."""
    if isinstance(given, dict):
        for key in given:
            if key not in ("min", "max"):
                checker.fail(f"{where}.{key}", unknown("key", str(key), ["min", "max"], checker.path))
        least = checker.expr(given.get("min", 0), f"{where}.min", INT, scope)
        most = checker.expr(given.get("max", MOST_CARDS), f"{where}.max", INT, scope)
    else:
        least = most = checker.expr(given, where, INT, scope)
    low, high = constant(least), constant(most)
    if low is not None and low < 0:
        checker.fail(where, f"a buy takes no fewer than 0 cards, not {low}")
    if high is not None and not 0 <= high <= MOST_CARDS:
        checker.fail(where, f"a buy takes at most {MOST_CARDS} cards, not {high}")
    if low is not None and high is not None and high < low:
        checker.fail(where, f"max {high} is below min {low}: this buy can never be made")
    return least, most


def paid_cards(checker: Checker, given: Any, where: str) -> tuple[int, int]:
    """How many cards pay for a buy: a number, or `{min: 1, max: 3}`; a buy paid with none
    pays with none every time, so that each buy reads the same way."""
    least, most = (given.get("min", 1), given.get("max", given.get("min", 1))) if isinstance(given, dict) \
        else (given, given)
    if isinstance(least, int) and isinstance(most, int) and not isinstance(least, bool) \
            and not isinstance(most, bool) and 0 <= least <= most <= MOST_CARDS and (least or not most):
        return least, most
    checker.fail(where, f"expected a number of cards from 0 (a buy for nothing) to {MOST_CARDS}, or "
                        "{min: 1, max: 3}")
    return 1, 1
