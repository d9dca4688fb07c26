"""Sheet files: the built-ins load, a user's own sheet (grid or explicit slots) works, and
every mistake is one line naming the file and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.errors import DataError, UnknownName
from deckgen.model.geometry import CARD_SIZES, CardGeometry
from deckgen.model.sheet import load_sheet, sheet_names

POKER = CardGeometry(*CARD_SIZES["poker"])


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "mine.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def problems(path: Path, card: CardGeometry = POKER) -> list[str]:
    with pytest.raises(DataError) as caught:
        spec, where = load_sheet(str(path))
        spec.layout(card, where)
    return caught.value.problems


def test_every_built_in_sheet_loads_and_places_its_cards() -> None:
    for name in sheet_names():
        spec, path = load_sheet(name)
        assert spec.layout(POKER if spec.card == "any" else CardGeometry(*CARD_SIZES["poker"], bleed=3.2),
                           path).per_page >= 1


def test_a_users_sheet_with_explicit_slots(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Two\npaper: a4\ncard: poker\nslots: [[20, 20], [88, 20]]\ngutter: 0\n"
                           "bleed: 3\nduplex: short-edge\n")
    spec, where = load_sheet(str(path))
    layout = spec.layout(POKER, where)
    first, second = layout.slots
    assert first.x == 20 and first.y == pytest.approx(297 - 20 - POKER.height)
    assert first.bleed_right == second.bleed_left == pytest.approx((88 - 20 - POKER.width) / 2)
    assert first.bleed_left == 3
    assert layout.mirror == "rows"  # a short-edge flip of a portrait page turns it about a horizontal axis


def test_orientation_any_turns_the_page_to_hold_more_cards() -> None:
    spec, path = load_sheet("letter")
    bridge = spec.layout(CardGeometry(*CARD_SIZES["bridge"]), path)
    assert (bridge.page_width, bridge.per_page) == (279.4, 8)  # upright Letter holds only 3 x 2
    tarot = spec.layout(CardGeometry(*CARD_SIZES["tarot"]), path)
    assert (tarot.page_width, tarot.per_page, tarot.mirror) == (215.9, 4, "columns")


def test_landscape_paper_in_inches(tmp_path: Path) -> None:
    spec, where = load_sheet(str(write(tmp_path, "name: L\npaper: 8.5x11in\norientation: landscape\n")))
    layout = spec.layout(POKER, where)
    assert (layout.page_width, layout.page_height) == pytest.approx((279.4, 215.9))
    assert layout.mirror == "rows"


def test_every_problem_names_the_file_and_field(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Bad\npaper: b7\ncard: huge\ngutter: -1\nbleed: 20\nmarks: {style: dots}\n"
                           "colour: red\n")
    lines = problems(path)
    assert len(lines) == 6
    for field in ("paper: unknown paper 'b7'", "card: unknown card size 'huge'", "gutter:", "bleed:",
                  "marks.style:", "colour: unknown key"):
        assert any(line.startswith(f"{path}: {field}") for line in lines), (field, lines)


def test_slots_that_overlap_or_leave_the_printable_area(tmp_path: Path) -> None:
    path = write(tmp_path, "name: Bad\npaper: a4\ncard: poker\nslots: [[2, 20], [40, 20]]\n")
    lines = problems(path)
    assert lines[0] == (f"{path}: slots: slot 1: the card's trim leaves the printable area (4.2 mm from each "
                        "edge of the 210 x 297 mm page)")
    assert lines[1] == f"{path}: slots: slots 1 and 2 overlap"
    nan = write(tmp_path, "name: Bad\npaper: a4\ncard: poker\nslots: [[.nan, 20], [20, .inf]]\n")
    assert [line.split(": ", 2)[1] for line in problems(nan)] == ["slots.0.0", "slots.1.1"]
    both = write(tmp_path, "name: Bad\npaper: a4\ngrid: {columns: 2, rows: 2}\nslots: [[20, 20]]\n")
    assert "give either grid or slots, not both" in problems(both)[0]
    turned = write(tmp_path, "name: Bad\npaper: a4\norientation: any\ngrid: {columns: 2, rows: 2}\n")
    assert "orientation any is for an auto grid" in problems(turned)[0]


def test_a_card_the_sheet_is_not_for(tmp_path: Path) -> None:
    spec, path = load_sheet("a4-9up")
    with pytest.raises(DataError, match=r"a4-9up.yaml: card: the sheet is for poker cards"):
        spec.layout(CardGeometry(*CARD_SIZES["tarot"]), path)
    big = write(tmp_path, "name: Grid\npaper: a4\ngrid: {columns: 4, rows: 4}\n")
    assert problems(big) == [(f"{big}: grid.columns: 4 columns of 63.5 mm cards, 4 mm apart, take 266 mm; the "
                             "printable area has 201.6 mm"), (f"{big}: grid.rows: 4 rows of 88.9 mm cards, 4 mm "
                             "apart, take 367.6 mm; the printable area has 288.6 mm")]


def test_unknown_sheet_names_the_built_ins() -> None:
    with pytest.raises(UnknownName, match="unknown sheet 'a5-9up' .built-in sheets: a4, a4-8up-bleed"):
        load_sheet("a5-9up")
    with pytest.raises(DataError, match=r"^\.\./decks: file not found$"):
        load_sheet("../decks")  # a path, read as one (and refused as no file)
