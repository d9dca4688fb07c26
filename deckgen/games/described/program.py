"""The base classes of a described game's compiled expressions and actions for
`DescribedState`: every expression and action of `deckgen.games.described` derives from
these, and holds its operands as these.
"""

from __future__ import annotations

from mypy_extensions import mypyc_attr

from deckgen.games.described.layout import Action, Expr
from deckgen.games.described.state import DescribedState


# Subclassed in other compiled libraries: an edited subclass runs from its source on this
# compiled base (deckgen.compiled), which mypyc allows only when the base says so.
@mypyc_attr(allow_interpreted_subclasses=True)
class Expression(Expr[DescribedState]):
    """An `Expr` of this state: expressions hold their operands as these, so that compiled, an
    operand's `ev` is called with the state's own type (no glue converting it)."""

    def ev(self, state: DescribedState, card: int) -> int:
        raise NotImplementedError


@mypyc_attr(allow_interpreted_subclasses=True)
class Step(Action[DescribedState]):
    """An `Action` of this state, as `Expression` is an `Expr` of it."""

    def run(self, state: DescribedState, card: int) -> None:
        raise NotImplementedError


#: The expressions and actions of a `Layout[DescribedState]`.
Fn = Expression
Run = Step
