"""Deck loading: the shipped decks' cards and every loader error path."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError, UnknownName
from deckgen.model.deck import deck_ids, load_deck, load_deck_file
from deckgen.paths import decks_dir


def write_deck(tmp_path: Path, data: object, folder: str = "toy") -> Path:
    path = tmp_path / folder / "deck.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    return path


def toy(**overrides: object) -> dict:
    data = {
        "id": "toy",
        "name": "Toy",
        "attributes": {"colour": ["red", "blue"], "number": [1, 2, 3]},
        "groups": [{"product": ["colour", "number"], "id": "{colour}-{number}"}],
        "numbering": {"field": "card_number"},
        "expected_total": 6,
    }
    data.update(overrides)
    return data


def problems_of(path: Path) -> list[str]:
    with pytest.raises(DataError) as info:
        load_deck_file(path)
    return info.value.problems


def test_shipped_decks_are_the_six_families():
    assert deck_ids() == ["mirror", "mirrorquest", "mismatch", "mystique", "smoke-and-mirrors", "standard"]


@pytest.mark.parametrize(
    "deck_id, total", [("mystique", 60), ("mirror", 54), ("mirrorquest", 76), ("smoke-and-mirrors", 18), ("mismatch", 208),
                       ("standard", 52)]
)
def test_shipped_deck_totals_and_unique_ids(deck_id: str, total: int):
    deck = load_deck(deck_id)
    assert len(deck.cards) == total
    assert len({c.id for c in deck.cards}) == total
    assert sorted(c.number for c in deck.cards) == list(range(1, total + 1))


@pytest.mark.parametrize(
    "number, colour, suit, value",
    [(53, "red", "crowns", 3), (26, "blue", "suns", 1), (35, "yellow", "arms", 5)],
)
def test_mystique_numbering_matches_the_source_examples(number, colour, suit, value):
    deck = load_deck("mystique")
    (card,) = [c for c in deck.cards if c.number == number]
    assert (card.attrs["colour"], card.attrs["suit"], card.attrs["number"]) == (colour, suit, value)


def test_mystique_aces_palms_and_realms():
    deck = load_deck("mystique")
    assert sum(c.fields.get("title") == "ace" for c in deck.cards) == 12
    assert sum(c.fields.get("title") == "palm" for c in deck.cards) == 12
    assert sum(c.fields["realm"] == "heaven" for c in deck.cards) == 30
    assert [b.id for b in deck.backs] == ["gold", "silver"]


def test_mirror_deck_reads_every_number_once():
    deck = load_deck("mirror")
    readings = [r for c in deck.cards for r in c.fields["readings"]]
    assert sorted(readings) == list(range(1, 100))
    special = [c for c in deck.cards if c.fields["special"]]
    assert sorted(c.fields["readings"][0] for c in special) == [11, 22, 33, 44, 55, 66, 77, 88, 99]
    assert deck.card("mirror-05").fields["readings"] == [5, 50]


def test_mirrorquest_default_composition():
    deck = load_deck("mirrorquest")
    kinds = [c.attrs["kind"] for c in deck.cards]
    assert (kinds.count("card"), kinds.count("wild"), kinds.count("pickup2"), kinds.count("pickup4")) == (64, 4, 4, 4)
    assert deck.card("yellow-deer-winterwoods").name == "Yellow Deer in Winterwoods"
    assert deck.card("pickup4-1").fields["pickup"] == 4
    assert deck.card("wild-1").attrs["colour"] is None


def test_smoke_and_mirrors_types():
    deck = load_deck("smoke-and-mirrors")
    by_type = {t: sorted(str(c.attrs["value"]) if c.attrs["kind"] == "number" else "M" for c in deck.cards if c.attrs["type"] == t) for t in ("star", "swirl", "skull")}
    assert by_type == {
        "star": ["1", "1", "1", "1", "1", "M"],
        "swirl": ["1", "2", "3", "4", "5", "M"],
        "skull": ["5", "5", "5", "5", "5", "M"],
    }


def test_mismatch_values():
    deck = load_deck("mismatch")
    assert {c.attrs["rank"]: c.fields["value"] for c in deck.cards if c.attrs["colour"] == "red" and c.attrs["suit"] == "hearts"} == {
        "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9, "10": 10, "J": 10, "Q": 11, "K": 12, "A": 13,
    }


def test_unknown_deck_lists_known_ones():
    with pytest.raises(UnknownName, match="known decks: mirror, mirrorquest"):
        load_deck("mystiqe")


def test_missing_file(tmp_path: Path):
    assert problems_of(tmp_path / "nothing" / "deck.yaml") == [f"{tmp_path / 'nothing' / 'deck.yaml'}: file not found"]


def test_yaml_syntax_error_names_line(tmp_path: Path):
    path = write_deck(tmp_path, "id: toy\nname: [unclosed\n")
    (line,) = problems_of(path)
    assert line.startswith(f"{path}: line ") and "invalid YAML" in line


@pytest.mark.parametrize("text", ["", "- a\n- b\n", "just text\n"])
def test_not_a_mapping(tmp_path: Path, text: str):
    (line,) = problems_of(write_deck(tmp_path, text))
    assert "expected a mapping" in line


def test_unknown_keys_are_each_reported(tmp_path: Path):
    data = toy(colours=["x"])
    data["groups"][0]["shape"] = "round"
    lines = problems_of(write_deck(tmp_path, data))
    assert any(line.endswith(": colours: unknown key (not part of the schema)") for line in lines)
    assert any(": groups.0.shape: unknown key" in line for line in lines)


def test_undeclared_value_in_explicit_list(tmp_path: Path):
    data = toy(groups=[{"cards": [{"colour": "green", "number": 1}], "id": "{colour}-{number}"}], expected_total=None)
    (line,) = problems_of(write_deck(tmp_path, data))
    assert line == f"{tmp_path / 'toy' / 'deck.yaml'}: groups.0.cards.0.colour: value 'green' is not declared (expected one of 'red', 'blue')"


def test_duplicate_card_without_copies(tmp_path: Path):
    data = toy(groups=[
        {"cards": [{"colour": "red", "number": 1}], "id": "a"},
        {"cards": [{"colour": "red", "number": 1}], "id": "b"},
    ], expected_total=None)
    (line,) = problems_of(write_deck(tmp_path, data))
    assert "groups.1: duplicate card" in line and "copies" in line


def test_duplicate_ids(tmp_path: Path):
    data = toy(groups=[{"product": ["colour", "number"], "id": "{colour}"}])
    lines = problems_of(write_deck(tmp_path, data))
    assert any("duplicate card id 'red'" in line for line in lines)


def test_wrong_expected_total_and_several_problems_at_once(tmp_path: Path):
    data = toy(expected_total=7, id="other")
    lines = problems_of(write_deck(tmp_path, data))
    assert any(line.endswith("expected_total: deck generates 6 cards (expected 7)") for line in lines)
    assert any(line.endswith("id: 'other' does not match its folder (expected 'toy')") for line in lines)


def test_a_deck_file_named_from_its_own_folder_is_found_by_that_folder(tmp_path: Path, monkeypatch) -> None:
    """`deckgen validate deck.yaml` run inside the deck's folder: the folder is the current one."""
    path = write_deck(tmp_path, toy())
    monkeypatch.chdir(path.parent)
    assert load_deck_file(Path("deck.yaml")).id == "toy"


