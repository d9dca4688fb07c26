"""Mystique: `cast red-suns-3 red-suns-4 as suns` casts (or opens with) those cards
announcing that value; `deflect with yellow-arms-1` deflects the spell with one palm; `take
burns` takes the round's cards as burns."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.cards import bits_of
from deckgen.games.kit.notation import Forms, MoveNotation


class MystiqueNotation(MoveNotation):
    """Moves are `(code, mask)`: an attribute code casts, and `codes` gives the take and
    deflect actions. Each attribute code is written as its value (`red`, `suns`, `4`), or
    as `attribute:value` where two attributes share a value."""

    def __init__(self, cards: tuple[str, ...], code_values: tuple[tuple[str, Any], ...], codes: tuple[int, int]) -> None:
        words = [str(value) for _, value in code_values]
        values = [word if words.count(word) == 1 else f"{attribute}:{word}"
                  for (attribute, _), word in zip(code_values, words)]
        self.take, self.deflect = codes
        self.forms = Forms(cards, {"cast": "cast <cards> as <value>", "deflect": "deflect with <card>",
                                       "take": "take burns"}, {"value": values})

    def text(self, move: Any) -> str:
        action, mask = move
        if action == self.take:
            return self.forms.write("take")
        cards = bits_of(mask)
        if action == self.deflect:
            return self.forms.write("deflect", cards[0])
        return self.forms.write("cast", cards, action)

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        if form == "take":
            return (self.take, 0)
        if form == "deflect":
            return (self.deflect, 1 << values[0])
        return (values[1], sum(1 << c for c in set(values[0])))

