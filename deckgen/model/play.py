"""The `play` section of a rule file: how a game is played, as data.

Zones, counters, tables, the round's setup and end, the phases of a turn with the moves
each offers, tricks, the end of the game and how the result is read. Conditions and
numbers are expressions (`deckgen.model.play_expr`); `deckgen.model.play_program` checks
every name against the deck and this section and builds the typed program an engine is
made from. docs/rules-format.md teaches it.
"""

from __future__ import annotations

import re
from typing import Any, Literal

from pydantic import Field, ValidationInfo, field_validator

from deckgen.model.common import StrictModel
from deckgen.model.play_features import refusal

#: An expression as the rule file writes it: text, or a bare YAML number or truth value.
Expression = str | int | bool
#: An action or a move: a mapping of one key (its kind) to its details, checked by
#: `play_program` so that a problem names the action's own path.
Step = dict[str, Any]

#: Zone, counter and other names: lower-case words joined by _, as zone names are.
NAME_PATTERN = r"^[a-z]+(_[a-z]+)*$"


class RefillSpec(StrictModel):
    """Where an empty draw zone gets new cards: the other zone, shuffled, all but its top."""

    from_: str = Field(alias="from", pattern=NAME_PATTERN)
    keep_top: int = Field(default=1, ge=0, le=10)


Visibility = Literal["owner", "everyone", "nobody"]


class VisibleChoice(StrictModel):
    """Who sees a zone, decided by the game's options when a game starts: `{if:
    options.hidden_hands, then: owner, else: everyone}`."""

    if_: Expression = Field(alias="if")
    then: Visibility
    else_: Visibility = Field(alias="else")


class ZoneSpec(StrictModel):
    owner: Literal["seat", "shared"] = "shared"
    visible: Visibility | VisibleChoice = "everyone"
    #: pile: only the top card shows; fan: every card shows.
    order: Literal["pile", "fan"] = "pile"
    refill: RefillSpec | None = None


class CounterSpec(StrictModel):
    #: number, truth, seat, card, or an attribute of the deck (its values).
    type: str = Field(default="number", pattern=NAME_PATTERN)
    per: Literal["seat", "game"] = "game"
    #: The value at the start of the game (and of every round when `reset: round`).
    start: int | bool | str = 0
    reset: Literal["round", "never"] = "never"
    #: Shown to every seat (false: a counter of each seat only to its seat, a game counter to nobody).
    public: bool = True


class TableSpec(StrictModel):
    """Numbers for an attribute's values: given one by one, or as a ranking (highest first,
    worth its length down to 1)."""

    of: str = Field(pattern=NAME_PATTERN)
    values: dict[str | int, int] = {}
    ranking: list[str | int] | str | None = None
    default: int = 0


class RoundSpec(StrictModel):
    #: Actions at the start of every round, after every card is back in the stock.
    setup: list[Step] = []
    #: Who moves first in a round: a seat expression, or `random`.
    first: Expression = "left(dealer)"
    #: Checked after every move: the round ends when it holds.
    end: Expression = False
    #: Actions when a round ends.
    score: list[Step] = []


class TrickSpec(StrictModel):
    zone: str = Field(pattern=NAME_PATTERN)
    #: The zone of each seat the winner takes the trick into.
    to: str = Field(pattern=NAME_PATTERN)
    #: The cards that can win; when none of the trick's cards is among them, the led card wins.
    among: Expression = True
    #: The winning card is the one with the highest `by` among them.
    by: Expression = 0
    #: Actions after a trick is won (`winner` is its winner), before the winner leads.
    then: list[Step] = []


class SimultaneousSpec(StrictModel):
    """Turns taken in secret: the seats taking part move one after another, each unseen by
    the others (their moves put cards where only their owner looks), and once the last has
    moved the `reveal` actions show every choice together."""

    #: The phase whose turns are secret; it must be the first phase, where every turn starts.
    phase: str = Field(pattern=NAME_PATTERN)
    #: Whether a seat takes part (`seat` is the seat); default every seat.
    who: Expression = True
    #: The actions once every seat taking part has moved.
    reveal: list[Step] = Field(min_length=1)


class ResultSpec(StrictModel):
    #: Each seat's score (`seat` is the seat); by default 1 for a winner, else 0.
    score: Expression | None = None
    best: Literal["highest", "lowest"] = "highest"
    #: Separates equal scores, higher is better; seats still equal share the win.
    tie_break: Expression | None = None
    #: How each seat stands while the game is on, in the score's units (`seat` is the seat);
    #: by default the score. The design metrics and the search bot's playouts read it.
    standing: Expression | None = None
    #: opposite: partners sit opposite (seat s with s + players / 2) and win together, on the
    #: sum of their scores.
    teams: Literal["none", "opposite"] = "none"


class PlaySpec(StrictModel):
    """A game described as data; the engine deckgen builds from it plays it."""

    #: What one turn is for the turn cap and game length: a move, a trick, a round or a reveal.
    turn_unit: Literal["move", "trick", "round", "reveal"] = "move"
    zones: dict[str, ZoneSpec] = Field(min_length=1)
    #: The zone every card starts a round in (the first zone when left out).
    stock: str | None = None
    counters: dict[str, CounterSpec] = {}
    tables: dict[str, TableSpec] = {}
    define: dict[str, Expression] = {}
    procedures: dict[str, list[Step]] = {}
    #: The first dealer (a seat expression); the deal passes on each round when `rotate`.
    dealer: Expression = "players - 1"
    rotate_dealer: bool = True
    order: Literal["clockwise", "anticlockwise"] = "clockwise"
    round: RoundSpec = RoundSpec()
    #: The phases of a turn, each a list of moves; a turn starts in the first.
    phases: dict[str, list[Step]] = Field(min_length=1)
    tricks: TrickSpec | None = None
    #: Secret turns revealed together (bids laid face down, then turned up at once).
    simultaneous: SimultaneousSpec | None = None
    #: Checked after every round: the game ends when it holds.
    end: Expression = True
    result: ResultSpec = ResultSpec()
    #: What the generic greedy bot prefers to play first (higher first), per card.
    greedy: Expression | None = None
    #: Sections a designer may reach for that the language lacks (or, for a market, says with a
    #: buy move): each is refused naming the feature and the Python route, or the buy move
    #: (`deckgen.model.play_features`).
    market: Any = None
    auction: Any = None
    board: Any = None
    grid: Any = None

    @field_validator("zones", "counters", "tables", "define", "procedures", "phases")
    @classmethod
    def _names(cls, value: dict[str, Any]) -> dict[str, Any]:
        bad = [name for name in value if not re.fullmatch(NAME_PATTERN, str(name))]
        if bad:
            raise ValueError(f"names are lower-case words joined by _, not {', '.join(map(repr, bad))}")
        return value

    @field_validator("market", "auction", "board", "grid")
    @classmethod
    def _missing_feature(cls, value: Any, info: ValidationInfo) -> Any:
        raise ValueError(refusal(str(info.field_name), None))
