"""Chain of Restraints: `place red-suns-3 at row -1 col 2` lays the card on that space of the
floating grid (the first card at row 0 col 0; rows grow downwards, columns to the right)."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class RestraintsNotation(MoveNotation):
    """Moves are `(card, col, row)`."""

    def __init__(self, cards: tuple[str, ...]) -> None:
        self.forms = Forms(cards, {"place": "place <card> at row <number> col <number>"})

    def text(self, move: Any) -> str:
        card, col, row = move
        return self.forms.write("place", card, row, col)

    def move(self, text: str) -> Any:
        card, row, col = self.forms.read(text)[1]
        return (card, col, row)
