"""The board as text: square grids with column and row numbers, hexagonal rows shifted so
neighbours touch, stacks, owners and turned cards marked."""

from __future__ import annotations

from deckgen.games.kit.board import Cell, board_text, card_code

CODES = {"a": "1yM", "b": "2rS", "c": "5bC"}


def test_card_code_is_number_colour_suit() -> None:
    assert card_code({"number": 3, "colour": "blue", "suit": "crowns"}) == "3bC"
    assert card_code({"number": 1, "colour": "yellow", "suit": "moons"}) == "1yM"


def test_square_grid_numbers_columns_and_rows_and_dots_the_gaps() -> None:
    lines = board_text([Cell(0, 0, "a"), Cell(2, 1, "b")], CODES)
    assert lines == [
        "   0   1   2",
        " 0 1yM .   .",
        " 1 .   .   2rS",
    ]


def test_stacks_owners_and_turned_cards_are_marked() -> None:
    lines = board_text([Cell(-1, 0, "c", height=3, owner=1, turned=True)], CODES)
    assert lines[1].split() == ["0", "5bCx3~@1"]
    assert lines[0].split() == ["-1"]


def test_hexagonal_neighbours_sit_half_a_cell_apart() -> None:
    cells = [Cell(0, 0, "a"), Cell(1, -1, "b"), Cell(0, -1, "c"), Cell(-1, 1, "b")]
    lines = board_text(cells, CODES, hexagonal=True)
    body = {int(line[:4]): line for line in lines[1:]}
    # (0,-1) sits half a cell left of (0,0), (1,-1) half a cell right; (-1,1) half a cell left.
    assert body[-1].index("5bC") < body[0].index("1yM") < body[-1].index("2rS")
    assert body[0].index("1yM") - body[-1].index("5bC") == body[-1].index("2rS") - body[0].index("1yM")
    assert body[1].index("2rS") < body[0].index("1yM")


def test_an_empty_board_says_so() -> None:
    assert board_text([], CODES) == ["(no cards on the board)"]
