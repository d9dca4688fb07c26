"""Whether two engines play the same game: seeded bot games of each, and three tests that
their outcomes come from the same distribution.

Built for an engine made from a rule file's description of play, set beside the hand-written
engine of the same game (`up-and-down-described` against `up-and-down`): under random bots
the two must not be told apart. Each engine plays its own games through the runner (game i of
a side seeded from (its seed, i), as every simulation is); the two sides never share a seed,
so their samples are independent, as the tests assume, even for twins that would deal the same
cards from the same seed.

The tests, each passed ("agrees") when its p-value is at least alpha:

- outcomes: a chi-square test of homogeneity on the 2 x k table of how each game ended. A
  game counts once, in exactly one column: "seat s wins" when every winner plays for side s
  (a seat, or its team in a partnership game: partners winning together is one side's win),
  "shared win" when the winners play for two sides or more, "no winner" for a finished game
  nobody won, "unfinished" for a game stopped at the turn cap. Counts stay whole, which the
  test needs (splitting a shared win 1/k to each winner, as the fairness report does, would
  not), and a shift between sole and shared wins is seen rather than averaged away.
  Columns that no game of either side fell in are dropped; columns too thin for the
  chi-square approximation (an expected count below 5 in the smaller side's row) are pooled
  into one "rare outcomes" column, kept even if it is still thin. Fewer than two columns
  left means every game of both sides ended the same way: statistic 0, p-value 1. Yates's
  correction applies only when two columns are left (scipy's default).
- unfinished share: Fisher's exact test on unfinished against finished games, two-sided; its
  statistic is the odds ratio (None when undefined, as when neither side left a game
  unfinished, where the p-value is 1).
- mean length: Welch's t-test on the turns (as the game counts them: rounds for some, moves
  for others) of finished games only, as the fairness report measures lengths: an
  unfinished game's length is the turn cap, not the game's, and the unfinished share is
  tested apart. With fewer than two finished games on a side there is no test (statistic
  and p-value None, counted as agreeing: the unfinished test is where such a difference
  shows). When both sides' lengths are constant the t statistic is undefined: the sides
  agree (t 0, p 1) if the two constants are equal, and differ (t +/-inf, p 0) if not.

scipy is imported inside the functions that test: this module is for the tests and
benchmarks, and importing it costs deckgen nothing at start-up either way.
"""

from __future__ import annotations

import math
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from deckgen.sim.runner import GameRecord, SimRun, SimulationError, parse_bots, run_simulation

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = ["Agreement", "Check", "compare_engines", "compare_runs", "length_check", "outcome_check",
           "outcome_counts", "unfinished_check"]

#: The least expected count of a column, in the smaller side's row, for the chi-square test.
MIN_EXPECTED = 5.0
SHARED, NO_WINNER, UNFINISHED, RARE = "shared win", "no winner", "unfinished", "rare outcomes"


@dataclass(frozen=True)
class Check:
    """One test: its statistic, its p-value and whether the two sides agree at alpha."""

    name: str
    statistic: float | None
    p_value: float | None
    agrees: bool
    #: What was done to make the test possible (columns pooled, no test...), or "".
    note: str = ""


def _side_label(side: int, sides: tuple[int, ...]) -> str:
    return f"seat {side} wins" if not sides or list(sides) == list(range(len(sides))) else f"side {side} wins"


def outcome_of(record: GameRecord, sides: tuple[int, ...]) -> str:
    """The column of the outcome table one game counts in."""
    if not record.finished:
        return UNFINISHED
    if not record.winners:
        return NO_WINNER
    won = {sides[seat] if sides else seat for seat in record.winners}
    return _side_label(won.pop(), sides) if len(won) == 1 else SHARED


def outcome_counts(run: SimRun) -> dict[str, int]:
    """Games per outcome column: every side (winning alone), then shared wins, no winner and
    unfinished, all present even when zero."""
    sides = run.sides or tuple(range(run.players))
    counts = {_side_label(side, sides): 0 for side in sorted(set(sides))}
    counts.update({SHARED: 0, NO_WINNER: 0, UNFINISHED: 0})
    for record in run.records:
        counts[outcome_of(record, sides)] += 1
    return counts


def outcome_check(counts_a: Sequence[int], counts_b: Sequence[int], labels: Sequence[str], alpha: float) -> Check:
    """Chi-square test of homogeneity of two rows of outcome counts (same columns), after the
    module's rule: empty columns dropped, thin ones pooled."""
    from scipy import stats

    n_a, n_b = sum(counts_a), sum(counts_b)
    if n_a == 0 or n_b == 0:
        return Check("outcomes", None, None, True, "no test: a side played no games")
    smaller = min(n_a, n_b) / (n_a + n_b)
    kept: list[tuple[int, int]] = []
    rare, pooled = [0, 0], []
    for a, b, label in zip(counts_a, counts_b, labels):
        if a + b == 0:
            continue
        if (a + b) * smaller < MIN_EXPECTED:
            rare[0] += a
            rare[1] += b
            pooled.append(label)
        else:
            kept.append((a, b))
    if pooled:
        kept.append((rare[0], rare[1]))
    note = f"pooled as {RARE}: {', '.join(pooled)}" if len(pooled) > 1 else ""
    if len(kept) < 2:
        return Check("outcomes", 0.0, 1.0, True, "every game of both sides ended the same way")
    table = [[a for a, _ in kept], [b for _, b in kept]]
    result = stats.chi2_contingency(table)
    p = float(result.pvalue)
    dof = int(result.dof)
    note = f"{dof} df" + (f"; {note}" if note else "")
    return Check("outcomes", float(result.statistic), p, p >= alpha, note)


