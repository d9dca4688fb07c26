"""What an engine plays by: the numbers of a game's rule file (players, setup per count, options,
turn cap and unit, its report bot and params) as plain data, free of the schema library.

`GameRules` (`deckgen.model.rules`) is the rule file as validated; `GameRules.for_play` makes
this from it. Being plain, it is what the engine cache (`deckgen.games.engine_cache`) keeps
between commands, so a simulation of a game whose files did not change loads neither pydantic
nor PyYAML. Named tuples, the quickest records to define at start-up (`deckgen.model.deck_data`).
"""

# Annotations evaluated, not postponed: typing.NamedTuple compiles each string annotation
# at import, some 10 us a field at the start of every command.

import math
import re
from pathlib import Path
from typing import Any, Literal, NamedTuple

from deckgen.errors import BadOption, BadPlayerCount
from deckgen.model.deck_data import Deck
from deckgen.model.wording import shown

OptionValue = bool | int | float | str
OptionType = Literal["bool", "int", "float", "choice"]
#: What an engine counts as one turn: a move, a seat's turn (one or more moves), a trick, a
#: round or a reveal of simultaneous choices (docs/rules-format.md, "Turns").
TurnUnit = Literal["move", "turn", "trick", "round", "reveal"]

#: What a value of each option type is, in words.
OPTION_KINDS = {"bool": "true or false", "int": "a whole number", "float": "a number", "choice": "one of the choices"}


def bound_text(value: float) -> str:
    """A minimum or maximum as written: 1, not 1.0."""
    return str(int(value)) if math.isfinite(value) and value == int(value) else repr(value)


class Players(NamedTuple):
    """The player counts a game is for, fewest to most."""

    min: int
    max: int

    def counts(self) -> range:
        return range(self.min, self.max + 1)


class Setup(NamedTuple):
    """How one player count is set up (`SetupSpec` as read): what the engine deals by."""

    decks: int = 1
    hand_size: int | None = None
    removed: int = 0
    set_aside: int = 0
    note: str = ""


class Option(NamedTuple):
    """A rule option (`OptionSpec` as read): its type, default and allowed values."""

    type: OptionType
    default: OptionValue
    choices: tuple[str, ...] | tuple[int, ...] | None = None
    min: float | None = None
    max: float | None = None
    description: str = ""

    def check(self, value: Any) -> str:
        """Empty string when value suits this option, else what is wrong with it."""
        expected = {"bool": bool, "int": int, "float": (int, float), "choice": str}[self.type]
        if not isinstance(value, expected) or (self.type != "bool" and isinstance(value, bool)):
            return f"found {shown(value)} (expected {OPTION_KINDS[self.type]})"
        if self.type == "float" and isinstance(value, float) and not math.isfinite(value):
            return f"{shown(value)} is not a finite number (expected {OPTION_KINDS[self.type]})"
        if self.type in ("choice", "int") and self.choices is not None and value not in self.choices:
            return f"found {shown(value)} (expected one of {', '.join(map(shown, self.choices or []))})"
        if self.min is not None and value < self.min:
            return f"{shown(value)} is below the minimum {bound_text(self.min)}"
        if self.max is not None and value > self.max:
            return f"{shown(value)} is above the maximum {bound_text(self.max)}"
        return ""

    def parse(self, text: str) -> OptionValue:
        """Turn command-line text into a value of this option's type (ValueError if not)."""
        if self.type == "bool":
            lowered = text.lower()
            if lowered in ("1", "true", "yes", "on"):
                return True
            if lowered in ("0", "false", "no", "off"):
                return False
            raise ValueError(f"found {shown(text)} (expected true or false)")
        if self.type == "int":
            if not re.fullmatch(r"[+-]?[0-9]{1,18}", text.strip()):
                raise ValueError(f"found {shown(text)} (expected {OPTION_KINDS['int']})")
            return int(text)
        if self.type == "float":
            try:
                return float(text)
            except ValueError:
                raise ValueError(f"found {shown(text)} (expected {OPTION_KINDS['float']})") from None
        return text


class PlayRules(NamedTuple):
    """A game's rules as its engine reads them. `play` is the description of a described game
    (a `PlaySpec`; from the engine cache, the `Program` checked from it), None for a
    hand-written engine; `params` the rule file's raw `params`, which the engine validates
    against its own model."""

    id: str
    name: str
    path: Path
    deck: str
    players: Players
    setup: dict[int, Setup]
    options: dict[str, Option]
    turn_cap: int
    turns_are: TurnUnit
    report_bot: str
    params: dict[str, Any]
    play: Any = None

    @property
    def turn_units(self) -> str:
        """The plural of the turn unit, as lengths are reported: "rounds", "moves"."""
        return f"{self.turns_are}s"

    def turns_text(self, count: int) -> str:
        """A number of turns in the words of the game's turn unit: "7 rounds", "1 move"."""
        return f"{count} {self.turns_are}{'' if count == 1 else 's'}"

    def check_players(self, n_players: int) -> None:
        """A `BadPlayerCount` unless the game is for `n_players`: one wording everywhere."""
        BadPlayerCount.check(self.id, n_players, self.players.min, self.players.max)

    def setup_for(self, n_players: int) -> Setup:
        self.check_players(n_players)
        return self.setup[n_players]

    def resolve_options(self, given: dict[str, Any] | None = None) -> dict[str, OptionValue]:
        """Defaults overlaid with given values; unknown names or bad values are errors.
        Options this method resolved already come back as they are (the simulator passes
        the same options through it for every game)."""
        if isinstance(given, ResolvedOptions) and given.game_id == self.id:
            return given
        out = ResolvedOptions({k: o.default for k, o in self.options.items()}, game_id=self.id)
        problems = []
        for key, value in (given or {}).items():
            spec = self.options.get(key)
            if spec is None:
                known = ", ".join(self.options) or "none"
                problems.append(f"game {self.id}: unknown option {key!r} (options: {known})")
                continue
            if isinstance(value, str) and spec.type != "choice":
                try:
                    value = spec.parse(value)
                except ValueError as exc:
                    problems.append(f"game {self.id}: option {key}: {exc}")
                    continue
            wrong = spec.check(value)
            if wrong:
                problems.append(f"game {self.id}: option {key}: {wrong}")
                continue
            out[key] = value
        if problems:
            raise BadOption(*problems)
        return out


class ResolvedOptions(dict[str, OptionValue]):
    """A game's complete, checked options (what `PlayRules.resolve_options` returns)."""

    def __init__(self, values: dict[str, OptionValue], game_id: str) -> None:
        super().__init__(values)
        self.game_id = game_id


class GameData(NamedTuple):
    """What an engine is built from: its rules, its `params` checked against the engine's own
    `Params` dataclass, and the deck it plays (the shipped one or a sweep's variant). `diagrams`
    are the rule file's (`Diagram`s), checked against the engine with its other problems; empty
    when the data comes from the engine cache, which keeps only data that was checked."""

    rules: PlayRules
    params: Any
    deck: Deck
    diagrams: tuple[Any, ...] = ()
