"""Validate deck and rule files, collecting the problems of every file."""

from __future__ import annotations

import os
from pathlib import Path
from typing import TYPE_CHECKING

from deckgen import paths, project
from deckgen.errors import DataError, DeckgenError
from deckgen.fileio import shown_path
from deckgen.games import project_code
from deckgen.games.building import build_engine
from deckgen.model.deck import load_deck_file
from deckgen.model.deck_data import Deck
from deckgen.model.rules import GameRules, all_play_rules, fill_placeholders, load_rules_file, rules_paths
from deckgen.model.sheet import load_sheet_file
from deckgen.model.wording import problem

if TYPE_CHECKING:
    from deckgen.games.base import Game

#: Random games a project's own engine plays at each player count when it is validated.
CONTRACT_GAMES = 3
#: Files one `validate` of a folder reads at most (a folder of a whole disk is a mistake).
MAX_FILES = 1000
MAX_ENTRIES = 20_000


def shipped_files() -> list[Path]:
    """Every deck, rule and sheet file of the data folder; an empty or missing folder is an error."""
    folder = paths.require_decks_dir()
    decks = sorted(folder.glob("*/deck.yaml"))
    if not decks:
        raise DataError(f"{shown_path(folder)}: no decks found (expected <family>/deck.yaml files)")
    return decks + rules_paths() + sorted(folder.glob("sheets/*.yaml"))


def _yaml_files(folder: Path) -> list[Path]:
    """The deck files (deck.yaml) and rule files (games/*.yaml) under a folder (links to
    folders are not followed, but a linked deck folder's deck.yaml is listed), or a
    DataError. Other .yaml files (card sources, layouts, the project marker) are read
    through the decks that name them."""
    found: list[Path] = []
    seen = yaml_seen = 0
    for parent, dirs, files in os.walk(folder):
        dirs.sort()
        seen += len(dirs) + len(files)
        names = [name for name in sorted(files) if name.endswith(".yaml")]
        yaml_seen += len(names)
        found.extend(Path(parent) / name for name in names
                     if name == "deck.yaml" or Path(parent).name == "games")
        # Not followed, but not passed over in silence either: a deck.yaml that is a folder
        # and a deck folder that is a link are read, and reading them says what is wrong.
        odd = [Path(parent) / name for name in dirs if name == "deck.yaml"]
        odd += [Path(parent) / name / "deck.yaml" for name in dirs
                if (Path(parent) / name).is_symlink() and os.path.lexists(Path(parent) / name / "deck.yaml")]
        yaml_seen += len(odd)
        found.extend(odd)
        if yaml_seen > MAX_FILES or seen > MAX_ENTRIES:
            raise DataError(f"{shown_path(folder)}: more than {MAX_FILES} .yaml files or {MAX_ENTRIES} entries to look "
                            "through (give a deck or project folder)")
    if not yaml_seen:
        raise DataError(f"{shown_path(folder)}: no .yaml files in this folder (expected deck or rule files)")
    if not found:
        raise DataError(f"{shown_path(folder)}: no deck.yaml or games/*.yaml files in this folder")
    return found


def data_files() -> list[Path]:
    """What `build` reads: the project's decks and games, or else all the shipped data."""
    root = project.current().root
    if root is None:
        return shipped_files()
    folder = project.nearby(root / "decks")
    if not folder.is_dir():
        raise DataError(f"{shown_path(folder)}: no decks folder in this project (expected decks/<id>/deck.yaml)")
    return _yaml_files(folder)


def files_here() -> list[Path]:
    """What `validate` without paths reads: the deck folder it is run in (or that deck's
    games/ folder), else `data_files()`."""
    here = Path.cwd()
    for folder in (here, here.parent) if here.name == "games" else (here,):
        if (folder / "deck.yaml").is_file():
            return _yaml_files(project.nearby(folder) if folder != here else Path("."))
    return data_files()


def _is_dir(path: Path) -> bool:
    """Whether path is a folder; a name the system refuses (too long) is not one, and
    reading it then says why."""
    try:
        return path.is_dir()
    except OSError:
        return False


