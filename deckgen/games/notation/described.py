"""Games described in their rule file: a move is written as its kind and its cards, in the
rule file's words: `play hearts-queen`, `play clubs-9 spades-9` (a set, its top card last),
`play diamonds-8 declare clubs`, `play mirror-19 as 91` (a card played as one of its
readings), `give spades-king`, `declare hearts`, `draw`, `take`, `pass`, `buy 3 with blue-suns-4` (three
cards bought, one from each zone named: `buy 2 1 with ...`), `buy red-moons-2 with ...` (a
card picked from a market row). Where two moves of a
phase read the same, the text names the one legal in the position; where both are legal,
`option N` after it names the phase's Nth move of that kind (from 1)."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from deckgen.errors import BadPosition
from deckgen.games.kit.notation import Forms, MoveNotation, made_once

#: The kinds of move that play or give cards; the others name none but a buy.
CARD_KINDS = ("play", "give")


def counts_of(code: int, sources: int, base: int) -> list[int]:
    """The count a buy takes from each of its zones, from the one number its move holds
    (`k0 + k1 * base + ...`, `base` one more than the game's cards)."""
    counts = []
    for _ in range(sources):
        code, count = divmod(code, base)
        counts.append(count)
    return counts


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
    def move_readings(self) -> Mapping[int, Sequence[Callable[[Any, int], int]]]:
        """Per move index of a play with readings: each reading's number, of (state, card)."""

    @property
    def move_buys(self) -> Mapping[int, tuple[int, bool, bool]]:
        """Per move index of a buy: its zones bought from, whether it picks a card, whether it pays."""

    @property
    def phase_moves(self) -> Sequence[Sequence[tuple[Any, ...]]]:
        """Per phase: its moves, each an entry whose first item is the move's index."""


class Position(Protocol):
    """What the notation reads of the state whose moves it writes."""

    @property
    def phase(self) -> int: ...

    def legal_moves(self) -> list[Any]: ...


class DescribedNotation(MoveNotation):
    """Moves are `(index, card, value, *other cards)`: `index` numbers the move across every
    phase, `card` is -1 and `value` -1 for none (for a play with readings, the reading's
    position). The forms are those of the state's phase; its legal moves tell apart moves
    that read the same."""

    def __init__(self, layout: MovesOfLayout, state: Position) -> None:
        self.kinds, self.readings, self.state = layout.move_kinds, layout.move_readings, state
        self.buys, self.base = layout.move_buys, len(layout.card_ids) + 1
        indices = tuple(entry[0] for entry in layout.phase_moves[state.phase])
        key = ("described", layout.card_ids, tuple(layout.move_kinds), tuple(layout.declared_values),
               tuple(layout.move_readings), tuple(layout.move_buys.items()), indices)
        self.forms = made_once(key, lambda: PhaseForms(layout, indices))

    def text(self, move: Any) -> str:
        index, card, value = move[0], move[1], move[2]
        if value < 0 or index in self.buys:
            shown = []
            form = str(index)
        elif index in self.readings:
            shown, form = [self.readings[index][value](self.state, card)], f"{index} as"
        else:
            shown, form = [value], f"{index} declare"
        if index in self.buys:
            sources, pick, pays = self.buys[index]
            bought = [value] if pick else counts_of(value, sources, self.base)
            text = self.forms.write(form, *bought, *([(*move[3:], card)] if pays else []))
        elif self.kinds[index] in CARD_KINDS:
            text = self.forms.write(form, (*move[3:], card), *shown)
        else:
            text = self.forms.write(form, *shown)
        twins = self.forms.twins[index]
        if len(twins) > 1:
            legal = self.state.legal_moves()
            if any((twin, *move[1:]) in legal for twin in twins if twin != index):
                return f"{text} option {twins.index(index) + 1}"
        return text

    def move(self, text: str) -> Any:
        words = text.split()
        option = 0
        if len(words) > 2 and words[-2] == "option":
            option = int(words[-1]) if words[-1].isdigit() else -1
            text = " ".join(words[:-2])
        read = self.forms.readings(text)
        moves = [move for move in (self.move_of(form, values) for form, values in read) if move is not None]
        if not moves:  # read only as readings the card has not
            form, values = read[0]
            card, number = values[0][-1], values[-1]
            numbers = [reading(self.state, card) for reading in self.readings[int(form.split()[0])]]
            raise BadPosition(f"move {text!r}: {self.forms.cards[card]} is played as "
                              f"{' or '.join(map(str, dict.fromkeys(numbers)))}, not {number}")
        if option:
            chosen = [m for m in moves if 0 < option <= len(self.forms.twins[m[0]])
                      and self.forms.twins[m[0]][option - 1] == m[0]]
            if not chosen:
                raise BadPosition(f"move {' '.join(words)!r}: no option {words[-1]} of that move in this phase")
            return chosen[0]
        if len(moves) > 1:
            legal = set(self.state.legal_moves())
            moves.sort(key=lambda move: move not in legal)  # stable: a legal one first, else the first form
        return moves[0]

    def move_of(self, form: str, values: list[Any]) -> tuple[int, ...] | None:
        """The move a form read with these values names; None for a reading the card has not."""
        index = int(form.split()[0])
        if index in self.buys:
            sources, pick, pays = self.buys[index]
            paid = values[-1] if pays else ()
            bought = values[0] if pick else sum(k * self.base ** i for i, k in enumerate(values[:sources]))
            return (index, paid[-1] if paid else -1, bought, *paid[:-1])
        if self.kinds[index] not in CARD_KINDS:
            return (index, -1, values[-1] if form.endswith(" declare") else -1)
        cards = values[0]
        value = -1
        if form.endswith(" declare"):
            value = values[-1]
        elif form.endswith(" as"):
            numbers = [reading(self.state, cards[-1]) for reading in self.readings[index]]
            if values[-1] not in numbers:
                return None
            value = numbers.index(values[-1])
        return (index, cards[-1], value, *cards[:-1])


class PhaseForms(Forms):
    """The forms of one phase's moves (`indices`), named by the move's index: `3`, `3
    declare` (a value with words), `3 as` (a reading); `twins[index]` lists the phase's moves
    of the same kind, in order."""

    def __init__(self, layout: MovesOfLayout, indices: Sequence[int]) -> None:
        kinds, values = layout.move_kinds, layout.declared_values
        forms: dict[str, str] = {}
        choices: dict[str, Sequence[str]] = {}
        self.twins = {index: [i for i in indices if kinds[i] == kinds[index]] for index in indices}
        for index in indices:
            kind = kinds[index]
            cards = f"{kind} <cards>" if kind in CARD_KINDS else kind
            if values[index]:
                choices[f"value{index}"] = values[index]
                said = f"{cards} declare" if kind in CARD_KINDS else "declare"
                forms[f"{index} declare"] = f"{said} <value{index}>"
            if index in layout.move_readings:
                forms[f"{index} as"] = f"{cards} as <number>"
            if index in layout.move_buys:
                sources, pick, pays = layout.move_buys[index]
                bought = "<card>" if pick else " ".join(["<number>"] * sources)
                forms[str(index)] = f"buy {bought}" + (" with <cards>" if pays else "")
            elif kind != "declare":
                forms[str(index)] = cards
        super().__init__(layout.card_ids, forms, choices)
