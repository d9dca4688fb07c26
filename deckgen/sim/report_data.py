"""What the design report reads: the fairness, analysis and sweep JSON files of a game,
checked against the shapes their writers give them before a page is built from them.

They are deckgen's own outputs, but a file may be old, edited by hand or from another
version: every problem is a line naming the file and the field, never a traceback. Keys
this page does not use are ignored, so a writer may add figures without breaking it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field

from deckgen.errors import DataError
from deckgen.fileio import read_limited
from deckgen.model.common import validate
from deckgen.model.data_shape import MAX_DEPTH
from deckgen.model.wording import file_problem, problem, shown

#: The largest result file read (a sweep of many variants at every player count is ~1 MiB).
MAX_RESULT_BYTES = 16 * 1024 * 1024


class Loose(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Rate(Loose):
    """A share with its 95% interval (a seat's win rate, completion, drawishness, balance)."""

    rate: float | None = Field(default=None, ge=0.0, le=1.0)
    ci95: tuple[float, float]
    seat: int | None = None


class Mean(Loose):
    """A mean over games with its 95% interval (None with one game)."""

    mean: float
    ci95: tuple[float, float] | None = None


class Length(Loose):
    games: int = Field(ge=0)
    mean: float
    median: float
    p90: float
    max: int


class Metrics(Loose):
    """The design metrics of sim.metrics.design_metrics."""

    traced_games: int = Field(default=0, ge=0)
    balance: Rate | None = None
    completion: Rate | None = None
    drawishness: Rate | None = None
    timeouts: Rate | None = None
    duration_turns: Length | None = None
    decisions_per_player: Mean | None = None
    decision_moves: Mean | None = None
    branching_factor: Mean | None = None
    lead_change: Mean | None = None
    decisiveness: Mean | None = None
    winner_deficit: Mean | None = None
    standing_runs: bool = True


class Summary(Loose):
    """One run's statistics at one player count (sim.stats.summarize)."""

    players: int = Field(ge=1, le=64)
    games: int = Field(ge=0)
    bots: list[str]
    options: dict[str, Any] = {}
    turn_cap: int
    finished: int = Field(ge=0)
    unfinished: int = Field(ge=0)
    no_winner: float = Field(default=0, ge=0)
    seat_wins: list[float]
    seat_win_rate: list[Rate] = Field(max_length=64)
    seat_p_value: float | None = None
    length: Length | None = None
    metrics: Metrics | None = None


def fair_share(finished: int, no_winner: float, players: int) -> float:
    """What each seat would win if seats were equal: 1 / players of the finished games that
    somebody won (a game drawn with no winner is nobody's share)."""
    decided = (finished - no_winner) / finished if finished else 1.0
    return decided / players


class Fairness(Loose):
    """`<game>-fairness.json` (sim.fairness.write_fairness_report)."""

    game: str
    seed: int
    games_per_count: int
    precision: float | None = None
    report_bot: str
    report: list[Summary] = Field(max_length=64)
    greedy_vs_random: Summary | None = None


class Match(Loose):
    """A seat-rotated match or a ladder step (sim.skill.rotated_match)."""

    challenger: str
    field: str
    games: int = Field(ge=0)
    finished: int = Field(ge=0)
    win_rate: float | None = Field(default=None, ge=0.0, le=1.0)
    ci95: tuple[float, float]
    fair_share: float = Field(ge=0.0, le=1.0)
    verdict: str
    budget: int | None = Field(default=None, ge=1)


class Analysis(Loose):
    """`<game>-analysis.json` (`deckgen analyse --json` or `--output`)."""

    game: str
    players: int = Field(ge=1, le=64)
    seed: int
    games_per_match: int
    skill: list[Match] = Field(max_length=1000)
    ladder: list[Match] = Field(default=[], max_length=64)
    metrics: Metrics | None = None
    metrics_bots: list[str] = []
    verdict: str | None = Field(default=None, max_length=5000)


class VsDefault(Loose):
    """A variant against the default rules: differences and their (Holm-corrected) p-values."""

    seat0_diff: float | None = None
    seat0_p: float | None = None
    seat0_p_holm: float | None = None
    #: The tests' names (older sweeps, unpaired, have none).
    seat0_test: str | None = None
    length_diff: float | None = None
    length_p: float | None = None
    length_p_holm: float | None = None
    length_test: str | None = None


class VariantAtCount(Loose):
    games: int = Field(ge=0)
    seat_win_rate: list[Rate] = Field(max_length=64)
    balance: float | None = None
    length: Mean | None = None
    metrics: Metrics | None = None
    vs_default: VsDefault | None = None


class Variant(Loose):
    label: str
    options: dict[str, Any] = {}
    deck: str | None = None
    by_players: dict[int, VariantAtCount]


class Sweep(Loose):
    """`<game>-sweep.json` (`deckgen sweep`)."""

    game: str
    seed: int
    precision: float | None = None
    max_games: int | None = None
    bots: str | list[str] | None = None
    options: dict[str, list[Any]] = {}
    deck_variants: list[Any] = []
    variants: list[Variant] = Field(max_length=10_000)


Result = TypeVar("Result", Fairness, Analysis, Sweep)


def _no_constant(name: str) -> None:
    """NaN or Infinity in a result file: shown as no value (a test with no data gives NaN)."""


def read_result(path: Path, model: type[Result], game_id: str, output: Path) -> Result:
    """A result file of one game in the `output` folder, checked; DataError lines name the
    file and the field."""
    text = read_limited(path, MAX_RESULT_BYTES, "a deckgen result file (JSON)", DataError, within=[output])
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise DataError(file_problem(path, f"not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno} "
                                           "(write it again with deckgen)")) from None
    except RecursionError:
        raise DataError(file_problem(path, f"nested more than {MAX_DEPTH} levels deep")) from None
    result = validate(model, data, path)
    if result.game != game_id:
        raise DataError(problem(path, "game", f"found {shown(result.game)} (expected {shown(game_id)}, "
                                              "the game this file is named after)"))
    return result


def read_optional(path: Path, model: type[Result], game_id: str, output: Path) -> Result | None:
    """The result file if it is there, else None."""
    return read_result(path, model, game_id, output) if path.exists() or path.is_symlink() else None
