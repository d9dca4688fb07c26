"""The index page: it parses, links only files that are there (relative links that resolve),
shows the thumbnails, escapes data text and gives the same bytes for the same folder."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from deckgen.publish.index import write_index
from deckgen.model.deck import deck_ids, load_deck
from deckgen.model.rules import all_rules, load_rules
from deckgen.render.png import export_thumbnails, thumbnail_stems
from deckgen.render.sheets import SheetOptions, write_sheets
from deckgen.publish.game_report import write_game_report
from tests.html_check import parse_page

DECK = "smoke-and-mirrors"


@pytest.fixture(scope="module")
def thumbnails(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("thumbs")
    export_thumbnails(load_deck(DECK), out)
    return out


@pytest.fixture
def out(thumbnails: Path, tmp_path: Path) -> Path:
    """An output folder with one deck's thumbnails, sheets and report, and one other PDF."""
    target = tmp_path / "out"
    shutil.copytree(thumbnails, target)
    (target / DECK / f"{DECK}-pnp.pdf").write_bytes(b"%PDF-1.4\n")
    (target / "mystique").mkdir()
    (target / "mystique" / "mystique-rules.pdf").write_bytes(b"%PDF-1.4\n")
    write_game_report(load_rules("smoke-and-mirrors").for_play(), target)
    return target


def test_every_link_and_image_resolves_and_only_present_files_are_linked(out: Path) -> None:
    page = parse_page(write_index(out))
    links = set(page.links)
    assert {f"{DECK}/{DECK}-pnp.pdf", f"{DECK}/smoke-and-mirrors-report.html", "mystique/mystique-rules.pdf"} <= links
    assert f"{DECK}/{DECK}-composition.txt" not in links and "mystique/mystique-pnp.pdf" not in links
    images = [link for link in page.links if link.endswith(".png")]
    assert images == [f"{DECK}/thumbs/{stem}.png" for stem in thumbnail_stems(load_deck(DECK))]
    assert {f"#deck-{d}" for d in deck_ids()} <= links
    text = " ".join(page.text)
    assert all(rules.name in text for rules in all_rules().values() if rules.same_rules_as is None)


def test_the_same_folder_gives_the_same_bytes(out: Path) -> None:
    first = write_index(out).read_bytes()
    assert write_index(out).read_bytes() == first


def test_data_text_is_escaped(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from deckgen.publish import index

    hostile = "<script>alert(1)</script> & co"
    shipped = load_deck(DECK)
    monkeypatch.setattr(index, "load_deck", lambda deck_id: shipped._replace(name=hostile, description=hostile)
                        if deck_id == DECK else load_deck(deck_id))
    html = write_index(tmp_path / "out").read_text(encoding="utf-8")
    assert "<script" not in html
    assert html.count("&lt;script&gt;alert(1)&lt;/script&gt; &amp; co") >= 3  # link, heading, description


def test_letter_prints_are_linked_beside_the_a4_ones(tmp_path: Path) -> None:
    """`render cards --paper letter` writes DECK-pnp-letter.pdf beside DECK-pnp.pdf, and the
    index links both, and the Letter imposed booklet beside the A4 one."""
    deck = load_deck(DECK)
    a4 = write_sheets(deck, SheetOptions(), tmp_path)
    letter = write_sheets(deck, SheetOptions(paper="letter"), tmp_path)
    assert (a4.name, letter.name) == (f"{DECK}-pnp.pdf", f"{DECK}-pnp-letter.pdf")
    assert a4.read_bytes() != letter.read_bytes()
    for name in ("rules-booklet.pdf", "rules-booklet-letter.pdf"):
        (tmp_path / DECK / f"smoke-and-mirrors-{name}").write_bytes(b"%PDF-1.4\n")
    links = set(parse_page(write_index(tmp_path)).links)
    assert {f"{DECK}/{DECK}-pnp.pdf", f"{DECK}/{DECK}-pnp-letter.pdf", f"{DECK}/smoke-and-mirrors-rules-booklet.pdf",
            f"{DECK}/smoke-and-mirrors-rules-booklet-letter.pdf"} <= links
