"""How a problem with the user's data is worded: `file: field.path: what is wrong`, with the
values quoted as the user wrote them. Free of the schema library, so that an engine built from
cached rule data (`deckgen.model.data_cache`) words its problems without loading it."""

from __future__ import annotations

import datetime
import math
from pathlib import Path
from typing import Any

from deckgen.fileio import one_line, shown_path


def problem(path: Path | str, field: str, message: str) -> str:
    """One problem as `file: field.path: problem (expected ...)`, on one line whatever the
    file name or the data it quotes; a problem with the whole file has no field part."""
    return f"{shown_path(path)}: {one_line(field)}: {one_line(message)}" if field else file_problem(path, message)


def file_problem(path: Path | str, message: str) -> str:
    """A problem with a whole file: `file: problem`."""
    return f"{shown_path(path)}: {one_line(message)}"


def shown(value: Any, limit: int = 40) -> str:
    """A value as the user wrote it in YAML or JSON (true, 2.5, 'text', a list), short."""
    if value is None:
        return "an empty value"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        if math.isinf(value):
            return "inf" if value > 0 else "-inf"
        return repr(value)
    if isinstance(value, int):
        return str(value) if value.bit_length() < 200 else "a very large number"
    if isinstance(value, str):
        text = repr(value)
        return text if len(text) <= limit else text[: limit - 4] + "...'"
    if isinstance(value, dict):
        return "a mapping"
    if isinstance(value, (list, tuple)):
        return "a list"
    if isinstance(value, (datetime.date, datetime.datetime)):
        return f"the date {value.isoformat()}"
    if isinstance(value, bytes):
        return "binary data"
    return "a value of another kind"


def field_path(loc: tuple[Any, ...]) -> str:
    """Join a location into `a.b.2.c`: keys and list positions alike, separated by dots; a
    key that is not a plain word (empty, with a dot, a space or a line break) is quoted."""
    return ".".join(_path_part(part) for part in loc)


def _path_part(part: Any) -> str:
    if isinstance(part, int) and not isinstance(part, bool):
        return str(part)
    text = str(part)
    plain = text and text.isprintable() and not any(c in text for c in ". '\"")
    return text if plain else one_line(repr(text))
