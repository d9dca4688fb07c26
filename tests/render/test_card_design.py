"""Cards that survive cutting and play: borders at least 3 mm wide, backs the same both ways
up and for every card that shares them, text contrast of at least 3:1 everywhere, and
Mirrorquest's colour-blind dot where a hand fan shows it. Checked on every card and back of
every shipped deck, in colour and in ink saver."""

from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from collections import Counter
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from deckgen.cli import main
from deckgen.model.colour import parse_colour
from deckgen.model.deck import deck_ids, load_deck
from deckgen.model.deck_data import Deck
from deckgen.model.geometry import CARD_SIZES, CardGeometry
from deckgen.render import svg
from deckgen.render.contrast import (
    MIN_TEXT_CONTRAST,
    contrast_ratio,
    shape_outline,
    text_contrasts,
)
from deckgen.render.svgpath import IDENTITY, Matrix, multiply, parse_transform

NS = "{http://www.w3.org/2000/svg}"
MODES = [pytest.param(False, id="colour"), pytest.param(True, id="ink-saver")]


@cache
def documents(deck_id: str, ink_saver: bool, size: str = "poker") -> list[tuple[str, str]]:
    """(what, SVG) for every card face and every back of a deck."""
    deck = load_deck(deck_id)
    geometry = CardGeometry(*CARD_SIZES[size])
    faces = [(card.id, svg.card_svg(deck, card, geometry, ink_saver=ink_saver)) for card in deck.cards]
    backs = [(f"back {b.id}", svg.back_svg(deck, b.id, geometry, ink_saver=ink_saver)) for b in deck.backs]
    return faces + backs


def frame_edges(document: str, geometry: CardGeometry) -> list[float]:
    """Distance from the trim (mm, positive inwards) of every edge of every class="frame"
    element: a filled shape's outline, or both sides of a stroke."""
    edges: list[float] = []

    def walk(parent: ET.Element, matrix: Matrix, stroke_width: float) -> None:
        for element in parent:
            here = multiply(matrix, parse_transform(element.get("transform", ""))) if element.get("transform") else matrix
            width = float(element.get("stroke-width", stroke_width))
            walk(element, here, width)
            if "frame" not in (element.get("class") or "").split():
                continue
            tag = element.tag[len(NS):]
            geometry_attrs = tuple(sorted((k, v) for k, v in element.attrib.items() if k not in ("class", "fill", "stroke", "stroke-width", "fill-rule")))
            polygons, _ = shape_outline(tag, geometry_attrs, here)
            half = width / 2 if (element.get("stroke") or "none") != "none" else 0.0
            for polygon in polygons:
                xs, ys = [p[0] for p in polygon], [p[1] for p in polygon]
                b = geometry.bleed
                for inset in (min(xs) - b, min(ys) - b, b + geometry.width - max(xs), b + geometry.height - max(ys)):
                    edges.extend({inset - half, inset + half})

    walk(ET.fromstring(document), IDENTITY, 1.0)
    return edges


@pytest.mark.parametrize("ink_saver", MODES)
@pytest.mark.parametrize("size", ["poker", "mini"])
@pytest.mark.parametrize("deck_id", deck_ids())
def test_every_frame_is_at_least_3_mm_from_the_trim(deck_id: str, size: str, ink_saver: bool) -> None:
    geometry = CardGeometry(*CARD_SIZES[size])
    for what, document in documents(deck_id, ink_saver, size):
        edges = frame_edges(document, geometry)
        assert edges, f"{deck_id} {what}: no frame found (mark border elements class=\"frame\")"
        thin = [round(e, 2) for e in edges if 0 < e < svg.MIN_FRAME - 0.002]  # SVG numbers carry 3 decimals
        assert not thin, f"{deck_id} {what}: frame edges {thin} mm from the trim"


def test_the_frame_check_catches_a_thin_border() -> None:
    geometry = svg.POKER
    thin = ('<svg xmlns="http://www.w3.org/2000/svg"><g transform="translate(3 3)">'
            '<rect class="frame" x="1.9" y="1.9" width="59.7" height="85.1" fill="#fff"/></g></svg>')
    assert min(frame_edges(thin, geometry)) == pytest.approx(1.9)
    line = thin.replace('x="1.9" y="1.9" width="59.7" height="85.1" fill="#fff"',
                        'x="3.1" y="3.1" width="57.3" height="82.7" fill="none" stroke="#000" stroke-width="0.6"')
    assert sorted({round(e, 6) for e in frame_edges(line, geometry)}) == pytest.approx([2.8, 3.4])


