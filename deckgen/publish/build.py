"""`deckgen build`: every output for the shipped data, in one run."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor, as_completed
from pathlib import Path
from typing import TYPE_CHECKING, Callable, NamedTuple

from deckgen import project
from deckgen.compose import check_deck, check_setups, format_report, format_setups
from deckgen.errors import DeckgenError
from deckgen.fileio import OutputError, output_file, shown_path, write_atomic
from deckgen.model.deck import load_deck
from deckgen.model.deck_data import Deck
from deckgen.publish.game_report import write_game_report
from deckgen.publish.index import write_index
from deckgen.publish.schedule import hand_out_order
from deckgen.publish.targets import build_targets

if TYPE_CHECKING:
    from deckgen.sim.runner import ChunkEngine


class Built(NamedTuple):
    """What a build left under the output folder: every file, and how many of them were kept
    from the last build because nothing they depend on changed."""

    files: list[Path]
    unchanged: int


def write_deck_reports(deck: Deck, out_dir: Path) -> list[Path]:
    """The card listing (JSON) and the composition report (text and JSON) of one deck."""
    target = output_file(out_dir, deck.id)
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
    from deckgen.model.rules import load_rules

    reports = [write_game_report(load_rules(game_id).for_play(), out_dir, index_link=True) for game_id in game_ids]
    return reports + [write_index(out_dir)]


def game_documents(game_id: str, out_dir: Path) -> list[Path]:
    """Rule booklet and imposed booklet (A5 on A4), the imposed booklet on Letter (an A4
    sheet printed on Letter at actual size loses its edges) and the quick reference on A4 and
    on Letter, for a game whose rule data has a `quickref:` section (a player aid is optional)."""
    from deckgen.model.rules import load_rules
    from deckgen.render.booklet import PAPERS, render_booklet, render_imposed
    from deckgen.render.quickref import QUICKREF_PAPERS, render_quickref

    rules = load_rules(game_id)
    booklets = render_booklet(rules, out_dir, imposed=True) + [render_imposed(rules, out_dir, PAPERS["letter"])]
    if rules.quickref is None:
        return booklets
    return booklets + [render_quickref(rules, out_dir, paper=paper) for paper in QUICKREF_PAPERS]


def game_fairness(game_id: str, out_dir: Path, games: int, seed: int, precision: float | None,
                  engine: ChunkEngine | None = None) -> list[Path]:
    """Fairness report of one game, its simulations in this one process or on `engine` (a
    cluster), reusing the games stored in the output folder's results."""
    from deckgen.games.registry import get_game
    from deckgen.sim.fairness import write_fairness_report
    from deckgen.sim.store import open_store

    return write_fairness_report(get_game(game_id), out_dir, games, seed, jobs=engine or 1, precision=precision,
                                 store=open_store(out_dir))


Progress = Callable[[str], None]
"""Called with one line of progress (for stderr), or None for a quiet build."""


def _run(task: Callable[..., list[Path]], args: tuple, out_dir: Path, label: str,
         fingerprint: str | None) -> tuple[list[Path], bool]:
    """One task, in this process or a worker; its files are recorded with the inputs they
    were made from (`fingerprint`; None: not recorded, made anew every build). A write that fails (disk full, permissions changed
    mid-run) is one OutputError line, not a traceback from the worker."""
    from deckgen.sim.store import open_store

    try:
        files = task(*args)
        if fingerprint is not None:
            open_store(out_dir).save_outputs(label, fingerprint, files)
        return files, True
    except OSError as exc:
        where = shown_path(exc.filename or out_dir)
        raise OutputError(f"{where}: cannot write ({exc.strerror or 'input/output error'})") from None


def _one_line_each(exc: DeckgenError) -> DeckgenError:
    """A DeckgenError from a worker arrives with its lines joined; split them again."""
    return type(exc)(*(line for problem in exc.problems for line in problem.split("\n")))


#: The build's record (among the tasks' outputs in the store) of the data it last found valid.
DATA_CHECKED = "data checked"


