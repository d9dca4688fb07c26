"""`deckgen build`: every output for the shipped data, in one run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

from deckgen.compose import check_deck, check_setups, format_report, format_setups
from deckgen.fileio import write_atomic
from deckgen.model.deck import Deck, deck_ids, load_deck


def write_deck_reports(deck: Deck, out_dir: Path) -> list[Path]:
    """The card listing (JSON) and the composition report (text and JSON) of one deck."""
    target = out_dir / deck.id
    report = check_deck(deck)
    setups = check_setups(deck)
    cards = [c.to_json(deck.number_field) for c in deck.cards]
    return [
        write_atomic(target / f"{deck.id}-cards.json", json.dumps(cards, indent=2, ensure_ascii=False) + "\n"),
        write_atomic(target / f"{deck.id}-composition.txt", format_report(report) + "\n\n" + format_setups(setups) + "\n"),
        write_atomic(target / f"{deck.id}-composition.json", json.dumps(report.to_json(), indent=2, ensure_ascii=False) + "\n"),
    ]


def build_all(
    out_dir: Path, echo: Callable[[str], None], sim_games: int = 500, seed: int = 1, jobs: int = 1
) -> list[Path]:
    """Build every deck's and every game's outputs under out_dir; returns the files written.

    Per deck: card listing, composition report, print-and-play sheets. Per game: rule
    booklet, imposed booklet, quick reference and, unless sim_games is 0, a fairness report.
    """
    from deckgen.games.base import get_game
    from deckgen.sim.fairness import write_fairness_report
    from deckgen.model.rules import all_rules
    from deckgen.render.booklet import render_booklet
    from deckgen.render.quickref import render_quickref
    from deckgen.render.sheets import SheetOptions, write_sheets

    written: list[Path] = []
    for deck_id in deck_ids():
        deck = load_deck(deck_id)
        files = write_deck_reports(deck, out_dir)
        files.append(write_sheets(deck, SheetOptions(), out_dir))
        written += files
        echo(f"deck {deck_id}: {', '.join(f.name for f in files)}")
    for rules in all_rules().values():
        files = render_booklet(rules, out_dir, imposed=True)
        files.append(render_quickref(rules, out_dir))
        if sim_games:
            files += write_fairness_report(get_game(rules.id), out_dir, sim_games, seed, jobs)
        written += files
        echo(f"game {rules.id}: {', '.join(f.name for f in files)}")
    return written
