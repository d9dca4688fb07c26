"""Mystique Pillars: `take from pillar 2` takes the pillar's top (in the draft and in play),
`take from pillar 2 and split pillar 3` when that empties it and pillar 3 is split onto it;
`play red-crowns-3 on pillar 2` builds the hand card there. Pillars are numbered 0-3, as in
the move and the events."""

from __future__ import annotations

from typing import Any

from deckgen.games.kit.notation import Forms, MoveNotation


class PillarsNotation(MoveNotation):
    """Moves are `(draw, pillar, split)` (split -1: none, or chosen by the rules) and
    `(build, card, pillar)`, with those codes given in that order."""

    def __init__(self, cards: tuple[str, ...], codes: tuple[int, int]) -> None:
        self.draw, self.build = codes
        self.forms = Forms(cards, {"take": "take from pillar <number>",
                                   "split": "take from pillar <number> and split pillar <number>",
                                   "build": "play <card> on pillar <number>"})

    def text(self, move: Any) -> str:
        if move[0] == self.build:
            return self.forms.write("build", move[1], move[2])
        return self.forms.write("split", move[1], move[2]) if move[2] >= 0 else self.forms.write("take", move[1])

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        if form == "build":
            return (self.build, *values)
        return (self.draw, values[0], values[1] if form == "split" else -1)
