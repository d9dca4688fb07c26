"""Rule text that reads its numbers from the rule data.

Prose, rulings and quick-reference lines may write `{{ params.round_hand_sizes[0] }}`,
`{{ setup[4].removed }}`, `{{ options.rounds_to_win.default }}`, `{{ turn_cap }}` or
`{{ players.min }}` (and jinja expressions over them, such as `{{ params.sizes | sum }}`)
wherever they state a rule number, so the number is written once, in the data the engine
plays by. Placeholders are filled when the rule file is loaded, within the limits of
`deckgen.model.text_sandbox`; an unknown one is a `file: text.turn.body: ...` problem. A
quick reference that leaves out `turn` in a rule file describing play gets its moves'
`says` lines, filled the same way. The sandbox gives templates no access to Python internals
and no way to do much work, and what they produce is plain text that the renderers escape
as any other.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from deckgen.errors import DataError
from deckgen.model.common import problem
from deckgen.model.play_text import turn_lines, turn_problem
from deckgen.model.text_sandbox import render

if TYPE_CHECKING:
    from deckgen.model.rules import GameRules

#: The parts of the rule data whose strings may hold placeholders.
TEXT_PARTS = ("text", "rulings", "quickref")


def placeholder_values(rules: GameRules) -> dict[str, Any]:
    """What placeholders may name: the rule data's numbers, as the engine reads them."""
    return {
        "params": rules.params,
        "setup": {n: spec.model_dump() for n, spec in rules.setup.items()},
        "options": {name: spec.model_dump() for name, spec in rules.options.items()},
        "players": rules.players.model_dump(),
        **({"turn_cap": rules.turn_cap} if rules.turn_cap else {}),  # rules-only games have none
    }


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


def fill_placeholders(rules: GameRules) -> GameRules:
    """The rules with every placeholder in their text filled; every problem at once."""
    values = placeholder_values(rules)
    problems: list[str] = []
    update: dict[str, Any] = {}
    for part in TEXT_PARTS:
        model = getattr(rules, part)
        if model is None:
            continue
        raw = model.model_dump() if hasattr(model, "model_dump") else [item.model_dump() for item in model]
        filled = fill_text(raw, values, rules.path, part, problems)
        if filled != raw:
            field_type = type(model) if hasattr(model, "model_dump") else type(model[0])
            update[part] = (
                field_type.model_validate(filled) if hasattr(model, "model_dump")
                else [field_type.model_validate(item) for item in filled]
            )
    turn = said_turn(rules, values, problems)
    if turn is not None and rules.quickref is not None:
        quickref = update.get("quickref", rules.quickref)
        update["quickref"] = quickref.model_copy(update={"turn": turn})
    if problems:
        raise DataError(*problems)
    return rules.model_copy(update=update) if update else rules


def said_turn(rules: GameRules, values: dict[str, Any], problems: list[str]) -> list[str] | None:
    """The quick reference's "Your turn" lines from the moves' `says` lines, filled, when the
    rule file leaves `quickref.turn` out (`deckgen.model.play_text`); None when it writes them."""
    said = turn_lines(rules)
    if said is None:
        return None
    if not said:
        problems.append(turn_problem(rules))
        return None
    return [fill_text(text, values, rules.path, where, problems) for where, text in said]
