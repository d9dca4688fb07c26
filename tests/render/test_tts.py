"""Tabletop Simulator: sheets of at most 10 x 7 cards and 4096 px with the back in the hidden
slot, and a saved object that loads as JSON, names files that exist and gives every physical
card a CardID inside its sheet."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlparse

import pytest
from click.testing import CliRunner
from PIL import Image

from deckgen.cli import main
from deckgen.errors import DeckgenError
from deckgen.model.deck import load_deck
from deckgen.model.geometry import CARD_SIZES, CardGeometry
from deckgen.render import tts
from deckgen.render.faces import distinct_faces

POKER = CardGeometry(*CARD_SIZES["poker"], bleed=0.0)


@pytest.mark.parametrize(("slots", "shape"), [(70, (10, 7)), (61, (9, 7)), (11, (6, 2)), (2, (2, 2)), (4, (2, 2))])
def test_grid_is_as_small_as_fits_and_at_least_2_by_2(slots: int, shape: tuple[int, int]) -> None:
    assert tts.grid(slots) == shape


@pytest.mark.parametrize("size", list(CARD_SIZES))
def test_cells_keep_a_full_sheet_within_4096_px(size: str) -> None:
    card = CardGeometry(*CARD_SIZES[size], bleed=0.0)
    width, height = tts.cell_size(card, 10, 7)
    assert 10 * width <= 4096 and 7 * height <= 4096
    assert abs(width / height - card.width / card.height) < 0.01


def check_document(document: dict, deck_cards: int) -> dict:
    """The checks every saved object must pass; returns the deck's CustomDeck."""
    (state,) = document["ObjectStates"]
    assert state["Name"] == "DeckCustom"
    custom = state["CustomDeck"]
    assert len(state["DeckIDs"]) == len(state["ContainedObjects"]) == deck_cards
    for card_id, card in zip(state["DeckIDs"], state["ContainedObjects"]):
        assert card["Name"] == "Card" and card["CardID"] == card_id
        number, slot = divmod(card_id, 100)
        entry = custom[str(number)]
        assert card["CustomDeck"] == {str(number): entry}
        assert entry["NumWidth"] <= 10 and entry["NumHeight"] <= 7
        assert slot < entry["NumWidth"] * entry["NumHeight"] - 1  # never the hidden slot
    return custom


def test_more_than_69_faces_with_one_back_take_several_sheets() -> None:
    deck = load_deck("mismatch")  # 208 distinct faces; with one back for all of them
    fronts, backs = distinct_faces(deck, POKER, "red")
    sheets = tts.plan_sheets(POKER, fronts, backs)
    assert [len(sheet.faces) for sheet in sheets] == [69, 69, 69, 1]
    assert all(s.columns <= 10 and s.rows <= 7 and max(s.size) <= 4096 for s in sheets)
    document = json.loads(json.dumps(tts.saved_object(deck, POKER, sheets, lambda name: f"https://x.org/{name}")))
    custom = check_document(document, 208)
    assert sorted(custom) == ["1", "2", "3", "4"]
    assert {entry["BackURL"] for entry in custom.values()} == {"https://x.org/back-red.png"}


def test_each_back_gets_its_own_deck_number() -> None:
    deck = load_deck("mismatch")
    fronts, backs = distinct_faces(deck, POKER, None)
    sheets = tts.plan_sheets(POKER, fronts, backs)
    assert [(s.back.back_id, len(s.faces)) for s in sheets] == [(b.back_id, 52) for b in backs]
    check_document(tts.saved_object(deck, POKER, sheets, str), 208)


def test_card_names_are_escaped_as_json() -> None:
    deck = load_deck("smoke-and-mirrors")
    tricky = 'Star "1" \\ </script> é'
    deck = deck._replace(cards=(deck.cards[0]._replace(name=tricky), *deck.cards[1:]))
    fronts, backs = distinct_faces(deck, POKER, None)
    text = json.dumps(tts.saved_object(deck, POKER, tts.plan_sheets(POKER, fronts, backs), str))
    assert json.loads(text)["ObjectStates"][0]["ContainedObjects"][0]["Nickname"] == tricky


def test_url_base_must_be_a_url(tmp_path: Path) -> None:
    assert tts.url_maker(tmp_path, "https://cdn.example.org/deck/")("a.png") == "https://cdn.example.org/deck/a.png"
    assert tts.url_maker(tmp_path, None)("a.png") == (tmp_path.resolve() / "a.png").as_uri()
    for bad in ("cdn.example.org", "https://x.org/a b", 'https://x.org/"'):
        with pytest.raises(DeckgenError, match="is not a URL"):
            tts.url_maker(tmp_path, bad)


def test_cli_writes_sheets_backs_and_a_saved_object_that_loads(tmp_path: Path) -> None:
    result = CliRunner().invoke(main, ["render", "cards", "smoke-and-mirrors", "--preset", "tts",
                                       "--output", str(tmp_path)])
    assert result.exit_code == 0, result.stderr
    folder = tmp_path / "smoke-and-mirrors" / "tts"
    assert "smoke-and-mirrors.json goes into Tabletop Simulator's Saved Objects" in result.stdout
    document = json.loads((folder / "smoke-and-mirrors.json").read_text(encoding="utf-8"))
    custom = check_document(document, 18)
    assert document["ObjectStates"][0]["Nickname"] == "Smoke and Mirrors"
    (entry,) = custom.values()
    files = {name: Path(unquote(urlparse(entry[name]).path)) for name in ("FaceURL", "BackURL")}
    assert all(path.is_file() and path.parent == folder.resolve() for path in files.values())
    with Image.open(files["FaceURL"]) as sheet, Image.open(files["BackURL"]) as back:
        columns, rows = entry["NumWidth"], entry["NumHeight"]
        assert (columns, rows) == (6, 2) and max(sheet.size) <= 4096
        cell = (sheet.width // columns, sheet.height // rows)
        assert sheet.size == (cell[0] * columns, cell[1] * rows) and back.size == cell
        hidden = sheet.crop((sheet.width - cell[0], sheet.height - cell[1], sheet.width, sheet.height))
        assert hidden.tobytes() == back.convert("RGB").tobytes()  # the back is the hidden card
        empty = sheet.crop((sheet.width - 2 * cell[0], sheet.height - cell[1], sheet.width - cell[0], sheet.height))
        assert empty.getcolors() == [(cell[0] * cell[1], (255, 255, 255))]
    manifest = json.loads((folder / "manifest.json").read_text(encoding="utf-8"))
    assert sum(row["copies"] for row in manifest["files"] if row["side"] == "front") == 18
