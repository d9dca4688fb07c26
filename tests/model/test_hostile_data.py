"""Hostile and careless data files (issue 15): every case is one clear line, at load time."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.common import read_yaml
from deckgen.model.deck import MAX_CARDS, load_deck_file
from deckgen.model.rules import load_rules_file
from deckgen.model.wording import field_path
from tests.model.test_deck import toy, write_deck

#: Words that give away Python or pydantic instead of talking about the user's file.
INTERNALS = ("<root>", "Input should", "Value error", "[type=", "function-after", "True", "False", "None",
             "int()", "float()", "Traceback", "dict", "str]", "literal_error", "pydantic")


def problems(path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_deck_file(path)
    lines = info.value.problems
    for line in lines:
        assert line.startswith(f"{path}: ") and "\n" not in line, line
        assert not any(word in line for word in INTERNALS), line
    return [line[len(f"{path}: "):] for line in lines]


def deck_problems(tmp_path: Path, **overrides: object) -> list[str]:
    return problems(write_deck(tmp_path, toy(**overrides)))


ID_WORDS = "(expected an id of letters, digits, '-' or '_', starting with a letter or digit, at most 64 characters)"


@pytest.mark.parametrize(
    "template, made",
    [
        ("/x-{colour}-{number}", "'/x-red-1'"),
        ("../../x-{colour}-{number}", "'../../x-red-1'"),
        ("x/{colour}-{number}", "'x/red-1'"),
        ("x\n{colour}-{number}", "'x\\nred-1'"),
        ("x\x07{colour}-{number}", "'x\\x07red-1'"),
        ("{colour} {number}", "'red 1'"),
        ("x" * 70 + "{colour}{number}", None),
    ],
    ids=["absolute", "dotdot", "slash", "newline", "control", "space", "long"],
)
def test_card_ids_from_templates_are_held_to_the_safe_pattern(tmp_path: Path, template: str, made: str | None):
    (line,) = deck_problems(tmp_path, groups=[{"product": ["colour", "number"], "id": template}], expected_total=None)
    assert line.startswith("groups.0.id: makes the card id ") and line.endswith(ID_WORDS)
    if made:
        assert line == f"groups.0.id: makes the card id {made} {ID_WORDS}"


def test_attribute_values_cannot_smuggle_a_path_into_ids(tmp_path: Path):
    (line,) = deck_problems(tmp_path, attributes={"colour": ["red", "../up"], "number": [1]}, expected_total=None)
    assert line == f"groups.0.id: makes the card id '../up-1' {ID_WORDS}"


def test_deck_and_back_ids_are_safe(tmp_path: Path):
    lines = deck_problems(tmp_path, id="../toy", backs=[{"id": "a/b", "name": "A"}])
    assert f"id: found '../toy' {ID_WORDS}" in lines
    assert f"backs.0.id: found 'a/b' {ID_WORDS}" in lines


def test_card_names_stay_on_one_line(tmp_path: Path):
    (line,) = deck_problems(tmp_path, name_format="{colour}\n{number}")
    assert line == "name_format: makes the card name 'red\\n1' (expected one line of at most 200 characters)"


def test_ids_differing_only_in_case_are_refused(tmp_path: Path):
    data = toy(attributes={"colour": ["red", "RED"], "number": [1]}, expected_total=None)
    (line,) = problems(write_deck(tmp_path, data))
    assert line == ("groups.0: card ids 'red-1' and 'RED-1' differ only in upper and lower case "
                    "(their image files would be one file on some systems)")


def test_a_product_of_a_hundred_million_cards_is_refused_at_once(tmp_path: Path):
    attributes = {f"a{i}": [f"v{j}" for j in range(10)] for i in range(8)}
    start = time.perf_counter()
    (line,) = deck_problems(tmp_path, attributes=attributes, groups=[{"product": list(attributes), "id": "x"}],
                            expected_total=None, numbering=None)
    assert time.perf_counter() - start < 1
    assert line == f"groups.0: would generate 100000000 cards (expected at most {MAX_CARDS} per deck)"


def test_cards_of_all_groups_count_together(tmp_path: Path):
    rows = [{"colour": "red", "number": 1, "n": i} for i in range(60)]
    lines = deck_problems(tmp_path, groups=[{"cards": rows, "id": "a-{n}", "copies": 100}], expected_total=None)
    assert lines == [f"groups.0: would generate 6000 cards (expected at most {MAX_CARDS} per deck)"]


def test_no_backs_and_repeated_backs_are_refused(tmp_path: Path):
    assert deck_problems(tmp_path, backs=[]) == ["backs: found 0 items (expected at least 1)"]
    backs = [{"id": "gold", "name": "Gold"}, {"id": "gold", "name": "Also gold"}]
    assert deck_problems(tmp_path, backs=backs) == [
        "backs: back ids must be unique, also ignoring upper and lower case (repeated: gold)"]


@pytest.mark.parametrize(
    "field, what",
    [("id", "own id"), ("name", "own name"), ("colour", "attribute colour"), ("readings", "field readings")],
)
def test_the_number_field_may_not_overwrite_anything(tmp_path: Path, field: str, what: str):
    data = toy(numbering={"field": field})
    if field == "readings":
        data["attributes"] = {"low": list(range(3)), "high": list(range(3))}
        data["groups"] = [{"digit_pairs": {"digits": 3}, "id": "d{low}{high}"}]
        data["expected_total"] = 5
    (line,) = problems(write_deck(tmp_path, data))
    assert line == f"numbering.field: {field!r} would overwrite the card's {what} (expected a new name such as card_number)"


def test_fields_may_not_overwrite_the_id_name_or_an_attribute(tmp_path: Path):
    lines = deck_problems(
        tmp_path,
        attributes={"colour": {"values": ["red"], "fields": {"number": {"red": 1}}}, "number": [1], "name": ["x"]},
        groups=[{"cards": [{"colour": "red", "number": 1, "id": "q"}], "id": "x"}],
        expected_total=None,
    )
    assert "attributes.name: 'name' is reserved for every card's own name (expected another attribute name)" in lines
    assert ("attributes.colour.fields.number: 'number' would overwrite the card's attribute number "
            "(expected another field name)") in lines
    assert "groups.0.cards.0.id: 'id' would overwrite the card's own id (expected another field name)" in lines


@pytest.mark.parametrize(
    "key, value, message",
    [
        ("copies", True, "groups.0.copies: found true (expected a whole number)"),
        ("copies", "3", "groups.0.copies: found '3' (expected a whole number)"),
        ("copies", 2.0, "groups.0.copies: found 2.0 (expected a whole number)"),
        ("copies", 0, "groups.0.copies: 0 is below the minimum 1"),
        ("id", 7, "groups.0.id: found 7 (expected text)"),
    ],
)
def test_values_of_the_wrong_kind_are_not_converted(tmp_path: Path, key: str, value: object, message: str):
    group = {"product": ["colour", "number"], "id": "{colour}-{number}", key: value}
    assert deck_problems(tmp_path, groups=[group]) == [message]


def test_a_union_of_kinds_is_one_line_without_its_member_names(tmp_path: Path):
    lines = deck_problems(tmp_path, attributes={"colour": ["red", 1.5, None], "number": [1]})
    assert "attributes.colour.values.1: found 1.5 (expected true or false, a whole number or text)" in lines
    assert "attributes.colour.values.2: found an empty value (expected true or false, a whole number or text)" in lines


def test_template_braces_are_worded_for_people(tmp_path: Path):
    lines = deck_problems(tmp_path, groups=[{"product": ["colour", "number"], "id": "{colour"}])
    assert lines == ["groups.0.id: a '{' or '}' without its pair (write {{ or }} for a brace itself)"]
    lines = deck_problems(tmp_path, groups=[{"product": ["colour", "number"], "id": "{id}-{colour}"}])
    assert lines == ["groups.0.id: the id template cannot use {id} (it makes the id)"]


def write_text(tmp_path: Path, text: str | bytes) -> Path:
    path = tmp_path / "toy" / "deck.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    return path


def test_duplicate_yaml_keys_are_refused(tmp_path: Path):
    path = write_text(tmp_path, "id: toy\nname: Toy\nname: Other\n")
    assert problems(path) == ["line 3, column 1: key 'name' appears twice in one mapping (give each key once)"]
    nested = write_text(tmp_path, "attributes: {colour: [red], colour: [blue]}\n")
    assert problems(nested) == ["line 1, column 29: key 'colour' appears twice in one mapping (give each key once)"]


def test_merge_keys_may_be_overridden(tmp_path: Path):
    text = (
        "id: toy\nname: Toy\nattributes: {colour: [red, blue], number: [1, 2, 3]}\n"
        "base: &b {product: [colour, number], id: x}\n"
        "groups:\n- <<: *b\n  id: '{colour}-{number}'\n"
    )
    assert problems(write_text(tmp_path, text)) == ["base: unknown key (not part of the schema)"]


def test_a_bom_deck_loads(tmp_path: Path):
    assert len(load_deck_file(write_text(tmp_path, b"\xef\xbb\xbf" + yaml.safe_dump(toy()).encode())).cards) == 6


@pytest.mark.parametrize(
    "text, message",
    [
        ("", "the file is empty (expected a mapping of keys)"),
        ("- a\n", "found a list (expected a mapping of keys)"),
        ("a: " + "[" * 5000, "invalid YAML: nested more than 32 levels deep"),
        ("a: " + "[" * 40 + "]" * 40, "nested more than 32 levels deep"),
        ("a: &x [*x]\n", "an anchor contains an alias of itself (data cannot refer to itself)"),
        ("a: " + "1" * 5000, "line 1, column 4: invalid YAML: a number that cannot be read"),
        ("a: 2001-02-30", "line 1, column 4: invalid YAML: a date that cannot be read"),
        ("a: !!bool maybe", "line 1, column 4: invalid YAML: a true/false value that cannot be read"),
        ("!!set x: 1", "line 1, column 1: invalid YAML: found unhashable key"),
        ("a: !!map [1]", "invalid YAML: a tagged value that cannot be read"),
        ("a: !!python/object:os.system {}\n", "line 1, column 4: invalid YAML: "),
    ],
)
def test_malformed_files(tmp_path: Path, text: str, message: str):
    (line,) = problems(write_text(tmp_path, text))
    assert line.startswith(message)


def test_billion_laughs_are_refused_without_expanding(tmp_path: Path):
    lines = ["a0: &a0 [x, x, x, x, x, x, x, x, x, x]"]
    lines += [f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 10) + "]" for i in range(1, 9)]
    start = time.perf_counter()
    (line,) = problems(write_text(tmp_path, "\n".join(lines) + "\n"))
    assert line == "more than 200000 values once anchors and aliases are expanded"
    assert time.perf_counter() - start < 2


def test_big_files_and_devices_are_refused(tmp_path: Path):
    (line,) = problems(write_text(tmp_path, "#" * (1024 * 1024 + 1)))
    assert line == "larger than 1024 KiB (expected a YAML data file of at most that size)"
    with pytest.raises(DataError, match="^/dev/zero: not a regular file"):
        read_yaml(Path("/dev/zero"))


def test_field_paths_use_dots_for_keys_and_positions():
    assert field_path(("setup", 2, "removed")) == "setup.2.removed"
    assert field_path(("groups", 0, "cards", 3, "colour")) == "groups.0.cards.3.colour"


RULES = Path(__file__).parents[2] / "decks" / "mirror" / "games" / "zoomies.yaml"


def rule_problems(tmp_path: Path, change) -> list[str]:
    data = yaml.safe_load(RULES.read_text(encoding="utf-8"))
    change(data)
    path = tmp_path / "mirror" / "games" / "zoomies.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    with pytest.raises(DataError) as info:
        load_rules_file(path)
    for line in info.value.problems:
        assert not any(word in line for word in INTERNALS), line
    return [line[len(f"{path}: "):] for line in info.value.problems]


def test_rule_paths_use_the_same_syntax_as_engine_problems(tmp_path: Path):
    assert rule_problems(tmp_path, lambda d: d["setup"][4].update(removed=True)) == [
        "setup.4.removed: found true (expected a whole number)"]
    assert rule_problems(tmp_path, lambda d: d.update(setup={"four": {}})) == [
        "setup.four: found the key 'four' (expected a whole number)"]


def test_rule_option_specs(tmp_path: Path):
    def option(**spec: object):
        return lambda d: d.update(options={"x": {"description": "An option.", **spec}})

    assert rule_problems(tmp_path, option(type="int", default=0, min=1)) == [
        "options.x: default: 0 is below the minimum 1"]
    assert rule_problems(tmp_path, option(type="float", default=float("nan"))) == [
        "options.x: default: nan is not a finite number (expected a number)"]
    assert rule_problems(tmp_path, option(type="float", default=0.5, max=float("inf"))) == [
        "options.x: min and max must be finite numbers"]
    assert rule_problems(tmp_path, option(type="int", default=True)) == [
        "options.x: default: found true (expected a whole number)"]


def test_a_path_key_in_rule_data_is_unknown(tmp_path: Path):
    assert rule_problems(tmp_path, lambda d: d.update(path="/etc/passwd")) == [
        "path: unknown key (not part of the schema)"]


@pytest.mark.parametrize("name", ["../mirror", "/etc", "mirror/../mirror", "mirror\n"])
def test_deck_names_on_the_command_line_are_names_not_paths(name: str):
    from deckgen.errors import UnknownName
    from deckgen.model.deck import load_deck

    with pytest.raises(UnknownName, match="unknown deck"):
        load_deck(name)


def test_attribute_and_field_names_are_plain_names(tmp_path: Path):
    lines = deck_problems(
        tmp_path,
        attributes={"colour": {"values": ["red"], "fields": {"x y": {"red": 1}}}, "number": [1], "a\nb": ["v"]},
        groups=[{"cards": [{"colour": "red", "number": 1, "flavour text": "q"}], "id": "x"}],
        expected_total=None,
    )
    plain = "(expected a plain name of letters, digits and _, like colour)"
    assert f"attributes.'a\\nb': found 'a\\nb' {plain}" in lines
    assert f"attributes.colour.fields.'x y': found 'x y' {plain}" in lines
    assert f"groups.0.cards.0.'flavour text': found the key 'flavour text' {plain}" in lines


def test_an_id_made_thousands_of_times_is_one_problem(tmp_path: Path):
    attributes = {"a": [f"v{i}" for i in range(60)], "b": [f"w{i}" for i in range(50)]}
    lines = deck_problems(tmp_path, attributes=attributes, groups=[{"product": ["a", "b"], "id": "same"}],
                          expected_total=None, numbering=None)
    assert lines == ["groups.0: duplicate card id 'same' (made 3000 times; ids must be unique)"]
