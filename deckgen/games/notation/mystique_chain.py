"""Mystique Chain: `declare colour` is the opener's declaration on the top card; `play
red-moons-5 declare suit` plays a matching pool card and declares one of its attributes."""

from __future__ import annotations

from typing import Any, Sequence

from deckgen.games.kit.notation import Forms, MoveNotation


class ChainNotation(MoveNotation):
    """Moves are `(attribute,)` and `(card, attribute)`, attributes numbered as `attributes`."""

    def __init__(self, cards: tuple[str, ...], attributes: Sequence[str]) -> None:
        self.forms = Forms(cards, {"declare": "declare <attribute>", "play": "play <card> declare <attribute>"},
                           {"attribute": attributes})

    def text(self, move: Any) -> str:
        return self.forms.write("declare", move[0]) if len(move) == 1 else self.forms.write("play", *move)

    def move(self, text: str) -> Any:
        return tuple(self.forms.read(text)[1])
