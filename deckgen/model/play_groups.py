"""Plays of several cards at once, as a play move's `cards:` says them: a set (cards equal
on a value) or a run (cards whose values follow one another), of a size between `min` and
`max`, optionally all equal on another value (`same: card.suit`: a run in one suit).

Checked here into a `GroupDef` (`deckgen.model.play_defs`) that `deckgen.games.described.plays`
turns into the legal groups of a position. docs/rules-format.md ("Sets and runs") teaches it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from deckgen.model.play_defs import GroupDef
from deckgen.model.play_expr import Scope
from deckgen.model.play_nodes import INT, Node, constant
from deckgen.model.play_features import unknown

#: The keys `cards:` takes; exactly one of set and run.
GROUP_KEYS = ("set", "run", "same", "min", "max")


class Checker(Protocol):
    """What checking a group needs of the program builder: typed expressions and problems."""

    #: The rule file, which the Python route of an unknown key names.
    path: Path

    def fail(self, where: str, message: str) -> None: ...

    def expr(self, text: Any, where: str, want: str | None, scope: Scope | None = None) -> Node: ...


def build_group(checker: Checker, value: Any, where: str, card_scope: Scope, scope: Scope) -> GroupDef | None:
    """The `cards:` of a play move checked, every problem reported with its path; None when
    it cannot be used."""
    if not isinstance(value, dict):
        checker.fail(where, "expected a mapping: set or run (a value of the card), and min, max, same")
        return None
    for key in value:
        if key not in GROUP_KEYS:
            checker.fail(f"{where}.{key}", unknown("key", str(key), GROUP_KEYS, checker.path))
    kinds = [kind for kind in ("set", "run") if kind in value]
    if len(kinds) != 1:
        checker.fail(where, "say either set: (cards equal on a value) or run: (values in a row), "
                            f"not {' and '.join(kinds) or 'neither'}")
        return None
    kind = kinds[0]
    key = checker.expr(value[kind], f"{where}.{kind}", None, card_scope)
    if kind == "run" and key.type != INT and not key.type.endswith(" value"):
        checker.fail(f"{where}.run", f"a run needs values in a row: a number or an attribute's value, "
                                     f"not a {key.type}")
    same = checker.expr(value["same"], f"{where}.same", None, card_scope) if "same" in value else None
    least = checker.expr(value.get("min", 1), f"{where}.min", INT, scope)
    most = checker.expr(value["max"], f"{where}.max", INT, scope) if "max" in value else None
    low, high = constant(least), constant(most) if most is not None else None
    if low is not None and low < 1:
        checker.fail(f"{where}.min", f"a play moves at least one card, not {low}")
    if low is not None and high is not None and high < low:
        checker.fail(f"{where}.max", f"max {high} is below min {low}: this move can never be legal")
    return GroupDef(kind, key, same, least, most)