def unfinished_check(unfinished_a: int, games_a: int, unfinished_b: int, games_b: int, alpha: float) -> Check:
    """Fisher's exact test, two-sided, of the unfinished shares of two sides."""
    from scipy import stats

    if games_a == 0 or games_b == 0:
        return Check("unfinished", None, None, True, "no test: a side played no games")
    result = stats.fisher_exact([[unfinished_a, games_a - unfinished_a], [unfinished_b, games_b - unfinished_b]])
    odds = float(result.statistic)
    p = min(1.0, float(result.pvalue))
    return Check("unfinished", None if math.isnan(odds) else odds, p, p >= alpha)


def length_check(turns_a: Sequence[int], turns_b: Sequence[int], alpha: float) -> Check:
    """Welch's t-test of two sides' game lengths, with the module's rules for too few games
    and constant lengths."""
    from scipy import stats

    if len(turns_a) < 2 or len(turns_b) < 2:
        return Check("mean length", None, None, True, "no test: fewer than 2 finished games on a side")
    if len(set(turns_a)) == 1 and len(set(turns_b)) == 1:
        diff = turns_a[0] - turns_b[0]
        if diff == 0:
            return Check("mean length", 0.0, 1.0, True, "every game of both sides as long")
        return Check("mean length", math.copysign(math.inf, diff), 0.0, False, "constant lengths, unequal")
    with warnings.catch_warnings():  # a nearly constant side: scipy warns, the p-value stands
        warnings.simplefilter("ignore", RuntimeWarning)
        result = stats.ttest_ind(turns_a, turns_b, equal_var=False)
    p = float(result.pvalue)
    return Check("mean length", float(result.statistic), p, p >= alpha)


@dataclass(frozen=True)
class Agreement:
    """Two engines' games side by side (A, then B) and the three tests at `alpha`."""

    game_a: str
    game_b: str
    players: int
    games_a: int
    games_b: int
    seeds: tuple[int, int]
    bots: tuple[str, ...]
    options_a: dict[str, Any]
    options_b: dict[str, Any]
    alpha: float
    #: The outcome columns (before any pooling) and each side's games in them.
    outcomes: tuple[str, ...]
    counts_a: tuple[int, ...]
    counts_b: tuple[int, ...]
    #: Mean turns of finished games (None without any).
    mean_length_a: float | None
    mean_length_b: float | None
    seat_wins: Check
    unfinished: Check
    length: Check
    #: Finished games of each side.
    finished_a: int
    finished_b: int

    @property
    def agrees(self) -> bool:
        """Whether all three tests agree."""
        return self.seat_wins.agrees and self.unfinished.agrees and self.length.agrees

    @property
    def shares_a(self) -> tuple[float, ...]:
        """Share of A's games in each outcome column (win shares per seat, shared, no winner, unfinished)."""
        return tuple(count / self.games_a for count in self.counts_a) if self.games_a else ()

    @property
    def shares_b(self) -> tuple[float, ...]:
        return tuple(count / self.games_b for count in self.counts_b) if self.games_b else ()

    @property
    def unfinished_share_a(self) -> float:
        return (self.games_a - self.finished_a) / self.games_a if self.games_a else 0.0

    @property
    def unfinished_share_b(self) -> float:
        return (self.games_b - self.finished_b) / self.games_b if self.games_b else 0.0

    def lines(self) -> list[str]:
        """A readable table: A's figure, B's figure, the p-value and the verdict of each test
        (outcome columns that no game of either side fell in are left out)."""
        bots = self.bots[0] if len(set(self.bots)) == 1 else ",".join(self.bots)
        width = 34
        out = [
            f"A {self.game_a} {_options_text(self.options_a)}vs B {self.game_b} {_options_text(self.options_b)}"
            f"- {self.players} players, {self.games_a:,} + {self.games_b:,} games, {bots} bots, "
            f"seeds {self.seeds[0]}/{self.seeds[1]}",
            f"  {'':<{width}} {'A':>9} {'B':>9} {'p-value':>9}  agree at {self.alpha:g}",
        ]

        def row(label: str, a: str, b: str, check: Check | None = None) -> None:
            tail = ""
            if check is not None:
                p = "-" if check.p_value is None else f"{check.p_value:.4f}"
                note = f"  ({check.note})" if check.note else ""
                tail = f" {p:>9}  {'yes' if check.agrees else 'NO'}{note}"
            out.append(f"  {label:<{width}} {a:>9} {b:>9}{tail}".rstrip())

        row("outcomes (chi-square)", "", "", self.seat_wins)
        for label, a, b in zip(self.outcomes, self.shares_a, self.shares_b):
            if a or b:
                row(f"  {label}", f"{a:.1%}", f"{b:.1%}")
        row("unfinished share (Fisher exact)", f"{self.unfinished_share_a:.2%}", f"{self.unfinished_share_b:.2%}",
            self.unfinished)

        def mean(value: float | None) -> str:
            return "-" if value is None else f"{value:.2f}"

        row("mean turns of finished (Welch t)", mean(self.mean_length_a), mean(self.mean_length_b), self.length)
        out.append(f"  {'verdict':<{width}} {'':>9} {'':>9} {'':>9}  "
                   f"{'the engines agree' if self.agrees else 'the engines DIFFER'}")
        return out


