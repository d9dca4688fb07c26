"""`deckgen watch`: rebuild what a saved file affects, so the designer sees the PDF refresh.

A change in a deck's folder (its deck file, card source, layouts) rebuilds that deck's
print-and-play PDF; a change in the project's art/, fonts/ or decks/layouts/ rebuilds every
project deck (any card may show it); a rule file rebuilds its game's documents as `build`
makes them (the booklet, its imposed A4 and Letter sheets and the quick reference). A rebuilt deck also rebuilds the documents of the games in its games/ folder:
their booklets show some of its cards as they are drawn. `affected` decides this from paths
alone, so it is tested without watching.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from deckgen import project
from deckgen.errors import DeckgenError
from deckgen.project import Project


@dataclass(frozen=True, order=True)
class Rebuild:
    """One thing to make again: a deck's PnP PDF ("deck") or a game's documents ("game")."""

    kind: str
    id: str


@dataclass(frozen=True)
class WatchPlan:
    """What each watched file feeds: deck folders, files every deck may read, rule files."""

    deck_folders: dict[str, Path]
    shared: tuple[Path, ...]
    rule_files: dict[str, Path]
    output: Path
    #: Files a deck reads from outside its folder (a card source elsewhere in the project).
    extra: dict[str, frozenset[Path]] = field(default_factory=dict)


def ignored(path: Path, output: Path) -> bool:
    """Files a rebuild writes or an editor leaves behind: outputs, hidden files, backups."""
    return path.is_relative_to(output) or path.name.startswith((".", "~")) or path.name.endswith(("~", ".part",
                                                                                                   ".swp", ".tmp"))


def affected(changed: Iterable[Path], plan: WatchPlan) -> list[Rebuild]:
    """What to rebuild after `changed` files (absolute paths) changed: decks first, then games."""
    jobs: set[Rebuild] = set()
    for path in changed:
        if ignored(path, plan.output):
            continue
        if any(path.is_relative_to(shared) for shared in plan.shared):
            jobs.update(Rebuild("deck", deck) for deck in plan.deck_folders)
            continue
        for game, rule_file in plan.rule_files.items():
            if path == rule_file:
                jobs.add(Rebuild("game", game))
        for deck, folder in plan.deck_folders.items():
            in_games = path.is_relative_to(folder / "games")
            if (path.is_relative_to(folder) and not in_games) or path in plan.extra.get(deck, ()):
                jobs.add(Rebuild("deck", deck))
    rebuilt = {plan.deck_folders[job.id] for job in jobs if job.kind == "deck"}
    jobs.update(Rebuild("game", game) for game, rule_file in plan.rule_files.items()
                if rule_file.parent.parent in rebuilt)  # the booklet pictures the deck's cards
    return sorted(jobs)


def plan_for(here: Project) -> WatchPlan:
    """The watch plan of a project's own decks and games (shipped data does not change)."""
    if here.root is None:
        raise DeckgenError("deckgen watch works on a project: run it inside one (deckgen init DIR makes one)")
    root = here.root
    decks = {d: path.absolute().parent for d, path in here.deck_files().items() if here.owns(path)}
    rules = {g: path.absolute() for g, path in here.rule_files().items() if here.owns(path)}
    return WatchPlan(decks, (root / "art", root / "fonts", root / "decks" / "layouts"), rules,
                     here.output_dir().absolute(), {d: _sources(f) for d, f in decks.items()})


def _sources(folder: Path) -> frozenset[Path]:
    """The card sources a deck file names (best effort: a broken file is reported on rebuild)."""
    from deckgen.model.common import read_yaml

    try:
        data = read_yaml(folder / "deck.yaml")
    except DeckgenError:
        return frozenset()
    groups = data.get("groups") if isinstance(data, dict) else None
    sources = [g.get("source") for g in groups or [] if isinstance(g, dict)]
    return frozenset((folder / s).resolve() for s in sources if isinstance(s, str))


def rebuild(job: Rebuild, out_dir: Path) -> list[Path]:
    """Make one thing again, as `deckgen build` does."""
    if job.kind == "deck":
        from deckgen.model.deck import load_deck
        from deckgen.render.sheets import SheetOptions, write_sheets

        return [write_sheets(load_deck(job.id), SheetOptions(), out_dir)]
    from deckgen.publish.build import game_documents

    return game_documents(job.id, out_dir)


Say = Callable[[str], None]


def watch_project(here: Project, out_dir: Path, say: Say, stop: threading.Event | None = None,
                  make: Callable[[Rebuild, Path], list[Path]] = rebuild, debounce_ms: int = 400) -> int:
    """Rebuild on every change until `stop` is set (or Ctrl-C); one line per rebuild, and the
    lines of any error, after which watching goes on. Returns the rebuilds made."""
    import watchfiles

    assert here.root is not None
    output = here.output_dir().absolute()
    made = 0
    for changes in watchfiles.watch(here.root, stop_event=stop, debounce=debounce_ms, raise_interrupt=False,
                                    watch_filter=lambda _, name: not ignored(Path(name), output)):
        project.forget_loaded()  # files changed: read them again
        try:
            plan = plan_for(here)
            jobs = affected((Path(name) for _, name in changes), plan)
        except DeckgenError as exc:
            for line in exc.problems:
                say(f"error: {line}")
            continue
        failed: set[Path] = set()  # deck folders whose rebuild failed: their games would say it again
        for job in jobs:
            if job.kind == "game" and plan.rule_files[job.id].parent.parent in failed:
                continue
            try:
                files = make(job, out_dir)
            except DeckgenError as exc:
                for line in exc.problems:
                    say(f"error: {line}")
                if job.kind == "deck":
                    failed.add(plan.deck_folders[job.id])
                continue
            made += 1
            say(f"rebuilt {job.kind} {job.id}: {', '.join(str(f) for f in files)}")
    return made
