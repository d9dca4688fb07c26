"""Rule data validated into plain frozen dataclasses (an engine's `params`).

An engine declares its parameters as a dataclass whose fields carry their bounds as metadata
(`count: int = field(metadata={"ge": 1})`, `deckgen.games.kit.params.bounded`). Checking one
builds, once per class, the pydantic model with the same fields on `StrictModel` (so the
problems read exactly as every other schema's), validates, and returns the dataclass: plain
data the engine cache can keep, which an engine reads without the schema library loaded.
"""

from __future__ import annotations

import dataclasses
import typing
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, Field, create_model

from deckgen.model.common import StrictModel, validate

Record = TypeVar("Record")


def validate_record(record: type[Record], data: Any, path: Path, at: tuple[Any, ...] = ()) -> Record:
    """`data` checked against the dataclass `record`, every problem at once (a `DataError`
    naming `path` and the field under `at`)."""
    return _record_of(record, validate(_model_of(record), data, path, at))


@cache
def _model_of(record: type) -> type[BaseModel]:
    """The pydantic model of a dataclass: its fields, types (nested dataclasses as their own
    models), defaults and metadata bounds."""
    hints = typing.get_type_hints(record)
    fields: dict[str, Any] = {}
    for spec in dataclasses.fields(record):
        hint = hints[spec.name]
        kind = _model_of(hint) if dataclasses.is_dataclass(hint) else hint
        if spec.default is not dataclasses.MISSING:
            fields[spec.name] = (kind, Field(default=spec.default, **spec.metadata))
        elif spec.default_factory is not dataclasses.MISSING:
            fields[spec.name] = (kind, Field(default_factory=spec.default_factory, **spec.metadata))
        else:
            fields[spec.name] = (kind, Field(**spec.metadata))
    return create_model(record.__name__, __base__=StrictModel, __doc__=record.__doc__, **fields)


def _record_of(record: type[Record], checked: BaseModel) -> Record:
    hints = typing.get_type_hints(record)
    values = {}
    for spec in dataclasses.fields(record):  # type: ignore[arg-type]
        value = getattr(checked, spec.name)
        hint = hints[spec.name]
        values[spec.name] = _record_of(hint, value) if dataclasses.is_dataclass(hint) else value
    return record(**values)
