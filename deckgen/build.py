"""`deckgen build`: every output for the shipped data, in one run."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import Callable

from deckgen import project
from deckgen.compose import check_deck, check_setups, format_report, format_setups
from deckgen.errors import DeckgenError
from deckgen.fileio import OutputError, shown_path, write_atomic
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
    """Listing, composition report, print-and-play sheets and the index page's thumbnails of
    one deck."""
    from deckgen.render.png import export_thumbnails
    from deckgen.render.sheets import SheetOptions, write_sheets

    deck = load_deck(deck_id)
    return write_deck_reports(deck, out_dir) + [write_sheets(deck, SheetOptions(), out_dir)] + export_thumbnails(
        deck, out_dir)


def report_pages(out_dir: Path, game_ids: list[str]) -> list[Path]:
    """Every game's design report and the index linking everything: written last, from the
    files the other tasks left in out_dir."""
    from deckgen.index import write_index
    from deckgen.model.rules import load_rules
    from deckgen.sim.html_report import write_game_report

    reports = [write_game_report(load_rules(game_id), out_dir) for game_id in game_ids]
    return reports + [write_index(out_dir)]


def game_documents(game_id: str, out_dir: Path) -> list[Path]:
    """Rule booklet and imposed booklet (A5 on A4), the imposed booklet on Letter (an A4
    sheet printed on Letter at actual size loses its edges) and the quick reference."""
    from deckgen.model.rules import load_rules
    from deckgen.render.booklet import PAPERS, render_booklet, render_imposed
    from deckgen.render.quickref import render_quickref

    rules = load_rules(game_id)
    booklets = render_booklet(rules, out_dir, imposed=True) + [render_imposed(rules, out_dir, PAPERS["letter"])]
    return booklets + [render_quickref(rules, out_dir)]


def game_fairness(game_id: str, out_dir: Path, games: int, seed: int, precision: float | None) -> list[Path]:
    """Fairness report of one game (its simulations run in this one process)."""
    from deckgen.games.base import get_game
    from deckgen.sim.fairness import write_fairness_report

    return write_fairness_report(get_game(game_id), out_dir, games, seed, jobs=1, precision=precision)


Progress = Callable[[str], None]
"""Called with one line of progress (for stderr), or None for a quiet build."""


def _run(task: Callable[..., list[Path]], args: tuple, out_dir: Path) -> list[Path]:
    """One task, in this process or a worker: a write that fails (disk full, permissions
    changed mid-run) is one OutputError line, not a traceback from the worker."""
    try:
        return task(*args)
    except OSError as exc:
        where = shown_path(exc.filename or out_dir)
        raise OutputError(f"{where}: cannot write ({exc.strerror or 'input/output error'})") from None


def _one_line_each(exc: DeckgenError) -> DeckgenError:
    """A DeckgenError from a worker arrives with its lines joined; split them again."""
    return type(exc)(*(line for problem in exc.problems for line in problem.split("\n")))


def build_all(
    out_dir: Path, progress: Progress | None, sim_games: int = 500, seed: int = 1, jobs: int = 1,
    precision: float | None = None,
) -> list[Path]:
    """Build every deck's and every game's outputs under out_dir; returns the files written.

    Per deck: card listing, composition report, print-and-play sheets, thumbnails. Per game:
    rule booklet, imposed booklets (A4 and Letter), quick reference and, unless sim_games is 0,
    a fairness report (sim_games per player count, or with a precision, as many as it takes up
    to sim_games). Then, once every task is done, each game's design report and the index page.
    Independent tasks run on `jobs` processes; every output is the same whatever `jobs` is.
    `progress` hears what is being done, with counts, as it happens.
    """
    from deckgen.games.base import game_classes
    from deckgen.validate import data_files, validate_paths

    say = progress or (lambda line: None)
    say("checking the data")
    checked = validate_paths(data_files())  # every data problem is reported before anything is written
    decks, games = build_targets()
    engines = game_classes()
    tasks: list[tuple[str, Callable[..., list[Path]], tuple]] = [
        (f"deck {d}", deck_outputs, (d, out_dir)) for d in decks
    ]
    for game_id in games:
        if sim_games and game_id in engines:
            tasks.append((f"game {game_id} fairness", game_fairness, (game_id, out_dir, sim_games, seed, precision)))
        tasks.append((f"game {game_id}", game_documents, (game_id, out_dir)))
    workers = min(jobs, len(tasks))
    say(f"checked {checked} data files: building {len(decks)} decks and {len(games)} games, "
        f"{len(tasks)} tasks on {workers} worker{'s' if workers != 1 else ''}"
        + (f", {sim_games} simulated games per player count" if sim_games and not precision else "")
        + (f", simulations to +/-{100 * precision:g} points (at most {sim_games} games)" if sim_games and precision
           else ""))
    results: dict[int, list[Path]] = {}

    def done(index: int, files: list[Path]) -> None:
        results[index] = files
        width = len(str(len(tasks)))
        say(f"[{len(results):>{width}}/{len(tasks)}] {tasks[index][0]}: {_file_names(files, out_dir)}")

    if workers <= 1:
        for index, (_, task, args) in enumerate(tasks):
            done(index, _run(task, args, out_dir))
    else:
        from deckgen.sim.runner import die_with_parent

        with ProcessPoolExecutor(max_workers=workers, mp_context=_fork_context(), initializer=die_with_parent) as pool:
            futures = {pool.submit(_run, task, args, out_dir): index for index, (_, task, args) in enumerate(tasks)}
            try:
                for future in as_completed(futures):
                    done(futures[future], future.result())
            except DeckgenError as exc:
                pool.shutdown(cancel_futures=True)
                raise _one_line_each(exc) from None
            except BaseException:
                pool.shutdown(cancel_futures=True)
                raise
    pages = _run(report_pages, (out_dir, games), out_dir)
    say(f"design reports and index: {len(pages)} page{'s' if len(pages) != 1 else ''}")
    return [path for index in range(len(tasks)) for path in results[index]] + pages


def _file_names(files: list[Path], out_dir: Path) -> str:
    """The files of a task for a progress line: by name in a deck's folder, and a count for
    each folder below it (thumbnails)."""
    names = [f.name for f in files if f.parent.parent == out_dir]
    below: dict[str, int] = {}
    for f in files:
        if f.parent.parent != out_dir:
            below[f.parent.name] = below.get(f.parent.name, 0) + 1
    return ", ".join(names + [f"{folder}/ ({count} files)" for folder, count in below.items()])


def build_targets() -> tuple[list[str], list[str]]:
    """The decks and games `build` makes outputs for: in a project its own, else the shipped."""
    from deckgen.model.rules import all_rules

    here = project.current()
    if here.root is None:
        return deck_ids(), list(all_rules())
    decks = [d for d, path in here.deck_files().items() if here.owns(path)]
    return decks, [g for g, rules in all_rules().items() if rules.deck in decks and here.owns(rules.path)]


def _fork_context() -> multiprocessing.context.BaseContext:
    """fork shares the already-imported modules with workers; elsewhere use the default."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
