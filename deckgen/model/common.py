"""Shared loading helpers: bounded YAML reading, and pydantic errors turned into problem lines.

Every problem reads `file: field.path: problem (expected ...)`. Field paths join keys and
list positions with dots (`groups.0.cards.2.colour`, `setup.4.hand_size`), the same in
every message; a problem with the whole file has no field part.
"""

from __future__ import annotations

import string
from pathlib import Path
from typing import Any, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, ValidationError, ValidatorFunctionWrapHandler, field_validator
from pydantic_core import PydanticCustomError

from deckgen.errors import DataError
from deckgen.fileio import one_line, read_limited, too_large
from deckgen.model.data_shape import MAX_DEPTH, shape_problem
from deckgen.model.wording import field_path, file_problem, problem, shown
from deckgen.paths import data_roots

Model = TypeVar("Model", bound=BaseModel)

#: Limits of a data file (deck, rules, style): bytes here, nesting and values after anchors
#: are expanded in `data_shape`. The shipped files are at most 15 KiB, 6 levels and a few
#: thousand values.
MAX_DATA_BYTES = 1024 * 1024
#: What a data file is called in problem lines about its size or encoding.
DATA_FILE = "a YAML data file"


#: libyaml's parser where PyYAML was built with it (about ten times faster), else PyYAML's own;
#: both construct only the safe tags.
_SafeBase: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _Loader(_SafeBase):  # type: ignore[valid-type,misc]
    """The safe loader, refusing a key given twice in one mapping (YAML would keep the last)."""

    def construct_mapping(self, node: yaml.MappingNode, deep: bool = False) -> dict[Any, Any]:
        seen: set[Any] = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode) or key_node.tag == "tag:yaml.org,2002:merge":
                continue
            key = self.construct_object(key_node)
            try:
                hash(key)
            except TypeError:
                continue  # the safe loader reports an unhashable key itself
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"key {shown(key)} appears twice in one mapping (give each key once)",
                    key_node.start_mark,
                )
            seen.add(key)
        return super().construct_mapping(node, deep=deep)

    def construct_object(self, node: yaml.Node, deep: bool = False) -> Any:
        """PyYAML's constructors raise whatever Python raises on a value their tag cannot
        make (`!!int x`, `!!timestamp x`, 2001-02-30): here that is invalid YAML at the value."""
        try:
            return super().construct_object(node, deep=deep)
        except (yaml.YAMLError, RecursionError):
            raise
        except Exception:
            tag = node.tag.replace("tag:yaml.org,2002:", "!!")
            what = {"!!int": "a number", "!!float": "a number", "!!timestamp": "a date", "!!bool": "a true/false value"}
            raise yaml.constructor.ConstructorError(
                None, None, f"{what.get(tag, f'a {tag} value')} that cannot be read", node.start_mark
            ) from None


def read_yaml(path: Path) -> Any:
    """Read a YAML data file, turning every failure into a DataError naming the file: not a
    regular file, bigger than MAX_DATA_BYTES, not UTF-8, invalid YAML, a key given twice,
    nested too deeply or expanding too far through aliases."""
    return parse_yaml(read_limited(path, MAX_DATA_BYTES, DATA_FILE, DataError, within=data_roots(path)), path)


