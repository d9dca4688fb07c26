"""Card images: every PNG is tagged sRGB and carries its resolution, byte for byte the same
from run to run, and the parallel drawing returns pictures in order at their sizes."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image, ImageCms

from deckgen.model.deck import load_deck
from deckgen.render import png, svg
from deckgen.render.geometry import CardGeometry
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
