"""Layout files: every loader problem is one line naming the file and the element."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from deckgen.errors import DataError
from deckgen.model.geometry import CardGeometry
from deckgen.model.layout import load_layout
from tests.render.layout_project import make_project

POKER = CardGeometry(63.5, 88.9, 3.0)


def problems(tmp_path: Path, layout: dict | str, place: bool = False) -> str:
    deck = make_project(tmp_path, layout)
    with pytest.raises(DataError) as caught:
        loaded = load_layout("main", deck)
        if place:
            loaded.placed(POKER)
    return str(caught.value)


def text(**keys: object) -> dict:
    return {"type": "text", "text": "{name}", "x": "10%", "y": "10%", "width": "80%", "height": "10%", **keys}


def test_a_valid_layout_places_its_elements_in_mm(tmp_path: Path) -> None:
    deck = make_project(tmp_path, {"elements": {"title": text(), "bg": {"type": "rect", "bleed": True}}})
    placed = {p.id: p for p in load_layout("main", deck).placed(POKER)}
    assert placed["title"].x == pytest.approx(6.35) and placed["title"].height == pytest.approx(8.89)
    assert (placed["bg"].x, placed["bg"].width) == (-3.0, pytest.approx(69.5))


def test_unknown_element_key_names_file_and_element(tmp_path: Path) -> None:
    message = problems(tmp_path, {"elements": {"title": text(colr="#fff")}})
    assert "main.yaml: elements.title.colr: unknown key" in message


def test_unknown_type_and_top_level_key(tmp_path: Path) -> None:
    message = problems(tmp_path, {"elemnts": {}, "elements": {"x": {"type": "circle"}}})
    assert "elemnts: unknown key" in message
    assert "elements.x.type: found 'circle' (expected type: rect, text, icon, image, ellipse, polygon, line)" in message


def test_bad_units(tmp_path: Path) -> None:
    message = problems(tmp_path, {"elements": {"title": text(x="5cm", size=True)}})
    assert "elements.title.x: found '5cm' (expected a length" in message
    assert "elements.title.size" in message


def test_off_card(tmp_path: Path) -> None:
    message = problems(tmp_path, {"elements": {"big": {"type": "rect", "x": "50%", "width": "60%"}}}, place=True)
    assert "main.yaml: elements.big: lies 6.3 mm off the 63.5 x 88.9 mm card" in message


def test_text_and_icons_outside_the_safe_area(tmp_path: Path) -> None:
    layout = {"elements": {"title": text(x="1mm"), "pip": {"type": "icon", "icon": "sun", "y": "97%", "height": "2mm"}}}
    message = problems(tmp_path, layout, place=True)
    assert "elements.title: reaches 2.5 mm outside the safe area" in message
    assert "elements.pip: reaches" in message


def test_bad_palette(tmp_path: Path) -> None:
    layout = {"palettes": {"suit": {"a": "#12"}},
              "elements": {"t": text(colour={"palette": "suits", "by": "n"}), "u": text(colour={"palette": "suit", "by": "n"})}}
    message = problems(tmp_path, layout)
    assert "elements.t.colour.palette: unknown palette 'suits' (palettes: suit)" in message
    assert "palettes.suit.a: found '#12' (expected a colour" in message


def test_bad_colour_and_unknown_font(tmp_path: Path) -> None:
    message = problems(tmp_path, {"elements": {"t": text(colour="reddish"), "u": text(font="title")}})
    assert "elements.t.colour: found 'reddish'" in message
    assert "elements.u.font: unknown font 'title'" in message


def test_extend_cycle(tmp_path: Path) -> None:
    deck = make_project(tmp_path, {"extend": "other"})
    (deck.parent / "layouts" / "other.yaml").write_text("extend: main\n")
    with pytest.raises(DataError, match="extend goes round in a circle"):
        load_layout("main", deck)


def test_missing_extend_target(tmp_path: Path) -> None:
    message = problems(tmp_path, {"extend": "nowhere"})
    assert "main.yaml: extend: unknown layout 'nowhere' (known: default, main" in message


def test_extend_overrides_by_id_and_appends(tmp_path: Path) -> None:
    deck = make_project(tmp_path, {"extend": "default", "elements": {"name": {"size": "6mm"}, "extra": text()}})
    layout = load_layout("main", deck)
    ids = [element_id for element_id, _ in layout.elements]
    assert ids[-1] == "extra" and "name" in ids
    assert dict(layout.elements)["name"].size.value == 6.0  # type: ignore[union-attr]
    assert dict(layout.elements)["name"].bold  # type: ignore[union-attr]  (inherited)


def test_paths_leaving_the_project_are_refused(tmp_path: Path) -> None:
    deck = make_project(tmp_path / "p", {"extend": "../../../../outside.yaml"})
    (tmp_path / "outside.yaml").write_text("elements: {}\n")
    with pytest.raises(DataError, match="leads outside the project folder"):
        load_layout("main", deck)


def test_problems_in_an_extended_layout_name_that_file(tmp_path: Path) -> None:
    deck = make_project(tmp_path, {"extend": "base"})
    (deck.parent / "layouts" / "base.yaml").write_text("elements: {t: {type: text}}\n")
    with pytest.raises(DataError, match=r"base.yaml: elements.t.text: required key is missing"):
        load_layout("main", deck)


def base_and_child(tmp_path: Path, base: dict, child: dict) -> Path:
    """decks/d/layouts/main.yaml extending decks/d/layouts/base.yaml; returns the deck file."""
    deck = make_project(tmp_path, {"extend": "base", **child})
    (deck.parent / "layouts" / "base.yaml").write_text(yaml.safe_dump(base, sort_keys=False))
    return deck


def test_extend_merges_palettes_entry_by_entry(tmp_path: Path) -> None:
    base = {"palettes": {"suit": {"sun": "#c26a00", "moon": "#1f3a93"}, "ink": {"default": "#000000"}},
            "elements": {"title": text(colour={"palette": "suit", "by": "n"})}}
    deck = base_and_child(tmp_path, base, {"palettes": {"suit": {"sun": "#d1495b"}}})
    assert load_layout("main", deck).palettes == {"suit": {"sun": "#d1495b", "moon": "#1f3a93"},
                                                 "ink": {"default": "#000000"}}


def test_an_inherited_element_is_reported_in_the_file_that_defines_it(tmp_path: Path) -> None:
    base = {"elements": {"title": text(x="90%"), "rule": text(y="95%")}}
    deck = base_and_child(tmp_path, base, {"elements": {"rule": {"height": "4%"}}})
    with pytest.raises(DataError) as caught:
        load_layout("main", deck).placed(POKER)
    title, rule = caught.value.problems
    assert "base.yaml: elements.title: lies" in title
    assert "main.yaml: elements.rule: " in rule


@pytest.mark.parametrize("kind, key, value, expected", [
    ("text", "size", "0", "found 0 (expected a length above 0 and at most 1000"),
    ("text", "size", "0%", "found '0%' (expected a length above 0"),
    ("text", "min_size", "-1mm", "found '-1mm' (expected a length above 0"),
    ("text", "x", ".nan", "found nan (expected a length from -1000 to 1000"),
    ("text", "y", "-.inf", "found -inf (expected a length from -1000 to 1000"),
    ("text", "width", ".inf", "found inf (expected a length above 0 and at most 1000"),
    ("text", "height", "0mm", "found '0mm' (expected a length above 0"),
    ("text", "line_height", ".nan", "found nan (expected a number from 0.8 to 3"),
    ("rect", "stroke_width", "-0.5mm", "found '-0.5mm' (expected a length from 0 to 1000"),
    ("rect", "radius", "1001", "found 1001 (expected a length from 0 to 1000"),
])
def test_every_layout_number_is_finite_and_in_range_at_load_time(tmp_path: Path, kind: str, key: str, value: str,
                                                                  expected: str) -> None:
    """One line naming file, element and key, before any card is drawn."""
    text_key = ', text: "{name}"' if kind == "text" else ""
    deck = make_project(tmp_path, f"elements:\n  title: {{type: {kind}{text_key}, {key}: {value}}}\n")
    with pytest.raises(DataError) as caught:
        load_layout("main", deck)
    (line,) = caught.value.problems
    assert line.startswith(f"{deck.parent / 'layouts' / 'main.yaml'}: elements.title.{key}: {expected}"), line
