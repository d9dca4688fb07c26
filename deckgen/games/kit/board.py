"""Cards laid out on a virtual grid, seen as text and drawn as diagrams.

Grid games (Mystique Energy, Clique Mystique, Chain of Restraints) describe their board as
a list of `Cell`s; `deckgen play` prints it after every move with `board_text`, and the
booklet draws the same cells as a diagram, so a reader sees one picture of a position
whichever way it reaches them. Square grids use (column, row) with rows growing downwards;
hexagonal grids use axial (q, r), drawn with each row shifted half a cell to the right of
the row above it, so the six neighbours of (q, r) sit around it on the page.
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

from typing import Mapping, NamedTuple, Sequence

COLOUR_CODES = {"yellow": "y", "red": "r", "blue": "b"}
SUIT_CODES = {"moons": "M", "suns": "S", "arms": "A", "crowns": "C"}


class Cell(NamedTuple):
    """One occupied cell: the top card, how many cards the stack holds, and marks. A named
    tuple: a compiled dataclass is made anew at every start (its methods generated and
    compiled), some three million instructions of every command."""

    col: int
    row: int
    card: str
    height: int = 1
    owner: int = -1  # the seat owning the stack, -1 where ownership does not matter
    turned: bool = False  # the top card lies turned (sideways or upside down)


def card_code(attrs: Mapping[str, object]) -> str:
    """A three-letter code a monospace grid can hold: number, colour, suit (`3bC`)."""
    colour = COLOUR_CODES.get(str(attrs.get("colour", "")), "?")
    suit = SUIT_CODES.get(str(attrs.get("suit", "")), "?")
    return f"{attrs.get('number', '?')}{colour}{suit}"


def cell_token(cell: Cell, code: str) -> str:
    """The cell as text: its code, `xN` for a stack of N, `~` when turned, `@S` for seat S."""
    token = code
    if cell.height > 1:
        token += f"x{cell.height}"
    if cell.turned:
        token += "~"
    if cell.owner >= 0:
        token += f"@{cell.owner}"
    return token


def board_text(cells: Sequence[Cell], codes: Mapping[str, str], hexagonal: bool = False) -> list[str]:
    """The board as monospace lines with column numbers on top and row numbers on the left.

    `codes` maps card ids to short codes. Empty cells inside the bounding box show `.`.
    """
    if not cells:
        return ["(no cards on the board)"]
    tokens = {(c.col, c.row): cell_token(c, codes[c.card]) for c in cells}
    cols = [c for c, _ in tokens]
    rows = [r for _, r in tokens]
    width = max(max(len(t) for t in tokens.values()), len(str(min(cols))), len(str(max(cols)))) + 1
    rows_range = range(min(rows), max(rows) + 1)
    label = max(len(str(r)) for r in rows_range) + 1
    if hexagonal:
        return _hex_text(tokens, width + width % 2)
    header = " " * (label + 1) + "".join(f"{c:<{width}}" for c in range(min(cols), max(cols) + 1))
    lines = [header.rstrip()]
    for row in rows_range:
        line = "".join(f"{tokens.get((col, row), '.'):<{width}}" for col in range(min(cols), max(cols) + 1))
        lines.append(f"{row:>{label}} {line.rstrip()}")
    return lines


def _hex_text(tokens: Mapping[tuple[int, int], str], width: int) -> list[str]:
    """Hexagonal rows: (q, r) starts (2q + r) half-cells from the left, so neighbours touch.

    Each row begins with its r and the q of its first cell; `.` fills the row's gaps.
    """
    half = width // 2
    rows = sorted({r for _, r in tokens})
    left = min(2 * q + r for q, r in tokens)
    lines = ["   r   q| (axial hexagonal grid: q grows to the right, each row half a cell right of the one above)"]
    for row in rows:
        qs = [q for q, r in tokens if r == row]
        body = " " * ((2 * min(qs) + row - left) * half)
        body += "".join(f"{tokens.get((q, row), '.'):<{width}}" for q in range(min(qs), max(qs) + 1))
        lines.append(f"{row:>4}{min(qs):>4}| {body.rstrip()}")
    return lines
