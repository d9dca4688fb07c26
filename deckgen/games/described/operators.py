"""The operators of the play language as closures over their operands' closures: logic,
arithmetic and comparisons. They read nothing of the state themselves, so they are the same
for every description; an operand written as a number in the rule file is folded into the
closure (`size(hand) == 0` is one call, not three), the commonest shapes of a rule's tests.
"""

from __future__ import annotations

from operator import itemgetter

from deckgen.games.described.state import DescribedState, Fn


def seat_of(a: Fn) -> Fn:
    def seat(state: DescribedState, card: int) -> int:
        return a(state, card) % state.n_players
    return seat


def negative(a: Fn) -> Fn:
    def neg(state: DescribedState, card: int) -> int:
        return -a(state, card)
    return neg


def logical_not(a: Fn) -> Fn:
    def negate(state: DescribedState, card: int) -> int:
        return 0 if a(state, card) else 1
    return negate


def logical_and(a: Fn, b: Fn) -> Fn:
    def both(state: DescribedState, card: int) -> int:
        return 1 if a(state, card) and b(state, card) else 0
    return both


def logical_or(a: Fn, b: Fn) -> Fn:
    def either(state: DescribedState, card: int) -> int:
        return 1 if a(state, card) or b(state, card) else 0
    return either


def counters_any(indices: list[int]) -> Fn:
    """Whether any of these counters holds (`by_suit or by_colour`), read in one go."""
    read = itemgetter(*indices)
    if len(indices) == 1:
        index = indices[0]

        def holds(state: DescribedState, card: int) -> int:
            return 1 if state.tally[index] else 0
        return holds

    def any_holds(state: DescribedState, card: int) -> int:
        return 1 if any(read(state.tally)) else 0
    return any_holds


def counters_all(indices: list[int]) -> Fn:
    """Whether every one of these counters holds, read in one go."""
    read = itemgetter(*indices)
    if len(indices) == 1:
        return counters_any(indices)

    def all_hold(state: DescribedState, card: int) -> int:
        return 1 if all(read(state.tally)) else 0
    return all_hold


def choice(test: Fn, then: Fn, other: Fn) -> Fn:
    def choose(state: DescribedState, card: int) -> int:
        return then(state, card) if test(state, card) else other(state, card)
    return choose


def arithmetic(op: str, a: Fn, b: Fn, constant: int | None) -> Fn:
    """`a op b`; `constant` is b's value when the rule writes it as a number."""
    if op in ("+", "-") and constant is not None:
        step = constant if op == "+" else -constant

        def offset(state: DescribedState, card: int) -> int:
            return a(state, card) + step
        return offset
    if op == "+":
        def add(state: DescribedState, card: int) -> int:
            return a(state, card) + b(state, card)
        return add
    if op == "-":
        def sub(state: DescribedState, card: int) -> int:
            return a(state, card) - b(state, card)
        return sub
    if op == "*":
        def mul(state: DescribedState, card: int) -> int:
            return a(state, card) * b(state, card)
        return mul

    def divide(state: DescribedState, card: int) -> int:
        divisor = b(state, card)
        if divisor == 0:  # a rule's arithmetic never stops a game: x // 0 and x % 0 are 0
            return 0
        return a(state, card) // divisor if op == "//" else a(state, card) % divisor
    return divide


def compare(op: str, a: Fn, b: Fn, constant: int | None) -> Fn:
    """`a op b` as 1 or 0; `constant` is b's value when the rule writes it as a number."""
    if constant is not None:
        return _compare_constant(op, a, constant)
    if op == "==":
        def eq(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) == b(state, card) else 0
        return eq
    if op == "!=":
        def ne(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) != b(state, card) else 0
        return ne
    if op == "<":
        def lt(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) < b(state, card) else 0
        return lt
    if op == "<=":
        def le(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) <= b(state, card) else 0
        return le
    if op == ">":
        def gt(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) > b(state, card) else 0
        return gt

    def ge(state: DescribedState, card: int) -> int:
        return 1 if a(state, card) >= b(state, card) else 0
    return ge


def _compare_constant(op: str, a: Fn, value: int) -> Fn:
    if op == "==":
        def eq(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) == value else 0
        return eq
    if op == "!=":
        def ne(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) != value else 0
        return ne
    if op == "<":
        def lt(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) < value else 0
        return lt
    if op == "<=":
        def le(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) <= value else 0
        return le
    if op == ">":
        def gt(state: DescribedState, card: int) -> int:
            return 1 if a(state, card) > value else 0
        return gt

    def ge(state: DescribedState, card: int) -> int:
        return 1 if a(state, card) >= value else 0
    return ge


def extreme(highest: bool, args: list[Fn]) -> Fn:
    def pick(state: DescribedState, card: int) -> int:
        values = [arg(state, card) for arg in args]
        return max(values) if highest else min(values)
    return pick


def absolute(a: Fn) -> Fn:
    def value(state: DescribedState, card: int) -> int:
        return abs(a(state, card))
    return value