def _options_text(options: dict[str, Any]) -> str:
    return f"({', '.join(f'{k}={v}' for k, v in sorted(options.items()))}) " if options else ""


def compare_runs(run_a: SimRun, run_b: SimRun, alpha: float = 0.001,
                 options_a: dict[str, Any] | None = None, options_b: dict[str, Any] | None = None) -> Agreement:
    """The agreement of two simulations at the same player count. `options_a`/`options_b`
    are the options to show (by default the runs' resolved options)."""
    if run_a.players != run_b.players:
        raise SimulationError(f"cannot compare {run_a.players} players of {run_a.game_id} with "
                              f"{run_b.players} players of {run_b.game_id}")
    if not 0 < alpha < 1:
        raise SimulationError(f"alpha {alpha}: give a level between 0 and 1 (such as 0.001)")
    by_a, by_b = outcome_counts(run_a), outcome_counts(run_b)
    tail = (SHARED, NO_WINNER, UNFINISHED)
    side_labels = sorted({label for label in [*by_a, *by_b] if label not in tail},
                         key=lambda label: int(label.split()[1]))
    labels = [*side_labels, *tail]
    counts_a = tuple(by_a.get(label, 0) for label in labels)
    counts_b = tuple(by_b.get(label, 0) for label in labels)
    turns_a = [r.turns for r in run_a.records if r.finished]
    turns_b = [r.turns for r in run_b.records if r.finished]
    games_a, games_b = len(run_a.records), len(run_b.records)
    return Agreement(
        game_a=run_a.game_id,
        game_b=run_b.game_id,
        players=run_a.players,
        games_a=games_a,
        games_b=games_b,
        seeds=(run_a.seed, run_b.seed),
        bots=run_a.bots,
        options_a=dict(run_a.options if options_a is None else options_a),
        options_b=dict(run_b.options if options_b is None else options_b),
        alpha=alpha,
        outcomes=tuple(labels),
        counts_a=counts_a,
        counts_b=counts_b,
        mean_length_a=sum(turns_a) / len(turns_a) if turns_a else None,
        mean_length_b=sum(turns_b) / len(turns_b) if turns_b else None,
        seat_wins=outcome_check(counts_a, counts_b, labels, alpha),
        unfinished=unfinished_check(games_a - len(turns_a), games_a, games_b - len(turns_b), games_b, alpha),
        length=length_check(turns_a, turns_b, alpha),
        finished_a=len(turns_a),
        finished_b=len(turns_b),
    )


def compare_engines(
    game_a: str,
    game_b: str,
    n_players: int,
    games: int,
    seed: int,
    options_a: dict[str, Any] | None = None,
    options_b: dict[str, Any] | None = None,
    bots: str = "random",
    *,
    alpha: float = 0.001,
    jobs: int = 1,
) -> Agreement:
    """Play `games` seeded games of each engine (ids or aliases) with `n_players` and the
    bots `bots` names (one name for every seat, or a comma list, one per seat, as `--bots`),
    and test whether they play alike at `alpha`.

    A's game i is seeded from (2 * seed, i) and B's from (2 * seed + 1, i): the two never
    share a seed, here or across calls with other seeds, so an engine compared with itself
    plays two independent samples. The records, hence the result, do not depend on `jobs`
    (local worker processes). Options are given as `deckgen simulate --option` would give
    them (values or their text); only the options given are shown in `lines()`.
    """
    from deckgen.games.registry import get_game

    runs = []
    for side, (game_id, options) in enumerate(((game_a, options_a), (game_b, options_b))):
        game = get_game(game_id)
        resolved = game.rules.resolve_options(options)
        seat_bots = parse_bots(bots, game, n_players)
        runs.append(run_simulation(game, n_players, seat_bots, resolved, 2 * seed + side, games, jobs, traced=0))
    return compare_runs(runs[0], runs[1], alpha, options_a or {}, options_b or {})
