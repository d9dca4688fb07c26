"""Print-shop presets: the pixel sizes The Game Crafter and MakePlayingCards ask for, the
DriveThruCards PDF in their page order, manifests that add up to the deck, inch sizes, and
sizes a shop does not make refused in one line."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.model.deck import load_deck
from deckgen.model.geometry import CARD_SIZES, CardGeometry, parse_card_size
from deckgen.render import png
from deckgen.render.faces import distinct_faces
from deckgen.render.presets import SHOPS, dtc_pdf


def run(args: list[str], output: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["render", "cards", *args, "--output", str(output)])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize(
    ("text", "size"),
    [
        ("2.5x3.5in", (63.5, 88.9)),
        ("2.25 x 3.5 IN", (57.15, 88.9)),
        ("63x88mm", (63.0, 88.0)),
        ("60x90", (60.0, 90.0)),
        ("poker", CARD_SIZES["poker"]),
    ],
)
def test_card_sizes_in_inches_and_millimetres(text: str, size: tuple[float, float]) -> None:
    assert parse_card_size(text) == pytest.approx(size)


@pytest.mark.parametrize(("text", "message"), [("2.5x3.5cm", "unknown card size"), ("0.5x3.5in", "out of range"),
                                               ("12x3.5in", "out of range"), ("2.5x3.5inch", "unknown card size")])
def test_bad_card_sizes(text: str, message: str) -> None:
    with pytest.raises(DeckgenError, match=message):
        parse_card_size(text)


@pytest.mark.parametrize(
    ("shop", "size", "pixels"),
    [
        ("tgc", "poker", (825, 1125)),
        ("tgc", "bridge", (750, 1125)),
        ("tgc", "63x88mm", (825, 1125)),
        ("tgc", "tarot", (900, 1500)),
        ("tgc", "1.75x2.5in", (600, 825)),
        ("mpc", "poker", (822, 1122)),
        ("mpc", "2.5x3.5in", (822, 1122)),
        ("mpc", "bridge", (747, 1122)),
        ("dtc", "poker", (825, 1125)),
    ],
)
def test_shop_pixel_sizes(shop: str, size: str, pixels: tuple[int, int]) -> None:
    preset = SHOPS[shop]
    assert preset.pixels(preset.geometry(*parse_card_size(size))) == pixels


def test_tgc_poker_trim_and_safe_area() -> None:
    geometry = SHOPS["tgc"].geometry(*CARD_SIZES["poker"])
    per_mm = 300 / 25.4
    assert round(geometry.width * per_mm) == 750 and round(geometry.height * per_mm) == 1050
    # TGC's safe area is 675 x 975 px: 1/8 in inside the trim. deckgen's is inside that.
    assert geometry.safe_inset * per_mm >= 37.5


def test_a_size_the_shop_does_not_make_is_refused_naming_its_sizes(tmp_path: Path) -> None:
    code, _, err = run(["smoke-and-mirrors", "--preset", "tgc", "--card-size", "mini"], tmp_path)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "The Game Crafter makes no 41 x 63 mm card" in err and "poker 2.5x3.5in" in err
    assert list(tmp_path.rglob("*")) == []


def test_the_url_base_belongs_to_tts_only(tmp_path: Path) -> None:
    code, _, err = run(["smoke-and-mirrors", "--preset", "mpc", "--tts-url-base", "https://x.org"], tmp_path)
    assert code == 2 and "--preset tts" in err and list(tmp_path.rglob("*")) == []


def test_copies_share_one_face_and_backs_count_every_card() -> None:
    deck = load_deck("smoke-and-mirrors")
    fronts, backs = distinct_faces(deck, CardGeometry(63.5, 88.9, 3.175), None)
    assert sum(len(face.cards) for face in fronts) == len(deck.cards) == 18
    assert len(fronts) == 10 and max(len(face.cards) for face in fronts) == 5
    assert [(b.stem, len(b.cards)) for b in backs] == [("back-smoke", 18)]


def read_manifest(folder: Path) -> tuple[list[dict[str, str]], dict]:
    with (folder / "manifest.csv").open(newline="", encoding="utf-8") as handle:
        rows = list(csv.DictReader(handle))
    return rows, json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def test_mystique_tgc_gives_825_by_1125_srgb_pngs_and_a_manifest(tmp_path: Path) -> None:
    code, out, err = run(["mystique", "--preset", "tgc"], tmp_path)
    assert code == 0, err
    folder = tmp_path / "mystique" / "tgc"
    assert f"wrote 63 files to {folder} (manifest.csv lists them)" in out  # and manifest.json
    pngs = sorted(folder.glob("*.png"))
    assert len(pngs) == 61  # 60 distinct faces and the gold back
    for path in pngs:
        with Image.open(path) as image:
            assert image.size == (825, 1125)
            assert image.info["icc_profile"] == png.srgb_profile()
            assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
    rows, document = read_manifest(folder)
    assert {row["file"] for row in rows} == {path.name for path in pngs}
    assert sum(int(row["copies"]) for row in rows if row["side"] == "front") == 60
    assert [row for row in rows if row["side"] == "back"] == [
        {"file": "back-gold.png", "side": "back", "card": "gold", "name": "Gold back", "copies": "60"}]
    assert document["shop"] == "The Game Crafter" and document["pixels"] == [825, 1125]
    assert document["files"][0] == {**rows[0], "copies": int(rows[0]["copies"])}
    assert sorted(p.name for p in folder.iterdir()) == sorted([*(p.name for p in pngs), "manifest.csv", "manifest.json"])


def test_mpc_writes_one_png_per_distinct_face_at_822_by_1122(tmp_path: Path) -> None:
    assert run(["smoke-and-mirrors", "--preset", "mpc", "--back", "smoke"], tmp_path)[0] == 0
    folder = tmp_path / "smoke-and-mirrors" / "mpc"
    rows, _ = read_manifest(folder)
    assert len(rows) == 11 and sum(int(r["copies"]) for r in rows if r["side"] == "front") == 18
    assert {row["copies"] for row in rows if row["card"] == "star-1-1"} == {"5"}
    for row in rows:
        with Image.open(folder / row["file"]) as image:
            assert image.size == (822, 1122)


def test_dtc_pdf_is_back_then_front_for_every_card_with_bleed_and_fonts(tmp_path: Path) -> None:
    from pypdf import PdfReader

    deck = load_deck("smoke-and-mirrors")
    geometry = SHOPS["dtc"].geometry(*CARD_SIZES["poker"])
    fronts, backs = distinct_faces(deck, geometry, None)
    data, pages = dtc_pdf(deck, geometry, fronts, backs)
    assert dtc_pdf(deck, geometry, fronts, backs)[0] == data  # same input, same bytes
    path = tmp_path / "cards.pdf"
    path.write_bytes(data)
    reader = PdfReader(path)
    assert len(reader.pages) == 2 * len(deck.cards)
    assert pages["back-smoke"] == list(range(1, 37, 2))
    first_star = next(face for face in fronts if face.stem == "star-1-1")
    assert pages["star-1-1"] == [2 * (deck.cards.index(card) + 1) for card in first_star.cards]
    page = reader.pages[1]
    assert [float(v) for v in page.mediabox] == pytest.approx([0, 0, 198, 270])  # 2.75 x 3.75 in
    assert [float(v) for v in page.trimbox] == pytest.approx([9, 9, 189, 261])  # 1/8 in bleed
    assert b"/FontFile2" in data  # the fonts are embedded


def test_dtc_cli_writes_pdf_and_manifest(tmp_path: Path) -> None:
    assert run(["smoke-and-mirrors", "--preset", "dtc"], tmp_path)[0] == 0
    folder = tmp_path / "smoke-and-mirrors" / "dtc"
    rows, document = read_manifest(folder)
    assert {row["file"] for row in rows} == {"smoke-and-mirrors-dtc.pdf"}
    assert sorted(int(p) for row in rows for p in row["pages"].split()) == list(range(1, 37))
    assert document["bleed_mm"] == pytest.approx(3.175)


def test_the_cli_offers_every_preset() -> None:
    from deckgen.cli.cards import PRESETS
    from deckgen.render.presets import PRESET_NAMES

    assert PRESETS == PRESET_NAMES
