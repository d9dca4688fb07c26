"""The deck schema as written (DeckSpec and its parts), which card sources and the deck builder
work on; what a deck becomes once its cards are generated is `deckgen.model.deck_data`."""

from __future__ import annotations

import re
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, Field, field_validator, model_validator

from deckgen.fileio import SAFE_ID_WORDS, is_safe_id
from deckgen.model.common import StrictModel
from deckgen.model.deck_data import Attribute, Back, Colours, Scalar, value_label
from deckgen.model.wording import shown


#: Fields every digit-pair card receives in addition to its `low` and `high` digits.
DIGIT_PAIR_ATTRIBUTES = ("low", "high")

#: Limits of one deck, checked before any card is generated.
MAX_CARDS = 5000
MAX_ATTRIBUTES = 32
MAX_NAME_LENGTH = 200

#: Keys every card has in its listing; no attribute or field may take them.
RESERVED_FIELDS = ("id", "name", "copy")
#: Attribute and field names are what templates name in `{...}` and `card.<name>`.
PLAIN_NAME = "(expected a plain name of letters, digits and _, like colour)"


def _safe_id(text: str) -> str:
    """Ids become file names (card images, back images, the deck's folder)."""
    if not is_safe_id(text):
        raise ValueError(f"found {shown(text)} (expected an id of {SAFE_ID_WORDS})")
    return text


SafeId = Annotated[str, AfterValidator(_safe_id)]


#: A colour as the colour-vision check reads it from a field.
HEX_COLOUR = re.compile(r"#[0-9a-fA-F]{6}")


class ColourCues(StrictModel):
    """The colours that tell an attribute's values apart on a card (`fields` naming per-value
    #rrggbb fields) and the second cues the design gives: `cues` that every value has its own
    of (its word, glyph, icon or pattern) and `marks` that only some values carry (a dot on
    the green cards tells green from the rest, but not red from blue)."""

    fields: list[str] = Field(min_length=1)
    cues: list[Literal["word", "glyph", "icon", "pattern"]] = []
    marks: dict[str, list[Scalar]] = {}


class AttributeSpec(StrictModel):
    """An attribute with ordered values, optional display labels and derived per-value fields."""

    values: list[Scalar] = Field(min_length=1)
    labels: dict[str, str] = {}
    fields: dict[str, dict[str, Scalar]] = {}
    colours: ColourCues | None = None

    @model_validator(mode="after")
    def _colour_fields(self) -> AttributeSpec:
        """Colour fields give every value a #rrggbb colour; marks name declared values."""
        if self.colours is None:
            return self
        for name in self.colours.fields:
            mapping = self.fields.get(name)
            if mapping is None:
                raise ValueError(f"colours.fields names {shown(name)}, which is not one of fields")
            for value in self.values:
                colour = mapping.get(str(value))
                if not isinstance(colour, str) or not HEX_COLOUR.fullmatch(colour):
                    raise ValueError(f"fields.{name}.{value}: found {shown(colour)} "
                                     "(expected a colour like #1f5aa6 for every value)")
        for mark, marked in self.colours.marks.items():
            unknown = [v for v in marked if v not in self.values]
            if unknown:
                raise ValueError(f"colours.marks.{mark}: {', '.join(map(shown, unknown))} "
                                 "is not a declared value")
        return self

    def label(self, value: Scalar | None) -> str:
        """Display label of a value ("Winterwoods" for winterwoods); empty for no value."""
        return value_label(self.labels, value)

    def attribute(self) -> Attribute:
        """The attribute as a generated deck keeps it (plain data, cached between commands)."""
        cues = self.colours
        colours = None if cues is None else Colours(tuple(cues.fields), tuple(cues.cues),
                                                    {mark: tuple(marked) for mark, marked in cues.marks.items()})
        return Attribute(tuple(self.values), dict(self.labels), {k: dict(v) for k, v in self.fields.items()}, colours)

    @field_validator("values")
    @classmethod
    def _unique(cls, values: list[Scalar]) -> list[Scalar]:
        seen = [v for i, v in enumerate(values) if v in values[:i]]
        if seen:
            raise ValueError(f"values must be unique (repeated: {', '.join(map(shown, seen))})")
        return values


