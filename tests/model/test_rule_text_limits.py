"""Rule text runs in a bounded sandbox: placeholders that would hang a build or take gigabytes
(lipsum, range loops, huge powers, text multiplied) are one problem line naming the file and
the field, and only the documented names exist."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.rules import load_rules_file, rules_paths
from deckgen.model.text_sandbox import MAX_TEXT, render


def rules_with_body(tmp_path: Path, body: str) -> Path:
    """Zoomies' rule file in `tmp_path` with the turn section's body replaced."""
    source = next(p for p in rules_paths() if p.stem == "zoomies")
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["text"]["turn"]["body"] = body
    path = tmp_path / "mirror" / "games" / "zoomies.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


@pytest.mark.parametrize(("body", "said"), [
    ("{{ lipsum(100000000) }}", "'lipsum' is undefined"),
    ("{% for i in range(99999) %}{% for j in range(99999) %}x{% endfor %}{% endfor %}",
     "statements ({% ... %}) are not allowed"),
    ("{{ 99 ** 99 ** 99 }}", "a number of more than 100 digits"),
    ("{{ 2 ** 100000000 }}", "a number of more than 100 digits"),
    ("{{ 'x' * 1000000000 }}", "text of more than 100,000 characters"),
    ("{{ ('x' * 99999) * 99999 }}", "text of more than 100,000 characters"),
    ("{{ params.round_hand_sizes * 100000000 }}", "text of more than 100,000 characters"),
    ("{{ '%0999999999d' % 1 }}", "'%' formats text"),
    ("{{ '{:>999999999}'.format(1) }}", "calls are not allowed in rule text"),
    ("{{ 'x'.ljust(999999999) }}", "calls are not allowed in rule text"),
    ("{{ 'x' | center(999999999) }}", "No filter named 'center'"),
    ("{{ params.round_hand_sizes | join('x' * 99999) }}", "text of more than 100,000 characters"),
    ("{{ " + "(" * 200 + "1" + ")" * 200 + " }}", "brackets nested more than 20 deep"),
    ("{{ range(10) }}", "'range' is undefined"),
])
def test_hostile_placeholders_are_one_line(tmp_path: Path, body: str, said: str) -> None:
    path = rules_with_body(tmp_path, body)
    with pytest.raises(DataError) as failure:
        load_rules_file(path)
    assert len(failure.value.problems) == 1
    line = failure.value.problems[0]
    assert "zoomies.yaml: text.turn.body: placeholder: " in line and said in line, line
    assert "\n" not in line


def test_filled_text_is_bounded_in_size() -> None:
    with pytest.raises(ValueError, match="once filled, more than the 100,000 allowed"):
        render("{{ t }}" * 20, {"t": "y" * (MAX_TEXT // 10)})


def test_documented_placeholders_still_work() -> None:
    values = {"params": {"sizes": [6, 4, 4], "n": 3}, "players": {"min": 2}}
    text = ("{{ params.sizes | sum }} {{ params.sizes | join(' / ') }} {{ (2 * params.n + 1) ** 2 }} "
            "{{ '' if params.n == 1 else 's' }} {{ 4.0 | int }} {{ players.min }}")
    assert render(text, values) == "14 6 / 4 / 4 49 s 4 2"
