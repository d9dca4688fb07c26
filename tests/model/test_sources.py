"""Card data from spreadsheets (issue 16): CSV, XLSX and YAML sources, every problem naming
the file, the row as a spreadsheet numbers it and the column."""

from __future__ import annotations

import csv
import io
import zipfile
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from openpyxl import Workbook

from deckgen.errors import DataError
from deckgen.model import source_tables, sources
from deckgen.model.deck import load_deck_file
from deckgen.model.deck_data import Deck

ATTRIBUTES = {"colour": ["red", "blue"], "value": [1, 2, 3], "wild": [True, False]}
HEADER = "id,name,colour,value,wild,text,copies\n"


def project(tmp_path: Path, source: str = "cards.csv", **group: object) -> Path:
    """A project with one deck reading its cards from `source`; returns the deck file."""
    tmp_path.mkdir(exist_ok=True)
    (tmp_path / "deckgen.yaml").write_text("name: Test\n")
    deck = tmp_path / "decks" / "mine" / "deck.yaml"
    deck.parent.mkdir(parents=True, exist_ok=True)
    deck.write_text(yaml.safe_dump({"id": "mine", "name": "Mine", "attributes": ATTRIBUTES,
                                    "groups": [{"source": source, **group}]}))
    return deck


def load_csv(tmp_path: Path, text: str | bytes, **group: object) -> Deck:
    deck = project(tmp_path, **group)
    target = deck.parent / "cards.csv"
    target.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return load_deck_file(deck)


def csv_problems(tmp_path: Path, text: str | bytes, **group: object) -> list[str]:
    with pytest.raises(DataError) as info:
        load_csv(tmp_path, text, **group)
    for line in info.value.problems:
        assert "\n" not in line and "Traceback" not in line
    return info.value.problems


def test_columns_become_attributes_free_fields_copies_id_and_name(tmp_path: Path):
    deck = load_csv(tmp_path, HEADER + "a,Alpha,red,1,false,\"two\nlines\",\nb,Beta,blue,3,TRUE,,2\n\n\n")
    assert [c.id for c in deck.cards] == ["a", "b-1", "b-2"]
    alpha, beta = deck.cards[0], deck.cards[1]
    assert (alpha.name, alpha.attrs, alpha.fields) == ("Alpha", {"colour": "red", "value": 1, "wild": False},
                                                       {"text": "two\nlines"})
    assert beta.attrs == {"colour": "blue", "value": 3, "wild": True} and beta.fields == {"text": ""}
    assert deck.cards[1].signature() == deck.cards[2].signature()


def test_empty_cells_are_no_value_and_templates_make_ids_and_names(tmp_path: Path):
    deck = load_csv(tmp_path, "colour,value\nred,1\nblue,\n", id="{colour}-{value}", name="{colour} {value}")
    assert [(c.id, c.name, c.attrs["value"]) for c in deck.cards] == [("red-1", "red 1", 1), ("blue-", "blue ", None)]


def test_semicolons_and_a_byte_order_mark_as_spreadsheet_apps_export(tmp_path: Path):
    deck = load_csv(tmp_path, "\ufeffid;colour;value\r\nx;red;2\r\n")
    assert [(c.id, c.attrs["colour"], c.attrs["value"]) for c in deck.cards] == [("x", "red", 2)]


