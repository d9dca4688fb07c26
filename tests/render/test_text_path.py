"""Text on a path (issue 28, Squib's vocabulary): a layout text following a circle's arc or SVG
path data, glyph by glyph, in the SVG every output reads, the PDF and the PNG; text too long
for its path is refused as other overflowing text is; a bad `path` or `arc` is one line
naming file, element and key, exit 2."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen import project
from deckgen.cli import main
from deckgen.errors import DataError
from deckgen.model.geometry import ASCENT, DESCENT, CardGeometry
from deckgen.render import fonts, painter, png
from deckgen.render.layout import layout_face_svg
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with, make_project
from tests.render.test_artwork import forms_by_id

POKER = CardGeometry(63.5, 88.9, 3.0)
NS = "{http://www.w3.org/2000/svg}"
#: A square box 40 mm a side from (11.75, 20) in trim coordinates: its centre (31.75, 40).
BOX = {"x": "11.75mm", "y": "20mm", "width": "40mm", "height": "40mm"}
CENTRE, RADIUS = (31.75 + 3.0, 40.0 + 3.0), 15.0  # in the document (bleed corner) coordinates


def glyphs(svg: str, element: str) -> list[tuple[str, float, float, float, float]]:
    """Each glyph of an element as (character, x, y, degrees, size) in document coordinates
    (the layout's group moves the trim corner by the bleed)."""
    out = []
    for node in ET.fromstring(svg).iter(f"{NS}text"):
        if node.get("data-name") != element:
            continue
        turn = re.fullmatch(r"rotate\((\S+) (\S+) (\S+)\)", node.get("transform", ""))
        assert turn is not None and float(turn[2]) == float(node.get("x", "")) and float(turn[3]) == float(node.get("y", ""))
        out.append((node.text or "", float(node.get("x", "")) + 3.0, float(node.get("y", "")) + 3.0, float(turn[1]),
                    float(node.get("font-size", ""))))
    return out


def middle(glyph: tuple[str, float, float, float, float]) -> tuple[float, float]:
    """The middle of a glyph's baseline: its origin moved half its advance along its turn."""
    char, x, y, degrees, size = glyph
    half = fonts.text_width(char, fonts.REGULAR, size) / 2
    return x + half * math.cos(math.radians(degrees)), y + half * math.sin(math.radians(degrees))


def arc_layout(text: str, **keys: object) -> dict:
    title = {"type": "text", "text": text, "size": "4mm", "valign": "bottom", **BOX,
             "arc": {"radius": "15mm", "start": -60, "end": 60}, **keys}
    return {"elements": {"title": title}}


def test_glyphs_follow_an_arc_upright_and_in_order(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, arc_layout("Around the top"))
    svg = layout_face_svg(deck, deck.cards[0], POKER)
    found = glyphs(svg, "title")
    assert "".join(g[0] for g in found) == "Aroundthetop"  # spaces advance, draw nothing
    angles = []
    for glyph in found:
        mx, my = middle(glyph)
        assert math.dist((mx, my), CENTRE) == pytest.approx(RADIUS, abs=0.02)  # on the circle
        # clockwise from the top, the way the text runs; a glyph is turned by that much
        at = math.degrees(math.atan2(mx - CENTRE[0], CENTRE[1] - my))
        assert glyph[3] == pytest.approx(at, abs=1.0)
        angles.append(at)
    assert angles == sorted(angles) and -60 <= angles[0] and angles[-1] <= 60
    assert abs(angles[0] + angles[-1]) < 8  # centred on the arc (align: center)
    painter.check_svg(svg, "c1")


def test_an_arc_run_backwards_reads_left_to_right_under_the_circle(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, arc_layout("underneath", arc={"radius": "15mm", "start": 240, "end": 120}))
    found = glyphs(layout_face_svg(deck, deck.cards[0], POKER), "title")
    xs = [middle(g)[0] for g in found]
    assert xs == sorted(xs) and all(middle(g)[1] > CENTRE[1] for g in found)
    assert all(abs(g[3]) < 60 for g in found)  # upright: never turned more than the arc's half


def test_glyphs_follow_svg_path_data_and_valign_sets_them_on_across_or_under_it(tmp_path: Path) -> None:
    line = {"type": "text", "text": "flat", "size": "4mm", "align": "left", **BOX, "path": "M 0 10 L 40 10"}
    down = {**line, "text": "down", "path": "M 30 0 L 30 40"}
    layout = {"elements": {"on": {**line, "valign": "bottom"}, "across": {**line, "valign": "middle"},
                           "under": {**line, "valign": "top"}, "down": down}}
    deck = deck_with(tmp_path, layout)
    svg = layout_face_svg(deck, deck.cards[0], POKER)
    baseline = 20.0 + 10.0 + 3.0
    on, across, under = (glyphs(svg, name) for name in ("on", "across", "under"))
    assert all(g[2] == pytest.approx(baseline) and g[3] == 0 for g in on)
    assert on[0][1] == pytest.approx(11.75 + 3.0)  # align: left starts at the path's start
    assert across[0][2] == pytest.approx(baseline + (ASCENT - DESCENT) / 2 * 4, abs=0.002)
    assert under[0][2] == pytest.approx(baseline + ASCENT * 4, abs=0.002)
    vertical = glyphs(svg, "down")
    assert {g[3] for g in vertical} == {90.0} and [g[2] for g in vertical] == sorted(g[2] for g in vertical)


def test_the_pdf_and_the_png_draw_text_on_a_path(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, arc_layout("[#ff0000]Red arc[/] :sun:"))
    drawn = b"\n".join(forms_by_id(render_sheets(deck, SheetOptions(backs=False))).values())
    assert drawn.count(b" Tj") >= len("Redarc")  # a text object per glyph, each turned
    assert b"1 0 0 rg" in drawn
    written = png.export_images(deck, SheetOptions(backs=False), tmp_path / "out", png_dpi=60, write_svg=True)
    picture = next(path for path in written if path.name == "c1.png")
    with Image.open(picture) as image:
        rgb = image.convert("RGB")
        reds = [(x, y) for x in range(rgb.width) for y in range(rgb.height)
                if (lambda p: p[0] > 200 and p[1] < 80 and p[2] < 80)(rgb.getpixel((x, y)))]
    assert reds and max(y for _, y in reds) < rgb.height * 0.45  # the red words lie on the arc's top
    exported = next(path for path in written if path.name == "c1.svg").read_text()
    assert exported.count('transform="rotate(') >= len("Redarc")


def test_text_too_long_for_its_path_is_refused_as_overflowing_text_is(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, arc_layout("A title far too long to go round a small arc of a circle at all"))
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    (line,) = caught.value.problems
    assert line.startswith("deck d: card c1: ") and "main.yaml: elements.title: text does not fit: it is " in line
    assert "even at 1.2 mm, its path 31.4 mm (shorten the text, lengthen the path or lower min_size)" in line


def test_text_shrinks_to_fit_its_path(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, arc_layout("Somewhat longer title here", size="8mm"))
    found = glyphs(layout_face_svg(deck, deck.cards[0], POKER), "title")
    assert 1.2 < found[0][4] < 8
    total = sum(fonts.text_width(c, fonts.REGULAR, found[0][4]) for c in "Somewhat longer title here")
    assert total == pytest.approx(math.radians(120) * RADIUS, rel=0.01)  # fills the arc exactly


@pytest.mark.parametrize(("keys", "expected"), [
    ({"path": "M 0 0 L 5"}, "elements.title.path: found 'M 0 0 L 5': path data ends early"),
    ({"path": "M 3 3"}, "elements.title.path: found 'M 3 3', which has no length"),
    ({"path": 12}, "elements.title.path: found 12 (expected SVG path data in mm"),
    ({"arc": {"radius": "15mm", "start": 800, "end": 0}}, "elements.title.arc.start: found 800 (expected degrees"),
    ({"arc": {"radius": "0mm", "start": 0, "end": 90}}, "elements.title.arc.radius: found '0mm' (expected a length above 0"),
    ({"arc": {"radius": "5mm", "start": 30, "end": 30}}, "elements.title.arc: start and end are both 30"),
    ({"arc": {"radius": "5mm", "start": 0, "end": 90, "x": "1e5"}}, "elements.title.arc.x: found '1e5'"),
    ({"arc": {"radius": "5mm", "start": 0, "end": 90}, "path": "M 0 0 L 9 9"}, "elements.title: has both path and arc"),
])
def test_a_bad_path_or_arc_is_one_line_naming_file_element_and_key(tmp_path: Path, keys: dict, expected: str) -> None:
    layout = {"elements": {"title": {"type": "text", "text": "x", **BOX, **keys}}}
    deck = deck_with(tmp_path, layout)
    with pytest.raises(DataError) as caught:
        layout_face_svg(deck, deck.cards[0], POKER)
    (line,) = caught.value.problems
    assert f"main.yaml: {expected}" in line, line


def test_validate_refuses_a_bad_arc_with_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    make_project(tmp_path, arc_layout("x", arc={"radius": "5mm", "start": "top", "end": 90}))
    monkeypatch.chdir(tmp_path)
    project.forget_loaded()
    result = CliRunner().invoke(main, ["validate"])
    assert result.exit_code == 2, result.output
    assert "main.yaml: elements.title.arc.start: found 'top' (expected degrees" in result.output
    assert "Traceback" not in result.output
