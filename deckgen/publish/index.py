"""`<out>/index.html`: one page linking every deck's print files, card thumbnails and every
game's documents and design report, with relative links only, so the output folder can be
moved, zipped or opened from file:// as it is.

A link is written only to a file that is there when the page is written: a build with
--sim-games 0 has no fairness files, a deck rendered alone has no thumbnails, and the page
never points at nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from deckgen.fileio import output_file
from deckgen.model.deck import load_deck
from deckgen.model.deck_data import Deck
from deckgen.model.rules import load_rules
from deckgen.publish.targets import build_targets
from deckgen.render.html import write_page

#: A deck's files the index links to, with what each is.
DECK_FILES = (
    ("pnp.pdf", "print-and-play sheets"),
    ("pnp-letter.pdf", "print-and-play sheets (Letter)"),
    ("composition.txt", "composition report"),
    ("cards.json", "card listing (JSON)"),
)

#: A game's files the index links to, in this order.
GAME_FILES = (
    ("report.html", "design report"),
    ("rules.pdf", "rule booklet"),
    ("rules-booklet.pdf", "booklet to fold"),
    ("rules-booklet-letter.pdf", "booklet to fold (Letter)"),
    ("quickref.pdf", "quick reference"),
    ("quickref-letter.pdf", "quick reference (Letter)"),
)


def _links(folder: Path, prefix: str, names: tuple[tuple[str, str], ...], href_folder: str) -> list[dict[str, str]]:
    """The files `<prefix>-<name>` present in `folder`, as relative links from the index."""
    return [{"href": f"{href_folder}/{prefix}-{name}", "label": label}
            for name, label in names if (folder / f"{prefix}-{name}").is_file()]


def _thumbnails(deck: Deck, folder: Path) -> list[dict[str, str]]:
    from deckgen.render.png import thumbnail_stems

    cards = {card.id: card.name for card in deck.cards}
    backs = {f"back-{back.id}": back.name for back in deck.backs}
    return [{"src": f"{deck.id}/thumbs/{stem}.png", "alt": cards.get(stem) or backs.get(stem, stem)}
            for stem in thumbnail_stems(deck) if (folder / "thumbs" / f"{stem}.png").is_file()]


def index_values(out_dir: Path) -> dict[str, Any]:
    """Every deck with its files, thumbnails and games, as the index template shows them."""
    deck_list, game_list = build_targets()  # in a project, only its own decks and games
    games_by_deck: dict[str, list[Any]] = {}
    for game_id, _ in game_list:
        rules = load_rules(game_id)
        if rules.same_rules_as is None:  # another engine of a listed game has no files of its own
            games_by_deck.setdefault(rules.deck, []).append(rules)
    decks = []
    for deck_id in deck_list:
        deck = load_deck(deck_id)
        folder = output_file(out_dir, deck.id)
        games = [{"name": rules.name, "id": rules.id,
                  "players": f"{rules.players.min}" if rules.players.min == rules.players.max
                  else f"{rules.players.min}-{rules.players.max}",
                  "links": _links(folder, rules.id, GAME_FILES, deck.id)}
                 for rules in sorted(games_by_deck.get(deck.id, []), key=lambda r: r.name.casefold())]
        decks.append({"id": deck.id, "name": deck.name, "description": deck.description, "cards": len(deck.cards),
                      "links": _links(folder, deck.id, DECK_FILES, deck.id),
                      "thumbnails": _thumbnails(deck, folder), "games": games})
    return {"title": "deckgen: decks and games", "decks": decks}


def write_index(out_dir: Path) -> Path:
    """Write `<out>/index.html` from what is in the output folder now."""
    return write_page(output_file(out_dir, "index.html"), "index.html.j2", index_values(out_dir))
