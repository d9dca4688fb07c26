"""Fonts from the project: embedded in the PDF; a font that does not load is one line."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import pytest
from PIL import Image
from pypdf import PdfReader

from deckgen.errors import DataError
from deckgen.model.deck_data import Deck
from deckgen.render import fonts
from deckgen.render.png import export_images
from deckgen.render.sheets import SheetOptions, render_sheets
from tests.render.layout_project import deck_with


def font_layout(file: str) -> dict:
    return {"fonts": {"title": file},
            "elements": {"name": {"type": "text", "text": "{name}", "font": "title", "x": "10%", "y": "10%",
                                  "width": "80%", "height": "10%"}}}


def embedded_fonts(pdf: bytes) -> set[str]:
    names = set()
    for page in PdfReader(io.BytesIO(pdf)).pages:
        stack = [page["/Resources"]]
        while stack:
            resources = stack.pop().get_object()
            names.update(str(f.get_object()["/BaseFont"]) for f in resources.get("/Font", {}).values())
            stack.extend(x.get_object()["/Resources"] for x in resources.get("/XObject", {}).values()
                         if "/Resources" in x.get_object())
    return names


def test_a_project_ttf_is_embedded(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    shutil.copy(fonts.font_dir() / "DejaVuSerif.ttf", tmp_path / "fonts" / "Serif.ttf")
    deck = deck_with(tmp_path, font_layout("fonts/Serif.ttf"))
    assert any(name.endswith("+DejaVuSerif") for name in embedded_fonts(render_sheets(deck, SheetOptions())))


def test_a_font_that_does_not_load_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Broken.ttf").write_bytes(b"\x00\x01\x00\x00" + b"junk" * 20)
    deck = deck_with(tmp_path, font_layout("fonts/Broken.ttf"))
    with pytest.raises(DataError) as caught:
        render_sheets(deck, SheetOptions())
    assert len(caught.value.problems) == 1
    assert "Broken.ttf: font does not load" in str(caught.value)


def test_cff_opentype_asks_for_a_ttf(tmp_path: Path) -> None:
    (tmp_path / "fonts").mkdir()
    (tmp_path / "fonts" / "Title.otf").write_bytes(b"OTTO" + b"\x00" * 64)
    deck = deck_with(tmp_path, font_layout("fonts/Title.otf"))
    with pytest.raises(DataError, match="convert it to TTF"):
        render_sheets(deck, SheetOptions())


def test_a_missing_font_file(tmp_path: Path) -> None:
    deck = deck_with(tmp_path, font_layout("fonts/None.ttf"))
    with pytest.raises(DataError, match=r"main.yaml: fonts.title: file 'fonts/None.ttf' not found in the project"):
        render_sheets(deck, SheetOptions())


def two_font_deck(root: Path, title_file: str, body_file: str) -> Deck:
    """A deck whose titles are set in one font file and whose text in another, both copied
    from matplotlib's fonts into the project's fonts/."""
    (root / "fonts").mkdir(parents=True, exist_ok=True)
    for name in {title_file, body_file}:
        shutil.copy(fonts.font_dir() / name, root / "fonts" / name)
    layout = {"fonts": {"title": f"fonts/{title_file}", "body": f"fonts/{body_file}"},
              "elements": {"paper": {"type": "rect", "fill": "white", "bleed": True},
                           "name": {"type": "text", "text": "TITLE {n}", "font": "title", "x": "10%", "y": "10%",
                                    "width": "80%", "height": "20%", "size": "8mm"},
                           "rules": {"type": "text", "text": "body {n}", "font": "body", "x": "10%", "y": "50%",
                                     "width": "80%", "height": "10%"}}}
    return deck_with(root, layout)


def fonts_of_texts(pdf: bytes) -> dict[str, set[str]]:
    """Each text shown in the PDF -> the BaseFont names it is drawn in."""
    found: dict[str, set[str]] = {}

    def visit(text: str, cm: object, tm: object, font: dict | None, size: float) -> None:
        if text.strip() and font is not None:
            found.setdefault(text.strip(), set()).add(str(font["/BaseFont"]))

    for page in PdfReader(io.BytesIO(pdf)).pages:
        page.extract_text(visitor_text=visit)
    return found


@pytest.mark.parametrize("bold, regular", [("STIXGeneralBol.ttf", "STIXGeneral.ttf"),
                                           ("DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf")])
def test_two_files_of_one_family_each_draw_the_text_the_layout_gives_them(tmp_path: Path, bold: str, regular: str) -> None:
    """Fonts are the files the layout names: a bold title font and a regular text font of one
    family are two fonts, both embedded, whichever card uses which first."""
    pdf = render_sheets(two_font_deck(tmp_path, bold, regular), SheetOptions())
    drawn = fonts_of_texts(pdf)
    for card in (1, 2):
        (title_font,) = drawn[f"TITLE {card}"]
        (body_font,) = drawn[f"body {card}"]
        assert title_font.endswith("-Bold") and not body_font.endswith("-Bold"), (title_font, body_font)


def test_every_embedded_font_has_its_own_subset_tag(tmp_path: Path) -> None:
    """Six capitals before the `+`, different for every font (not reportlab's AAAAAA+ for the
    first subset of each), and the same from one run to the next."""
    deck = two_font_deck(tmp_path, "STIXGeneralBol.ttf", "STIXGeneral.ttf")
    names = embedded_fonts(render_sheets(deck, SheetOptions()))
    tags = [name.lstrip("/").split("+")[0] for name in names]
    assert len(names) >= 4 and all(len(tag) == 6 and tag.isupper() for tag in tags)
    assert len(set(tags)) == len(tags), names
    assert embedded_fonts(render_sheets(deck, SheetOptions())) == names


def ink(picture: Image.Image) -> int:
    """How many pixels are dark: more for a bold face than for its regular one."""
    return picture.convert("L").point(lambda value: 255 if value < 128 else 0).histogram()[255]


def test_png_draws_the_font_file_not_the_installed_face_of_its_family(tmp_path: Path) -> None:
    """PNG (and so tgc, mpc and TTS, drawn by the same rasteriser) set a layout font from its
    file: a bold file of a family the system has installed prints bold."""
    pictures = []
    for title in ("DejaVuSerif-Bold.ttf", "DejaVuSerif.ttf"):
        root = tmp_path / title
        deck = two_font_deck(root, title, "DejaVuSerif.ttf")
        options = SheetOptions()
        (png, *_) = sorted(p for p in export_images(deck, options, root / "output", 100, False) if p.stem == "c1")
        picture = Image.open(png)
        pictures.append(picture.crop((0, 0, picture.width, picture.height // 3)))
    bold, regular = (ink(p) for p in pictures)
    assert bold > 1.15 * regular, (bold, regular)
