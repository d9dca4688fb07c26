"""Colour and size spans in layout text, as drawn: the SVG every output reads, the PDF's
content, the PNG's pixels and the exported SVG; a bad span is one line naming card and element."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen import project
from deckgen.cli import main
from deckgen.errors import DataError
from deckgen.model.geometry import CardGeometry
from deckgen.render import painter, png
from deckgen.render.layout import layout_face_svg
from deckgen.render.sheets import SheetOptions, render_sheets
from deckgen.validate import check_deck_looks
from tests.render.layout_project import deck_with, make_project
from tests.render.test_artwork import forms_by_id

POKER = CardGeometry(63.5, 88.9, 3.0)
LAYOUT = {"palettes": {"ink": {"fire": "#ff0000"}},
          "elements": {"rules": {"type": "text", "text": "{rules}", "size": "4mm", "x": "10%", "y": "10%",
                                 "width": "80%", "height": "40%"}}}
RULES = "Deal [fire 200%]3[/] damage, [#0000ff]then[/] draw"


def test_a_span_is_drawn_in_its_colour_and_size(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, LAYOUT, [{"n": 1, "rules": RULES}])
    svg = layout_face_svg(deck, deck.cards[0], POKER)
    assert 'font-size="8" fill="#ff0000" data-name="rules">3<' in svg
    assert 'font-size="4" fill="#0000ff" data-name="rules">then<' in svg
    assert 'font-size="4" fill="#000000" data-name="rules">Deal<' in svg
    painter.check_svg(svg, "c1")


def test_the_pdf_paints_the_span_colours(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, LAYOUT, [{"n": 1, "rules": RULES}])
    pdf = render_sheets(deck, SheetOptions(backs=False))
    drawn = b"\n".join(forms_by_id(pdf).values())
    assert b"1 0 0 rg" in drawn and b"0 0 1 rg" in drawn


def test_the_png_and_the_exported_svg_show_the_span(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, LAYOUT, [{"n": 1, "rules": "[fire 300%]Big[/]"}])
    written = png.export_images(deck, SheetOptions(backs=False), tmp_path / "out", png_dpi=60, write_svg=True)
    picture = next(path for path in written if path.name == "c1.png")
    with Image.open(picture) as image:
        colours = image.convert("RGB").getcolors(maxcolors=1 << 20) or []
    reds = sum(count for count, (r, g, b) in colours if r > 200 and g < 60 and b < 60)
    assert reds > 50
    exported = next(path for path in written if path.name == "c1.svg").read_text()
    assert 'fill="#ff0000"' in exported and 'font-size="12"' in exported


@pytest.mark.parametrize(("rules", "wrong"), [
    ("Deal [fier]3[/]", "text: unknown colour 'fier' in [fier]"),
    ("Deal [fire 0%]3[/]", "text: size in [fire 0%]: found '0%'"),
    ("Deal [fire]3", "text: [fire] is never closed"),
])
def test_a_bad_span_is_one_line_naming_card_and_element(tmp_path: Path, rules: str, wrong: str) -> None:
    deck = deck_with(tmp_path, LAYOUT, [{"n": 1, "rules": rules}])
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    (line,) = caught.value.problems
    assert line.startswith("deck d: card c1: ") and f"main.yaml: elements.rules: {wrong}" in line


def test_validate_refuses_a_bad_span_with_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_project(tmp_path, LAYOUT, [{"n": 1, "rules": "ok"}, {"n": 2, "rules": "[fire]never closed"}])
    monkeypatch.chdir(tmp_path)
    project.forget_loaded()
    result = CliRunner().invoke(main, ["validate"])
    assert result.exit_code == 2, result.output
    assert "card c2: " in result.output and "elements.rules: text: [fire] is never closed" in result.output


def test_the_contrast_check_measures_a_span_in_its_own_colour(tmp_path: Path) -> None:
    layout = {"elements": {"band": {"type": "rect", "fill": "#1f3a93", "height": "30%", "bleed": True},
                           "title": {"type": "text", "text": "{name} [#223366]faint[/]", "colour": "white",
                                     "x": "10%", "y": "5%", "width": "80%", "height": "10%"}}}
    (line,) = check_deck_looks(deck_with(tmp_path, layout, [{"n": 1}]))
    assert "elements.title: text 'faint' is #223366 on #1f3a93, contrast 1.2:1" in line
