"""Deck schema and card generation: cartesian products, digit pairs, explicit lists, copies."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any, Iterator

from deckgen import project
from deckgen.errors import DataError, UnknownName
from deckgen.fileio import SAFE_ID_WORDS, is_safe_id
from deckgen.model.common import read_yaml, template_names, validate
from deckgen.model.deck_data import Card, Deck, Scalar
from deckgen.model.deck_spec import (
    DIGIT_PAIR_ATTRIBUTES, MAX_CARDS, MAX_NAME_LENGTH, PLAIN_NAME, RESERVED_FIELDS, CardGroup, DeckSpec,
    fill_template, has_control,
)
from deckgen.model.wording import field_path, problem, shown


class DeckBuilder:
    """Generates the cards of a DeckSpec, collecting every problem instead of stopping."""

    def __init__(self, spec: DeckSpec, path: Path) -> None:
        self.spec = spec
        self.path = path
        self.problems: list[str] = []
        self.attributes = spec.attributes

    def fail(self, where: str, message: str) -> None:
        self.problems.append(problem(self.path, where, message))

    def check_names(self) -> None:
        """Attribute and derived-field names that would overwrite a card's id or name, or
        each other, in the card listing."""
        for name, spec in self.attributes.items():
            if not name.isidentifier():
                self.fail(field_path(("attributes", name)), f"found {shown(name)} {PLAIN_NAME}")
            elif name in RESERVED_FIELDS:
                self.fail(field_path(("attributes", name)), f"{name!r} is reserved for every card's own {name} "
                          "(expected another attribute name)")
            for field_name in spec.fields:
                if not field_name.isidentifier():
                    self.fail(field_path(("attributes", name, "fields", field_name)),
                              f"found {shown(field_name)} {PLAIN_NAME}")
                elif field_name in RESERVED_FIELDS or field_name in self.attributes:
                    self.fail(field_path(("attributes", name, "fields", field_name)),
                              f"{field_name!r} would overwrite the card's {_what(field_name)} "
                              "(expected another field name)")

    def check_value(self, where: str, attribute: str, value: Scalar) -> bool:
        if not attribute.isidentifier():
            self.fail(where, f"found the key {shown(attribute)} {PLAIN_NAME}")
            return False
        if attribute in RESERVED_FIELDS:
            self.fail(where, f"{attribute!r} would overwrite the card's {_what(attribute)} "
                      "(expected another field name)")
            return False
        spec = self.attributes.get(attribute)
        if spec is None:
            return True  # not an attribute: a free per-card field
        if value not in spec.values or type(value) is not type(
            next(v for v in spec.values if v == value)
        ):
            declared = ", ".join(map(shown, spec.values))
            self.fail(where, f"value {shown(value)} is not declared (expected one of {declared})")
            return False
        return True

    def derived_fields(self, attrs: dict[str, Scalar | None]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name, value in attrs.items():
            spec = self.attributes.get(name)
            if spec is None or value is None:
                continue
            for field_name, mapping in spec.fields.items():
                if str(value) in mapping:
                    out[field_name] = mapping[str(value)]
        return out

    def group_size(self, group: CardGroup) -> int:
        """Cards a group generates, counted without generating them."""
        if group.product is not None:
            rows = math.prod(len(self.attributes[a].values) for a in group.product if a in self.attributes)
        elif group.digit_pairs is not None:
            digits = group.digit_pairs.digits
            rows = digits * (digits + 1) // 2 - (0 if group.digit_pairs.include_zero_pair else 1)
        else:
            rows = len(group.cards or [])  # a source is counted as it is read
        return rows * group.copies

    def too_many_cards(self) -> bool:
        sizes = [self.group_size(g) for g in self.spec.groups]
        if sum(sizes) <= MAX_CARDS:
            return False
        biggest = max(range(len(sizes)), key=sizes.__getitem__)
        self.fail(f"groups.{biggest}" if sizes[biggest] > MAX_CARDS else "groups",
                  f"would generate {max(sizes[biggest], sum(sizes))} cards (expected at most {MAX_CARDS} per deck)")
        return True

    def group_rows(self, index: int, group: CardGroup) -> Iterator[dict[str, Scalar]]:
        where = f"groups.{index}"
        if group.product is not None:
            unknown = [a for a in group.product if a not in self.attributes]
            for a in unknown:
                self.fail(f"{where}.product", f"unknown attribute {shown(a)} (declared: {', '.join(map(shown, self.attributes))})")
            if unknown:
                return
            for combo in itertools.product(*(self.attributes[a].values for a in group.product)):
                yield dict(zip(group.product, combo))
        elif group.digit_pairs is not None:
            missing = [a for a in DIGIT_PAIR_ATTRIBUTES if a not in self.attributes]
            if missing:
                self.fail(f"{where}.digit_pairs", f"needs the attributes {', '.join(missing)} to be declared")
                return
            for low in range(group.digit_pairs.digits):
                for high in range(low, group.digit_pairs.digits):
                    if low == high == 0 and not group.digit_pairs.include_zero_pair:
                        continue
                    yield {"low": low, "high": high}
        else:
            yield from group.cards or []

    def templates(self, index: int, group: CardGroup) -> tuple[list[str], list[str]] | None:
        """The names the group's id and name templates use, or None (a problem is recorded)."""
        where = f"groups.{index}"
        try:
            id_names = template_names(group.id or "")
        except ValueError as exc:
            self.fail(f"{where}.id", str(exc))
            return None
        if "id" in id_names:
            self.fail(f"{where}.id", "the id template cannot use {id} (it makes the id)")
            return None
        try:
            name_names = template_names(group.name or self.spec.name_format)
        except ValueError as exc:
            self.fail(f"{where}.name" if group.name else "name_format", str(exc))
            return None
        return id_names, name_names

    def build(self) -> list[Card]:
        cards: list[Card] = []
        self.check_names()
        if self.too_many_cards():
            return cards
        for index, group in enumerate(self.spec.groups):
            where = f"groups.{index}"
            if group.source is not None:  # CSV, XLSX and YAML lists: imported by the decks that read them
                from deckgen.model.sources import source_cards

                cards.extend(source_cards(self, index, group))
                continue
            names = self.templates(index, group)
            if names is None:
                continue
            for key, value in group.set.items():
                self.check_value(field_path(("groups", index, "set", key)), key, value)
            for row_index, row in enumerate(self.group_rows(index, group)):
                row_where = f"{where}.cards.{row_index}" if group.cards is not None else where
                if not all(self.check_value(f"{row_where}.{field_path((k,))}", k, v) for k, v in row.items()):
                    continue
                made = list(self.make_cards(row_where, (index, row_index), group, row, *names))
                cards.extend(made)
                if len(made) < group.copies:
                    break  # one problem line for the group, not one per card
        if len(cards) > MAX_CARDS:
            self.fail("groups", f"would generate {len(cards)} cards (expected at most {MAX_CARDS} per deck)")
        return cards

    def make_cards(
        self,
        where: str,
        source: tuple[int, int],
        group: CardGroup,
        row: dict[str, Scalar],
        id_names: list[str],
        name_names: list[str],
    ) -> Iterator[Card]:
        merged = {**group.set, **row}
        attrs: dict[str, Scalar | None] = {a: merged.get(a) for a in self.attributes}
        extra: dict[str, Any] = {k: v for k, v in merged.items() if k not in self.attributes}
        extra.update(self.derived_fields(attrs))
        if group.digit_pairs is not None:
            low, high = int(row["low"]), int(row["high"])
            extra["readings"] = sorted({10 * low + high, 10 * high + low})
            extra["special"] = low == high
        labels = {a: self.attributes[a].label(v) for a, v in attrs.items()}
        template = group.id or ""
        id_template = template if group.copies == 1 or "copy" in id_names else template + "-{copy}"
        for copy in range(1, group.copies + 1):
            id_values = {**attrs, **extra, "copy": copy}
            values = {**labels, **extra, "copy": copy}
            missing = [n for n in id_names if n not in id_values] + [
                n for n in name_names if n not in values and n != "id"
            ]
            if missing:
                self.fail(f"{where}.id", f"the templates name unknown fields: {', '.join(dict.fromkeys(missing))}")
                return
            card_id = fill_template(id_template, id_values)
            if not is_safe_id(card_id):
                self.fail(f"{where}.id", f"makes the card id {shown(card_id)} (expected an id of {SAFE_ID_WORDS})")
                return
            values["id"] = card_id
            name = fill_template(group.name or self.spec.name_format, values)
            if len(name) > MAX_NAME_LENGTH or has_control(name):
                self.fail(f"{where}.name" if group.name else "name_format",
                          f"makes the card name {shown(name)} (expected one line of at most {MAX_NAME_LENGTH} characters)")
                return
            yield Card(card_id, name, dict(attrs), dict(extra), source=source)


