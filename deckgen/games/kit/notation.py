"""Moves as short canonical text and back, like SAN for chess, so that a rule question can be
asked as a position and a move: `play red-crowns-3 on pillar 2`, `draw`, `pass`.

A game's notation is a `MoveNotation`. Most are built on `Forms`: each form of move text is a
pattern of words and slots (`<card>`, `<cards>`, `<number>` or a named list of words), written
from values and read back into them, with one line saying what was expected when a text
matches no form. Card ids never read as words or numbers, so the text needs no other marks.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Callable, Mapping, Sequence, TypeVar

from mypy_extensions import mypyc_attr

from deckgen.errors import BadPosition

#: Slot kinds of a compiled pattern; a word is kept as itself.
WORD, CARD, CARDS, NUMBER, CHOICE = 0, 1, 2, 3, 4
#: How each slot is named in a pattern and in an error line.
SLOT_NAMES = {"<card>": CARD, "<cards>": CARDS, "<number>": NUMBER}
EXPECTED = {CARD: "a card id", CARDS: "card ids", NUMBER: "a whole number"}


# Subclassed in other compiled libraries: an edited subclass runs from its source on this
# compiled base (deckgen.compiled), which mypyc allows only when the base says so.
@mypyc_attr(allow_interpreted_subclasses=True)
class MoveNotation(ABC):
    """How one game writes its moves as text and reads them back: `move(text(m)) == m`, and
    `text(move(t)) == t` for every text `text` writes."""

    @abstractmethod
    def text(self, move: Any) -> str: ...

    @abstractmethod
    def move(self, text: str) -> Any:
        """The move `text` names; a text naming none is a `BadPosition` saying what was expected."""


#: Notations (and their parts) by what they are made from (`made_once`).
MADE: dict[tuple[Any, ...], Any] = {}
Made = TypeVar("Made")


def made_once(key: tuple[Any, ...], make: Callable[[], Made]) -> Made:
    """What `make` builds, built once per `key` (a game and its card ids): for a state whose
    notation depends on the player count or its phase, which builds it when asked."""
    if key not in MADE:
        MADE[key] = make()
    made: Made = MADE[key]
    return made


class IntsNotation(MoveNotation):
    """The notation of an engine that gives no other: the move's ints separated by spaces,
    those at `card_slots(move)` written as card ids (`1 red-suns-3 2`, `-1` for a pass)."""

    def __init__(self, card_slots: Callable[[Any], Sequence[int]], ids: Sequence[str]) -> None:
        self.card_slots = card_slots
        self.ids = ids

    def text(self, move: Any) -> str:
        slots = self.card_slots(move)
        return " ".join(self.ids[value] if i in slots else str(value) for i, value in enumerate(move))

    def move(self, text: str) -> Any:
        index = {card: i for i, card in enumerate(self.ids)}
        move = []
        for token in text.split():
            if token in index:
                move.append(index[token])
                continue
            try:
                move.append(int(token))
            except ValueError:
                raise BadPosition(f"move {text!r}: {token!r} is neither a number nor a card of this game") from None
        return tuple(move)


Pattern = list[tuple[int, Sequence[str]]]
#: Compiled patterns by forms and choices, and card indices by card ids: notations built for
#: each state (a game whose card list depends on the player count) share them.
COMPILED: dict[tuple[Any, ...], dict[str, Pattern]] = {}
CARD_INDEX: dict[tuple[str, ...], dict[str, int]] = {}


def compile_forms(forms: Mapping[str, str], choices: Mapping[str, Sequence[str]]) -> dict[str, Pattern]:
    """Each form's words and slots as (slot kind, word or choice list) pairs."""
    patterns: dict[str, Pattern] = {}
    for name, pattern in forms.items():
        compiled: Pattern = []
        for token in pattern.split():
            if token in SLOT_NAMES:
                compiled.append((SLOT_NAMES[token], ()))
            elif token.startswith("<") and token.endswith(">"):
                compiled.append((CHOICE, choices[token[1:-1]]))
            else:
                compiled.append((WORD, (token,)))
        patterns[name] = compiled
    return patterns