def sent_yaml(text: str, path: Path) -> Any:
    """YAML text that arrives otherwise than in a file (a deck variant sent to a cluster
    worker), read as the data file `path` would be, its size limit and problem lines too."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_DATA_BYTES:
        raise DataError(too_large(path, MAX_DATA_BYTES, DATA_FILE))
    return parse_yaml(text, path)


def parse_yaml(text: str, path: Path) -> Any:
    """YAML text of the data file `path` (already within its size limit) as data; every
    failure a DataError naming the file."""
    try:
        data = yaml.load(text, Loader=_Loader)  # noqa: S506 (_Loader is a SafeLoader)
    except yaml.MarkedYAMLError as exc:
        if exc.problem and "maximum nesting depth" in exc.problem:  # libyaml's own depth limit
            raise DataError(file_problem(path, f"invalid YAML: nested more than {MAX_DEPTH} levels deep")) from None
        mark = exc.problem_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        what = exc.problem or "cannot be parsed"
        message = what if "appears twice" in what else f"invalid YAML: {what}"
        raise DataError(problem(path, where, message) if where else file_problem(path, message)) from None
    except yaml.YAMLError:
        raise DataError(file_problem(path, "invalid YAML")) from None
    except RecursionError:
        raise DataError(file_problem(path, f"invalid YAML: nested more than {MAX_DEPTH} levels deep")) from None
    except Exception:  # what PyYAML's constructors raise outside construct_object
        raise DataError(file_problem(path, "invalid YAML: a tagged value that cannot be read")) from None
    wrong = shape_problem(data)
    if wrong:
        raise DataError(file_problem(path, wrong))
    return data


# Pydantic error types and what the user is told was expected.
_EXPECTED = {
    "int_type": "a whole number", "int_parsing": "a whole number", "int_from_float": "a whole number",
    "int_parsing_size": "a smaller whole number", "float_type": "a number", "float_parsing": "a number",
    "finite_number": "a finite number", "bool_type": "true or false", "bool_parsing": "true or false",
    "string_type": "text", "string_unicode": "text", "list_type": "a list", "tuple_type": "a list",
    "set_type": "a list", "dict_type": "a mapping of keys", "model_type": "a mapping of keys",
    "model_attributes_type": "a mapping of keys", "none_required": "nothing",
}
_KINDS = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}


def _loose(raw: Any, result: Any) -> tuple[tuple[Any, ...], Any, type] | None:
    """Where pydantic's lax mode turned a value of one kind into another (true into 1,
    '3' into 3, 2.0 into 2): (sub-location, value given, type made), or None."""
    if isinstance(result, bool):
        return None if isinstance(raw, bool) else ((), raw, bool)
    if isinstance(result, int) and not isinstance(result, bool):
        return None if isinstance(raw, int) and not isinstance(raw, bool) else ((), raw, int)
    if isinstance(result, float):
        return None if isinstance(raw, (int, float)) and not isinstance(raw, bool) else ((), raw, float)
    if isinstance(result, str) and type(result) is str:
        return None if isinstance(raw, str) else ((), raw, str)
    if isinstance(result, (list, tuple)) and isinstance(raw, (list, tuple)) and len(raw) == len(result):
        for index, (a, b) in enumerate(zip(raw, result)):
            found = _loose(a, b)
            if found:
                return ((index,) + found[0], found[1], found[2])
    if isinstance(result, dict) and isinstance(raw, dict) and len(raw) == len(result):
        for (raw_key, a), (key, b) in zip(raw.items(), result.items()):
            found = _loose(raw_key, key)
            if found:
                return ((raw_key, "[key]"), found[1], found[2])
            found = _loose(a, b)
            if found:
                return ((raw_key,) + found[0], found[1], found[2])
    return None


class StrictModel(BaseModel):
    """Base for every schema: unknown keys are errors, instances are immutable, and a value
    of the wrong kind is an error rather than converted (`copies: true` is not 1, `'3'` is
    not 3, `2.0` is not a whole number)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    @field_validator("*", mode="wrap")
    @classmethod
    def _same_kind(cls, value: Any, handler: ValidatorFunctionWrapHandler) -> Any:
        result = handler(value)
        found = _loose(value, result)
        if found is not None:
            at, given, made = found
            raise PydanticCustomError("wrong_kind", "wrong kind", {"at": at, "given": given, "kind": _KINDS[made]})
        return result


def _clean_location(loc: tuple[Any, ...], data: Any, keep_last: bool) -> tuple[tuple[Any, ...], bool]:
    """The location with pydantic's union member tags (`str`, `int`, `function-after[...]`)
    removed: a part that does not lead into the data is a tag. Returns it and whether any
    tag was removed (then the error is one of several alternatives)."""
    node = data
    out: list[Any] = []
    tagged = False
    for position, part in enumerate(loc):
        last = position == len(loc) - 1
        if part == "[key]":
            out.append(part)
            node = None
        elif isinstance(node, dict) and part in node:
            out.append(part)
            node = node[part]
        elif isinstance(node, (list, tuple)) and isinstance(part, int) and 0 <= part < len(node):
            out.append(part)
            node = node[part]
        elif last and keep_last:
            out.append(part)
        elif isinstance(part, str) and (part in _TAG_WORDS or "[" in part or part[:1].isupper()):
            tagged = True
        else:
            out.append(part)
            node = None
    return tuple(out), tagged


_TAG_WORDS = {"str", "int", "bool", "float", "list", "dict", "tuple", "none", "constrained-str", "constrained-int"}