def _what(name: str) -> str:
    return f"own {name}" if name in RESERVED_FIELDS else f"attribute {field_path((name,))}"


def _check_number_field(spec: DeckSpec, builder: DeckBuilder, cards: list[Card]) -> None:
    """The number goes into each card's listing under numbering.field: it must not
    overwrite the id, the name, an attribute or another field."""
    if spec.numbering is None:
        return
    name = spec.numbering.field
    taken = set(RESERVED_FIELDS) | set(builder.attributes) | {k for c in cards for k in c.fields}
    if not name.isidentifier():
        builder.fail("numbering.field", f"found {shown(name)} (expected a plain name such as card_number)")
    elif name in taken:
        what = _what(name) if name in RESERVED_FIELDS or name in builder.attributes else f"field {name}"
        builder.fail("numbering.field", f"{name!r} would overwrite the card's {what} "
                     "(expected a new name such as card_number)")


def _number_cards(spec: DeckSpec, builder: DeckBuilder, cards: list[Card]) -> list[Card]:
    numbering = spec.numbering
    if numbering is None:
        return cards
    for name in numbering.weights:
        if name not in builder.attributes:
            builder.fail(field_path(("numbering", "weights", name)), "unknown attribute")
    _check_number_field(spec, builder, cards)
    if builder.problems:
        return cards
    out = []
    for position, card in enumerate(cards):
        if numbering.weights:
            number = numbering.start
            for name, weight in numbering.weights.items():
                value = card.attrs.get(name)
                values = builder.attributes[name].values
                number += weight * (values.index(value) if value in values else 0)
        else:
            number = numbering.start + position
        out.append(Card(card.id, card.name, card.attrs, card.fields, number, card.source))
    return out