@pytest.mark.parametrize(
    "rows, expected",
    [
        ("a,A,purpel,1,,,\n", "row 2, column colour: value 'purpel' is not declared (expected one of red, blue)"),
        ("a,A,red,7,,,\n", "row 2, column value: value '7' is not declared (expected one of 1, 2, 3)"),
        ("a,A,red,1.5,,,\n", "row 2, column value: value '1.5' is not declared (expected one of 1, 2, 3)"),
        ("a,A,red,1,maybe,,\n", "row 2, column wild: value 'maybe' is not declared (expected one of true, false)"),
        ("a,A,red,1,,,0\n", "row 2, column copies: found '0' (expected a whole number from 1 to 5000)"),
        ("a,A,red,1,,,-1\n", "row 2, column copies: found '-1' (expected a whole number from 1 to 5000)"),
        ("a,A,red,1,,,two\n", "row 2, column copies: found 'two' (expected a whole number from 1 to 5000)"),
        ("a,A,red,1,,,\n,,,,,,\nb,B,blue,1,,,\n", "row 3: empty row (delete it, or fill it in)"),
        ("a,A,red,1,,,\na,B,blue,1,,,\n", "row 3, column id: duplicate card id 'a' (also row 2; ids must be unique)"),
        ("a,A,red,1,,,\nb,A,red,1,,,\n", "row 3: the same card as row 2 (give that row copies instead)"),
        ("../x,A,red,1,,,\n", "row 2, column id: makes the card id '../x' (expected an id of letters"),
        ("a,A,red,1,,,,extra\n", "row 2: 8 cells, but the header names 7 columns (name the extra columns in row 1)"),
        ("a,A,red,1,,\n", "row 2: 6 cells, but the header names 7 columns (no cell for "),
        ("a,\"A\nB\",red,1,,,\n", "row 2, column name: makes the card name 'A\\nB' (expected one line"),
        ("a,\"unclosed,red,1,,,\n", "line 2: not valid CSV (unexpected end of data)"),
    ],
    ids=["undeclared", "int-range", "not-int", "bool", "copies-0", "copies-negative", "copies-text", "blank-row",
         "duplicate-id", "same-card", "unsafe-id", "extra-cells", "short-row", "name-newline", "bad-quote"],
)
def test_every_row_problem_names_file_row_and_column(tmp_path: Path, rows: str, expected: str):
    lines = csv_problems(tmp_path, HEADER + rows)
    path = tmp_path / "decks" / "mine" / "cards.csv"
    assert any(line.startswith(f"{path}: {expected}") for line in lines), lines


def test_every_bad_row_is_reported_at_once(tmp_path: Path):
    lines = csv_problems(tmp_path, HEADER + "a,A,purpel,1,,,\nb,B,red,9,,,\n,,,,,,\nc,C,red,1,,,x\n")
    assert len(lines) == 4
    assert [line.split(": ")[1] for line in lines] == ["row 4", "row 2, column colour", "row 3, column value",
                                                       "row 5, column copies"]


@pytest.mark.parametrize(
    "header, expected",
    [
        ("id,,colour\nx,1,red\n", "row 1, column B: the header cell is empty"),
        ("id,colour,colour\nx,red,red\n", "row 1, column colour: named twice in the header"),
        ("id,copy\nx,1\n", "row 1, column copy: 'copy' is reserved"),
        ("id,card text\nx,1\n", "row 1, column card text: found the column name 'card text' (expected a plain name"),
        ("id,Colour\nx,red\n", "row 1, column Colour: not an attribute of the deck; did you mean colour?"),
        ("", "no header row (expected column names"),
        ("\n\n", "no header row (expected column names"),
    ],
    ids=["empty-cell", "twice", "copy", "spaces", "case", "empty-file", "blank-file"],
)
def test_header_problems_name_row_1_and_the_column(tmp_path: Path, header: str, expected: str):
    lines = csv_problems(tmp_path, header)
    assert lines == [f"{tmp_path / 'decks' / 'mine' / 'cards.csv'}: {expected}"] or \
        any(expected in line for line in lines), lines


def test_a_source_without_ids_needs_an_id_template(tmp_path: Path):
    (line,) = csv_problems(tmp_path, "colour,value\nred,1\n")
    assert line.endswith("groups.0: cards.csv has no id column: give the group an id template such as "
                         "\"{colour}-{number}\", or add an id column")
    (line,) = csv_problems(tmp_path, "colour\nred\n", id="{colour}-{size}")
    assert line.endswith("row 2, column id: empty, and the id template names fields this row lacks: size")


@pytest.mark.parametrize(
    "content, expected",
    [
        (b"id,colour\nx,red\x00\n", "binary data, not text (expected a CSV text file)"),
        (b"id,colour\nx,r\xe9d\n", "not a UTF-8 text file (expected a CSV text file)"),
    ],
    ids=["binary", "latin-1"],
)
def test_files_that_are_not_csv_text(tmp_path: Path, content: bytes, expected: str):
    assert csv_problems(tmp_path, content) == [f"{tmp_path / 'decks' / 'mine' / 'cards.csv'}: {expected}"]