def _message(err: dict[str, Any]) -> str:
    """One pydantic error in the user's words, without Python or pydantic terms."""
    kind = err["type"]
    ctx = err.get("ctx") or {}
    given = err.get("input")
    if kind == "wrong_kind":
        return f"found {shown(ctx['given'])} (expected {ctx['kind']})"
    if kind == "missing":
        return "required key is missing"
    if kind == "extra_forbidden":
        return "unknown key (not part of the schema)"
    if kind in _EXPECTED:
        return f"found {shown(given)} (expected {_EXPECTED[kind]})"
    if kind in ("greater_than_equal", "greater_than", "less_than_equal", "less_than"):
        bound = ctx.get("ge", ctx.get("gt", ctx.get("le", ctx.get("lt"))))
        words = {"greater_than_equal": "is below the minimum", "greater_than": "must be above",
                 "less_than_equal": "is above the maximum", "less_than": "must be below"}[kind]
        return f"{shown(given)} {words} {shown(bound)}"
    if kind in ("too_short", "too_long"):
        things = "entries" if isinstance(given, dict) else "items"
        # pydantic leaves actual_length out for mappings that are too long: count them here
        count = len(given) if isinstance(given, (dict, list, tuple, str)) else ctx.get("actual_length")
        found = f"found {count} {things}" if count is not None else f"found too many {things}"
        if kind == "too_short":
            return f"{found} (expected at least {ctx.get('min_length')})"
        return f"{found} (expected at most {ctx.get('max_length')})"
    if kind == "string_too_short":
        return "is empty (expected text)"
    if kind == "string_too_long":
        return f"longer than {ctx.get('max_length')} characters"
    if kind == "string_pattern_mismatch":
        return f"found {shown(given)} (expected lower-case letters, digits and '-', starting with a letter or digit)"
    if kind == "literal_error":
        return f"found {shown(given)} (expected {ctx.get('expected')})"
    if kind in ("value_error", "assertion_error"):
        error = ctx.get("error")
        return str(error) if error is not None else err["msg"].split(", ", 1)[-1]
    text = err["msg"]
    if text.startswith("Input should be "):
        return f"found {shown(given)} (expected {text[len('Input should be '):]})"
    return text


def problem_lines(exc: ValidationError, data: Any, path: Path, at: tuple[Any, ...] = ()) -> list[str]:
    """Every error of a validation as `file: field.path: problem` lines; the alternatives of
    one union (`bool | int | str`) become one line naming them all."""
    grouped: dict[tuple[Any, ...], list[tuple[dict[str, Any], bool]]] = {}
    for err in exc.errors():
        loc, tagged = _clean_location(tuple(err["loc"]), data, err["type"] == "missing")
        if err["type"] == "wrong_kind":
            loc += tuple((err.get("ctx") or {}).get("at", ()))
        grouped.setdefault(loc, []).append((dict(err), tagged))
    lines: list[str] = []
    for loc, errs in grouped.items():
        key_problem = bool(loc) and loc[-1] == "[key]"
        where = field_path(at + (loc[:-1] if key_problem else loc))
        if len(errs) > 1 and all(tagged and e["type"] in _EXPECTED for e, tagged in errs):
            kinds = list(dict.fromkeys(_EXPECTED[e["type"]] for e, _ in errs))
            expected = ", ".join(kinds[:-1]) + " or " + kinds[-1]
            messages = [f"found {shown(errs[0][0].get('input'))} (expected {expected})"]
        else:
            messages = [_message(e) for e, _ in errs]
        for message in dict.fromkeys(messages):
            text = one_line(message.replace("found ", "found the key ", 1) if key_problem else message)
            lines.append(problem(path, where, text) if where else file_problem(path, text))
    return lines


def validate(model: type[Model], data: Any, path: Path, at: tuple[Any, ...] = ()) -> Model:
    """Validate data against a schema, reporting every problem at once; `at` is where the
    data sits in its file (("params",) for a game's parameters)."""
    if not isinstance(data, dict):
        where = field_path(at)
        empty = data is None and not at
        message = "the file is empty" if empty else f"found {shown(data)}"
        message += " (expected a mapping of keys)"
        raise DataError(problem(path, where, message) if where else file_problem(path, message))
    try:
        return model.model_validate(data)
    except ValidationError as exc:
        raise DataError(*problem_lines(exc, data, path, at)) from None
    except RecursionError:
        raise DataError(file_problem(path, f"nested more than {MAX_DEPTH} levels deep")) from None


def template_names(template: str) -> list[str]:
    """Names a `{name}` template uses (card ids, names, layout text, source columns); ValueError
    on anything but plain names."""
    names = []
    try:
        parsed = list(string.Formatter().parse(template))
    except ValueError:
        raise ValueError("a '{' or '}' without its pair (write {{ or }} for a brace itself)") from None
    for _, name, spec, conv in parsed:
        if name is None:
            continue
        if not name.isidentifier() or conv or spec:
            raise ValueError(f"placeholder {{{name}}} must be a plain name like {{colour}}")
        names.append(name)
    return names
