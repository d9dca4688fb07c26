"""The proof sheet: each distinct card once with its id and count, then the backs."""

from __future__ import annotations

import io

from pypdf import PdfReader

from deckgen.model.deck import load_deck
from deckgen.render.proof import distinct_cards, render_proof
from deckgen.render.sheets import SheetOptions


def test_distinct_cards_are_counted_by_signature() -> None:
    deck = load_deck("smoke-and-mirrors")
    distinct = distinct_cards(deck)
    assert sum(count for _, count in distinct) == len(deck.cards) == 18
    assert len(distinct) < len(deck.cards)  # stars and swirls come in copies
    assert all(count >= 1 for _, count in distinct)


def test_proof_lists_every_distinct_card_with_id_and_count() -> None:
    deck = load_deck("smoke-and-mirrors")
    pdf = render_proof(deck, SheetOptions())
    reader = PdfReader(io.BytesIO(pdf))
    text = "\n".join(page.extract_text() for page in reader.pages)
    for card, count in distinct_cards(deck):
        assert card.id in text
        assert f"{count} cop" in text
    assert "back: smoke" in text and "on 18 cards" in text
    assert f"{len(distinct_cards(deck))} distinct cards of 18" in text
    assert render_proof(deck, SheetOptions()) == pdf  # same input, same bytes
