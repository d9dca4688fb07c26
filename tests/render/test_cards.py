"""Card art: every card of every deck renders inside its safe area, each deck shows what its
players need, images come out at print-shop sizes, and every bad input fails cleanly."""

from __future__ import annotations

import shutil
import struct
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from deckgen import paths
from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.model.deck import deck_ids, load_deck
from deckgen.model.geometry import CARD_SIZES, CardGeometry
from deckgen.render import painter, svg
from deckgen.render.png import pixel_geometry

NS = "{http://www.w3.org/2000/svg}"


def texts(svg_text: str) -> list[str]:
    return [el.text or "" for el in ET.fromstring(svg_text).iter(f"{NS}text")]


@pytest.mark.parametrize("size", ["poker", "mini"])
@pytest.mark.parametrize("deck_id", deck_ids())
def test_every_card_and_back_stays_inside_the_safe_area(deck_id: str, size: str) -> None:
    deck = load_deck(deck_id)
    geometry = CardGeometry(*CARD_SIZES[size])
    for card in deck.cards:
        painter.check_svg(svg.card_svg(deck, card, geometry), card.id)
    for back in deck.backs:
        painter.check_svg(svg.back_svg(deck, back.id, geometry), back.id)


def test_background_covers_the_bleed() -> None:
    deck = load_deck("mystique")
    root = ET.fromstring(svg.card_svg(deck, deck.cards[0]))
    first = next(root.iter(f"{NS}rect"))
    b = svg.POKER.bleed
    assert float(first.get("x")) == -b and float(first.get("y")) == -b
    assert float(first.get("width")) == pytest.approx(svg.POKER.width + 2 * b)
    assert float(first.get("height")) == pytest.approx(svg.POKER.height + 2 * b)


def test_text_is_escaped() -> None:
    deck = load_deck("mystique")
    card = deck.cards[0]._replace(name="Moons & <Suns>")
    document = svg.card_svg(deck, card)
    assert "&amp; &lt;Suns&gt;" in document
    assert "Moons & <Suns>" in texts(document)


def test_mystique_shows_number_card_number_and_ace_or_palm() -> None:
    deck = load_deck("mystique")
    ace = texts(svg.card_svg(deck, deck.card("blue-suns-1")))
    assert {"1", "No. 26", "ACE", "1 of blue suns"} <= set(ace)
    palm = texts(svg.card_svg(deck, deck.card("yellow-arms-5")))
    assert {"5", "No. 35", "PALM", "5 of yellow arms"} <= set(palm)
    plain = texts(svg.card_svg(deck, deck.card("red-crowns-3")))
    assert "No. 53" in plain and "ACE" not in plain and "PALM" not in plain
    assert svg.back_svg(deck, "gold") != svg.back_svg(deck, "silver")


def test_mirror_cards_read_both_ways_and_mark_the_specials() -> None:
    deck = load_deck("mirror")
    root = ET.fromstring(svg.card_svg(deck, deck.card("mirror-05")))
    turned = [g for g in root.iter(f"{NS}g") if (g.get("transform") or "").startswith("rotate(180")]
    turned_texts = {t.text for g in turned for t in g.iter(f"{NS}text")}
    assert "50" in turned_texts and "05" not in turned_texts
    assert "05" in texts(svg.card_svg(deck, deck.card("mirror-05")))
    assert "SPECIAL" in texts(svg.card_svg(deck, deck.card("mirror-77")))
    assert "SPECIAL" not in texts(svg.card_svg(deck, deck.card("mirror-05")))


def test_mirrorquest_words_green_dot_and_wildcard_borders() -> None:
    deck = load_deck("mirrorquest")
    words = texts(svg.card_svg(deck, deck.card("yellow-deer-winterwoods")))
    assert {"YELLOW", "Deer", "Winterwoods", "Yellow Deer in Winterwoods"} <= set(words)
    dot = 'fill="#1d1d1d"'
    assert dot in svg.card_svg(deck, deck.card("green-owl-moonlake"))
    assert dot not in svg.card_svg(deck, deck.card("red-owl-moonlake"))

    def edge(card_id: str) -> str:
        root = ET.fromstring(svg.card_svg(deck, deck.card(card_id)))
        return next(root.iter(f"{NS}rect")).get("fill", "")

    assert edge("pickup2-1") == "#111111"
    assert edge("pickup4-1") == "#ffffff"
    assert "+4" in texts(svg.card_svg(deck, deck.card("pickup4-1")))
    assert "WILD" in texts(svg.card_svg(deck, deck.card("wild-1")))


