"""What `validate` and `check` find on a deck drawn from a layout, without writing anything.

* `layout_problems(deck, geometry) -> list[str]`: every card face and back drawn and checked
  as rendering would (boxes on the card, text that fits inside the safe area, fields, icons,
  artwork and fonts that exist), and every text held to a 3:1 contrast against what lies
  under it (render/contrast.py). One line per problem naming the card and the layout element;
  a contrast problem shared by many cards is one line naming the first and the count.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from deckgen.errors import DeckgenError
from deckgen.model.deck_data import Card, Deck
from deckgen.model.geometry import CardGeometry
from deckgen.render import painter
from deckgen.render.contrast import MIN_TEXT_CONTRAST, hex_colour, text_contrasts
from deckgen.render.layout import card_layout, deck_layout, layout_back_svg, layout_face_svg


def layout_problems(deck: Deck, geometry: CardGeometry) -> list[str]:
    """Everything rendering would refuse and every text too faint to read, one line each."""
    drawings: list[tuple[str, Card | None, Callable[[], str]]] = [
        (f"card {card.id}", card, partial(layout_face_svg, deck, card, geometry)) for card in deck.cards]
    drawings += [(f"back {back.id}", None, partial(layout_back_svg, deck, back.id, geometry)) for back in deck.backs]
    problems: list[str] = []
    faint: dict[tuple[str, str, str, str], list[tuple[str, str, float]]] = {}
    for subject, card, draw in drawings:
        where = f"deck {deck.id}: {subject}"
        try:
            svg = draw()
            painter.check_svg(svg, where)
        except DeckgenError as exc:
            problems.extend(exc.problems)
            continue
        for found in text_contrasts(svg):
            if found.ratio < MIN_TEXT_CONTRAST and found.element is not None:
                where = (card_layout(deck, card) if card else deck_layout(deck)).where(found.element, card is None)
                key = (where, found.element, hex_colour(found.ink), hex_colour(found.ground))
                faint.setdefault(key, []).append((subject, found.text, found.ratio))
    for (where, _, ink, ground), seen in faint.items():
        subject, text, ratio = min(seen, key=lambda item: item[2])
        more = f" (and {len(seen) - 1} more)" if len(seen) > 1 else ""
        problems.append(f"deck {deck.id}: {subject}{more}: {where}: text {text!r} is {ink} on "
                        f"{ground}, contrast {ratio:.1f}:1 (expected at least {MIN_TEXT_CONTRAST:g}:1: darken the "
                        "text or lighten what lies under it, or the other way round)")
    return list(dict.fromkeys(problems))
