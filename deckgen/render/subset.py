"""Which cards a print run takes: `--cards ID,ID,...` or `--select attr=value,...`.

`--select` conditions on one attribute are alternatives, conditions on different attributes
must all hold: `colour=red,colour=blue,suit=spades` is the red and blue spades. Mismatch's
short game is `--select suit=spades` (13 spades of each of the four colours, 52 cards).
"""

from __future__ import annotations


from deckgen.errors import DeckgenError, UnknownName
from deckgen.model.deck_data import Deck

#: The longest --cards or --select text read (a whole deck's ids fit easily).
MAX_TEXT = 20_000


def _items(text: str, option: str) -> list[str]:
    if len(text) > MAX_TEXT:
        raise UnknownName(f"{option}: longer than {MAX_TEXT} characters")
    items = [item.strip() for item in text.split(",") if item.strip()]
    if not items:
        raise UnknownName(f"{option}: give at least one entry (e.g. {option} "
                          f"{'red-suns-1,red-suns-2' if option == '--cards' else 'suit=spades'})")
    return items


def _conditions(deck: Deck, text: str) -> dict[str, set[str]]:
    """attribute -> accepted values (as text), every unknown name reported at once."""
    wanted: dict[str, set[str]] = {}
    problems = []
    for item in _items(text, "--select"):
        name, sep, value = (part.strip() for part in item.partition("="))
        if not sep or not name or not value:
            problems.append(f"--select {item!r}: expected attribute=value (e.g. suit=spades)")
        elif name not in deck.attributes:
            problems.append(f"--select {item!r}: deck {deck.id} has no attribute {name!r} "
                            f"(attributes: {', '.join(deck.attributes)})")
        elif value not in {str(v) for v in deck.attributes[name]}:
            known = ", ".join(str(v) for v in deck.attributes[name])
            problems.append(f"--select {item!r}: {name} has no value {value!r} (values: {known})")
        else:
            wanted.setdefault(name, set()).add(value)
    if problems:
        raise UnknownName(*problems)
    return wanted


def select_cards(deck: Deck, card_ids: str | None, select: str | None) -> Deck:
    """The deck with only the cards asked for, in deck order (itself when nothing is asked).
    Unknown ids, attributes and values are reported together; an empty choice is an error."""
    cards = deck.cards
    if card_ids is not None:
        ids = _items(card_ids, "--cards")
        known = {card.id for card in deck.cards}
        unknown = [card_id for card_id in dict.fromkeys(ids) if card_id not in known]
        if unknown:
            raise UnknownName(f"--cards: deck {deck.id} has no card {', '.join(map(repr, unknown))} "
                              f"(see: deckgen cards {deck.id})")
        chosen = set(ids)
        cards = tuple(card for card in cards if card.id in chosen)
    if select is not None:
        wanted = _conditions(deck, select)
        cards = tuple(card for card in cards
                      if all(str(card.attrs.get(name)) in values for name, values in wanted.items()))
        if not cards:
            raise UnknownName(f"--select {select}: no card of deck {deck.id} matches")
    return deck if cards is deck.cards else deck._replace(cards=cards)


def parse_offset(text: str) -> tuple[float, float]:
    """`X,Y` in mm (right, up) from --back-offset."""
    parts = text.split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise DeckgenError(f"--back-offset {text!r}: expected X,Y in mm, e.g. 0.5,-1") from None
    return x, y
