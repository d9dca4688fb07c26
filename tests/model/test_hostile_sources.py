"""Hostile card sources (issue 33): zip bombs refused from the archive's declared sizes before
any XML is read, workbooks without sheets, odd digits, NUL bytes in names and rows whose
copies would make millions of cards; each is one line naming the file and row or field."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.deck import load_deck_file
from tests.model.test_sources import csv_problems, project, write_xlsx

NS = b'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"'


def rewrite_parts(workbook: Path, change: dict[str, bytes | None]) -> None:
    """The workbook with parts replaced (or removed, for None), compressed as spreadsheet apps do."""
    with zipfile.ZipFile(workbook) as old:
        parts = {name: old.read(name) for name in old.namelist()}
    for name, data in change.items():
        if data is None:
            parts.pop(name, None)
        else:
            parts[name] = data
    with zipfile.ZipFile(workbook, "w", zipfile.ZIP_DEFLATED) as new:
        for name, data in parts.items():
            new.writestr(name, data)


def xlsx_problems(tmp_path: Path, change: dict[str, bytes | None]) -> tuple[Path, list[str]]:
    deck = project(tmp_path, "cards.xlsx")
    workbook = deck.parent / "cards.xlsx"
    write_xlsx(workbook, {"Cards": [["id", "colour"], ["a", "red"]]})
    rewrite_parts(workbook, change)
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    for line in info.value.problems:
        assert "\n" not in line and "Error" not in line, line
    return workbook, info.value.problems


@pytest.mark.parametrize(("part", "data"), [
    ("xl/sharedStrings.xml", b"<sst " + NS + b">" + b"<si/>" * 2_000_000 + b"</sst>"),
    ("xl/worksheets/sheet1.xml", b"<worksheet " + NS + b"><sheetData><row r=\"1\"><c t=\"inlineStr\"><is><t>"
     + b"x" * 9_000_000 + b"</t></is></c></row></sheetData></worksheet>"),
], ids=["shared-strings", "inline-string"])
def test_zip_bombs_are_refused_by_their_declared_size(tmp_path: Path, part: str, data: bytes) -> None:
    workbook, problems = xlsx_problems(tmp_path, {part: data})
    assert workbook.stat().st_size < 100_000
    assert problems == [f"{workbook}: its part {part!r} unpacks to {len(data):,} bytes (expected at most 8 MiB "
                        "per part)"]


def test_many_parts_are_refused_by_their_sum(tmp_path: Path) -> None:
    filler = {f"xl/media/filler{i}.xml": b" " * 7_000_000 for i in range(5)}
    workbook, problems = xlsx_problems(tmp_path, filler)
    assert len(problems) == 1 and problems[0].startswith(f"{workbook}: unpacks to ")
    assert problems[0].endswith("bytes (expected at most 32 MiB)")


def test_a_workbook_without_sheets_is_one_line(tmp_path: Path) -> None:
    empty_book = (b"<workbook " + NS + b' xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/'
                  b'relationships"><sheets/></workbook>')
    workbook, problems = xlsx_problems(tmp_path, {"xl/workbook.xml": empty_book})
    assert problems == [f"{workbook}: the workbook has no sheet (expected a sheet of cards)"]


def test_a_workbook_without_its_sheet_xml_is_one_line(tmp_path: Path) -> None:
    workbook, problems = xlsx_problems(tmp_path, {"xl/worksheets/sheet1.xml": None})
    assert problems == [f"{workbook}: the workbook has no sheet (expected a sheet of cards)"]


def test_a_file_that_is_no_zip_says_so_in_plain_words(tmp_path: Path) -> None:
    deck = project(tmp_path, "cards.xlsx")
    (deck.parent / "cards.xlsx").write_bytes(b"PK\x03\x04 not really a zip")
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [f"{deck.parent / 'cards.xlsx'}: cannot be read as an .xlsx workbook (it is "
                                   "not a zip archive, as .xlsx files are; save it again from your spreadsheet app)"]


@pytest.mark.parametrize("copies", ["³", "٣", "1" * 5000])
def test_copies_that_only_look_like_digits(tmp_path: Path, copies: str) -> None:
    problems = csv_problems(tmp_path, f"id,colour,copies\na,red,{copies}\n")
    assert len(problems) == 1 and "row 2, column copies: found " in problems[0]
    assert "(expected a whole number from 1 to 5000)" in problems[0]


def test_a_source_name_with_a_nul_byte(tmp_path: Path) -> None:
    deck = project(tmp_path, "cards\x00.csv")
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [f"{deck}: groups.0.source: found 'cards\\x00.csv' (expected a file name "
                                   "without control characters)"]


def test_rows_times_copies_are_bounded_before_the_cards_are_made(tmp_path: Path) -> None:
    rows = "".join(f"c{i},red,5000\n" for i in range(1000))
    problems = csv_problems(tmp_path, "id,colour,copies\n" + rows)
    assert len(problems) == 1
    assert problems[0].endswith("row 3, column copies: brings the cards with copies to 10,000 (expected at most "
                                "5000 per deck)")


def test_a_group_s_copies_count_too(tmp_path: Path) -> None:
    deck = project(tmp_path, "cards.csv", copies=100)
    (deck.parent / "cards.csv").write_text("id,colour\n" + "".join(f"c{i},red\n" for i in range(60)))
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert [p.split(": ", 1)[1] for p in info.value.problems] == [
        "row 52, column copies: brings the cards with copies to 5,100 (expected at most 5000 per deck)"]
    assert yaml.safe_load(deck.read_text())["groups"][0]["copies"] == 100


def test_a_part_that_declares_less_than_it_holds_unpacks_no_more(tmp_path: Path) -> None:
    """The declared sizes bind: Python's zip reader stops at them (and the checksum then fails)."""
    deck = project(tmp_path, "cards.xlsx")
    workbook = deck.parent / "cards.xlsx"
    write_xlsx(workbook, {"Cards": [["id", "colour"], ["a", "red"]]})
    part = "xl/worksheets/sheet1.xml"
    rewrite_parts(workbook, {part: b"<worksheet " + NS + b"><sheetData>" + b"<row/>" * 5_000_000 + b"</sheetData>"
                             b"</worksheet>"})
    data = bytearray(workbook.read_bytes())
    with zipfile.ZipFile(workbook) as archive:
        local = archive.getinfo(part).header_offset
    central = data.rindex(b"PK\x01\x02", 0, data.rindex(part.encode()))  # its entry in the directory
    data[local + 22:local + 26] = (1000).to_bytes(4, "little")
    data[central + 24:central + 28] = (1000).to_bytes(4, "little")
    workbook.write_bytes(bytes(data))
    with pytest.raises(DataError) as info:
        load_deck_file(deck)
    assert info.value.problems == [f"{workbook}: cannot be read as an .xlsx workbook (damaged; save it again from "
                                   "your spreadsheet app)"]