class DigitPairSpec(StrictModel):
    """Every unordered pair {low, high} of digits 0..digits-1, optionally without {0, 0}."""

    digits: int = Field(default=10, ge=2, le=10)
    include_zero_pair: bool = False


class CardGroup(StrictModel):
    """One way of generating cards; exactly one of product, digit_pairs, cards, source is given."""

    product: list[str] | None = None
    digit_pairs: DigitPairSpec | None = None
    cards: list[dict[str, Scalar]] | None = None
    #: A spreadsheet of cards (.csv, .xlsx, .yaml), relative to the deck file (model/sources.py).
    source: str | None = Field(default=None, min_length=1)
    #: The sheet of an .xlsx source (default: the first).
    sheet: str | None = Field(default=None, min_length=1)
    set: dict[str, Scalar] = {}
    copies: int = Field(default=1, ge=1, le=100)
    #: The id template; a source with an id column needs none.
    id: str | None = Field(default=None, min_length=1)
    name: str | None = None

    @field_validator("set")
    @classmethod
    def _no_reserved_keys(cls, values: dict[str, Scalar]) -> dict[str, Scalar]:
        """The id, name and copy number come from the group's templates and copies: a `set`
        giving them would be silently overridden, or would override the id."""
        reserved = [key for key in ("id", "name", "copy") if key in values]
        if reserved:
            raise ValueError(f"may not give {', '.join(reserved)} (the group's id and name templates and "
                             "copies make them)")
        return values

    @model_validator(mode="after")
    def _one_generator(self) -> CardGroup:
        given = [k for k in ("product", "digit_pairs", "cards", "source") if getattr(self, k) is not None]
        if len(given) != 1:
            raise ValueError(
                f"give exactly one of product, digit_pairs, cards, source (found {', '.join(given) or 'none'})"
            )
        if self.id is None and self.source is None:
            raise ValueError("id: required key is missing (the id template, such as \"{colour}-{number}\")")
        return self


class BackSpec(StrictModel):
    id: SafeId
    name: str

    def back(self) -> Back:
        return Back(self.id, self.name)


class NumberingSpec(StrictModel):
    """Card numbers: start + sum(weight x value index), or generation order without weights."""

    field: str = "card_number"
    start: int = 1
    weights: dict[str, int] = {}
    formula: str = ""


class DeckSpec(StrictModel):
    id: SafeId
    name: str = Field(min_length=1)
    description: str = ""
    attributes: dict[str, AttributeSpec] = Field(min_length=1, max_length=MAX_ATTRIBUTES)
    groups: list[CardGroup] = Field(min_length=1)
    name_format: str = "{id}"
    numbering: NumberingSpec | None = None
    backs: list[BackSpec] = Field(default=[BackSpec(id="default", name="Default back")], min_length=1)
    expected_total: int | None = Field(default=None, ge=1)
    #: A layout name or a path relative to the deck file (docs/layout-format.md); without it
    #: the deck's Jinja template, else the built-in default layout.
    layout: str | None = Field(default=None, min_length=1)

    @field_validator("backs")
    @classmethod
    def _unique_backs(cls, backs: list[BackSpec]) -> list[BackSpec]:
        # case-insensitively: back images are files, and Gold.png is gold.png on macOS and Windows
        ids = [b.id.lower() for b in backs]
        repeated = [b.id for n, b in enumerate(backs) if ids[n] in ids[:n]]
        if repeated:
            raise ValueError(f"back ids must be unique, also ignoring upper and lower case (repeated: "
                             f"{', '.join(repeated)})")
        return backs

    @field_validator("attributes", mode="before")
    @classmethod
    def _shorthand(cls, attributes: Any) -> Any:
        """`colour: [red, blue]` is short for `colour: {values: [red, blue]}`."""
        if isinstance(attributes, dict):
            return {k: {"values": v} if isinstance(v, list) else v for k, v in attributes.items()}
        return attributes


def fill_template(template: str, values: dict[str, Any]) -> str:
    return template.format_map({k: "" if v is None else v for k, v in values.items()})


def has_control(text: str) -> bool:
    """Line breaks and control characters: a card name is printed on one line everywhere."""
    return any(unicodedata.category(c) in ("Cc", "Zl", "Zp") for c in text)
