"""The README's "Your own game" walk, steps 1 to 7, as a designer does it: the rows, the
picture element and the comet layout are read from the README itself, so the text and what
runs cannot drift apart."""

from __future__ import annotations

import csv
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from PIL import Image

from deckgen import project
from deckgen.cli import main
from deckgen.render import fonts

README = (Path(__file__).resolve().parents[2] / "README.md").read_text()


def run(*args: str) -> Result:
    project.forget_loaded()
    return CliRunner().invoke(main, list(args))


def replace(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_the_readme_walk_runs_as_written(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DECKGEN_OUTPUT", raising=False)
    monkeypatch.chdir(tmp_path)
    assert run("init", "mygame").exit_code == 0
    monkeypatch.chdir(tmp_path / "mygame")
    deck = Path("decks/sky")
    # 2: a rarity column after value, two rows, the values and the count in deck.yaml
    rows = list(csv.reader((deck / "cards.csv").open()))
    at = rows[0].index("value") + 1
    rows = [rows[0][:at] + ["rarity"] + rows[0][at:]] + [r[:at] + ["common"] + r[at:] for r in rows[1:]]
    rows += [next(csv.reader([row])) for row in re.findall(r"`((?:sun|moon)-7,[^`]*)`", README)]
    assert len(rows) == 22
    with (deck / "cards.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    replace(deck / "deck.yaml", "value: [1, 2, 3, 4, 5, 6]", "value: [1, 2, 3, 4, 5, 6, 7]\n  rarity: [common, rare]")
    replace(deck / "deck.yaml", "expected_total: 20", "expected_total: 22")
    assert run("validate").output == "ok: 2 file(s) valid\n"
    # 3: a colour, a picture element; 4: a picture per card; 5: a font for the titles
    layout = deck / "layouts" / "card.yaml"
    replace(layout, 'sun: "#c26a00"', 'sun: "#d1495b"')
    picture = re.search(r"`(picture: \{type: image[^`]*)`", README)
    assert picture
    replace(layout, "\n  art: {", f"\n  {picture.group(1)}\n  art: {{")
    for card in [r[0] for r in rows[1:] if not r[-1]] + ["comet-1", "comet-2"]:
        Image.new("RGB", (60, 84), (200, 120, 90)).save(Path("art") / f"{card}.png")
    shutil.copy(fonts.font_dir() / "DejaVuSerif-Bold.ttf", "fonts/DejaVuSerif-Bold.ttf")
    replace(layout, "# fonts:\n#   title: fonts/YourFont.ttf", "fonts:\n  title: fonts/DejaVuSerif-Bold.ttf")
    replace(layout, 'title: {type: text, text: "{name}",', 'title: {type: text, text: "{name}", font: title,')
    # 6: the comets' own layout, own icon and a colour from their row
    rows = list(csv.reader((deck / "cards.csv").open()))
    rows = [rows[0] + ["layout", "band"]] + [r + (["comet", "#5b2a86"] if r[0] == "comet" else ["", ""])
                                             for r in rows[1:]]
    with (deck / "cards.csv").open("w", newline="") as out:
        csv.writer(out).writerows(rows)
    comet = re.search(r"`decks/sky/layouts/comet.yaml`:\n\n   ```yaml\n(.*?)   ```", README, re.S)
    assert comet
    (deck / "layouts" / "comet.yaml").write_text(re.sub(r"(?m)^   ", "", comet.group(1)))
    # 7: check and render
    result = run("validate")
    assert result.exit_code == 0 and result.output == "ok: 2 file(s) valid\n", result.output
    result = run("render", "cards", "sky")
    assert result.exit_code == 0, result.output
    pdf = Path("output/sky/sky-pnp.pdf").read_bytes()
    assert b"DejaVuSerif-Bold" in pdf and b"SvgArt" in pdf
