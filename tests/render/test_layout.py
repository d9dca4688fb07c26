"""Cards drawn from layouts: the default layout on every shipped deck, text that fits."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.deck import deck_ids, load_deck
from deckgen.model.geometry import CardGeometry
from deckgen.model.text_spans import SpanStyle
from deckgen.render import fonts, painter, textfit
from deckgen.render.layout import layout_back_svg, layout_face_svg
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with
from tests.render.test_artwork import forms_by_id

POKER = CardGeometry(63.5, 88.9, 3.0)
MINI = CardGeometry(41.0, 63.0, 3.0)


@pytest.mark.parametrize("deck_id", deck_ids())
def test_default_layout_draws_every_shipped_card_inside_its_safe_area(deck_id: str) -> None:
    deck = load_deck(deck_id)
    for card in deck.cards:
        svg = layout_face_svg(deck, card, POKER)
        painter.check_svg(svg, card.id)  # text measured with the font: inside data-safe, legible
        assert ">" + (str(card.number) if card.number is not None else card.id) + "<" in svg
    for back in deck.backs:
        painter.check_svg(layout_back_svg(deck, back.id, POKER), back.id)


def test_default_layout_fits_a_mini_card() -> None:
    deck = load_deck("mirrorquest")
    for card in deck.cards[::7]:
        painter.check_svg(layout_face_svg(deck, card, MINI), card.id)


def measure(piece: textfit.Piece) -> float:
    return fonts.text_width(piece.text, fonts.font_name(fonts.FAMILY, "bold" if piece.bold else "normal"), 1.0)


def test_shrink_to_fit_chooses_a_smaller_size_and_wraps() -> None:
    words = textfit.parse_markup("a rather long line of card text that wraps", (), lambda words: SpanStyle())
    loose = textfit.fit(words, measure, 100, 30, 4.0, 1.2)
    tight = textfit.fit(words, measure, 30, 6, 4.0, 1.2)
    assert loose.size == 4.0 and len(loose.lines) == 1
    assert tight.size < 4.0 and len(tight.lines) > 1
    assert max(line.width for line in tight.lines) * tight.size <= 30 + 1e-6


def test_text_that_cannot_fit_names_card_and_element(tmp_path: Path) -> None:
    layout = {"elements": {"rules": {"type": "text", "text": "{name} " * 30, "x": "10%", "y": "10%",
                                     "width": "40%", "height": "5mm"}}}
    deck = deck_with(tmp_path, layout)
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    message = str(caught.value)
    assert "deck d: card c1:" in message and "main.yaml: elements.rules: text does not fit" in message
    assert "even at 1.2 mm" in message


def test_inline_icons_bold_italic_and_escaping(tmp_path: Path) -> None:
    cards = [{"n": 1, "rules": "Gain :sun: and **two** *cards* <now> & then"}]
    layout = {"elements": {"rules": {"type": "text", "text": "{rules}", "x": "10%", "y": "10%",
                                     "width": "80%", "height": "20%"}}}
    deck = deck_with(tmp_path, layout, cards)
    svg = layout_face_svg(deck, deck.cards[0], POKER)
    assert 'font-weight="bold"' in svg and ">two<" in svg
    assert 'font-style="italic"' in svg and ">cards<" in svg
    assert "&lt;now&gt; &amp; then" in svg
    assert "scale(" in svg  # the sun icon, drawn inline
    painter.check_svg(svg, "c1")


def test_unknown_inline_icon_names_card_and_element(tmp_path: Path) -> None:
    cards = [{"n": 1, "rules": "Gain :moonbeam:"}]
    layout = {"elements": {"rules": {"type": "text", "text": "{rules}", "x": "10%", "y": "10%",
                                     "width": "80%", "height": "20%"}}}
    deck = deck_with(tmp_path, layout, cards)
    with pytest.raises(DataError, match=r"card c1: .*elements.rules: unknown icon :moonbeam:"):
        layout_face_svg(deck, deck.cards[0], POKER)


def test_palettes_when_and_icons_by_field(tmp_path: Path) -> None:
    layout = {"palettes": {"tone": {"1": "#112233", "default": "#445566"}},
              "elements": {"pip": {"type": "icon", "icon": "{kind}", "colour": {"palette": "tone", "by": "n"},
                                   "x": "20%", "y": "20%", "width": "20%", "height": "20%"},
                           "only2": {"type": "rect", "fill": "#abcdef", "when": {"n": 2}}}}
    deck = deck_with(tmp_path, layout, [{"n": 1, "kind": "moons"}, {"n": 2, "kind": "hearts"}])
    first, second = (layout_face_svg(deck, card, POKER) for card in deck.cards)
    assert "#112233" in first and "#abcdef" not in first
    assert "#445566" in second and "#abcdef" in second


def test_unknown_field_in_a_template(tmp_path: Path) -> None:
    layout = {"elements": {"t": {"type": "text", "text": "{colour}", "x": "10%", "y": "10%", "width": "80%",
                                 "height": "10%"}}}
    deck = deck_with(tmp_path, layout)
    with pytest.raises(DataError, match=r"card c1: .*elements.t: text: no field \{colour\} on this card"):
        layout_face_svg(deck, deck.cards[0], POKER)


def test_a_card_can_name_its_own_layout(tmp_path: Path) -> None:
    """A `layout` column (or a group's `set: {layout: ...}`) gives those cards another layout,
    looked up as the deck's is; the other cards keep the deck's."""
    layout = {"elements": {"name": {"type": "text", "text": "plain {name}", "x": "10%", "y": "10%",
                                    "width": "80%", "height": "10%"}}}
    deck = deck_with(tmp_path, layout, [{"n": 1}, {"n": 2, "layout": "big"}, {"n": 3, "layout": "nowhere"}])
    big = {"extend": "main", "elements": {"name": {"text": "BIG {name}"}}}
    (tmp_path / "decks" / "d" / "layouts" / "big.yaml").write_text(yaml.safe_dump(big))
    assert ">plain Card 1<" in layout_face_svg(deck, deck.cards[0], POKER)
    assert ">BIG Card 2<" in layout_face_svg(deck, deck.cards[1], POKER)
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[2], POKER)
    (line,) = caught.value.problems
    assert line.startswith("deck d: card c3: field layout: unknown layout 'nowhere' (known: big, default, main")


COMET = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="#c26a00"/>'
         '<path d="M1 9 L5 5" stroke="#1f3a93" stroke-width="1"/></svg>')


def test_own_svg_icons_inline_and_as_icon_elements(tmp_path: Path) -> None:
    """`icons:` names SVG files of the project; `:comet:` in text and `icon: comet` draw them,
    each file stored once in the PDF."""
    layout = {"icons": {"comet": "icons/comet.svg"},
              "elements": {"rule": {"type": "text", "text": "Play a :comet: or a :sun:", "x": "10%", "y": "60%",
                                    "width": "80%", "height": "10%"},
                           "big": {"type": "icon", "icon": "comet", "x": "30%", "y": "20%", "width": "40%",
                                   "height": "30%"}}}
    deck = deck_with(tmp_path, layout)
    (tmp_path / "icons").mkdir()
    (tmp_path / "icons" / "comet.svg").write_text(COMET)
    face = layout_face_svg(deck, deck.cards[0], POKER)
    assert face.count("comet.svg") == 2 and "<path" in face  # both own icons, and the shipped sun
    painter.check_svg(face, "c1")
    forms = forms_by_id(render_sheets(deck, SheetOptions(backs=False)))
    holding_art = [content for content in forms.values() if b"0.7608 0.4157 0.0000 rg" in content]  # #c26a00
    calls = {name for content in forms.values() for name in re.findall(rb"/FormXob\.SvgArt\w+", content)}
    assert len(holding_art) == 1 and len(calls) == 1


@pytest.mark.parametrize("icons, expected", [
    ({"comet": "icons/comet.png"}, "main.yaml: icons: comet: found 'icons/comet.png' (expected the path of an .svg"),
    ({"two words": "icons/comet.svg"}, "main.yaml: icons: icon name 'two words' (expected letters, digits"),
])
def test_a_bad_icon_entry_is_one_line(tmp_path: Path, icons: dict, expected: str) -> None:
    deck = deck_with(tmp_path, {"icons": icons, "elements": {}})
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    (line,) = caught.value.problems
    assert expected in line, line


def test_an_unknown_icon_lists_the_layouts_own_first(tmp_path: Path) -> None:
    layout = {"icons": {"comet": "icons/comet.svg"},
              "elements": {"big": {"type": "icon", "icon": "comit", "x": "30%", "y": "20%", "width": "40%",
                                   "height": "30%"}}}
    deck = deck_with(tmp_path, layout)
    with pytest.raises(DataError, match=r"elements.big: unknown icon 'comit' \(icons: comet, moon, sun"):
        layout_face_svg(deck, deck.cards[0], POKER)
