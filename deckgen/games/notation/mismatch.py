"""Mismatch: no choices; `duel` turns up the next cards of the duel."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class MismatchNotation(MoveNotation):
    def __init__(self, duel: tuple[int]) -> None:
        self.duel = duel
        self.forms = Forms((), {"duel": "duel"})

    def text(self, move: Any) -> str:
        return self.forms.write("duel")

    def move(self, text: str) -> Any:
        self.forms.read(text)
        return self.duel
