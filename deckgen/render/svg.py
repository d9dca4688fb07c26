"""Card faces and backs as SVG from jinja2 templates.

* `card_svg(deck, card, geometry=POKER, ink_saver=False) -> str`: the face of one card as SVG.
* `back_svg(deck, back_id, geometry=POKER, ink_saver=False) -> str`: one of the deck's backs.
* `back_for(deck, card, back_id=None) -> str`: which back a card gets (see its docstring).

Templates live in `templates/cards/<deck id>/face.svg.j2` and `back.svg.j2`; shared icons are
jinja macros in `templates/cards/icons.svg.j2`. Autoescaping is on. Each document is in
millimetres with the origin at the bleed corner and carries the safe area in `data-safe`.
Border elements carry `class="frame"` so that tests can measure them (at least `MIN_FRAME`
from the trim); with `ink_saver` the templates draw backs and frames as outlines on paper.
`render.painter` draws these documents onto PDF pages.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING, Any

from deckgen import paths, project
from deckgen.errors import DeckgenError
from deckgen.model.deck_data import Card, Deck
from deckgen.model.geometry import CARD_SIZES, CardGeometry
from deckgen.render import fonts
from deckgen.render.svg_values import jinja_bytecode_cache, mix_colours, svg_number

if TYPE_CHECKING:
    from jinja2 import Environment, Template


#: Smallest font size (mm, about 3.4 pt) allowed on a card: smaller text does not print legibly.
MIN_TEXT_SIZE = 1.2

#: A card's border is at least this wide (mm from the trim), so that a cut off by 1 mm leaves
#: it visibly even; thinner borders make cards lopsided and recognisable from behind.
MIN_FRAME = 3.0

#: The default card: poker size with 3 mm bleed.
POKER = CardGeometry(*CARD_SIZES["poker"])



# --------------------------------------------------------------------------- templates


@cache
def template_env() -> Environment:
    """The jinja2 environment for card templates: autoescaped, strict about unknown names.
    A template is read once per run, not looked up on disk again for every card (each card
    loads four: its face, the base it extends and the two it imports); watch's rebuilds
    start from a new environment (project.on_change below), so they see edited templates."""
    from jinja2 import (
        Environment,
        FileSystemBytecodeCache,
        FileSystemLoader,
        StrictUndefined,
    )

    env = Environment(
        loader=FileSystemLoader(str(paths.templates_dir() / "cards")),
        bytecode_cache=jinja_bytecode_cache(FileSystemBytecodeCache),
        autoescape=True,
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        auto_reload=False,
    )
    env.filters["n"] = svg_number
    env.filters["mix"] = mix_colours
    return env


def _template(deck: Deck, kind: str) -> Template:
    from jinja2 import TemplateError, TemplateNotFound

    name = f"{deck.id}/{kind}.svg.j2"
    try:
        return template_env().get_template(name)
    except TemplateNotFound:
        raise DeckgenError(
            f"no card template for deck {deck.id!r} (expected templates/cards/{name})"
        ) from None
    except TemplateError as exc:
        raise DeckgenError(_template_problem(name, exc)) from None


def _template_problem(name: str, exc: Exception) -> str:
    line = getattr(exc, "lineno", None)
    where = f"templates/cards/{getattr(exc, 'name', None) or name}" + (f":{line}" if line else "")
    return f"{where}: template error: {str(exc).splitlines()[0] if str(exc) else type(exc).__name__}"


def _context(deck: Deck, geometry: CardGeometry, ink_saver: bool) -> dict[str, Any]:
    """Names every template sees: sizes in mm (trim W x H, bleed b, safe inset s, border
    width `frame`, `inner` where corner indices start, clear of the border), scale u, and
    `ink_saver` (draw backs and frames as outlines)."""
    w, h, b = geometry.width, geometry.height, geometry.bleed
    frame = max(MIN_FRAME, geometry.safe_inset)
    return {
        "deck": deck,
        "W": w,
        "H": h,
        "b": b,
        "s": geometry.safe_inset,
        "frame": frame,
        "inner": frame + 0.45 * geometry.safe_inset,
        "ink_saver": ink_saver,
        "u": min(w / CARD_SIZES["poker"][0], h / CARD_SIZES["poker"][1]),
        "font": fonts.FAMILY,
        "full_width": geometry.full_width,
        "full_height": geometry.full_height,
        "safe": geometry.safe_box(),
        "label": deck.label,
    }


def _render(deck: Deck, kind: str, where: str, values: dict[str, Any]) -> str:
    from jinja2 import TemplateError

    template = _template(deck, kind)
    try:
        return template.render(values)
    except TemplateError as exc:
        raise DeckgenError(_template_problem(f"{deck.id}/{kind}.svg.j2", exc)) from None
    except (TypeError, ValueError, ArithmeticError) as exc:
        raise DeckgenError(f"templates/cards/{deck.id}/{kind}.svg.j2: {where}: {exc}") from None


def uses_layout(deck: Deck) -> bool:
    """A deck is drawn from a layout when it names one or has no card template (then the
    default layout); the layout code is imported only then."""
    return deck.layout is not None or not _has_card_template(deck.id)


@cache
def _has_card_template(deck_id: str) -> bool:
    """Whether the package ships a face template for this deck id; looked up once per id
    (every card asks), again after a watched project changes."""
    return (paths.templates_dir() / "cards" / deck_id / "face.svg.j2").is_file()


project.on_change(_has_card_template.cache_clear)
project.on_change(template_env.cache_clear)


def card_svg(deck: Deck, card: Card, geometry: CardGeometry = POKER, *, ink_saver: bool = False) -> str:
    """The face of `card` as an SVG document sized trim plus bleed, in millimetres: from
    the deck's layout, or its template (see uses_layout)."""
    if uses_layout(deck):
        from deckgen.render.layout import layout_face_svg

        return layout_face_svg(deck, card, geometry, ink_saver)
    values = _context(deck, geometry, ink_saver)
    values["card"] = card
    return _render(deck, "face", f"card {card.id}", values)


def back_svg(deck: Deck, back_id: str, geometry: CardGeometry = POKER, *, ink_saver: bool = False) -> str:
    """One of the deck's backs (by id, see deck.yaml `backs`) as an SVG document."""
    back = next((b for b in deck.backs if b.id == back_id), None)
    if back is None:
        known = ", ".join(b.id for b in deck.backs)
        raise DeckgenError(f"deck {deck.id} has no back {back_id!r} (backs: {known})")
    if uses_layout(deck):
        from deckgen.render.layout import layout_back_svg

        return layout_back_svg(deck, back_id, geometry, ink_saver)
    values = _context(deck, geometry, ink_saver)
    values["back"] = back
    return _render(deck, "back", f"back {back_id}", values)


def back_for(deck: Deck, card: Card, back_id: str | None = None) -> str:
    """The back a card is printed with: `back_id` when given; otherwise the back named like
    one of the card's attribute values (Mismatch: each colour deck has its own back), else
    the deck's first back (Mystique: gold)."""
    if back_id is not None:
        if not any(b.id == back_id for b in deck.backs):
            known = ", ".join(b.id for b in deck.backs)
            raise DeckgenError(f"deck {deck.id} has no back {back_id!r} (backs: {known})")
        return back_id
    ids = [b.id for b in deck.backs]
    for value in card.attrs.values():
        if str(value) in ids:
            return str(value)
    return ids[0]
