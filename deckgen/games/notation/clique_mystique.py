"""Clique Mystique: `place red-suns-3 at row -1 col 2 and blue-moons-1 at row 0 col 0` places
one to three hand cards (cells in the move's order, row first as the rules name them);
`replace red-suns-3 blue-moons-1` sets those cards aside and draws as many; `pass`."""

from __future__ import annotations

from typing import Any

from deckgen.errors import BadPosition
from deckgen.games.kit.notation import Forms, MoveNotation

#: Cards one placement may put down.
MOST_PLACED = 3
PLACED = "<card> at row <number> col <number>"


class CliqueNotation(MoveNotation):
    """Moves are `(place, cell, card, ...)`, `(replace, card, ...)` or `(pass,)`; a cell is
    `(row + radius) * side + col + radius`."""

    def __init__(self, cards: tuple[str, ...], radius: int, codes: tuple[int, int, int]) -> None:
        self.radius, self.side = radius, 2 * radius + 1
        self.place, self.replace, self.pass_ = codes
        forms = {f"place{n}": "place " + " and ".join([PLACED] * n) for n in range(1, MOST_PLACED + 1)}
        self.forms = Forms(cards, {**forms, "replace": "replace <cards>", "pass": "pass"})

    def text(self, move: Any) -> str:
        if move[0] == self.pass_:
            return self.forms.write("pass")
        if move[0] == self.replace:
            return self.forms.write("replace", move[1:])
        values: list[int] = []
        for j in range(1, len(move), 2):
            cell = move[j]
            values += [move[j + 1], cell // self.side - self.radius, cell % self.side - self.radius]
        return self.forms.write(f"place{len(values) // 3}", *values)

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        if form == "pass":
            return (self.pass_,)
        if form == "replace":
            return (self.replace, *values[0])
        move = [self.place]
        for j in range(0, len(values), 3):
            card, row, col = values[j:j + 3]
            if max(abs(row), abs(col)) > self.radius:
                raise BadPosition(f"move {text!r}: row {row} col {col} is off the board (rows and columns "
                                  f"-{self.radius} to {self.radius})")
            move += [(row + self.radius) * self.side + col + self.radius, card]
        return tuple(move)
