"""Shared loading helpers: YAML reading and pydantic errors turned into problem lines."""

from __future__ import annotations

from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError

from deckgen.errors import DataError, problem

Model = TypeVar("Model", bound=BaseModel)


class StrictModel(BaseModel):
    """Base for every schema: unknown keys are errors, instances are immutable."""

    model_config = ConfigDict(extra="forbid", frozen=True)


def read_yaml(path: Path) -> Any:
    """Read a YAML file, turning every failure into a DataError naming the file."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise DataError(problem(path, "", "file not found")) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise DataError(problem(path, "", f"cannot read file ({exc.__class__.__name__})")) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else "YAML"
        what = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise DataError(problem(path, where, f"invalid YAML: {what}")) from None
    except RecursionError:
        raise DataError(problem(path, "", "invalid YAML: nested too deeply")) from None


def field_path(loc: tuple[Any, ...]) -> str:
    """Join a pydantic error location into `a.b[2].c`."""
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def validate(model: type[Model], data: Any, path: Path) -> Model:
    """Validate data against a schema, reporting every problem at once."""
    if not isinstance(data, dict):
        kind = "empty file" if data is None else f"a {type(data).__name__}"
        raise DataError(problem(path, "", f"expected a mapping of keys, found {kind}"))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        lines = []
        for err in exc.errors():
            msg = err["msg"]
            if err["type"] == "extra_forbidden":
                msg = "unknown key (not part of the schema)"
            elif err["type"] == "missing":
                msg = "required key is missing"
            lines.append(problem(path, field_path(err["loc"]), msg))
        raise DataError(*lines) from None