def rendered(document: str) -> np.ndarray:
    """The document's shapes (text left out: see `text_placements`) at 4 px per mm, as RGB
    numbers on white paper. Text is compared by where it is placed instead: the rasteriser
    snaps upright and upside-down glyphs to the pixel grid differently."""
    import cairosvg
    from PIL import Image

    root = ET.fromstring(document)
    for parent in root.iter():
        for text in [child for child in parent if child.tag == f"{NS}text"]:
            parent.remove(text)
    _, _, width, height = (float(v) for v in root.get("viewBox", "").split())
    png = cairosvg.svg2png(bytestring=ET.tostring(root), output_width=round(width * 4), output_height=round(height * 4))
    image = Image.open(io.BytesIO(png)).convert("RGBA")
    paper = Image.new("RGBA", image.size, "white")
    return np.asarray(Image.alpha_composite(paper, image).convert("RGB"), dtype=np.int16)


def half_turn_difference(document: str) -> tuple[float, float]:
    """Mean difference (0-255) and the largest difference of any pixel between a back's
    shapes and the same shapes turned a half turn."""
    pixels = rendered(document)
    diff = np.abs(pixels - pixels[::-1, ::-1]).max(axis=2)
    return float(diff.mean()), float(diff.max())


def text_placements(document: str) -> Counter[tuple[str, str, str, float, float, float]]:
    """Every text as (content, style, anchor x, anchor y, angle) in document coordinates."""
    root = ET.fromstring(document)
    found: Counter[tuple[str, str, str, float, float, float]] = Counter()

    def walk(parent: ET.Element, matrix: Matrix, style: tuple[str, ...]) -> None:
        for element in parent:
            here = multiply(matrix, parse_transform(element.get("transform", ""))) if element.get("transform") else matrix
            own = style + tuple(f"{k}={element.get(k)}" for k in ("font-size", "font-weight", "text-anchor", "fill") if element.get(k))
            if element.tag == f"{NS}text":
                x, y = float(element.get("x", "0")), float(element.get("y", "0"))
                px, py = here[0] * x + here[2] * y + here[4], here[1] * x + here[3] * y + here[5]
                angle = round(math.degrees(math.atan2(here[1], here[0]))) % 360
                found[(element.text or "", " ".join(own), "", round(px, 2), round(py, 2), angle)] += 1
            walk(element, here, own)

    walk(root, IDENTITY, ())
    return found


def turned_half(placements: Counter[tuple[str, str, str, float, float, float]], width: float, height: float) -> Counter[tuple[str, str, str, float, float, float]]:
    return Counter({(text, style, anchor, round(width - x, 2), round(height - y, 2), (angle + 180) % 360): n
                    for (text, style, anchor, x, y, angle), n in placements.items()})


@pytest.mark.parametrize("ink_saver", MODES)
@pytest.mark.parametrize("deck_id", deck_ids())
def test_backs_are_the_same_both_ways_up(deck_id: str, ink_saver: bool) -> None:
    deck = load_deck(deck_id)
    geometry = svg.POKER
    for back in deck.backs:
        document = svg.back_svg(deck, back.id, ink_saver=ink_saver)
        mean, largest = half_turn_difference(document)
        assert mean < 0.25 and largest <= 64, f"{deck_id} back {back.id}: turned differs ({mean:.2f}, {largest})"
        placements = text_placements(document)
        assert placements == turned_half(placements, geometry.full_width, geometry.full_height), (
            f"{deck_id} back {back.id}: its text does not repeat half a turn away")


def test_the_back_check_sees_a_back_that_turns() -> None:
    deck = load_deck("smoke-and-mirrors")
    document = svg.back_svg(deck, "smoke")
    star_left = document.replace("</svg>", '<circle cx="20" cy="47" r="2" fill="#f4c542"/></svg>')
    assert half_turn_difference(star_left)[1] > 64
    word_on_top = document.replace("</svg>", '<text x="30" y="10" font-size="3">TOP</text></svg>')
    placements = text_placements(word_on_top)
    assert placements != turned_half(placements, svg.POKER.full_width, svg.POKER.full_height)


def backs_by_card(deck: Deck) -> dict[str, set[str]]:
    """Back id -> the distinct back documents its cards get."""
    out: dict[str, set[str]] = {}
    for card in deck.cards:
        back_id = svg.back_for(deck, card)
        out.setdefault(back_id, set()).add(svg.back_svg(deck, back_id))
    return out


