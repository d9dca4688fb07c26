"""Fairness statistics of a simulation: seat wins, Wilson intervals, a chi-square test of equal
seats, game lengths and the game's counters.

Unfinished (turn-capped) games are counted as unfinished and kept out of wins, win rates, the
chi-square test and lengths; their counters still count, since those events did happen.
Shared wins are split: a k-way shared win gives each winner 1/k.

What every simulation needs (Wilson intervals, the chi-square test of equal seats, lengths)
is worked out by `sim.numerics` in plain Python, as scipy and numpy did it; the paired and
two-sample tests of `analyse`, `sweep` and `tune` import scipy where they run.
"""

from __future__ import annotations

from itertools import chain
from operator import attrgetter, itemgetter
from typing import Any

from deckgen.sim.metrics import design_metrics
from deckgen.sim.numerics import chi_square_sf, mean, median, pairwise_sum, percentile, sample_sd
from deckgen.sim.runner import GameRecord, SimRun
from deckgen.sim.seats import seat_wins, wilson_interval


def equal_seats_p_value(wins: list[float]) -> float | None:
    """p-value of the chi-square test that every seat wins equally often (None without wins)."""
    if len(wins) < 2 or sum(wins) <= 0:
        return None
    expected = mean(wins)
    statistic = pairwise_sum([(observed - expected) ** 2 / expected for observed in wins])
    return chi_square_sf(statistic, len(wins) - 1)


def length_summary(records: list[GameRecord]) -> dict[str, float | int] | None:
    """Turns of finished games: mean, median, 90th percentile and maximum."""
    turns = [float(r.turns) for r in records if r.finished]
    if not turns:
        return None
    ordered = sorted(turns)
    return {
        "games": len(turns),
        "mean": mean(turns),
        "sd": sample_sd(turns) if len(turns) > 1 else 0.0,  # in game order, which rounds as numpy did
        "median": median(ordered),
        "p90": percentile(ordered, 90),
        "max": int(ordered[-1]),
    }


def counter_summary(records: list[GameRecord]) -> dict[str, dict[str, float | int]]:
    """Every counter the engine reported: total over all games and mean per game. An engine
    reports the same counters in the same order every game, so they are summed a column at
    a time in C; games that differ are summed pair by pair."""
    counters = list(map(attrgetter("counters"), records))
    totals: dict[str, int] = {}
    if len(set(map(len, counters))) == 1:
        for column in zip(*counters):
            names = set(map(itemgetter(0), column))
            if len(names) == 1:
                name = names.pop()
                totals[name] = totals.get(name, 0) + sum(map(itemgetter(1), column))
                continue
            for name, value in column:
                totals[name] = totals.get(name, 0) + value
    else:
        for name, value in chain.from_iterable(counters):
            totals[name] = totals.get(name, 0) + value
    games = len(records)
    return {name: {"total": total, "mean": total / games} for name, total in sorted(totals.items())}


def _rival_winners(record: GameRecord, sides: tuple[int, ...]) -> bool:
    """Whether a game's winners play for more than one side (a shared win, not a team's)."""
    return len({sides[seat] if sides else seat for seat in record.winners}) > 1


def summarize(run: SimRun) -> dict[str, Any]:
    """The JSON-able statistics of one run."""
    records = run.records
    sides = run.sides
    finished = sum(1 for r in records if r.finished)
    wins = seat_wins(records, run.players)
    rates = []
    for seat, seat_total in enumerate(wins):
        low, high = wilson_interval(seat_total, finished)
        rates.append({"seat": seat, "rate": seat_total / finished if finished else None, "ci95": [low, high]})
    summary = {
        "game": run.game_id,
        "name": run.game_name,
        "players": run.players,
        "games": len(records),
        "seed": run.seed,
        "bots": list(run.bots),
        "options": dict(run.options),
        "turn_cap": run.turn_cap,
        "finished": finished,
        "unfinished": len(records) - finished,
        "shared_wins": sum(1 for r in records if r.finished and len(r.winners) > 1 and _rival_winners(r, sides)),
        "no_winner": sum(1 for r in records if r.finished and not r.winners),
        "seat_wins": wins,
        "seat_win_rate": rates,
        "seat_p_value": equal_seats_p_value(wins),
        "length": length_summary(records),
        "counters": counter_summary(records),
    }
    traces = [r.trace for r in records if r.trace is not None]
    summary["metrics"] = design_metrics(summary, traces, run.players)
    return summary