def test_size_and_row_limits(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(source_tables, "MAX_SOURCE_BYTES", 100)
    (line,) = csv_problems(tmp_path, "id,colour\n" + "x,red\n" * 30)
    assert line.endswith("larger than 0 KiB (expected a CSV text file of at most that size)")
    monkeypatch.setattr(source_tables, "MAX_SOURCE_BYTES", 1 << 20)
    for module in (source_tables, sources):  # rows read, and cards made with their copies
        monkeypatch.setattr(module, "MAX_CARDS", 5)
    rows = "".join(f"c{i},red\n" for i in range(6))
    (line,) = csv_problems(tmp_path, "id,colour\n" + rows)
    assert line.endswith("more than 5 card rows (a deck has at most 5 cards)")
    (line,) = csv_problems(tmp_path, "id,colour,copies\nc,red,3\nd,blue,3\n")
    assert line.endswith("cards.csv: row 3, column copies: brings the cards with copies to 6 (expected at most 5 "
                         "per deck)")


@pytest.mark.parametrize(
    "source, expected",
    [
        ("missing.csv", "missing.csv: file not found"),
        ("cards.txt", "groups.0.source: found 'cards.txt' (expected a .csv, .xlsx, .yaml or .yml file)"),
        ("../../../outside.csv", "groups.0.source: "),
    ],
    ids=["missing", "suffix", "outside"],
)
def test_source_files_that_cannot_be_used(tmp_path: Path, source: str, expected: str):
    project_dir = tmp_path / "p"
    project_dir.mkdir()
    (tmp_path / "outside.csv").write_text("id\nx\n")
    deck = project(project_dir, source)
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    (line,) = info.value.problems
    assert expected in line
    if source.startswith(".."):
        assert "outside the project folder" in line and "only files inside it are read" in line


def test_a_link_out_of_the_project_is_refused(tmp_path: Path):
    secret = tmp_path / "secret.csv"
    secret.write_text("id\nx\n")
    deck = project(tmp_path / "p")
    (deck.parent / "cards.csv").symlink_to(secret)
    with pytest.raises(DataError, match="outside the project folder"):
        load_deck_file(deck)


def test_sheet_only_for_workbooks(tmp_path: Path):
    (line,) = csv_problems(tmp_path, HEADER, sheet="Cards")
    assert line.endswith("groups.0.sheet: only an .xlsx source has sheets (remove sheet:)")


# --------------------------------------------------------------------------- XLSX


def write_xlsx(path: Path, sheets: dict[str, list[list[object]]]) -> None:
    book = Workbook()
    book.remove(book.active)
    for title, rows in sheets.items():
        sheet = book.create_sheet(title)
        for row in rows:
            sheet.append(row)
    book.save(path)


def test_xlsx_first_sheet_or_the_named_one(tmp_path: Path):
    deck = project(tmp_path, "cards.xlsx")
    write_xlsx(deck.parent / "cards.xlsx", {
        "Notes": [["id", "colour", "value", "wild", "cost"], ["n", "red", 1, True, 2.5]],
        "Cards": [["id", "colour", "value", "copies"], ["a", "blue", 3.0, 2], [None, None, None, None]],
    })
    first = load_deck_file(deck)
    assert [(c.id, c.attrs, c.fields) for c in first.cards] == [
        ("n", {"colour": "red", "value": 1, "wild": True}, {"cost": 2.5})]
    deck.write_text(deck.read_text().replace("source: cards.xlsx", "source: cards.xlsx\n  sheet: Cards"))
    named = load_deck_file(deck)
    assert [c.id for c in named.cards] == ["a-1", "a-2"] and named.cards[0].attrs["value"] == 3


def test_xlsx_problems_name_sheet_rows_and_columns(tmp_path: Path):
    deck = project(tmp_path, "cards.xlsx", sheet="Nope")
    workbook = deck.parent / "cards.xlsx"
    write_xlsx(workbook, {"Cards": [["id", "colour"], ["a", "green"]]})
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [f"{workbook}: no sheet 'Nope' (sheets: Cards)"]
    project(tmp_path, "cards.xlsx")
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [
        f"{workbook}: row 2, column colour: value 'green' is not declared (expected one of red, blue)"]


def test_xlsx_formulas_read_as_their_calculated_values(tmp_path: Path):
    """A spreadsheet app stores each formula's last value beside it; deckgen reads that value."""
    deck = project(tmp_path, "cards.xlsx")
    workbook = deck.parent / "cards.xlsx"
    write_xlsx(workbook, {"Cards": [["id", "value"], ["a", "=1+1"]]})
    with zipfile.ZipFile(workbook) as old:
        parts = {name: old.read(name) for name in old.namelist()}
    sheet = next(name for name in parts if name.startswith("xl/worksheets/sheet"))
    parts[sheet] = parts[sheet].replace(b"<f>1+1</f><v />", b"<f>1+1</f><v>2</v>")
    assert b"<v>2</v>" in parts[sheet]
    with zipfile.ZipFile(workbook, "w") as new:
        for name, data in parts.items():
            new.writestr(name, data)
    assert load_deck_file(deck).cards[0].attrs["value"] == 2


@pytest.mark.parametrize("content", [b"PK\x03\x04 not really a zip", b"\x00\x01\x02" * 100, b""],
                         ids=["broken-zip", "binary", "empty"])
def test_damaged_workbooks_are_one_line(tmp_path: Path, content: bytes):
    deck = project(tmp_path, "cards.xlsx")
    (deck.parent / "cards.xlsx").write_bytes(content)
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    (line,) = info.value.problems
    assert line.startswith(f"{deck.parent / 'cards.xlsx'}: cannot be read as an .xlsx workbook")


# --------------------------------------------------------------------------- YAML


def test_yaml_list_of_cards_with_typed_values(tmp_path: Path):
    deck = project(tmp_path, "cards.yaml")
    (deck.parent / "cards.yaml").write_text(yaml.safe_dump([
        {"id": "a", "colour": "red", "value": 2, "wild": False, "text": "Hi"},
        {"id": "b", "colour": "blue", "copies": 2},
    ]))
    loaded = load_deck_file(deck)
    assert [(c.id, c.attrs["value"], c.fields["text"]) for c in loaded.cards] == [
        ("a", 2, "Hi"), ("b-1", None, ""), ("b-2", None, "")]


@pytest.mark.parametrize(
    "data, expected",
    [
        ({"id": "a"}, "found a mapping (expected a list of cards, one mapping each)"),
        (["a"], "0: found 'a' (expected a mapping of column: value)"),
        ([{"id": "a", "colour": ["red"]}], "0.colour: found a list (expected one value)"),
        ([{"id": "a", "value": "2"}], "0.value: value '2' is not declared (expected one of 1, 2, 3)"),
        ([{"id": "a"}, {"id": "a", "colour": "red"}], "1.id: duplicate card id 'a' (also 0; ids must be unique)"),
    ],
    ids=["not-a-list", "not-a-mapping", "nested", "kind", "duplicate"],
)
def test_yaml_rows_are_named_like_field_paths(tmp_path: Path, data: object, expected: str):
    deck = project(tmp_path, "cards.yaml")
    (deck.parent / "cards.yaml").write_text(yaml.safe_dump(data))
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [f"{deck.parent / 'cards.yaml'}: {expected}"]


# --------------------------------------------------------------------------- round trips

ROWS = st.lists(
    st.tuples(st.sampled_from(["red", "blue"]), st.sampled_from([1, 2, 3]), st.booleans(),
              st.text(st.characters(codec="utf-8", exclude_categories=("Cs", "Cc")), max_size=20)
              .filter(lambda t: not t.startswith("=")),  # a workbook takes "=..." for a formula
              st.integers(1, 3)),
    min_size=1, max_size=25,
)


def expected_cards(rows: list[tuple]) -> list[tuple]:
    out = []
    for index, (colour, value, wild, text, copies) in enumerate(rows):
        for copy in range(1, copies + 1):
            card_id = f"c{index}" if copies == 1 else f"c{index}-{copy}"
            out.append((card_id, f"Card {index}", {"colour": colour, "value": value, "wild": wild},
                        text.strip() and text))
    return out


def loaded_cards(deck: Deck) -> list[tuple]:
    return [(c.id, c.name, c.attrs, c.fields["text"]) for c in deck.cards]


def table(rows: list[tuple]) -> list[list[object]]:
    return [["id", "name", "colour", "value", "wild", "text", "copies"]] + [
        [f"c{i}", f"Card {i}", colour, value, wild, text, copies]
        for i, (colour, value, wild, text, copies) in enumerate(rows)]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=ROWS)
def test_csv_round_trip(tmp_path: Path, rows: list[tuple]):
    buffer = io.StringIO()
    csv.writer(buffer).writerows([[str(c).lower() if isinstance(c, bool) else c for c in row] for row in table(rows)])
    deck = load_csv(tmp_path, buffer.getvalue())
    assert loaded_cards(deck) == expected_cards(rows)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(rows=ROWS)
def test_xlsx_round_trip(tmp_path: Path, rows: list[tuple]):
    deck = project(tmp_path, "cards.xlsx")
    write_xlsx(deck.parent / "cards.xlsx", {"Cards": [[c if c != "" else None for c in row] for row in table(rows)]})
    assert loaded_cards(load_deck_file(deck)) == expected_cards(rows)
