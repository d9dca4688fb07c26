"""Mystique Energy: `place at q 1 r -1` places the card in hand on that hexagonal cell, in
axial coordinates (the first card at q 0 r 0)."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class EnergyNotation(MoveNotation):
    """Moves are `(q, r)`: the card is the one in hand."""

    def __init__(self) -> None:
        self.forms = Forms((), {"place": "place at q <number> r <number>"})

    def text(self, move: Any) -> str:
        return self.forms.write("place", *move)

    def move(self, text: str) -> Any:
        return tuple(self.forms.read(text)[1])
