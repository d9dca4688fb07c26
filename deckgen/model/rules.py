"""Game rule data: players, setup per player count, options, numbers and rule text.

One file per game under decks/<family>/games/<game>.yaml. The engine reads its numbers
from here and the booklet prints its text and tables from here, so they cannot drift.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, Literal

from pydantic import Field, field_validator, model_validator

from deckgen import project
from deckgen.errors import DataError, UnknownName
from deckgen.model.common import StrictModel, read_yaml, validate
from deckgen.model.play_rules import Option, OptionValue, Players, PlayRules, Setup, TurnUnit, bound_text
from deckgen.model.play_text import said_lines
from deckgen.model.rule_text import TEXT_PARTS, fill_text
from deckgen.model.wording import problem

if TYPE_CHECKING:
    from deckgen.model.play import PlaySpec

    DescribedPlay = PlaySpec | None
else:
    #: What GameRules.play holds: a PlaySpec or None. Read as Any by pydantic, so that the
    #: description's schemas (model/play.py, a dozen models) are imported and built only
    #: when a rule file describes play (GameRules._described_play), not for every game.
    DescribedPlay = Any


class PlayerRange(StrictModel):
    min: int = Field(ge=1, le=12)
    max: int = Field(ge=1, le=12)

    @model_validator(mode="after")
    def _ordered(self) -> PlayerRange:
        if self.min > self.max:
            raise ValueError(f"min {self.min} is above max {self.max}")
        return self

    def counts(self) -> range:
        return range(self.min, self.max + 1)


class Metadata(StrictModel):
    minutes: str = Field(min_length=1)
    complexity: int = Field(ge=1, le=5)
    #: Who designed the game; left out when nobody is credited (no designer line is printed).
    designer: str | None = Field(default=None, min_length=1)
    year: int | None = None
    ages: str | None = None


class SetupSpec(StrictModel):
    """How one player count is set up; numbers the engine deals by and the booklet prints."""

    decks: int = Field(default=1, ge=1)
    hand_size: int | None = Field(default=None, ge=0)
    removed: int = Field(default=0, ge=0)
    #: Cards laid out at the start in neither a hand nor the draw pile, in all (secret energy
    #: cards, corner cards, cards put aside face down): what the deck must hold beyond the hands.
    set_aside: int = Field(default=0, ge=0)
    note: str = ""


class OptionSpec(StrictModel):
    type: Literal["bool", "int", "float", "choice"]
    default: OptionValue
    #: The values allowed: names for a choice, or whole numbers for an int (1, 3 or 5).
    choices: list[str] | list[int] | None = None
    min: float | None = None
    max: float | None = None
    description: str = Field(min_length=1)

    @model_validator(mode="after")
    def _default_fits(self) -> OptionSpec:
        bounds = [b for b in (self.min, self.max) if b is not None]
        if not all(math.isfinite(b) for b in bounds):
            raise ValueError("min and max must be finite numbers")
        if self.min is not None and self.max is not None and self.min > self.max:
            raise ValueError(f"min {bound_text(self.min)} is above max {bound_text(self.max)}")
        if self.type == "choice" and not self.choices:
            raise ValueError("a choice option needs its choices")
        if self.choices is not None and self.type not in ("choice", "int"):
            raise ValueError(f"only choice and int options take choices, not {self.type}")
        problem_text = self.option().check(self.default)
        if problem_text:
            raise ValueError(f"default: {problem_text}")
        return self

    def option(self) -> Option:
        """The option as an engine reads it (plain data, which checks and parses values)."""
        choices = tuple(self.choices) if self.choices is not None else None
        return Option(**{**self.model_dump(), "choices": choices})


class Section(StrictModel):
    """A titled part of the rule text. Paragraphs are separated by blank lines;
    lines starting with "- " are bullets."""

    title: str = Field(min_length=1)
    body: str = Field(min_length=1)


class Ruling(StrictModel):
    question: str = Field(min_length=1)
    answer: str = Field(min_length=1)


class QuickRef(StrictModel):
    """Player-aid text: short lines, printed front (turn, plays) and back (special, scoring)."""

    #: Left out in a rule file that describes play: the moves' `says` lines are the list then
    #: (`deckgen.model.play_text`, filled in when the file is loaded).
    turn: Annotated[list[str], Field(min_length=1)] | None = None
    legal_plays: list[str] = Field(min_length=1)
    special: list[str] = []
    scoring: list[str] = Field(min_length=1)


class DiagramCell(StrictModel):
    """One grid cell of a diagram: its cards bottom to top, and who owns the stack."""

    at: tuple[int, int]
    cards: list[str] = Field(min_length=1)
    owner: int = Field(default=-1, ge=-1)
    turned: bool = False


class Diagram(StrictModel):
    """A grid position the booklet draws and the game's scenario tests replay: one data
    source for the picture and the rule it shows. `marked` cells are drawn highlighted
    (the move being explained)."""

    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    title: str = Field(min_length=1)
    caption: str = Field(min_length=1)
    #: As the engine lays its cards out (the engine checks that they agree).
    grid: Literal["square", "hexagonal"] = "square"
    cells: list[DiagramCell] = Field(min_length=1)
    marked: list[tuple[int, int]] = []
    #: Game-specific facts of the scenario (hands, scores, the move), read by its tests.
    facts: dict[str, Any] = {}


class RuleText(StrictModel):
    overview: Section
    components: Section
    setup: Section
    turn: Section
    special: list[Section] = []
    end: Section
    variants: list[Section] = []
    #: How deckgen's engine and simulator play the game (its decisions and numbers that are
    #: not rules at the table), printed last under "How deckgen plays this game".
    deckgen: Section | None = None


class GameRules(StrictModel):
    id: str = Field(pattern=r"^[a-z0-9][a-z0-9-]*$")
    name: str = Field(min_length=1)
    deck: str
    aliases: list[str] = []
    players: PlayerRange
    metadata: Metadata
    setup: dict[int, SetupSpec]
    options: dict[str, OptionSpec] = {}
    #: The turns deckgen's simulator lets one game run; a game with an engine needs it (1 or
    #: more), a rules-only game leaves it out (0).
    turn_cap: int = Field(default=0, ge=0)
    #: What the turns of the turn cap, game lengths and transcripts are, as the hand-written
    #: engine counts them; a description declares it as play.turn_unit instead.
    turn_unit: TurnUnit | None = None
    #: The bot fairness reports use when none is asked for: random, unless random play
    #: rarely finishes a game (then the game's greedy bot).
    report_bot: str = Field(default="random", pattern=r"^[a-z][a-z0-9-]*$")
    params: dict[str, Any] = {}
    text: RuleText | None = None
    rulings: list[Ruling] = []
    quickref: QuickRef | None = None
    #: Grid games: the start position and worked examples, drawn in the booklet.
    diagrams: list[Diagram] = []
    #: How the game is played, as data: deckgen builds its engine from it (docs/rules-format.md).
    play: DescribedPlay = None
    #: The game whose rules this file describes again, to compare two engines of one game: its
    #: booklet and player aid are that game's, so this file needs no text and builds none.
    same_rules_as: str | None = Field(default=None, pattern=r"^[a-z0-9][a-z0-9-]*$")
    path: Path = Path()

    @field_validator("play")
    @classmethod
    def _described_play(cls, value: Any) -> PlaySpec | None:
        """The play section checked against its own schema; its problems are reported under
        `play.` as the schema's others are."""
        if value is None:
            return None
        from deckgen.model.play import PlaySpec

        return PlaySpec.model_validate(value)

    @model_validator(mode="after")
    def _setup_per_count(self) -> GameRules:
        missing = [n for n in self.players.counts() if n not in self.setup]
        extra = [n for n in self.setup if n not in self.players.counts()]
        if missing:
            raise ValueError(f"setup is missing player counts {missing}")
        if extra:
            raise ValueError(f"setup has player counts {extra} outside players {self.players.min}-{self.players.max}")
        return self

    @model_validator(mode="after")
    def _one_turn_unit(self) -> GameRules:
        if self.play is not None and self.turn_unit is not None:
            raise ValueError("turn_unit is declared twice: a description says what one turn is in play.turn_unit only")
        return self

    def for_play(self) -> PlayRules:
        """The rules as an engine reads them: plain data, kept between commands by the engine
        cache. What one turn is comes from the description or the engine's declaration, a move
        when neither says."""
        turns_are = self.play.turn_unit if self.play is not None else (self.turn_unit or "move")
        return PlayRules(
            id=self.id, name=self.name, path=self.path, deck=self.deck,
            players=Players(self.players.min, self.players.max),
            setup={n: Setup(**spec.model_dump()) for n, spec in self.setup.items()},
            options={name: spec.option() for name, spec in self.options.items()},
            turn_cap=self.turn_cap, turns_are=turns_are, report_bot=self.report_bot, params=dict(self.params),
            play=self.play,
        )