def test_smoke_and_mirrors_values_and_mirrors() -> None:
    deck = load_deck("smoke-and-mirrors")
    assert {"5", "SKULL  5", "Skull 5"} <= set(texts(svg.card_svg(deck, deck.card("skull-5-1"))))
    assert {"M", "MIRROR", "Swirl mirror"} <= set(texts(svg.card_svg(deck, deck.card("swirl-mirror"))))


def test_mismatch_names_the_colour_and_draws_its_glyph() -> None:
    deck = load_deck("mismatch")
    for colour, glyph in (("red", "polygon"), ("blue", "circle"), ("yellow", "rect"), ("green", "path")):
        document = svg.card_svg(deck, deck.card(f"{colour}-7-hearts"))
        assert colour.upper() in texts(document)
        assert f"{colour.capitalize()} 7 of Hearts" in texts(document)
        assert glyph in document


def test_back_choice() -> None:
    mystique, mismatch = load_deck("mystique"), load_deck("mismatch")
    assert svg.back_for(mystique, mystique.cards[0]) == "gold"
    assert svg.back_for(mystique, mystique.cards[0], "silver") == "silver"
    assert svg.back_for(mismatch, mismatch.card("blue-A-spades")) == "blue"
    with pytest.raises(DeckgenError, match="no back 'bronze'"):
        svg.back_for(mystique, mystique.cards[0], "bronze")


def test_painter_rejects_what_it_cannot_draw() -> None:
    with pytest.raises(DeckgenError, match="unsupported SVG element <foreignObject>"):
        painter.check_svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"><foreignObject/></svg>', "x")
    with pytest.raises(DeckgenError, match="images come only from a layout's image elements"):
        painter.check_svg('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1">'
                          '<image href="file:///etc/passwd" width="1" height="1"/></svg>', "x")
    with pytest.raises(DeckgenError, match="invalid SVG"):
        painter.check_svg("<svg", "x")


def test_poker_png_is_the_print_shop_size() -> None:
    pixels = pixel_geometry(CardGeometry(*CARD_SIZES["poker"]), 300)
    assert (pixels.width_px, pixels.height_px) == (822, 1122)
    assert pixels.card().bleed >= 3.0


def png_size(path: Path) -> tuple[int, int]:
    return struct.unpack(">II", path.read_bytes()[16:24])


def run(args: list[str], output: Path) -> tuple[int, str, str]:
    result = CliRunner().invoke(main, ["render", "cards", *args, "--output", str(output)])
    return result.exit_code, result.stdout, result.stderr


