"""Mirrorquest: `play blue-fox-moonlake red-fox-emberpeak` plays picture cards, the last one
named becoming the Mirrorcard, with `reverse N` and `skip N` after them for a location
match's effects; `play wild-4` a regular wildcard; `play pickup2-2 declare red` a pickup
wildcard naming a colour; `draw`; `pass`."""

from __future__ import annotations

from typing import Any, Sequence

from deckgen.games.kit.notation import Forms, MoveNotation


class MirrorquestNotation(MoveNotation):
    """Moves are `(play, reverses, skips, last, *others)`, `(wild, card)`, `(pickup, card,
    colour)`, `(draw,)` and `(pass,)`, with those codes given in that order."""

    def __init__(self, cards: tuple[str, ...], wild_mask: int, colours: Sequence[str],
                 codes: tuple[int, int, int, int, int]) -> None:
        self.wild_mask = wild_mask
        self.play, self.wild, self.pickup, self.draw, self.pass_ = codes
        self.forms = Forms(cards, {
            "play": "play <cards>", "reverse": "play <cards> reverse <number>", "skip": "play <cards> skip <number>",
            "both": "play <cards> reverse <number> skip <number>", "pickup": "play <card> declare <colour>",
            "draw": "draw", "pass": "pass",
        }, {"colour": [colour.lower() for colour in colours]})

    def text(self, move: Any) -> str:
        code = move[0]
        if code == self.draw:
            return self.forms.write("draw")
        if code == self.pass_:
            return self.forms.write("pass")
        if code == self.wild:
            return self.forms.write("play", move[1:2])
        if code == self.pickup:
            return self.forms.write("pickup", move[1], move[2])
        reverses, skips, last = move[1], move[2], move[3]
        cards = (*move[4:], last)
        if reverses and skips:
            return self.forms.write("both", cards, reverses, skips)
        if reverses:
            return self.forms.write("reverse", cards, reverses)
        return self.forms.write("skip", cards, skips) if skips else self.forms.write("play", cards)

    def move(self, text: str) -> Any:
        form, values = self.forms.read(text)
        if form in ("draw", "pass"):
            return (self.draw if form == "draw" else self.pass_,)
        if form == "pickup":
            return (self.pickup, values[0], values[1])
        cards = values[0]
        if form == "play" and len(cards) == 1 and self.wild_mask >> cards[0] & 1:
            return (self.wild, cards[0])
        reverses = values[1] if form in ("reverse", "both") else 0
        skips = values[-1] if form in ("skip", "both") else 0
        return (self.play, reverses, skips, cards[-1], *cards[:-1])
