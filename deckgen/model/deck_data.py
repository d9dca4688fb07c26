"""What a deck is once its cards are generated: plain data, free of the schema library, so that
an engine built from cached data (`deckgen.model.data_cache`) loads neither pydantic nor PyYAML.
The deck file's schema, which makes it, is `deckgen.model.deck_spec`. Named tuples, not
dataclasses: a simulation imports these on every start, and a dataclass takes some four
million instructions to make (its methods are generated and compiled), a named tuple under one."""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

from pathlib import Path
from typing import Any, NamedTuple

from deckgen.errors import UnknownName

Scalar = bool | int | str


def value_label(labels: dict[str, str], value: Scalar | None) -> str:
    """Display label of a value ("Winterwoods" for winterwoods); empty for no value."""
    return "" if value is None else labels.get(str(value), str(value))


class Colours(NamedTuple):
    """The colour fields that tell an attribute's values apart and the second cues the design
    gives (every value's own `cues`, `marks` only some values carry): `ColourCues` as read."""

    fields: tuple[str, ...]
    cues: tuple[str, ...]
    marks: dict[str, tuple[Scalar, ...]]


class Attribute(NamedTuple):
    """An attribute of a generated deck: its ordered values, labels, per-value fields and colours."""

    values: tuple[Scalar, ...]
    labels: dict[str, str]
    fields: dict[str, dict[str, Scalar]]
    colours: Colours | None = None

    def label(self, value: Scalar | None) -> str:
        return value_label(self.labels, value)


class Back(NamedTuple):
    """One card back of a deck: the id its image file is named by, and its name."""

    id: str
    name: str


class Card(NamedTuple):
    """One physical card: a stable id, its attributes, derived fields and number."""

    id: str
    name: str
    attrs: dict[str, Scalar | None]
    fields: dict[str, Any]
    number: int | None = None
    #: (group index, row index) in the deck file; copies of one row share it.
    source: tuple[int, int] = (0, 0)

    def signature(self) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """What makes two cards indistinguishable: every attribute and derived field."""
        return tuple(sorted(map(str, self.attrs.items()))), tuple(sorted(map(str, self.fields.items())))

    def get(self, key: str) -> Any:
        if key in self.attrs:
            return self.attrs[key]
        return self.fields.get(key)

    def to_json(self, number_field: str | None) -> dict[str, Any]:
        out: dict[str, Any] = {"id": self.id, "name": self.name}
        out.update(self.attrs)
        out.update(self.fields)
        if number_field and self.number is not None:
            out[number_field] = self.number
        return out


class Deck(NamedTuple):
    """A validated deck with its generated cards, in generation order."""

    id: str
    name: str
    description: str
    attributes: dict[str, tuple[Scalar, ...]]
    specs: dict[str, Attribute]
    cards: tuple[Card, ...]
    backs: tuple[Back, ...]
    number_field: str | None
    numbering_formula: str
    path: Path
    layout: str | None = None

    def label(self, attribute: str, value: Scalar | None) -> str:
        """Display label of an attribute value ("moons", "Winterwoods")."""
        return self.specs[attribute].label(value)

    def card(self, card_id: str) -> Card:
        for card in self.cards:
            if card.id == card_id:
                return card
        raise UnknownName(f"deck {self.id}: no card with id {card_id!r}")
