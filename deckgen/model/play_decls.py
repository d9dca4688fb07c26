"""The declarations of a rule file's `play` section checked: counters (a type, a start of
that type) and tables (numbers for an attribute's values). Every problem goes to `fail`
with its field path, as `deckgen.model.play_program` reports the rest of the section.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from deckgen.model.play import PlaySpec
from deckgen.model.play_defs import CounterDef
from deckgen.model.play_nodes import BOOL, CARD, INT, SEAT, Attribute, value_type

#: Reports a problem: the field path under `play` and what is wrong.
Fail = Callable[[str, str], None]

_COUNTER_TYPES = {"number": INT, "truth": BOOL, "seat": SEAT, "card": CARD}



def counter_type(name: str, kind: str, attributes: Mapping[str, Attribute], fail: Fail) -> str:
    """What a counter holds: number, truth, seat, card, or an attribute's values (numbers when
    every value is one)."""
    if kind in _COUNTER_TYPES:
        return _COUNTER_TYPES[kind]
    if kind in attributes:
        return INT if attributes[kind].numeric else value_type(kind)
    fail(f"counters.{name}.type", f"unknown type {kind!r} (number, truth, seat, card or an attribute: "
         f"{', '.join(attributes)})")
    return INT


def build_counters(spec: PlaySpec, attributes: Mapping[str, Attribute], fail: Fail) -> dict[str, CounterDef]:
    """The counters, each of a known type with a start of that type."""
    counters = {}
    for name, c in spec.counters.items():
        kind = counter_type(name, c.type, attributes, fail)
        start = start_value(name, kind, c.start, attributes, fail)
        counters[name] = CounterDef(name, kind, c.per == "seat", start, c.reset == "round", c.public)
    return counters


def start_value(name: str, kind: str, start: int | bool | str, attributes: Mapping[str, Attribute],
                fail: Fail) -> int:
    """A counter's start as the int the engine holds (-1 for none, an index for a value)."""
    where = f"counters.{name}.start"
    if isinstance(start, bool):
        if kind != BOOL:
            fail(where, f"{str(start).lower()} is a truth value, but the counter holds a {kind}")
        return int(start)
    if isinstance(start, int):
        if kind != INT:
            fail(where, f"{start} is a number, but the counter holds a {kind}")
        return start
    if start == "none" and kind in (CARD, SEAT) or start == "none" and kind.endswith(" value"):
        return -1
    attribute = kind.removesuffix(" value")
    if kind.endswith(" value") and start in attributes[attribute].values:
        return attributes[attribute].values.index(start)
    fail(where, f"{start!r} is not a start for a {kind} (a number, true/false, none or a value)")
    return 0


def build_tables(spec: PlaySpec, attributes: Mapping[str, Attribute], params: Mapping[str, Any],
                 fail: Fail) -> dict[str, tuple[str, tuple[int, ...], int]]:
    """Each table as (attribute, number per value index, default for a card without one)."""
    tables = {}
    for name, t in spec.tables.items():
        where = f"tables.{name}"
        if t.of not in attributes:
            fail(f"{where}.of", f"unknown attribute {t.of!r} ({', '.join(attributes)})")
            continue
        values = attributes[t.of].values
        numbers = [t.default] * len(values)
        ranking = t.ranking
        if isinstance(ranking, str):
            key = ranking.removeprefix("params.")
            if not ranking.startswith("params.") or not isinstance(params.get(key), list):
                fail(f"{where}.ranking", f"{ranking!r} is not a list of params (write params.<name>)")
                ranking = None
            else:
                ranking = params[key]
        for rank, value in enumerate(ranking or []):
            if str(value) not in values:
                fail(f"{where}.ranking.{rank}", f"{value!r} is not a value of {t.of} ({', '.join(values)})")
            else:
                numbers[values.index(str(value))] = len(ranking or []) - rank
        for given, number in t.values.items():
            if str(given) not in values:
                fail(f"{where}.values.{given}", f"{str(given)!r} is not a value of {t.of} "
                     f"({', '.join(values)})")
            else:
                numbers[values.index(str(given))] = number
        tables[name] = (t.of, tuple(numbers), t.default)
    return tables