def test_unknown_attribute_in_product_and_numbering(tmp_path: Path):
    data = toy(groups=[{"product": ["colour", "size"], "id": "{colour}"}], numbering={"weights": {"size": 2}})
    lines = problems_of(write_deck(tmp_path, data))
    assert any("groups.0.product: unknown attribute 'size'" in line for line in lines)


def test_bad_template_placeholder(tmp_path: Path):
    data = toy(groups=[{"product": ["colour", "number"], "id": "{colour.__class__}"}])
    lines = problems_of(write_deck(tmp_path, data))
    assert any("groups.0.id: placeholder {colour.__class__} must be a plain name" in line for line in lines)


def test_template_naming_unknown_field(tmp_path: Path):
    data = toy(groups=[{"product": ["colour", "number"], "id": "{colour}-{size}"}])
    lines = problems_of(write_deck(tmp_path, data))
    assert any("groups.0.id: the templates name unknown fields: size" in line for line in lines)


def test_two_generators_in_one_group(tmp_path: Path):
    data = toy(groups=[{"product": ["colour"], "cards": [{"colour": "red"}], "id": "x"}])
    (line,) = problems_of(write_deck(tmp_path, data))
    assert "groups.0: " in line and "exactly one of product, digit_pairs, cards" in line


def test_repeated_attribute_values(tmp_path: Path):
    data = toy(attributes={"colour": ["red", "red"], "number": [1]})
    lines = problems_of(write_deck(tmp_path, data))
    assert any("attributes.colour" in line and "unique" in line for line in lines)


def test_copies_give_distinct_ids(tmp_path: Path):
    data = toy(groups=[{"cards": [{"colour": "red", "number": 1}], "copies": 3, "id": "red-one"}], expected_total=3)
    deck = load_deck_file(write_deck(tmp_path, data))
    assert [c.id for c in deck.cards] == ["red-one-1", "red-one-2", "red-one-3"]


def test_digit_pairs_need_low_and_high(tmp_path: Path):
    data = toy(groups=[{"digit_pairs": {"digits": 3}, "id": "d"}], expected_total=None)
    (line,) = problems_of(write_deck(tmp_path, data))
    assert "groups.0.digit_pairs: needs the attributes low, high to be declared" in line


def test_shipped_files_validate_from_disk():
    for deck_id in deck_ids():
        assert load_deck_file(decks_dir() / deck_id / "deck.yaml").id == deck_id
