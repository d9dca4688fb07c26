"""Rule text reads its numbers from the rule data: placeholders are filled when a rule file is
loaded, unknown ones are problems naming the field, and no game's prose states a rule number
(a count of cards, points, turns...) as a literal, which could drift from the data."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.rules import load_rules_file, rules_paths

#: A number stated with what it counts: "5 cards", "2 points", "1000 turns".
RULE_NUMBER = re.compile(
    r"(?<![\w.{/-])(\d+(?:,\d{3})*)\s+(?:more\s+|extra\s+|face-down\s+|picture\s+)?"
    r"(cards?|points?|turns?|tricks?|burns?|duels?|rounds?|skirmishes)\b(?!\s+up\b)"
)

#: Literal counts that are facts of the deck or of plain arithmetic, not rule numbers of the
#: game's data, per game: each with the reason it may stay a literal.
ALLOWED = {
    "zoomies": {"54 cards": "the Mirror Deck's size"},
    "mirrorquest": {
        "76 cards": "the deck's size",
        "64 cards": "the deck's picture cards",
        "1 card": "one card: a colour match before any reshuffle, the card owed, a draw",
        "2 cards": "printed on the pickup +2 wildcard",
        "4 cards": "printed on the pickup +4 wildcard",
    },
    "mismatch": {"13 cards": "the ranks of one suit, a fact of the deck"},
    "mystique": {
        "60 cards": "one deck's size",
        "120 cards": "two decks' size",
        "5 cards": "a worked example of a spell",
    },
    "smoke-and-mirrors": {"18 cards": "the deck's size", "1 card": "one card, in general"},
    "battle-for-the-suns": {"15 cards": "the cards of one suit, a fact of the deck"},
}


def prose(path: Path) -> list[tuple[str, str]]:
    """(field path, string) for every string of the text, rulings and quick reference."""
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    out: list[tuple[str, str]] = []

    def walk(value: object, where: str) -> None:
        if isinstance(value, str):
            out.append((where, value))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, f"{where}.{i}")
        elif isinstance(value, dict):
            for key, item in value.items():
                walk(item, f"{where}.{key}")

    for part in ("text", "rulings", "quickref"):
        walk(data.get(part), part)
    return out


@pytest.mark.parametrize("path", rules_paths(), ids=lambda p: p.stem)
def test_prose_states_rule_numbers_only_by_placeholder(path: Path) -> None:
    allowed = ALLOWED.get(path.stem, {})
    literal = []
    for where, text in prose(path):
        outside = re.sub(r"\{\{.*?\}\}", "N", text)
        for match in RULE_NUMBER.finditer(outside):
            phrase = f"{match[1]} {match[2]}"
            if phrase not in allowed and match[1] not in allowed:
                literal.append(f"{where}: {phrase!r}")
    assert not literal, "rule numbers written as literals (use placeholders):\n" + "\n".join(literal)


def test_placeholders_are_filled_from_the_data(tmp_path: Path) -> None:
    source = next(p for p in rules_paths() if p.stem == "zoomies")
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["params"]["round_hand_sizes"] = [6, 4, 4]
    data["setup"][4]["hand_size"] = 6
    path = tmp_path / "mirror" / "games" / "zoomies.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    rules = load_rules_file(path)
    assert rules.text is not None and rules.quickref is not None
    assert "6 cards to every player in round 1" in rules.text.turn.body
    assert "{{" not in rules.text.turn.body and any("6 / 4 / 4" in line for line in rules.quickref.turn)


def test_an_unknown_placeholder_names_its_field(tmp_path: Path) -> None:
    source = next(p for p in rules_paths() if p.stem == "zoomies")
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["text"]["turn"]["body"] = "Deal {{ params.no_such_number }} cards."
    data["rulings"][0]["answer"] = "{{ ''.__class__ }}"
    path = tmp_path / "mirror" / "games" / "zoomies.yaml"
    path.parent.mkdir(parents=True)
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    with pytest.raises(DataError) as failure:
        load_rules_file(path)
    lines = failure.value.problems
    assert any("text.turn.body: placeholder:" in line and "no_such_number" in line for line in lines), lines
    assert len(lines) == 1 or all("placeholder" in line for line in lines)