def _fingerprints(tasks: list[Task]) -> tuple[list[str], str]:
    """What each build task's outputs depend on: its arguments (not the output folder),
    deckgen's code and templates, and its deck's folder (the deck file and its games' rule
    files); and what the data check depends on: the code, templates and every data file."""
    from deckgen import paths
    from deckgen.sim.inputs import folder_hash, text_hash

    package = Path(__file__).resolve().parent.parent  # all of deckgen, not only this package
    here = project.current()
    common = folder_hash(package.parent, (package.name,)) + folder_hash(
        paths.templates_dir().parent, (paths.templates_dir().name,), "")
    if here.root is not None:  # a project's deck reads its folder, layouts, art and fonts: all but the outputs
        everything = folder_hash(here.root, tuple(sorted(p.name for p in here.root.iterdir() if p.name != "output")), "")
        decks = {deck: everything for *_, deck in tasks}
    else:
        everything = folder_hash(paths.decks_dir(), tuple(sorted(p.name for p in paths.decks_dir().iterdir())), "")
        decks = {deck: folder_hash(paths.decks_dir(), (deck,), "") for *_, deck in tasks}
    return ([text_hash("\0".join([label, repr(args[:1] + args[2:]), common, decks[deck]]))
             for label, _, args, deck in tasks], text_hash("\0".join([DATA_CHECKED, common, everything])))


Task = tuple[str, Callable[..., list[Path]], tuple, str]
"""One build task: its label, the function that writes its files, that function's arguments
and the deck whose folder holds its inputs."""


def build_tasks(out_dir: Path, sim_games: int, seed: int, precision: float | None) -> tuple[list[Task], list[str]]:
    """Every task of a build, and the games it writes outputs for: per deck its reports and
    sheets; per game its documents and, unless sim_games is 0, its fairness report."""
    from deckgen.games.registry import game_classes
    from deckgen.model.rules import all_rules

    # Tasks come from the file names (a rule file is decks/<deck>/games/<game>.yaml, as its
    # loader insists), so they and their inputs are known before any file is parsed.
    decks, games = build_targets()
    engines = game_classes()
    tasks: list[Task] = [(f"deck {d}", deck_outputs, (d, out_dir), d) for d in decks]
    alternates = {rules.id for rules in all_rules().values() if rules.same_rules_as}
    games = [(game_id, deck) for game_id, deck in games if game_id not in alternates]  # no files of their own
    for game_id, deck in games:
        if sim_games and game_id in engines:
            tasks.append((f"game {game_id} fairness", game_fairness, (game_id, out_dir, sim_games, seed, precision),
                          deck))
        tasks.append((f"game {game_id}", game_documents, (game_id, out_dir), deck))
    return tasks, [game_id for game_id, _ in games]


