"""Games described in their rule file: a move is written as its kind and its cards, in the
rule file's words: `play hearts-queen`, `play clubs-9 spades-9` (a set, its top card first),
`play diamonds-8 declare clubs`, `give spades-king`, `declare hearts`, `draw`, `take`, `pass`.
A value the move chooses that has no words of its own (which reading of a card) is `choice
N`, counted from 0. Where two moves of a phase read the same, the text names the one legal
in the position; where both are legal, `option N` after it names the phase's Nth move of
that kind (from 1)."""

from __future__ import annotations

from typing import Any, Callable, Protocol, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.notation import Forms, MoveNotation, made_once

#: The kinds of move that play or give cards; the others name none.
CARD_KINDS = ("play", "give")


class MovesOfLayout(Protocol):
    """What the notation reads of a described game's compiled layout."""

    @property
    def card_ids(self) -> tuple[str, ...]: ...

    @property
    def move_kinds(self) -> Sequence[str]:
        """Per move index: its kind."""

    @property
    def declared_values(self) -> Sequence[tuple[str, ...]]:
        """Per move index: the words of the values it declares."""

    @property
    def phase_moves(self) -> Sequence[Sequence[tuple[Any, ...]]]:
        """Per phase: its moves, each an entry whose first item is the move's index."""


class DescribedNotation(MoveNotation):
    """Moves are `(index, card, value, *other cards)`: `index` numbers the move across every
    phase, `card` is -1 and `value` -1 for none. The forms are the state's phase's; `legal`
    (the state's legal moves) tells apart moves that read the same."""

    def __init__(self, layout: MovesOfLayout, phase: int, legal: Callable[[], list[Any]]) -> None:
        self.kinds, self.legal = layout.move_kinds, legal
        indices = tuple(entry[0] for entry in layout.phase_moves[phase])
        key = ("described", layout.card_ids, tuple(layout.move_kinds), tuple(layout.declared_values), indices)
        self.forms = made_once(key, lambda: PhaseForms(layout, indices))

    def text(self, move: Any) -> str:
        index, card, value = move[0], move[1], move[2]
        said = self.forms.value_form(index) if value >= 0 else ""
        shown = [value] if said else []
        if self.kinds[index] in CARD_KINDS:
            text = self.forms.write(f"{index}{said}", (card, *move[3:]), *shown)
        else:
            text = self.forms.write(f"{index}{said}", *shown)
        twins = self.forms.twins[index]
        if len(twins) > 1:
            legal = self.legal()
            if any((twin, *move[1:]) in legal for twin in twins if twin != index):
                return f"{text} option {twins.index(index) + 1}"
        return text

    def move(self, text: str) -> Any:
        words = text.split()
        option = 0
        if len(words) > 2 and words[-2] == "option":
            option = int(words[-1]) if words[-1].isdigit() else -1
            text = " ".join(words[:-2])
        moves = []
        for form, values in self.forms.readings(text):
            index = int(form.split()[0])
            value = values[-1] if " " in form else -1
            if self.kinds[index] in CARD_KINDS:
                moves.append((index, values[0][0], value, *values[0][1:]))
            else:
                moves.append((index, -1, value))
        if option:
            chosen = [m for m in moves if 0 < option <= len(self.forms.twins[m[0]])
                      and self.forms.twins[m[0]][option - 1] == m[0]]
            if not chosen:
                raise BadPosition(f"move {' '.join(words)!r}: no option {words[-1]} of that move in this phase")
            return chosen[0]
        if len(moves) > 1:
            legal = set(self.legal())
            moves.sort(key=lambda move: move not in legal)  # stable: a legal one first, else the first form
        return moves[0]


class PhaseForms(Forms):
    """The forms of one phase's moves (`indices`), named by the move's index: `3`, `3 declare` (a value
    with words), `3 choice` (a value without); `twins[index]` lists the phase's moves of the
    same kind, in order."""

    def __init__(self, layout: MovesOfLayout, indices: Sequence[int]) -> None:
        kinds, values = layout.move_kinds, layout.declared_values
        forms: dict[str, str] = {}
        choices: dict[str, Sequence[str]] = {}
        self.twins = {index: [i for i in indices if kinds[i] == kinds[index]] for index in indices}
        self.worded = {index: bool(values[index]) for index in indices}
        for index in indices:
            kind = kinds[index]
            cards = f"{kind} <cards>" if kind in CARD_KINDS else kind
            if values[index]:
                choices[f"value{index}"] = values[index]
                said = f"{cards} declare" if kind in CARD_KINDS else "declare"
                forms[f"{index} declare"] = f"{said} <value{index}>"
            elif kind in CARD_KINDS:
                forms[f"{index} choice"] = f"{cards} choice <number>"
            if kind != "declare":
                forms[str(index)] = cards
        super().__init__(layout.card_ids, forms, choices)

    def value_form(self, index: int) -> str:
        """The suffix of the form of a move that chooses a value."""
        return " declare" if self.worded[index] else " choice"