def _check_duplicates(builder: DeckBuilder, cards: list[Card]) -> None:
    """Ids must be unique, also ignoring case (image files), and identical cards must come
    from `copies`; each repeated id or card is one problem, however often it repeats."""
    made = Counter(card.id for card in cards)
    first_by_case: dict[str, str] = {}
    first_source: dict[tuple, tuple[int, int]] = {}
    seen: set[str] = set()
    reported: set[object] = set()
    for card in cards:
        where = f"groups.{card.source[0]}"
        first = first_by_case.setdefault(card.id.lower(), card.id)
        if card.id in seen and card.id not in reported:
            reported.add(card.id)
            times = f"made {made[card.id]} times" if made[card.id] > 2 else "made twice"
            builder.fail(where, f"duplicate card id {card.id!r} ({times}; ids must be unique)")
        elif first != card.id and (first, card.id) not in reported:
            reported.add((first, card.id))
            builder.fail(where, f"card ids {first!r} and {card.id!r} differ only in upper and lower case "
                         "(their image files would be one file on some systems)")
        seen.add(card.id)
        signature = card.signature()
        earlier = first_source.setdefault(signature, card.source)
        if earlier != card.source and signature not in reported:
            reported.add(signature)
            builder.fail(where, f"duplicate card {card.name!r}, same as in groups.{earlier[0]} "
                         "(use copies: N to ask for identical cards)")


def deck_from_data(data: Any, path: Path) -> Deck:
    """Validate parsed YAML and generate the deck; raises DataError listing every problem."""
    spec = validate(DeckSpec, data, path)
    builder = DeckBuilder(spec, path)
    cards = _number_cards(spec, builder, builder.build())
    _check_duplicates(builder, cards)
    if spec.expected_total is not None and len(cards) != spec.expected_total and not builder.problems:
        builder.fail(
            "expected_total", f"deck generates {len(cards)} cards (expected {spec.expected_total})"
        )
    folder = path.absolute().parent.name  # deck.yaml given as a bare name lies in the current folder
    if spec.id != folder and path.name == "deck.yaml":
        builder.fail("id", f"{spec.id!r} does not match its folder (expected {folder!r})")
    if builder.problems:
        raise DataError(*builder.problems)
    return Deck(
        id=spec.id,
        name=spec.name,
        description=spec.description,
        attributes={n: tuple(a.values) for n, a in builder.attributes.items()},
        specs={name: spec.attribute() for name, spec in builder.attributes.items()},
        cards=tuple(cards),
        backs=tuple(back.back() for back in spec.backs),
        number_field=spec.numbering.field if spec.numbering else None,
        numbering_formula=spec.numbering.formula if spec.numbering else "",
        path=path,
        layout=spec.layout,
    )


def load_deck_file(path: Path) -> Deck:
    return deck_from_data(read_yaml(path), path)


def deck_ids() -> list[str]:
    """Ids of the project's decks and the shipped ones."""
    return sorted(project.current().deck_files())


@cache
def load_deck(name: str) -> Deck:
    """A deck by id (the project's or a shipped one), or by the path of its folder or file
    (cached until the project changes or its files are edited)."""
    path = project.current().deck_file(name)
    if path is None:
        if project.looks_like_path(name):
            raise UnknownName(f"unknown deck {name!r} (no deck folder or deck .yaml file at that path)")
        known = ", ".join(deck_ids()) or "none"
        raise UnknownName(f"unknown deck {name!r} (known decks: {known})")
    return load_deck_file(path)


project.on_change(load_deck.cache_clear)
