"""`deckgen build`: every output for the shipped data, in one run."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
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


def deck_outputs(deck_id: str, out_dir: Path) -> list[Path]:
    """Listing, composition report and print-and-play sheets of one deck."""
    from deckgen.render.sheets import SheetOptions, write_sheets

    deck = load_deck(deck_id)
    return write_deck_reports(deck, out_dir) + [write_sheets(deck, SheetOptions(), out_dir)]


def game_documents(game_id: str, out_dir: Path) -> list[Path]:
    """Rule booklet, imposed booklet and quick reference of one game."""
    from deckgen.model.rules import load_rules
    from deckgen.render.booklet import render_booklet
    from deckgen.render.quickref import render_quickref

    rules = load_rules(game_id)
    return render_booklet(rules, out_dir, imposed=True) + [render_quickref(rules, out_dir)]


def game_fairness(game_id: str, out_dir: Path, games: int, seed: int) -> list[Path]:
    """Fairness report of one game (its simulations run in this one process)."""
    from deckgen.games.base import get_game
    from deckgen.sim.fairness import write_fairness_report

    return write_fairness_report(get_game(game_id), out_dir, games, seed, jobs=1)


def build_all(
    out_dir: Path, echo: Callable[[str], None], sim_games: int = 500, seed: int = 1, jobs: int = 1
) -> list[Path]:
    """Build every deck's and every game's outputs under out_dir; returns the files written.

    Per deck: card listing, composition report, print-and-play sheets. Per game: rule
    booklet, imposed booklet, quick reference and, unless sim_games is 0, a fairness report.
    Independent tasks run on `jobs` processes; every output is the same whatever `jobs` is.
    """
    from deckgen.model.rules import all_rules
    from deckgen.validate import validate_paths

    validate_paths([])  # every data problem is reported before anything is written
    tasks: list[tuple[str, Callable[..., list[Path]], tuple]] = [
        (f"deck {d}", deck_outputs, (d, out_dir)) for d in deck_ids()
    ]
    for game_id in all_rules():
        if sim_games:
            tasks.append((f"game {game_id} fairness", game_fairness, (game_id, out_dir, sim_games, seed)))
        tasks.append((f"game {game_id}", game_documents, (game_id, out_dir)))
    if jobs == 1:
        results = [task(*args) for _, task, args in tasks]
    else:
        with ProcessPoolExecutor(max_workers=jobs, mp_context=_fork_context()) as pool:
            futures = [pool.submit(task, *args) for _, task, args in tasks]
            results = [future.result() for future in futures]
    written: list[Path] = []
    for (label, _, _), files in zip(tasks, results):
        echo(f"{label}: {', '.join(f.name for f in files)}")
        written += files
    return written


def _fork_context() -> multiprocessing.context.BaseContext:
    """fork shares the already-imported modules with workers; elsewhere use the default."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