#: Below this many discordant pairs McNemar's test is exact (a binomial test on them).
MCNEMAR_EXACT_BELOW = 25


def mcnemar_p(only_first: int, only_second: int) -> tuple[float, str]:
    """McNemar's test of paired yes/no outcomes, from the discordant pairs (yes in the first
    sample only, in the second only): exact (two-sided binomial at 1/2) below 25 pairs, else
    the chi-square statistic with continuity correction. Returns the p-value and the test's name."""
    from scipy import stats  # here: only the analysis commands test this way

    discordant = only_first + only_second
    if discordant == 0:
        return 1.0, "McNemar (exact)"
    if discordant < MCNEMAR_EXACT_BELOW:
        return float(stats.binomtest(only_first, discordant, 0.5).pvalue), "McNemar (exact)"
    statistic = (abs(only_first - only_second) - 1) ** 2 / discordant
    return float(stats.chi2.sf(statistic, 1)), "McNemar (chi-square)"


def paired_t_p(first: list[float], second: list[float]) -> float | None:
    """The paired t-test's p-value of two samples matched item by item (None with fewer than
    two pairs; 1 where every difference is 0, 0 where every difference is the same non-zero)."""
    from scipy import stats  # here: only the analysis commands test this way

    if len(first) < 2:
        return None
    differences = [a - b for a, b in zip(first, second)]
    if len(set(differences)) == 1:
        return 1.0 if differences[0] == 0 else 0.0
    return float(stats.ttest_rel(first, second).pvalue)


def two_proportion_p(wins_a: float, trials_a: int, wins_b: float, trials_b: int) -> tuple[float | None, str]:
    """p-value of the test that two independent samples share one rate: chi-square on the 2x2
    table, Fisher's exact test when an expected count is below 5 (split wins rounded). None
    where a sample is empty or nobody (or everybody) succeeded in both."""
    from scipy import stats  # here: only the analysis commands test this way

    name = "two-proportion chi-square"
    table = [[round(wins_a), trials_a - round(wins_a)], [round(wins_b), trials_b - round(wins_b)]]
    if min(trials_a, trials_b) <= 0 or min(table[0][0] + table[1][0], table[0][1] + table[1][1]) <= 0:
        return None, name
    if stats.contingency.expected_freq(table).min() < 5:
        return float(stats.fisher_exact(table).pvalue), "Fisher's exact test"
    return float(stats.chi2_contingency(table).pvalue), name


def welch_p(mean_a: float, sd_a: float, n_a: int, mean_b: float, sd_b: float, n_b: int) -> float | None:
    """Welch's t-test p-value from two samples' means, standard deviations and sizes (None
    with fewer than two in a sample or no spread in either)."""
    from scipy import stats  # here: only the analysis commands test this way

    if min(n_a, n_b) < 2 or sd_a + sd_b <= 0:
        return None
    return float(stats.ttest_ind_from_stats(mean_a, sd_a, n_a, mean_b, sd_b, n_b, equal_var=False).pvalue)


def holm(p_values: list[float | None]) -> list[float | None]:
    """Holm's step-down adjustment: the i-th smallest of m p-values times (m - i), i from 0,
    made non-decreasing in that order and capped at 1. None (no test) stays None."""
    tested = sorted((p, index) for index, p in enumerate(p_values) if p is not None)
    m = len(tested)
    adjusted: list[float | None] = [None] * len(p_values)
    running = 0.0
    for rank, (p, index) in enumerate(tested):
        running = max(running, min(1.0, (m - rank) * p))
        adjusted[index] = running
    return adjusted
