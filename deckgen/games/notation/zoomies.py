"""Zoomies: `play mirror-19 as 91` plays an ordinary card at one of its two readings; a double
led names the goal, `play mirror-44 goal high`; a double played later flips the goal, `play
mirror-44`."""

from __future__ import annotations

from typing import Any, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.notation import Forms, MoveNotation


class ZoomiesNotation(MoveNotation):
    """Moves are `(card, code)`: the reading's index for an ordinary card, the goal (low 0,
    high 1) for a double led, 0 for a double played later. `leading` says whether the state's
    trick is empty."""

    def __init__(self, cards: tuple[str, ...], readings: Sequence[tuple[int, int]], doubles: Sequence[bool],
                 goals: Sequence[str], leading: bool = False, forms: Forms | None = None) -> None:
        self.readings, self.doubles, self.goals, self.leading = readings, doubles, goals, leading
        self.forms = forms or Forms(cards, {"as": "play <card> as <number>", "goal": "play <card> goal <goal>",
                                            "double": "play <card>"}, {"goal": goals})

    def at(self, leading: bool) -> ZoomiesNotation:
        """This notation for a state whose trick is empty (`leading`) or not, sharing its forms."""
        return ZoomiesNotation(self.forms.cards, self.readings, self.doubles, self.goals, leading, self.forms)

    def text(self, move: Any) -> str:
        card, code = move
        if not self.doubles[card]:
            return self.forms.write("as", card, self.readings[card][code])
        return self.forms.write("goal", card, code) if self.leading else self.forms.write("double", card)

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        card = values[0]
        if form == "goal" or form == "double":
            return (card, values[1] if form == "goal" else 0)
        if values[1] not in self.readings[card] or self.doubles[card]:
            raise BadPosition(f"move {text!r}: {self.forms.cards[card]} reads "
                              f"{' or '.join(f'{r:02d}' for r in self.readings[card])}, not {values[1]}")
        return (card, self.readings[card].index(values[1]))
