"""Smoke and Mirrors: `challenge` the standing act; `break`; `play star-1-4 moon-2-1` takes back
the previous act and plays these cards face down claiming one more; `give star-1-1`: the
survivor of a challenge hands that card to the eliminated player."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class SmokeNotation(MoveNotation):
    """Moves are `(challenge,)`, `(break,)`, `(act, card, ...)` and `(give, card)`, with those
    codes given in that order."""

    def __init__(self, cards: tuple[str, ...], codes: tuple[int, int, int, int]) -> None:
        self.codes = codes
        self.forms = Forms(cards, {"challenge": "challenge", "break": "break", "act": "play <cards>",
                                   "give": "give <card>"})
        self.names = list(self.forms.shapes)

    def text(self, move: Any) -> str:
        form = self.names[self.codes.index(move[0])]
        return self.forms.write(form, move[1:]) if form == "act" else self.forms.write(form, *move[1:])

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        code = self.codes[self.names.index(form)]
        return (code, *values[0]) if form == "act" else (code, *values)
