"""Rule text that reads its numbers from the rule data.

Prose, rulings and quick-reference lines may write `{{ params.round_hand_sizes[0] }}`,
`{{ setup[4].removed }}`, `{{ options.rounds_to_win.default }}`, `{{ turn_cap }}` or
`{{ players.min }}` (and jinja expressions over them, such as `{{ params.sizes | sum }}`)
wherever they state a rule number, so the number is written once, in the data the engine
plays by. Placeholders are filled when the rule file is loaded (`rules.fill_placeholders`), within
the limits of `deckgen.model.text_sandbox`; an unknown one is a `file: text.turn.body: ...` problem. A
quick reference that leaves out `turn` in a rule file describing play gets its moves'
`says` lines, filled the same way. The sandbox gives templates no access to Python internals
and no way to do much work, and what they produce is plain text that the renderers escape
as any other.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckgen.model.text_sandbox import render
from deckgen.model.wording import problem

#: The parts of the rule data whose strings may hold placeholders.
TEXT_PARTS = ("text", "rulings", "quickref")


def fill_text(value: Any, values: dict[str, Any], path: Path, where: str, problems: list[str]) -> Any:
    """`value` (a string, or lists and mappings of them) with its placeholders filled."""
    if isinstance(value, str):
        if "{{" not in value and "{%" not in value:
            return value
        try:
            return render(value, values)
        except Exception as exc:  # jinja's errors (syntax, undefined names, sandbox refusals) and the limits
            message = str(exc).splitlines()[0] if str(exc) else exc.__class__.__name__
            problems.append(problem(path, where, f"placeholder: {message}"))
            return value
    if isinstance(value, list):
        return [fill_text(item, values, path, f"{where}.{i}", problems) for i, item in enumerate(value)]
    if isinstance(value, dict):
        return {key: fill_text(item, values, path, f"{where}.{key}", problems) for key, item in value.items()}
    return value
