"""Engine parameters as plain dataclasses: the bounds a field's value must keep, written where the
field is declared and checked when the rule file is read (`deckgen.model.records`). Give each
class a docstring: without one, `dataclass` writes one from the class's signature, which
`inspect` works out at every start (a tenth of a millisecond)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any


def bounded(default: Any = dataclasses.MISSING, **limits: Any) -> Any:
    """A dataclass field whose value is checked against pydantic's constraints (ge, le, min_length,
    max_length): `hand_cards: int = bounded(ge=1)`."""
    return dataclasses.field(default=default, metadata=limits)


@dataclass(frozen=True)
class NoParams:
    """The parameters of an engine that reads none: its rule file's `params` must be empty."""
