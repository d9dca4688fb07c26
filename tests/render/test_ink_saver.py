"""--ink-saver on decks drawn from layouts: what each element's `ink_saver` makes of it."""

from __future__ import annotations

from pathlib import Path

import pytest

from deckgen.errors import DataError
from deckgen.model.geometry import CardGeometry
from deckgen.render.layout import layout_back_svg, layout_face_svg
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with

POKER = CardGeometry(63.5, 88.9, 3.0)


def banded(**extra: dict) -> dict:
    """A cream card with a dark band across the top bearing a white title, a light label on
    no ground, and a dark back."""
    elements = {
        "background": {"type": "rect", "fill": "#fffaf0", "bleed": True},
        "band": {"type": "rect", "fill": "#1f3a93", "height": "15%", "bleed": True},
        "title": {"type": "text", "text": "{name}", "colour": "white", "x": "10%", "y": "4%", "width": "80%",
                  "height": "8%"},
        "note": {"type": "text", "text": "note", "colour": "#eeeeee", "x": "10%", "y": "50%", "width": "80%",
                 "height": "8%"},
    }
    for key, value in extra.items():
        elements[key] = {**elements[key], **value}
    return {"elements": elements, "back": {"ground": {"type": "rect", "fill": "#14213d", "bleed": True},
                                           "name": {"type": "text", "text": "{deck}", "colour": "white",
                                                    "x": "10%", "y": "40%", "width": "80%", "height": "10%"}}}


def test_ink_saver_changes_a_layout_decks_pdf(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, banded())
    normal = render_sheets(deck, SheetOptions())
    saving = render_sheets(deck, SheetOptions(ink_saver=True))
    assert saving != normal
    assert render_sheets(deck, SheetOptions(ink_saver=True)) == saving  # reproducible


def test_auto_outlines_bleeding_fills_and_darkens_light_text_on_them(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, banded())
    face = layout_face_svg(deck, deck.cards[0], POKER, ink_saver=True)
    assert 'fill="none" stroke="#1f3a93" stroke-width="0.5"' in face  # the band as an outline
    assert 'fill="#1f3a93" data-name="title">Card 1</text>' in face  # white title in the band's colour
    assert 'fill="#000000" data-name="note">note</text>' in face  # its ground, cream, too light to take: black
    back = layout_back_svg(deck, "default", POKER, ink_saver=True)
    assert 'fill="#14213d" data-name="name">Test deck</text>' in back
    assert 'fill="#14213d"' not in layout_back_svg(deck, "default", POKER).replace('fill="#14213d"/>', "")


def test_keep_hide_outline_and_a_mapping_of_keys(tmp_path: Path) -> None:
    layout = banded(band={"ink_saver": "keep"}, note={"ink_saver": "hide"},
                    title={"ink_saver": {"colour": "#8a1c1c", "bold": True}},
                    background={"ink_saver": "outline", "bleed": False})
    deck = deck_with(tmp_path, layout)
    face = layout_face_svg(deck, deck.cards[0], POKER, ink_saver=True)
    assert '<rect x="-3" y="-3" width="69.5" height="16.335" fill="#1f3a93"/>' in face
    assert ">note<" not in face
    assert 'font-weight="bold" fill="#8a1c1c" data-name="title">Card 1<' in face
    assert 'fill="none" stroke="#fffaf0"' in face
    plain = layout_face_svg(deck, deck.cards[0], POKER)
    assert ">note<" in plain and 'fill="white" data-name="title">Card 1<' in plain


@pytest.mark.parametrize("element, value, expected", [
    ("title", {"x": "5mm"}, "main.yaml: elements.title.ink_saver.x: cannot change with --ink-saver"),
    ("title", {"colour": "pink"}, "main.yaml: elements.title.ink_saver.colour: found 'pink'"),
    ("title", "outline", "main.yaml: elements.title.ink_saver: found 'outline', which only a rect can become"),
    ("band", "sometimes", "main.yaml: elements.band.ink_saver"),
])
def test_a_bad_ink_saver_is_one_line_naming_file_element_and_key(tmp_path: Path, element: str, value: object,
                                                                 expected: str) -> None:
    deck = deck_with(tmp_path, banded(**{element: {"ink_saver": value}}))
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER, ink_saver=True)
    assert len(caught.value.problems) == 1 and expected in caught.value.problems[0], caught.value.problems
