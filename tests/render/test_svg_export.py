"""`render cards --svg` writes SVGs that travel: pictures copied beside them and linked
relatively, no path of the project left in them, fonts named by family, weight and style."""

from __future__ import annotations

import io
import shutil
from pathlib import Path

import cairosvg
from PIL import Image

from deckgen.render import fonts
from deckgen.render.png import export_images
from deckgen.render.sheets import SheetOptions
from tests.render.layout_project import deck_with

LOGO = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#1f3a93"/></svg>'


def test_the_svg_folder_opens_elsewhere(tmp_path: Path) -> None:
    project = tmp_path / "project"
    layout = {"fonts": {"title": "fonts/DejaVuSerif-Bold.ttf"},
              "elements": {"paper": {"type": "rect", "fill": "white", "bleed": True},
                           "photo": {"type": "image", "image": "art/{n}.png", "x": "10%", "y": "10%",
                                     "width": "80%", "height": "40%", "fit": "cover"},
                           "logo": {"type": "image", "image": "art/logo.svg", "x": "40%", "y": "60%",
                                    "width": "20%", "height": "15%"},
                           "title": {"type": "text", "text": "{name}", "font": "title", "x": "10%", "y": "80%",
                                     "width": "80%", "height": "8%"}}}
    deck = deck_with(project, layout)
    (project / "art").mkdir()
    (project / "fonts").mkdir()
    shutil.copy(fonts.font_dir() / "DejaVuSerif-Bold.ttf", project / "fonts")
    for n in (1, 2):
        Image.new("RGB", (60, 40), (200, 40, 40)).save(project / "art" / f"{n}.png")
    (project / "art" / "logo.svg").write_text(LOGO)
    export_images(deck, SheetOptions(), tmp_path / "out", png_dpi=None, write_svg=True)
    moved = shutil.copytree(tmp_path / "out" / "d" / "svg", tmp_path / "elsewhere")
    shutil.rmtree(project)
    assert sorted(p.name for p in (moved / "art").iterdir()) == ["1.png", "2.png", "logo.svg"]  # each once
    text = (moved / "c1.svg").read_text()
    assert 'href="art/1.png"' in text and 'href="art/logo.svg"' in text
    assert "file:" not in text and str(tmp_path) not in text
    assert 'font-family="DejaVu Serif" font-weight="bold"' in text

    # as a viewer opens it: cairosvg reads linked files only when told it may (unsafe)
    drawn = cairosvg.svg2png(url=str(moved / "c1.svg"), unsafe=True)
    picture = Image.open(io.BytesIO(drawn)).convert("RGB")
    width, height = picture.size
    assert picture.getpixel((width // 2, height // 4)) == (200, 40, 40)  # the photo, found beside the SVG
    assert picture.getpixel((width // 2, int(height * 0.67))) == (31, 58, 147)  # the SVG logo