def check_engine_rules(rules: GameRules) -> None:
    """What the game's engine checks when it is built (typed `params`, setups the deck can
    deal, cards the rules name), then the placeholders of its text. Rule data with no engine
    yet has its schema and placeholders checked."""
    from deckgen.games.registry import engine_class

    if rules.same_rules_as is not None and rules.same_rules_as not in all_play_rules():
        raise DataError(problem(rules.path, "same_rules_as", f"no game {rules.same_rules_as!r} "
                                f"(games: {', '.join(sorted(all_play_rules()))})"))
    engine = engine_class(rules.for_play())
    if engine is not None:
        path = project_code.engine_path(rules.for_play())
        game = build_engine(engine, rules) if path is None else _checked_engine(engine, rules, path)
        if rules.play is not None:  # a description that parses can still never end
            from deckgen.games.described.game import DescribedGame
            from deckgen.games.described.trial import trial_problems

            assert isinstance(game, DescribedGame)
            problems = trial_problems(game)
            if problems:
                raise DataError(*problems)
        from deckgen.bots.registry import bots_for

        if rules.report_bot not in bots_for(rules.id):
            raise DataError(problem(rules.path, "report_bot", f"{rules.report_bot!r} is not a bot of the game "
                                    f"(bots: {', '.join(bots_for(rules.id))})"))
    fill_placeholders(rules)


def _checked_engine(engine: type[Game], rules: GameRules, path: Path) -> Game:
    """A project's own engine built and held to the engine contract: a few random games at
    every player count, then (where they kept it) a few determinizations; each kind of
    failure once, as a line naming the file (what its code raises names the line)."""
    from deckgen.sim.contract import Problem, determinize_problems, playout_problems

    try:
        game = build_engine(engine, rules)
    except DeckgenError:
        raise
    except Exception as exc:  # noqa: BLE001 (the designer's code may raise anything)
        raise DataError(project_code.code_line(path, exc)) from None
    found: dict[str, str] = {}
    for n in rules.players.counts():
        _, problems = playout_problems(game, n, ["random"] * n, CONTRACT_GAMES, seed=n, views_every=1,
                                       explain=lambda exc: project_code.raised_at(path, exc))
        try:  # only where play kept the contract: a leaking view, lost cards... would fail here again
            problems = problems or determinize_problems(game, n)
        except Exception as exc:  # noqa: BLE001
            problems = [Problem("determinize", f"{n} players, determinize: {project_code.raised_at(path, exc)}")]
        for kind, line in problems:
            found.setdefault(kind, f"{shown_path(path)}: {line}")
    if found:
        raise DataError(*found.values())
    return game


def check_deck_looks(deck: Deck) -> list[str]:
    """The problems a deck drawn from a layout would meet when rendered at the default card
    size, its texts under 3:1 contrast and the colours it tells cards apart by alone that
    some players cannot (a deck drawn from a template is checked by rendering it)."""
    from deckgen.render.svg import POKER, uses_layout

    if not uses_layout(deck):
        return []
    from deckgen.colour_check import layout_colour_problems
    from deckgen.render.layout_checks import layout_problems

    problems = layout_problems(deck, POKER)
    return problems + (layout_colour_problems(deck) if not problems else [])


def _id_clashes() -> list[str]:
    """A project deck or game with an id another (a shipped one) has: what every other
    command would refuse, named at the project's file."""
    current = project.current()
    if current.root is None:
        return []
    problems: list[str] = []
    for listing in (current.deck_files, current.rule_files):
        try:
            listing()
        except DeckgenError as exc:
            problems.extend(exc.problems)
    return problems


def validate_paths(given: list[Path]) -> int:
    """Validate files (a file under games/ is rule data, or a game's engine file standing for
    it; under sheets/ a sheet layout; anything else a deck); returns the count."""
    problems: list[str] = []
    files: list[Path] = []
    for path in given:
        try:
            files.extend(_yaml_files(path) if _is_dir(path) else [path])
        except DeckgenError as exc:
            problems.extend(exc.problems)
    if not given:
        files = files_here()
    problems.extend(_id_clashes())
    for path in files:
        try:
            if path.parent.name == "games" and project.orphan_problem(path) in problems:
                continue  # a project game whose deck.yaml is gone, said already: no deck to check it against
            if path.parent.name == "games":  # an engine file given stands for its game's rule file
                check_engine_rules(load_rules_file(path.with_suffix(".yaml") if path.suffix == ".py" else path,
                                                   fill=False))
            elif path.parent.name == "sheets":
                load_sheet_file(path)
            else:
                problems.extend(check_deck_looks(load_deck_file(path)))
        except DeckgenError as exc:
            problems.extend(exc.problems)
    if problems:  # a deck's problems once, not again for each game whose engine loads it
        raise DataError(*dict.fromkeys(problems))
    return len(files)