def load_rules_file(path: Path, fill: bool = True) -> GameRules:
    """A game's rule data from its file (`decks/<deck>/games/<game>.yaml`); schema only."""
    data = read_yaml(path)
    if isinstance(data, dict):
        if "path" in data:
            raise DataError(problem(path, "path", "unknown key (not part of the schema)"))
        data = {**data, "path": path}
    rules = validate(GameRules, data, path)
    if rules.id != path.stem:
        raise DataError(problem(path, "id", f"{rules.id!r} does not match the file name (expected {path.stem!r})"))
    folder = path.absolute().parent.parent.name  # a relative path may start in the games folder
    if rules.deck != folder:
        raise DataError(problem(path, "deck", f"{rules.deck!r} is not the deck folder it lives in (expected {folder!r})"))
    if not fill:  # `deckgen validate` checks the numbers before the text that quotes them
        return rules
    return fill_placeholders(rules)


def placeholder_values(rules: GameRules) -> dict[str, Any]:
    """What placeholders may name: the rule data's numbers, as the engine reads them."""
    return {
        "params": rules.params,
        "setup": {n: spec.model_dump() for n, spec in rules.setup.items()},
        "options": {name: spec.model_dump() for name, spec in rules.options.items()},
        "players": rules.players.model_dump(),
        **({"turn_cap": rules.turn_cap} if rules.turn_cap else {}),  # rules-only games have none
    }


