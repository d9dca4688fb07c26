"""Games of a draw pile and a face-up discard pile: `draw` from the deck, `take from discard`
(its top), and the game's own moves: `discard red-suns-3` (Mystique Maze), `buy with
red-suns-3 draw 2` or `buy with red-suns-3 draw 1 take 1` (Mystique Guilds: the Influence
Card, the cards drawn and, with `buy_from_both`, the discards taken)."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class PilesNotation(MoveNotation):
    """Moves are `(draw,)`, `(take,)`, and `(third, card, ...numbers)` written as the
    `third` form (`buy`, with a `take N` part only when N is not 0, or `discard`); `codes`
    gives the draw, take and third codes."""

    def __init__(self, cards: tuple[str, ...], third: str, codes: tuple[int, int, int]) -> None:
        self.draw, self.take, self.third = codes
        self.buying = third == "buy"
        shapes = {"draw": "draw", "take": "take from discard"}
        if self.buying:
            shapes |= {"buy": "buy with <card> draw <number>", "buy_both": "buy with <card> draw <number> take <number>"}
        else:
            shapes[third] = f"{third} <card>"
        self.forms = Forms(cards, shapes)
        self.third_form = third

    def text(self, move: Any) -> str:
        if move[0] == self.draw:
            return self.forms.write("draw")
        if move[0] == self.take:
            return self.forms.write("take")
        if self.buying and move[3]:
            return self.forms.write("buy_both", *move[1:])
        return self.forms.write(self.third_form, *move[1:2 + self.buying])

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        if form in ("draw", "take"):
            return (self.draw if form == "draw" else self.take,)
        if self.buying and len(values) == 2:
            values.append(0)
        return (self.third, *values)
