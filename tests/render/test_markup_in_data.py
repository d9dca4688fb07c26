"""Text from data is data, never markup: every text field of a game's rules that reaches a
booklet or a quick reference, and a card's name on its face, go through the one escaping
of their format, so markup in them prints as typed and cannot pull a local file in."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from deckgen.model.rules import GameRules, load_rules_file
from deckgen.render.booklet import render_booklet
from deckgen.render.painter import check_svg
from deckgen.render.quickref import render_quickref
from deckgen.render.svg import card_svg

FIXTURE = Path(__file__).parent / "data" / "mystique" / "games" / "lantern-trail.yaml"
#: Markup a hostile or careless rule file could hold: an image tag pointing at a local file,
#: a font tag, and characters that markup parsers treat specially.
MARKUP = "<img src='/etc/hostname'/> <b>bold</b> Tom & Jerry <font size=40>x</font>"


def marked_up(rules: GameRules) -> GameRules:
    """The rules with MARKUP added to every section title and body, ruling and aid line."""
    data = rules.model_dump()

    def mark(value: object) -> object:
        if isinstance(value, str):
            return f"{value} {MARKUP}"
        if isinstance(value, list):
            return [mark(item) for item in value]
        if isinstance(value, dict):
            return {key: mark(item) for key, item in value.items()}
        return value

    data["text"] = {key: mark(value) for key, value in data["text"].items() if value is not None}
    data["rulings"] = mark(data["rulings"][:3])
    data["quickref"] = {key: [f"{line[:8]} <b>&</b>" for line in lines] for key, lines in data["quickref"].items()}
    return GameRules.model_validate(data)


def images_in(path: Path) -> int:
    count = 0
    for page in PdfReader(path).pages:
        resources = page.get("/Resources") or {}
        objects = resources.get("/XObject") or {}
        count += sum(1 for ref in objects.values() if ref.get_object().get("/Subtype") == "/Image")
    return count


def test_markup_in_rule_text_prints_as_typed(tmp_path: Path) -> None:
    rules = marked_up(load_rules_file(FIXTURE))
    booklet = render_booklet(rules, tmp_path)[0]
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(booklet).pages)
    assert "<img src='/etc/hostname'/>" in text and "Tom & Jerry" in text and "<b>bold</b>" in text
    # the contents page lists section titles with their markup escaped too
    assert "<img" in " ".join(PdfReader(booklet).pages[1].extract_text().split())
    assert images_in(booklet) == 0


def test_markup_in_quick_reference_lines_prints_as_typed(tmp_path: Path) -> None:
    rules = marked_up(load_rules_file(FIXTURE))
    path = render_quickref(rules, tmp_path)
    text = " ".join(" ".join(page.extract_text().split()) for page in PdfReader(path).pages)
    assert "<b>&</b>" in text
    assert images_in(path) == 0


@pytest.mark.parametrize("name", ["<script>x</script>", "A & B", "]]> <!-- x"])
def test_markup_in_a_card_name_stays_text_in_its_svg(name: str) -> None:
    from deckgen.model.deck import load_deck

    deck = load_deck("mystique")
    card = deck.cards[0]._replace(name=name)
    svg_text = card_svg(deck, card)
    assert "<script>" not in svg_text and "<!--" not in svg_text
    check_svg(svg_text, "card")  # still a well-formed document the painter accepts