def fill_placeholders(rules: GameRules) -> GameRules:
    """The rules with every placeholder in their text filled; every problem at once."""
    values = placeholder_values(rules)
    problems: list[str] = []
    update: dict[str, Any] = {}
    for part in TEXT_PARTS:
        model = getattr(rules, part)
        if model is None:
            continue
        raw = model.model_dump() if hasattr(model, "model_dump") else [item.model_dump() for item in model]
        filled = fill_text(raw, values, rules.path, part, problems)
        if filled != raw:
            field_type = type(model) if hasattr(model, "model_dump") else type(model[0])
            update[part] = (
                field_type.model_validate(filled) if hasattr(model, "model_dump")
                else [field_type.model_validate(item) for item in filled]
            )
    turn = said_turn(rules, values, problems)
    if turn is not None and rules.quickref is not None:
        quickref = update.get("quickref", rules.quickref)
        update["quickref"] = quickref.model_copy(update={"turn": turn})
    if problems:
        raise DataError(*problems)
    return rules.model_copy(update=update) if update else rules


def said_turn(rules: GameRules, values: dict[str, Any], problems: list[str]) -> list[str] | None:
    """The quick reference's "Your turn" lines from the moves' `says` lines, filled, when the
    rule file leaves `quickref.turn` out (`deckgen.model.play_text`); None when it writes them."""
    said = turn_lines(rules)
    if said is None:
        return None
    if not said:
        problems.append(turn_problem(rules))
        return None
    return [fill_text(text, values, rules.path, where, problems) for where, text in said]


def turn_lines(rules: GameRules) -> list[tuple[str, str]] | None:
    """The quick reference's "Your turn" lines (field path, text, placeholders unfilled) when
    the rule file leaves them to its moves' `says` lines, empty when there are none (then
    `turn_problem` says so); None when the file writes them itself or has no quick reference."""
    if rules.quickref is None or rules.quickref.turn is not None:
        return None
    return said_lines(rules.play) if rules.play is not None else []


def turn_problem(rules: GameRules) -> str:
    """The problem line of a quick reference left without "Your turn" lines."""
    if rules.play is None:
        return problem(rules.path, "quickref.turn", "required key is missing")
    return problem(rules.path, "quickref.turn", "required: no move of the play section has a says: line "
                   "to print instead")



def rules_paths() -> list[Path]:
    """The rule files of the project's games and the shipped ones."""
    return sorted(project.current().rule_files().values())


@cache
def _rules_of_file(path: Path) -> GameRules:
    """One rule file, read once: a command about one game reads that game's file only."""
    return load_rules_file(path)


@cache
def all_rules() -> dict[str, GameRules]:
    """Every game's rules by id: the project's and the shipped ones."""
    return {r.id: r for r in (_rules_of_file(p) for p in rules_paths())}


@cache
def _play_rules_of_file(path: Path) -> GameRules:
    """One rule file read for play: its text is left unfilled (engines never read it), so
    building an engine neither imports nor runs the text templates."""
    return load_rules_file(path, fill=False)


@cache
def all_play_rules() -> dict[str, GameRules]:
    """Every game's rules by id, read for play (their text unfilled): what listing the games
    and their engines needs, without the text templates (half of `deckgen games`)."""
    return {r.id: r for r in (_play_rules_of_file(p) for p in rules_paths())}


project.on_change(_rules_of_file.cache_clear)
project.on_change(all_rules.cache_clear)
project.on_change(_play_rules_of_file.cache_clear)
project.on_change(all_play_rules.cache_clear)


def load_play_rules(name: str) -> GameRules:
    """Rules to play by, by game id or alias: as `load_rules`, without filling the text's
    placeholders (`deckgen validate`, booklets and player aids fill and check them)."""
    path = project.current().rule_files().get(name)
    return _play_rules_of_file(path) if path is not None else load_rules(name)


def load_rules(name: str) -> GameRules:
    """Rules by game id (its file alone is read) or alias (every rule file is)."""
    path = project.current().rule_files().get(name)
    if path is not None:
        return _rules_of_file(path)
    rules = all_rules()
    if name in rules:
        return rules[name]
    for r in rules.values():
        if name in r.aliases:
            return r
    known = ", ".join(sorted(rules)) or "none"
    raise UnknownName(f"unknown game {name!r} (known games: {known})")
