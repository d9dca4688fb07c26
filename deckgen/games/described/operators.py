"""The operators of the play language as `Expr` objects over their operands: logic,
arithmetic and comparisons. They read nothing of the state themselves, so they are the same
for every description; an operand written as a number in the rule file is folded into the
operator (`size(hand) == 0` is one evaluation, not three), the commonest shapes of a rule's
tests.
"""

from __future__ import annotations

from typing import Final

from deckgen.games.described.program import Expression, Fn
from deckgen.games.described.state import DescribedState

#: Comparison and arithmetic operators by code, so that one class evaluates each family.
COMPARISONS: Final = ("==", "!=", "<", "<=", ">", ">=")
ARITHMETIC: Final = ("+", "-", "*", "//", "%")


class SeatOf(Expression):
    def __init__(self, a: Fn) -> None:
        self.a = a

    def ev(self, state: DescribedState, card: int) -> int:
        return self.a.ev(state, card) % state.n_players


class Negative(Expression):
    def __init__(self, a: Fn) -> None:
        self.a = a

    def ev(self, state: DescribedState, card: int) -> int:
        return -self.a.ev(state, card)


class Not(Expression):
    def __init__(self, a: Fn) -> None:
        self.a = a

    def ev(self, state: DescribedState, card: int) -> int:
        return 0 if self.a.ev(state, card) else 1


class And(Expression):
    def __init__(self, a: Fn, b: Fn) -> None:
        self.a, self.b = a, b

    def ev(self, state: DescribedState, card: int) -> int:
        return 1 if self.a.ev(state, card) and self.b.ev(state, card) else 0


class Or(Expression):
    def __init__(self, a: Fn, b: Fn) -> None:
        self.a, self.b = a, b

    def ev(self, state: DescribedState, card: int) -> int:
        return 1 if self.a.ev(state, card) or self.b.ev(state, card) else 0


class Counters(Expression):
    """Whether any of these counters holds (`by_suit or by_colour`), or with `every` whether
    each does, read in one go."""

    def __init__(self, indices: list[int], every: bool) -> None:
        self.indices, self.every = indices, every

    def ev(self, state: DescribedState, card: int) -> int:
        tally, every = state.tally, self.every
        for index in self.indices:
            if (tally[index] == 0) == every:  # one failing decides `all`, one holding decides `any`
                return 0 if every else 1
        return 1 if every else 0


class Choice(Expression):
    def __init__(self, test: Fn, then: Fn, other: Fn) -> None:
        self.test, self.then, self.other = test, then, other

    def ev(self, state: DescribedState, card: int) -> int:
        return self.then.ev(state, card) if self.test.ev(state, card) else self.other.ev(state, card)


class Offset(Expression):
    """`a + n` or `a - n` for a number the rule writes."""

    def __init__(self, a: Fn, step: int) -> None:
        self.a, self.step = a, step

    def ev(self, state: DescribedState, card: int) -> int:
        return self.a.ev(state, card) + self.step


class Arithmetic(Expression):
    """`a op b`; a rule's arithmetic never stops a game: x // 0 and x % 0 are 0."""

    def __init__(self, op: str, a: Fn, b: Fn) -> None:
        self.code, self.a, self.b = ARITHMETIC.index(op), a, b

    def ev(self, state: DescribedState, card: int) -> int:
        x, y, code = self.a.ev(state, card), self.b.ev(state, card), self.code
        if code == 0:
            return x + y
        if code == 1:
            return x - y
        if code == 2:
            return x * y
        if y == 0:
            return 0
        return x // y if code == 3 else x % y


def arithmetic(op: str, a: Fn, b: Fn, constant: int | None) -> Fn:
    """`a op b`; `constant` is b's value when the rule writes it as a number."""
    if op in ("+", "-") and constant is not None:
        return Offset(a, constant if op == "+" else -constant)
    return Arithmetic(op, a, b)


def compared(code: int, x: int, y: int) -> int:
    """1 if `x op y` holds for the comparison of that code (`COMPARISONS`), else 0."""
    if code == 0:
        return 1 if x == y else 0
    if code == 1:
        return 1 if x != y else 0
    if code == 2:
        return 1 if x < y else 0
    if code == 3:
        return 1 if x <= y else 0
    if code == 4:
        return 1 if x > y else 0
    return 1 if x >= y else 0


class Compare(Expression):
    def __init__(self, op: str, a: Fn, b: Fn) -> None:
        self.code, self.a, self.b = COMPARISONS.index(op), a, b

    def ev(self, state: DescribedState, card: int) -> int:
        return compared(self.code, self.a.ev(state, card), self.b.ev(state, card))


class CompareConstant(Expression):
    """`a op n` for a number the rule writes."""

    def __init__(self, op: str, a: Fn, value: int) -> None:
        self.code, self.a, self.value = COMPARISONS.index(op), a, value

    def ev(self, state: DescribedState, card: int) -> int:
        return compared(self.code, self.a.ev(state, card), self.value)


def compare(op: str, a: Fn, b: Fn, constant: int | None) -> Fn:
    """`a op b` as 1 or 0; `constant` is b's value when the rule writes it as a number."""
    return CompareConstant(op, a, constant) if constant is not None else Compare(op, a, b)


class Extreme(Expression):
    def __init__(self, highest: bool, args: list[Fn]) -> None:
        self.highest, self.args = highest, args

    def ev(self, state: DescribedState, card: int) -> int:
        values = [arg.ev(state, card) for arg in self.args]
        return max(values) if self.highest else min(values)


class Absolute(Expression):
    def __init__(self, a: Fn) -> None:
        self.a = a

    def ev(self, state: DescribedState, card: int) -> int:
        return abs(self.a.ev(state, card))