@pytest.mark.parametrize("deck_id", deck_ids())
def test_cards_sharing_a_back_get_the_same_back(deck_id: str) -> None:
    deck = load_deck(deck_id)
    by_back = backs_by_card(deck)
    assert all(len(documents) == 1 for documents in by_back.values())
    expected = len(deck.backs) if deck_id == "mismatch" else 1  # Mismatch: one back per colour deck
    assert len(by_back) == expected


@pytest.mark.parametrize("ink_saver", MODES)
@pytest.mark.parametrize("deck_id", deck_ids())
def test_every_text_has_contrast_of_at_least_3(deck_id: str, ink_saver: bool) -> None:
    low = []
    for what, document in documents(deck_id, ink_saver):
        found = text_contrasts(document)
        assert found or what.startswith("back"), f"{deck_id} {what}: no text found"
        low += [f"{what}: {t.text!r} {t.ratio:.2f}" for t in found if t.ratio < MIN_TEXT_CONTRAST]
    assert not low, low[:10]


def test_contrast_ratio_and_the_ground_beneath_text() -> None:
    white, black = (1.0, 1.0, 1.0), (0.0, 0.0, 0.0)
    assert contrast_ratio(white, black) == pytest.approx(21.0)
    assert contrast_ratio((0.466, 0.466, 0.466), white) == pytest.approx(4.48, abs=0.01)
    # the old Mirrorquest label: white on the yellow pill, over a cream panel
    label = ('<svg xmlns="http://www.w3.org/2000/svg"><rect width="60" height="80" fill="#fffdf8"/>'
             '<g transform="translate(5 5)"><rect x="10" y="60" width="36" height="7" rx="3.5" fill="#f3b823"/></g>'
             '<text x="33" y="69.5" font-size="3.3" font-weight="bold" text-anchor="middle" fill="#ffffff">Winterwoods</text>'
             '<text x="33" y="20" font-size="3" text-anchor="middle" fill="#ffffff">on cream</text>'
             '<text x="33" y="40" font-size="3" fill="#000000">off the page</text></svg>')
    on_pill, on_cream, plain = text_contrasts(label)
    assert on_pill.ratio == pytest.approx(1.8, abs=0.05) and on_pill.ground == parse_colour("#f3b823")
    assert on_cream.ground == parse_colour("#fffdf8") and on_cream.ratio < 1.1
    assert plain.ratio > 19


def test_contrast_reads_a_word_running_off_its_label() -> None:
    running_off = ('<svg xmlns="http://www.w3.org/2000/svg"><rect x="0" y="0" width="20" height="10" fill="#000000"/>'
                   '<text x="2" y="7" font-size="4" fill="#ffffff">a long white word</text></svg>')
    (found,) = text_contrasts(running_off)
    assert found.ratio == pytest.approx(1.0)


def test_mirrorquest_dot_sits_under_the_top_left_index() -> None:
    deck = load_deck("mirrorquest")
    root = ET.fromstring(svg.card_svg(deck, deck.card("green-owl-moonlake")))
    art = next(root.iter(f"{NS}g"))
    upright = next(g for g in art if g.tag == f"{NS}g" and not g.get("transform"))
    (dot,) = [c for c in upright.iter(f"{NS}circle") if c.get("fill") == "#1d1d1d"]
    icons = [g for g in upright if (g.get("transform") or "").startswith("translate(")]
    index_x = float(icons[0].get("transform", "")[len("translate("):].split()[0])
    cx, cy = float(dot.get("cx", "")), float(dot.get("cy", ""))
    assert cx == pytest.approx(index_x)  # in the index's column, under it
    assert cx < 12 and cy < 25  # inside the corner strip a fanned hand shows


def test_ink_saver_reaches_the_sheets_and_images(tmp_path: Path) -> None:
    args = ["render", "cards", "smoke-and-mirrors", "--svg", "--output", str(tmp_path)]
    assert CliRunner().invoke(main, args).exit_code == 0
    solid = (tmp_path / "smoke-and-mirrors" / "svg" / "back-smoke.svg").read_text()
    assert CliRunner().invoke(main, [*args, "--ink-saver"]).exit_code == 0
    outlined = (tmp_path / "smoke-and-mirrors" / "svg" / "back-smoke.svg").read_text()
    night = 'height="94.9" fill="#1d1a30"'  # the full-bleed night sky
    assert night in solid and night not in outlined
    assert (tmp_path / "smoke-and-mirrors" / "smoke-and-mirrors-pnp.pdf").stat().st_size > 0
