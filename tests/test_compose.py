"""Composition checks on the shipped decks."""

from __future__ import annotations

from deckgen.compose import check_deck
from deckgen.model.deck import load_deck


def test_mystique_counts_and_splits():
    report = check_deck(load_deck("mystique"))
    assert report.total == 60
    assert report.by_attribute["colour"] == {"yellow": 20, "red": 20, "blue": 20}
    assert report.by_attribute["suit"] == {"moons": 15, "suns": 15, "arms": 15, "crowns": 15}
    assert report.by_attribute["number"] == {str(n): 12 for n in range(1, 6)}
    assert set(report.by_pair[("colour", "suit")].values()) == {5}
    assert [s.players for s in report.splits if s.even] == [2, 3, 4, 5, 6]
    assert report.problems == []
    assert report.numbering["missing"] == [] and report.numbering["repeated"] == []


def test_mirror_deck_has_no_problems_and_splits():
    report = check_deck(load_deck("mirror"))
    assert report.problems == []
    assert {s.players: s.left_over for s in report.splits}[4] == 2


def test_mirrorquest_deals_eight_players_eight_cards():
    report = check_deck(load_deck("mirrorquest"))
    eight = next(s for s in report.splits if s.players == 8)
    assert eight.per_player >= 8
    assert report.by_attribute["kind"] == {"card": 64, "wild": 4, "pickup2": 4, "pickup4": 4}
    assert report.by_attribute["colour"]["(none)"] == 12


def test_declared_copies_are_not_duplicates():
    report = check_deck(load_deck("smoke-and-mirrors"))
    assert report.duplicates == []
    assert ("Star 1", 5) in report.copies and ("Skull 5", 5) in report.copies


def test_every_shipped_deck_is_sound():
    for deck_id in ("mystique", "mirror", "mirrorquest", "smoke-and-mirrors", "mismatch", "standard"):
        assert check_deck(load_deck(deck_id)).problems == [], deck_id


def test_numbering_problems_are_worded_without_python_lists(tmp_path):
    import yaml

    from deckgen.model.deck import load_deck_file

    path = tmp_path / "toy" / "deck.yaml"
    path.parent.mkdir()
    path.write_text(yaml.safe_dump({
        "id": "toy", "name": "Toy", "attributes": {"colour": ["red", "blue"], "number": [1, 2, 3]},
        "groups": [{"product": ["colour", "number"], "id": "{colour}-{number}"}],
        "numbering": {"weights": {"number": 1}},
    }))
    assert check_deck(load_deck_file(path)).problems == [
        "card numbers used more than once: 1, 2, 3", "card numbers missing: 4, 5, 6"]