@mypyc_attr(allow_interpreted_subclasses=True)
class Forms:
    """A game's forms of move text by name: `Forms(ids, {"build": "build <card> on pillar
    <number>"})`. A `<name>` slot other than the card and number slots is one of the words
    given as `choices[name]`, read as its position in that list."""

    def __init__(self, cards: tuple[str, ...], forms: Mapping[str, str],
                 choices: Mapping[str, Sequence[str]] | None = None) -> None:
        self.cards = cards
        self.shapes = dict(forms)
        key = (tuple(self.shapes.items()), tuple((name, tuple(words)) for name, words in (choices or {}).items()))
        if key not in COMPILED:
            COMPILED[key] = compile_forms(self.shapes, dict(key[1]))
        #: Per form: its pattern as (slot kind, word or choice list) pairs.
        self.patterns = COMPILED[key]
        self.index: dict[str, int] = {}

    def write(self, form: str, *values: Any) -> str:
        """The text of `form` with its slots filled by `values` in order (a card's index, a
        tuple of card indices for `<cards>`, a number, a choice's position)."""
        out: list[str] = []
        at = 0
        for kind, data in self.patterns[form]:
            if kind == WORD:
                out.append(data[0])
                continue
            value = values[at]
            at += 1
            if kind == CARD:
                out.append(self.cards[value])
            elif kind == CARDS:
                out.extend(self.cards[c] for c in value)
            elif kind == NUMBER:
                out.append(str(value))
            else:
                out.append(data[value])
        return " ".join(out)

    def read(self, text: str) -> tuple[str, list[Any]]:
        """The form `text` is written in and its slots' values; a text of no form is one
        `BadPosition` line naming the text, where it went wrong and the forms."""
        return self.readings(text)[0]

    def readings(self, text: str) -> list[tuple[str, list[Any]]]:
        """Every form `text` is written in (more than one where two forms share their words)
        with its slots' values, in the order of the forms; a text of no form is one
        `BadPosition` line naming the text, where it went wrong and the forms."""
        if not self.index:
            if self.cards not in CARD_INDEX:
                CARD_INDEX[self.cards] = {card: i for i, card in enumerate(self.cards)}
            self.index = CARD_INDEX[self.cards]
        tokens = text.split()
        found: list[tuple[str, list[Any]]] = []
        furthest, problem = -1, ""
        for name, pattern in self.patterns.items():
            values, reached, wrong = self.match(pattern, tokens)
            if wrong is None:
                found.append((name, values))
            elif reached > furthest:
                furthest, problem = reached, self.wanted(wrong[0], wrong[1], tokens, reached)
        if found:
            return found
        shapes = "; ".join(dict.fromkeys(self.shapes.values()))
        raise BadPosition(f"move {text!r}: {problem} (moves read: {shapes})")

    def match(self, pattern: Pattern, tokens: list[str]) -> tuple[list[Any], int, tuple[int, Sequence[str]] | None]:
        """The slots' values, how many tokens matched, and the slot that did not match (None
        when the whole text did)."""
        values: list[Any] = []
        at, count, index = 0, len(tokens), self.index
        for kind, data in pattern:
            token = tokens[at] if at < count else ""
            if kind == WORD:
                if token != data[0]:
                    return values, at, (kind, data)
            elif kind == CARD:
                if token not in index:
                    return values, at, (kind, data)
                values.append(index[token])
            elif kind == CARDS:
                cards = []
                while at < count and tokens[at] in index:
                    cards.append(index[tokens[at]])
                    at += 1
                if not cards:
                    return values, at, (kind, data)
                values.append(tuple(cards))
                continue
            elif kind == NUMBER:
                if not (token.lstrip("-").isdigit() and str(int(token)) == token):
                    return values, at, (kind, data)
                values.append(int(token))
            else:
                if token not in data:
                    return values, at, (kind, data)
                values.append(list(data).index(token))
            at += 1
        if at < count:
            return values, at, (WORD, ())
        return values, at, None

    def wanted(self, kind: int, data: Sequence[str], tokens: list[str], at: int) -> str:
        """What a slot expected, and what stood at `at` instead."""
        token = tokens[at] if at < len(tokens) else ""
        if kind == WORD and not data:
            return f"nothing expected after {' '.join(tokens[:at])!r}, found {token!r}"
        if kind == WORD:
            expected = repr(data[0])
        elif kind == CHOICE:
            expected = "one of " + ", ".join(data)
        else:
            expected = EXPECTED[kind]
        if not token:
            return f"expected {expected} at the end"
        if kind in (CARD, CARDS) and not token.lstrip("-").isdigit():
            return f"{token!r} is not a card of this game (expected {expected})"
        return f"expected {expected}, found {token!r}"
