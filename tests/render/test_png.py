"""Card images: every PNG is tagged sRGB and carries its resolution, byte for byte the same
from run to run, and the parallel drawing returns pictures in order at their sizes; the index
page's thumbnails are a dozen distinct cards spread over the deck and every back."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageCms

from deckgen.model.deck import load_deck
from deckgen.model.geometry import CardGeometry
from deckgen.render import png, svg
from deckgen.render.png import export_thumbnails, thumbnail_stems
from deckgen.render.sheets import SheetOptions


def test_the_embedded_profile_is_srgb_and_the_same_every_time() -> None:
    data = png.srgb_profile()
    profile = ImageCms.ImageCmsProfile(io.BytesIO(data))
    assert "sRGB" in ImageCms.getProfileDescription(profile)
    png.srgb_profile.cache_clear()
    assert png.srgb_profile() == data  # lcms's build time is not in it


def test_png_bytes_carry_profile_and_dpi() -> None:
    picture = Image.new("RGB", (30, 40), (200, 10, 10))
    with Image.open(io.BytesIO(png.png_bytes(picture, 300))) as image:
        assert image.info["icc_profile"] == png.srgb_profile()
        assert image.info["dpi"] == pytest.approx((300, 300), abs=0.01)
        assert image.size == (30, 40) and image.getpixel((0, 0)) == (200, 10, 10)


def test_plain_png_export_is_tagged_and_reproducible(tmp_path: Path) -> None:
    deck = load_deck("smoke-and-mirrors")
    options = SheetOptions()
    first = png.export_images(deck, options, tmp_path / "a", png_dpi=30, write_svg=False)
    second = png.export_images(deck, options, tmp_path / "b", png_dpi=30, write_svg=False)
    assert len(first) == 19
    for one, two in zip(first, second):
        assert one.read_bytes() == two.read_bytes()
    with Image.open(first[0]) as image:
        assert image.info["icc_profile"] == png.srgb_profile()
        assert image.info["dpi"] == pytest.approx((30, 30), abs=0.01)


def test_rasterise_all_keeps_order_and_sizes() -> None:
    deck = load_deck("smoke-and-mirrors")
    card = CardGeometry(63.5, 88.9, 0)
    texts = [svg.card_svg(deck, c, card) for c in deck.cards[:5]] + [svg.back_svg(deck, "smoke", card)]
    jobs = [png.RasterJob(text, 40 + i, 56 + i, dpi=0) for i, text in enumerate(texts)]
    pictures = png.rasterise_all(jobs)
    assert [p.size for p in pictures] == [(40 + i, 56 + i) for i in range(6)]
    # In order: each picture is the one its job draws on its own.
    assert png.rasterise(texts[3], 43, 59).tobytes() == pictures[3].tobytes()



def test_thumbnails_are_distinct_cards_from_all_over_the_deck() -> None:
    deck = load_deck("mystique")
    stems = thumbnail_stems(deck)
    assert len(stems) == 12 + len(deck.backs) and len(set(stems)) == len(stems)
    assert stems[-len(deck.backs):] == [f"back-{back.id}" for back in deck.backs]
    faces = [card for card in deck.cards if card.id in stems]
    # Not only the ones, nor only one suit: every 5th card of 60 would be all ones.
    assert len({card.get("number") for card in faces}) > 1 and len({card.get("suit") for card in faces}) == 4


def test_copies_of_one_card_show_once() -> None:
    deck = load_deck("mirrorquest")  # four identical wildcards of each kind
    faces = [card for card in deck.cards if card.id in thumbnail_stems(deck)]
    assert len({card.signature() for card in faces}) == len(faces)


def test_thumbnail_images_are_small_and_reproducible(tmp_path: Path) -> None:
    deck = load_deck("smoke-and-mirrors")
    first = export_thumbnails(deck, tmp_path / "a")
    second = export_thumbnails(deck, tmp_path / "b")
    assert [p.name for p in first] == [f"{stem}.png" for stem in thumbnail_stems(deck)]
    for one, other in zip(first, second):
        assert one.read_bytes() == other.read_bytes()
        with Image.open(one) as image:
            assert image.format == "PNG" and image.size == (110, 150)  # poker at 40 dpi with 3 mm bleed
    assert sorted(p.name for p in (tmp_path / "a" / deck.id / "thumbs").iterdir()) == sorted(p.name for p in first)
