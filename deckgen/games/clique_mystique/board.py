"""Clique Mystique's board: cell indices, the lines Groups are read along, and the Group table.

Cells of the (2R+1) x (2R+1) board are ints, row by row from the top left:
`index = (row + R) * side + (col + R)`, so the centre (0, 0) of the 7x7 board is 24. A set of
cells is a bit mask over these indices. A line is k consecutive cells in a row, column or
diagonal for each Group size k (3, 4 and 5): the 7x7 board has 268 of them.

Groups depend only on which attribute values their top cards show, never on the order along
the line: every card has an attribute key (one bit for its colour, one for its suit, one for
its number) and the OR of the keys of k cards, looked up in the table of size k, says whether
they form a Group, which kind, and how many attributes are constant (a tie-break weight).
"""

from __future__ import annotations

from typing import Final

NO_GROUP: Final = 0
CLIQUE_3: Final = 1
CLIQUE_4: Final = 2
CLIQUE_5: Final = 3
MOTLEY: Final = 4
KIND_NAMES: Final = ("no Group", "Clique of 3", "Clique of 4", "Clique of 5", "Motley Crew")
#: Counter names of the Group kinds (index = kind).
KIND_COUNTERS: Final = ("", "cliques_of_3", "cliques_of_4", "cliques_of_5", "motley_crews")
#: The four directions of a line, as (column step, row step).
DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (1, -1))


def _count(mask: int) -> int:
    return mask.bit_count()


def attribute_key(colour: int, suit: int, number: int, colours: int, suits: int) -> int:
    """One bit per attribute value: colours first, then suits, then numbers."""
    return 1 << colour | 1 << (colours + suit) | 1 << (colours + suits + number)


def group_tables(colours: int, suits: int, numbers: int) -> tuple[list[list[int]], list[list[int]]]:
    """kinds[k][key] and weights[k][key] for Group sizes k = colours, suits, numbers (3, 4, 5):
    the kind of Group k cards whose keys OR to `key` form (NO_GROUP if none), and its tie-break
    weight (the number of constant attributes of a Clique, 1 for a Motley Crew). Lists indexed
    by k (empty for other k), as the hot loops index them without hashing."""
    size = 1 << (colours + suits + numbers)
    colour_part, suit_part = (1 << colours) - 1, (1 << suits) - 1
    largest = max(colours, suits, numbers)
    kinds = [[0] * size if k in (colours, suits, numbers) else [] for k in range(largest + 1)]
    weights = [[0] * size if k in (colours, suits, numbers) else [] for k in range(largest + 1)]
    for key in range(size):
        c = _count(key & colour_part)
        s = _count(key >> colours & suit_part)
        n = _count(key >> (colours + suits))
        # the varying attribute shows every value once; one or two of the others are constant
        entries = ((colours, c == colours, (s == 1) + (n == 1), CLIQUE_3),
                   (suits, s == suits, (c == 1) + (n == 1), CLIQUE_4),
                   (numbers, n == numbers, (c == 1) + (s == 1), CLIQUE_5))
        for k, varies, constant, kind in entries:
            if varies and constant:
                kinds[k][key], weights[k][key] = kind, constant
        if c == colours and s == colours and n == colours and not kinds[colours][key]:
            kinds[colours][key], weights[colours][key] = MOTLEY, 1  # three cards sharing nothing
    return kinds, weights


def could_complete(size: int, key: int, count: int, colours: int, suits: int) -> bool:
    """Whether `count` cards whose keys OR to `key` can be part of a Group of `size` cards:
    the varying attribute distinct so far and another attribute constant so far (or, for a
    line of three, all three attributes distinct so far: a Motley Crew in the making)."""
    if count == 0:
        return True
    c = (key & ((1 << colours) - 1)).bit_count()
    s = (key >> colours & ((1 << suits) - 1)).bit_count()
    n = (key >> (colours + suits)).bit_count()
    if size == colours:
        return c == count and (s == 1 or n == 1 or (s == count and n == count))
    if size == suits:
        return s == count and (c == 1 or n == 1)
    return n == count and (c == 1 or s == 1)


class Geometry:
    """The board's cells and lines for a board radius R (3: the 7x7 board)."""

    def __init__(self, radius: int, sizes: tuple[int, ...]) -> None:
        self.radius = radius
        self.side = 2 * radius + 1
        self.n_cells = self.side * self.side
        #: lines[i]: the cells of line i, ascending (so that a line's cell i is its bit i, in
        #: the order of the board's cells); line_masks[i]: the same cells as a mask.
        self.lines: list[tuple[int, ...]] = []
        self.line_masks: list[int] = []
        for k in sizes:
            for dc, dr in DIRECTIONS:
                for row in range(-radius, radius + 1):
                    for col in range(-radius, radius + 1):
                        end_col, end_row = col + dc * (k - 1), row + dr * (k - 1)
                        if not (self.on_board(end_col, end_row)):
                            continue
                        cells = tuple(sorted(self.index(col + dc * j, row + dr * j) for j in range(k)))
                        self.lines.append(cells)
                        self.line_masks.append(sum(1 << c for c in cells))
        #: through[cell]: the lines containing that cell.
        self.through: list[list[int]] = [[] for _ in range(self.n_cells)]
        for number, cells in enumerate(self.lines):
            for cell in cells:
                self.through[cell].append(number)
        #: subsets[i][bits]: the cells of line i at the bits of `bits` (bit j: its cell j), as
        #: the cells a placement fills are written.
        self.subsets: list[list[tuple[int, ...]]] = [
            [tuple(c for j, c in enumerate(cells) if bits >> j & 1) for bits in range(1 << len(cells))]
            for cells in self.lines]

    def on_board(self, col: int, row: int) -> bool:
        return -self.radius <= col <= self.radius and -self.radius <= row <= self.radius

    def index(self, col: int, row: int) -> int:
        return (row + self.radius) * self.side + col + self.radius

    def col(self, cell: int) -> int:
        return cell % self.side - self.radius

    def row(self, cell: int) -> int:
        return cell // self.side - self.radius

    def name(self, cell: int) -> str:
        """A cell as (row, column), the order the rule text uses."""
        return f"({self.row(cell)},{self.col(cell)})"
