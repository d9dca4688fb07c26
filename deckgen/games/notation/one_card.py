"""Games whose every move puts down one hand card, some with one move besides: `play
red-suns-3` and `pass` (Mystical Eddies, Up and Down), `bid red-suns-3` and `stop` (Battle
for the Suns)."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class OneCardNotation(MoveNotation):
    """Moves are `(card,)`, and `(code,)` for the move `other` names as `(word, code)`."""

    def __init__(self, cards: tuple[str, ...], verb: str = "play", other: tuple[str, int] | None = None) -> None:
        self.other = other
        forms = {"card": f"{verb} <card>"}
        if other is not None:
            forms["other"] = other[0]
        self.forms = Forms(cards, forms)

    def text(self, move: Any) -> str:
        if self.other is not None and move[0] == self.other[1]:
            return self.forms.write("other")
        return self.forms.write("card", move[0])

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        return (self.other[1],) if form == "other" and self.other is not None else (values[0],)