def test_cli_writes_pdf_pngs_and_svgs(tmp_path: Path) -> None:
    code, out, err = run(["smoke-and-mirrors", "--png", "40", "--svg", "--paper", "letter"], tmp_path)
    assert code == 0, err
    folder = tmp_path / "smoke-and-mirrors"
    assert (folder / "smoke-and-mirrors-pnp-letter.pdf").is_file()  # Letter never replaces the A4 sheets
    assert not (folder / "smoke-and-mirrors-pnp.pdf").exists()
    pngs = sorted((folder / "png").iterdir())
    assert len(pngs) == 19 and (folder / "png" / "skull-mirror.png") in pngs
    expected = pixel_geometry(CardGeometry(*CARD_SIZES["poker"]), 40)
    assert png_size(folder / "png" / "back-smoke.png") == (expected.width_px, expected.height_px)
    from PIL import Image

    with Image.open(folder / "png" / "star-1-1.png") as image:
        assert image.mode == "RGB"
        assert image.getpixel((0, 0)) == (0x1D, 0x1A, 0x30)  # the bleed: smoke background
        centre = image.getpixel((image.width // 2, int(image.height * 0.45)))
        assert centre[0] > 200 and centre[1] > 150 and centre[2] < 120  # the gold star
    assert len(list((folder / "svg").glob("*.svg"))) == 19
    assert not [p for p in folder.rglob("*") if p.name.startswith(".")]
    assert "wrote" in out


def test_a_png_export_replaces_the_old_one_as_a_whole(tmp_path: Path) -> None:
    """A second export at another resolution leaves no image of the first behind, and a
    stray file in the old folder goes with it: the folder is replaced, never mixed."""
    assert run(["smoke-and-mirrors", "--png", "40"], tmp_path)[0] == 0
    folder = tmp_path / "smoke-and-mirrors" / "png"
    (folder / "stale.png").write_bytes(b"old")
    assert run(["smoke-and-mirrors", "--png", "30"], tmp_path)[0] == 0
    expected = pixel_geometry(CardGeometry(*CARD_SIZES["poker"]), 30)
    sizes = {png_size(path) for path in folder.iterdir()}
    assert sizes == {(expected.width_px, expected.height_px)} and not (folder / "stale.png").exists()
    assert not [p for p in folder.parent.iterdir() if p.name.startswith(".")]


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["smoke-and-mirrors", "--paper", "a3"], "unknown paper 'a3'"),
        (["smoke-and-mirrors", "--card-size", "huge"], "unknown card size 'huge'"),
        (["smoke-and-mirrors", "--bleed", "-1"], "bleed must be 0 mm or more"),
        (["smoke-and-mirrors", "--bleed", "12"], "too large"),
        (["smoke-and-mirrors", "--card-size", "200x290"], "does not fit"),
        (["smoke-and-mirrors", "--card-size", "20x30"], "below the 1.2 mm that stays legible"),
        (["mystique", "--back", "bronze"], "no back 'bronze'"),
        (["no-such-deck"], "unknown deck"),
    ],
)
def test_cli_bad_input_is_one_line_and_writes_nothing(args: list[str], message: str, tmp_path: Path) -> None:
    code, _, err = run([*args, "--png", "30"], tmp_path)
    assert code == 2
    lines = err.strip().splitlines()
    if message == "below the 1.2 mm that stays legible":  # a line per failing card: ten, then a count
        assert len(lines) == 11 and all(message in line for line in lines[:10])
        assert lines[10] == "error: ... and 8 more cards with problems"
    else:
        assert len(lines) == 1 and message in err
    assert list(tmp_path.rglob("*")) == []


def test_cli_text_overflowing_the_safe_area_is_one_line_per_card(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    decks = tmp_path / "decks"
    (decks / "smoke-and-mirrors").mkdir(parents=True)
    source = (paths.decks_dir() / "smoke-and-mirrors" / "deck.yaml").read_text(encoding="utf-8")
    long_name = "Swirl {value} of the endless smoke and the many mirrors"
    (decks / "smoke-and-mirrors" / "deck.yaml").write_text(
        source.replace('name: "Swirl {value}"', f'name: "{long_name}"'), encoding="utf-8"
    )
    monkeypatch.setattr(paths, "decks_dir", lambda: decks)
    load_deck.cache_clear()
    try:
        code, _, err = run(["smoke-and-mirrors", "--svg"], tmp_path / "out")
    finally:
        load_deck.cache_clear()
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 5  # the five Swirl cards, each named
    for value, line in enumerate(lines, start=1):
        assert f"card swirl-{value}: text 'Swirl {value} of the endless" in line and "overflows the safe area by" in line
    assert not (tmp_path / "out").exists()


def test_cli_template_error_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    templates = tmp_path / "templates"
    shutil.copytree(paths.templates_dir() / "cards", templates / "cards")
    face = templates / "cards" / "smoke-and-mirrors" / "face.svg.j2"
    face.write_text(face.read_text(encoding="utf-8").replace("card.name", "card.title"), encoding="utf-8")
    monkeypatch.setattr(paths, "templates_dir", lambda: templates)
    svg.template_env.cache_clear()
    try:
        code, _, err = run(["smoke-and-mirrors"], tmp_path / "out")
    finally:
        svg.template_env.cache_clear()
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and "template error" in err and "title" in err
    assert not (tmp_path / "out").exists()
