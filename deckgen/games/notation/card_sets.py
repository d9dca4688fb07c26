"""Games with two kinds of move of several hand cards, told apart by the phase: `hole
red-suns-3 blue-moons-1 yellow-arms-5` then `play red-suns-3` (Mystique Circle), `give
red-suns-3 blue-moons-1 yellow-arms-5` then `play red-suns-3 red-arms-3` or `pass`
(Mystique Domination)."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class CardSetsNotation(MoveNotation):
    """Moves are tuples of cards: written with `first` in the first phase and `play` after;
    `pass_code` (when not None) makes `(pass_code,)` the pass. The state says whether its
    phase is the first (`in_first`)."""

    def __init__(self, cards: tuple[str, ...], first: str, pass_code: int | None = None, in_first: bool = False,
                 forms: Forms | None = None) -> None:
        self.first, self.pass_code, self.in_first = first, pass_code, in_first
        shapes = {"first": f"{first} <cards>", "play": "play <cards>"}
        if pass_code is not None:
            shapes["pass"] = "pass"
        self.forms = forms or Forms(cards, shapes)

    def at(self, in_first: bool) -> CardSetsNotation:
        """This notation for a state in the first phase or after it (sharing its forms)."""
        return CardSetsNotation(self.forms.cards, self.first, self.pass_code, in_first, self.forms)

    def text(self, move: Any) -> str:
        if self.in_first:
            return self.forms.write("first", move)
        return self.forms.write("pass") if move[0] == self.pass_code else self.forms.write("play", move)

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        return (self.pass_code,) if form == "pass" else values[0]