def build_all(
    out_dir: Path, progress: Progress | None, sim_games: int = 500, seed: int = 1, jobs: int = 1,
    precision: float | None = None, engine: ChunkEngine | None = None, reuse: bool = True,
) -> Built:
    """Build every deck's and every game's outputs under out_dir; returns the files there.

    Per deck: card listing, composition report, print-and-play sheets, thumbnails. Per game:
    rule booklet, imposed booklets (A4 and Letter), quick references (A4 and Letter) and, unless sim_games is 0,
    a fairness report (sim_games per player count, or with a precision, as many as it takes up
    to sim_games). Then, once every task is done, each game's design report and the index page.
    Independent tasks run on `jobs` processes, the simulations on `engine` when one is given;
    every output is the same whatever `jobs` is. With `reuse`, a task whose inputs and files
    are unchanged since the last build is skipped, stored simulations are not played
    again, and data (with the code) unchanged since a check passed are not checked again.
    `progress` hears what is being done, with counts, as it happens.
    """
    from deckgen.model.rules import all_rules
    from deckgen.validate import data_files, validate_paths

    say = progress or (lambda line: None)
    decks, _ = build_targets()
    tasks, game_ids = build_tasks(out_dir, sim_games, seed, precision)
    for game_id in game_ids:
        if game_id in all_rules() and all_rules()[game_id].quickref is None:
            say(f"game {game_id}: no player aid (its rule file has no quickref: section; docs/rules-format.md)")
    prints, data_print = _fingerprints(tasks)
    kept: dict[int, list[Path]] = {}
    from deckgen.sim.store import STORE_NAME, open_store

    data_checked = False
    if reuse and (out_dir / STORE_NAME).is_file():  # never create anything before the data is checked
        store = open_store(out_dir)
        data_checked = store.unchanged_outputs(DATA_CHECKED, data_print) is not None
        for index, (label, *_) in enumerate(tasks):
            files = store.unchanged_outputs(label, prints[index])
            if files is not None:
                kept[index] = files
    to_do = [i for i in range(len(tasks)) if i not in kept]
    workers = min(jobs, max(1, len(to_do)))
    simulating = any(tasks[i][1] is game_fairness for i in to_do)  # rules-only games play nothing
    if to_do or not tasks:
        if data_checked:  # the same data and code as the last check that passed (make's documents, say)
            checked = "data unchanged since last checked"
        else:
            say("checking the data")
            # every data problem is reported before anything is written
            checked = f"checked {_count(validate_paths(data_files()), 'data file')}"
            open_store(out_dir).save_outputs(DATA_CHECKED, data_print, [])
        say(f"{checked}: building {_count(len(decks), 'deck')} and {_count(len(game_ids), 'game')}, "
            f"{len(to_do)}{f' of {len(tasks)}' if kept else ''} task{'s' if len(tasks) != 1 else ''} on "
            f"{_count(workers, 'worker')}"
            + (" (the rest unchanged)" if kept else "")
            + (f", {sim_games} simulated games per player count" if simulating and not precision else "")
            + (f", simulations to +/-{100 * precision:g} points (at most {sim_games} games)" if simulating and precision
               else ""))
    else:
        say(f"{_count(len(tasks), 'task')}: inputs and outputs unchanged since the last build")
    results: dict[int, list[Path]] = {}

    def done(index: int, outcome: tuple[list[Path], bool]) -> None:
        files, ran = outcome
        results[index] = files
        width = len(str(len(tasks)))
        say(f"[{len(results):>{width}}/{len(tasks)}] {tasks[index][0]}: {_file_names(files, out_dir)}"
            + ("" if ran else " (unchanged)"))

    for index, files in kept.items():
        done(index, (files, False))
    # With a cluster the simulations run from this process, the rest on the pool meanwhile.
    here = [i for i in to_do if engine is not None and tasks[i][1] is game_fairness]
    elsewhere = hand_out_order([i for i in to_do if i not in here],
                               lambda i: tasks[i][2][0] if tasks[i][1] is game_fairness else None)

    def run_here() -> None:
        for index in here:
            label, task, args, _ = tasks[index]
            done(index, _run(task, (*args, engine), out_dir, label, prints[index]))

    if workers <= 1 or not elsewhere:
        run_here()
        for index in elsewhere:
            label, task, args, _ = tasks[index]
            done(index, _run(task, args, out_dir, label, prints[index]))
    else:
        from deckgen.sim.runner import die_with_parent

        with ProcessPoolExecutor(max_workers=workers, mp_context=_fork_context(), initializer=die_with_parent) as pool:
            futures = {pool.submit(_run, tasks[i][1], tasks[i][2], out_dir, tasks[i][0], prints[i]): i
                       for i in elsewhere}
            try:
                run_here()
                for future in as_completed(futures):
                    done(futures[future], future.result())
            except DeckgenError as exc:
                pool.shutdown(cancel_futures=True)
                raise _one_line_each(exc) from None
            except BaseException:
                pool.shutdown(cancel_futures=True)
                raise
    pages, _ = _run(report_pages, (out_dir, game_ids), out_dir, "design reports", None)  # cheap: always anew
    say(f"design reports and index: {_count(len(pages), 'page')}")
    return Built([path for index in range(len(tasks)) for path in results[index]] + pages,
                 sum(len(files) for files in kept.values()))


def _count(number: int, noun: str) -> str:
    """'1 deck', '2 decks': a count for a progress line."""
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _file_names(files: list[Path], out_dir: Path) -> str:
    """The files of a task for a progress line: by name in a deck's folder, and a count for
    each folder below it (thumbnails)."""
    root = out_dir.resolve()  # stored (unchanged) files come back as absolute paths
    names = [f.name for f in files if f.resolve().parent.parent == root]
    below: dict[str, int] = {}
    for f in files:
        if f.resolve().parent.parent != root:
            below[f.parent.name] = below.get(f.parent.name, 0) + 1
    return ", ".join(names + [f"{folder}/ ({count} files)" for folder, count in below.items()])


def _fork_context() -> multiprocessing.context.BaseContext:
    """fork shares the already-imported modules with workers; elsewhere use the default."""
    return multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
