"""The bounded template language of rule text: placeholders (`{{ ... }}`) over the rule data's
numbers, and nothing that can make a small rule file do a lot of work.

Jinja's sandbox keeps templates away from Python internals but not from work: `lipsum`,
`range` and loops, `'x' * 10**9`, `9 ** 9 ** 9` or a `format` width would each hang a
`validate` or take gigabytes. Here templates get only the names the rules format documents
(`params`, `setup`, `options`, `players`, `turn_cap`), no statements (`{% ... %}`), no calls,
a short list of filters, and arithmetic checked before it is done.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from jinja2 import Template
    from jinja2.runtime import Context

#: Characters one text field may grow to once its placeholders are filled, and that a
#: string or list made by `*` or `join` may have on the way.
MAX_TEXT = 100_000
#: Digits of a whole number computed in a placeholder.
MAX_DIGITS = 100
#: Bracket levels inside one placeholder (jinja's parser and Python's compiler recurse).
MAX_BRACKETS = 20
#: The filters a placeholder may use: none of them makes more than it is given.
FILTERS = ("abs", "capitalize", "default", "first", "float", "int", "join", "last", "length",
           "lower", "max", "min", "round", "sort", "sum", "title", "trim", "upper")

_MAX_BITS = int(MAX_DIGITS * 3.33)


class TextLimitError(ValueError):
    """A placeholder that asks for more than rule text may compute."""


def _sized(value: Any) -> Any:
    if isinstance(value, int) and value.bit_length() > _MAX_BITS:
        raise TextLimitError(f"a number of more than {MAX_DIGITS} digits")
    if isinstance(value, (str, list, tuple)) and len(value) > MAX_TEXT:
        raise TextLimitError(f"text of more than {MAX_TEXT:,} characters")
    return value


def _repeat(left: Any, right: Any) -> Any:
    """`left * right`, refused before it is computed when it would be too large."""
    for seq, count in ((left, right), (right, left)):
        if isinstance(seq, (str, list, tuple)) and isinstance(count, int):
            if len(seq) * max(count, 0) > MAX_TEXT:
                raise TextLimitError(f"text of more than {MAX_TEXT:,} characters")
    if isinstance(left, int) and isinstance(right, int) and left.bit_length() + right.bit_length() > _MAX_BITS + 1:
        raise TextLimitError(f"a number of more than {MAX_DIGITS} digits")
    return _sized(left * right)


def _power(base: Any, exponent: Any) -> Any:
    """`base ** exponent`, refused before it is computed when the result would be too large."""
    if isinstance(base, int) and isinstance(exponent, int) and abs(base) > 1 and exponent > 0:
        if exponent * (abs(base).bit_length() - 1) > _MAX_BITS:
            raise TextLimitError(f"a number of more than {MAX_DIGITS} digits")
    if isinstance(base, float) or isinstance(exponent, float):
        if abs(float(exponent)) > 1024:
            raise TextLimitError("a power of more than 1024")
    return _sized(base ** exponent)


def _remainder(left: Any, right: Any) -> Any:
    if isinstance(left, str):
        raise TextLimitError("'%' formats text; join text with '~' instead")
    return left % right


def _join(value: Any, separator: str = "") -> str:
    """jinja's `join`, with the size of the result known before it is made."""
    items = [str(item) for item in value]
    if sum(map(len, items)) + len(separator) * max(len(items) - 1, 0) > MAX_TEXT:
        raise TextLimitError(f"text of more than {MAX_TEXT:,} characters")
    return separator.join(items)


@cache
def _environment() -> Any:
    from jinja2 import StrictUndefined, Undefined
    from jinja2.sandbox import SandboxedEnvironment

    class BoundedEnvironment(SandboxedEnvironment):
        """Only documented names, no calls, arithmetic checked before it is done."""

        intercepted_binops = frozenset({"+", "-", "*", "/", "//", "%", "**"})
        binops = {"*": _repeat, "**": _power, "%": _remainder}

        def call_binop(self, context: Context, operator: str, left: Any, right: Any) -> Any:
            if operator in self.binops:
                return self.binops[operator](left, right)
            return _sized(self.binop_table[operator](left, right))

        def call(self, context: Context, obj: Any, *args: Any, **kwargs: Any) -> Any:
            if isinstance(obj, Undefined):
                return obj()  # says which name is undefined
            raise TextLimitError("calls are not allowed in rule text (filters such as | sum are)")

    env = BoundedEnvironment(undefined=StrictUndefined, autoescape=False, keep_trailing_newline=True)
    env.globals.clear()
    env.filters = {name: env.filters[name] for name in FILTERS}
    env.filters["join"] = _join
    return env


def template(text: str) -> Template:
    """`text` compiled as rule text, or a `TextLimitError` / jinja `TemplateError` saying why not."""
    env = _environment()
    depth = 0
    for _line, kind, value in env.lex(text):
        if kind == "block_begin":
            raise TextLimitError("statements ({% ... %}) are not allowed in rule text; write a placeholder "
                                 "{{ ... }} (for a choice: {{ 'a' if ... else 'b' }})")
        if kind == "operator" and value in "([{":
            depth += 1
            if depth > MAX_BRACKETS:
                raise TextLimitError(f"brackets nested more than {MAX_BRACKETS} deep")
        elif kind == "operator" and value in ")]}":
            depth -= 1
    return env.from_string(text)


def render(text: str, values: dict[str, Any]) -> str:
    """`text` with its placeholders filled from `values`, within the limits above."""
    try:
        out = template(text).render(values)
    except (OverflowError, MemoryError, RecursionError) as exc:
        raise TextLimitError("a number or text too large to compute") from exc
    if len(out) > MAX_TEXT:
        raise TextLimitError(f"{len(out):,} characters once filled, more than the {MAX_TEXT:,} allowed")
    return out
