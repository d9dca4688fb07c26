"""Squib's shapes in layouts: ellipses, polygons and lines, and elements turned at any angle."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.errors import DataError
from deckgen.model.geometry import CardGeometry
from deckgen.render import painter
from deckgen.render.layout import layout_face_svg
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with

POKER = CardGeometry(63.5, 88.9, 3.0)

SHAPES = {"elements": {
    "paper": {"type": "rect", "fill": "white", "bleed": True},
    "sun": {"type": "ellipse", "fill": "#c26a00", "stroke": "#1f3a93", "stroke_width": "0.5mm",
            "x": "30%", "y": "10%", "width": "40%", "height": "28%"},
    "peak": {"type": "polygon", "fill": "#2e6b30", "points": [["50%", "0%"], ["100%", "100%"], ["0%", "100%"]],
             "x": "10%", "y": "45%", "width": "80%", "height": "25%"},
    "rule": {"type": "line", "stroke": "#333333", "stroke_width": "0.4mm", "points": [["0%", "50%"], ["100%", "50%"]],
             "x": "10%", "y": "73%", "width": "80%", "height": "2%"},
    "slanted": {"type": "text", "text": "{name}", "rotate": -30, "x": "30%", "y": "78%", "width": "40%", "height": "6%"},
}}


def test_ellipses_polygons_lines_and_any_angle(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, SHAPES)
    face = layout_face_svg(deck, deck.cards[0], POKER)
    assert '<ellipse cx="31.75" cy="21.336" rx="12.7" ry="12.446" fill="#c26a00" stroke="#1f3a93"' in face
    assert '<polygon points="31.75,40.005 57.15,62.23 6.35,62.23" fill="#2e6b30"/>' in face
    assert '<polyline points="6.35,65.786 57.15,65.786" fill="none" stroke="#333333"' in face
    assert 'transform="rotate(-30 ' in face
    painter.check_svg(face, "c1")
    assert render_sheets(deck, SheetOptions()) == render_sheets(deck, SheetOptions())


def test_a_turned_box_that_leaves_the_card_is_one_line(tmp_path: Path) -> None:
    layout = {"elements": {"bar": {"type": "rect", "fill": "#000000", "rotate": 10, "x": "0%", "y": "45%",
                                   "width": "100%", "height": "10%"}}}
    deck = deck_with(tmp_path, layout)
    with pytest.raises(DataError, match=r"main.yaml: elements.bar: lies \d+\.\d mm off the 63.5 x 88.9 mm card"):
        layout_face_svg(deck, deck.cards[0], POKER)


@pytest.mark.parametrize("element, expected", [
    ({"type": "polygon", "points": [["0%", "0%"], ["10%", "10%"]]}, "elements.bad.points: found 2 items (expected at least 3)"),
    ({"type": "polygon", "points": [["0%", "0%"], ["10%"], ["5%", "5%"]]}, "elements.bad.points: point 2: found a list (expected [x, y]"),
    ({"type": "line", "points": [["0%", float("nan")], ["10%", "10%"]]}, "elements.bad.points: point 1: found nan"),
    ({"type": "line", "points": [["0%", "0%"], ["1%", "1%"]], "stroke_width": 0}, "elements.bad.stroke_width: found 0"),
    ({"type": "ellipse", "fill": "pink"}, "elements.bad.fill: found 'pink'"),
    ({"type": "rect", "rotate": 400}, "elements.bad.rotate: found 400 (expected degrees from -360 to 360"),
    ({"type": "star"}, "elements.bad.type: found 'star' (expected type: rect, text, icon, image, ellipse, polygon, line)"),
])
def test_a_bad_shape_key_is_one_line_naming_file_element_and_key(tmp_path: Path, element: dict, expected: str) -> None:
    deck = deck_with(tmp_path, {"elements": {"bad": element}})
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    (line,) = caught.value.problems
    assert f"main.yaml: {expected}" in line, line


def test_opacity_reaches_the_pdf_with_its_graphics_state(tmp_path: Path) -> None:
    """`opacity` draws the element translucent: each card form that sets an alpha (`gs`) has
    that ExtGState in its own resources, which PDF readers need to honour it."""
    layout = {"elements": {"ground": {"type": "rect", "fill": "#1f3a93", "bleed": True},
                           "veil": {"type": "rect", "fill": "white", "opacity": 0.5, "x": "10%", "y": "10%",
                                    "width": "80%", "height": "40%"}}}
    deck = deck_with(tmp_path, layout)
    assert '<g opacity="0.5">' in layout_face_svg(deck, deck.cards[0], POKER)
    pdf = render_sheets(deck, SheetOptions(backs=False))
    translucent = [form for form in forms(pdf) if b" gs" in form.get_data()]
    assert translucent and all("/ExtGState" in form["/Resources"] for form in translucent)
    assert any(state.get_object().get("/ca") == 0.5 for form in translucent
               for state in form["/Resources"]["/ExtGState"].values())
    assert render_sheets(deck, SheetOptions(backs=False)) == pdf


def forms(pdf: bytes) -> list:
    """Every Form XObject the pages use."""
    found = []
    for page in PdfReader(io.BytesIO(pdf)).pages:
        for ref in page["/Resources"].get("/XObject", {}).values():
            if ref.get_object()["/Subtype"] == "/Form":
                found.append(ref.get_object())
    return found


def test_a_bad_opacity_is_one_line(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, {"elements": {"veil": {"type": "rect", "fill": "white", "opacity": 1.5}}})
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    (line,) = caught.value.problems
    assert "main.yaml: elements.veil.opacity: found 1.5 (expected a number from 0, invisible, to 1, opaque)" in line
