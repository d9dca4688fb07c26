"""The statistics every simulation prints, without scipy or numpy: pinned to the figures
scipy and numpy gave before `sim.numerics` replaced them, and checked against scipy over
many inputs (summing, spread, median and percentile, and Wilson bounds to the last bit; the
chi-square tail and t quantile to 1e-12)."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy
import pytest
from scipy import stats as scipy_stats

from deckgen.sim import numerics
from deckgen.sim.metrics import GameTrace
from deckgen.sim.runner import GameRecord, SimRun
from deckgen.sim.stats import summarize

#: What `summarize` gave for the runs of `pinned_runs()` with scipy 1.17.1 and numpy 2.4.6.
PINNED: list[dict[str, Any]] = json.loads((Path(__file__).parent / "pinned_summaries.json").read_text())


def pinned_runs() -> list[SimRun]:
    """Three runs of made-up records (random winners, lengths, shared wins, capped games and
    traces), at three player counts and sizes."""
    runs = []
    for seed, games, players in [(1, 250, 3), (2, 1000, 4), (3, 7, 2)]:
        rng = random.Random(seed)
        records = []
        for index in range(games):
            finished = rng.random() < 0.93
            r = rng.random()
            winners = ((rng.randrange(players),) if r < 0.8 else
                       tuple(sorted(rng.sample(range(players), 2))) if r < 0.95 else ())
            turns = rng.randint(5, 90)
            trace = None
            if index < 40:
                moves = rng.randint(5, 60)
                trace = GameTrace(moves, rng.randint(0, moves), moves * rng.randint(1, 9),
                                  tuple(rng.randint(0, 10) for _ in range(players)), rng.random(),
                                  rng.random() if r < 0.8 else None, rng.random() if r < 0.8 else None, True)
            records.append(GameRecord(finished, winners if finished else (), turns,
                                      (("draws", rng.randint(0, 9)),), trace))
        runs.append(SimRun("pin", "Pin", players, 7, ("random",) * players, {}, 100, records))
    return runs


def assert_same_figures(found: Any, pinned: Any, where: str = "") -> None:
    """Equal structure; numbers equal to 1e-12 relative (exactly, for whole numbers)."""
    if isinstance(pinned, dict):
        assert found.keys() == pinned.keys(), where
        for key in pinned:
            assert_same_figures(found[key], pinned[key], f"{where}.{key}")
    elif isinstance(pinned, list):
        assert len(found) == len(pinned), where
        for index, (a, b) in enumerate(zip(found, pinned)):
            assert_same_figures(a, b, f"{where}[{index}]")
    elif isinstance(pinned, float):
        assert found == pytest.approx(pinned, rel=1e-12, abs=1e-15), where
    else:
        assert found == pinned, where


def test_summaries_keep_the_figures_scipy_and_numpy_gave() -> None:
    for run, pinned in zip(pinned_runs(), PINNED, strict=True):
        summary = summarize(run)
        assert_same_figures({key: summary[key] for key in pinned}, pinned)
        # Rates, intervals and lengths are the same floats, to the last bit.
        assert summary["seat_win_rate"] == pinned["seat_win_rate"]
        assert summary["length"] == pinned["length"]


@pytest.mark.parametrize("size", [1, 2, 5, 7, 8, 9, 17, 128, 129, 300, 1001, 4097, 20_000])
def test_sums_spreads_medians_and_percentiles_round_as_numpy(size: int) -> None:
    rng = random.Random(size)
    for values in ([rng.random() * 100 for _ in range(size)], [float(rng.randint(1, 400)) for _ in range(size)]):
        array = numpy.array(values)
        ordered = sorted(values)
        assert numerics.pairwise_sum(values) == float(array.sum())
        assert numerics.mean(values) == float(array.mean())
        if size > 1:
            assert numerics.sample_sd(values) == float(array.std(ddof=1))
        assert numerics.median(ordered) == float(numpy.median(array))
        assert numerics.percentile(ordered, 90) == float(numpy.percentile(array, 90))


def test_wilson_bounds_are_scipys_to_the_last_bit() -> None:
    for trials in [1, 2, 3, 10, 37, 100, 999, 12_345]:
        for successes in range(0, trials + 1, max(1, trials // 40)):
            ci = scipy_stats.binomtest(successes, trials).proportion_ci(0.95, method="wilson")
            assert numerics.wilson_bounds(successes, trials) == (float(ci.low), float(ci.high))


@pytest.mark.parametrize("df", range(1, 12))
def test_chi_square_tail_matches_scipy(df: int) -> None:
    for statistic in [0.0, 1e-3, 0.1, 0.5, 1, 2.5, 7, 15, 40, 100, 300]:
        expected = float(scipy_stats.chi2.sf(statistic, df))
        assert numerics.chi_square_sf(statistic, df) == pytest.approx(expected, rel=1e-12, abs=1e-300)


def test_t_quantile_matches_scipy() -> None:
    for df in [*range(1, 60), 99, 100, 299, 1000, 5000]:
        assert numerics.t_quantile_two_sided(0.95, df) == pytest.approx(float(scipy_stats.t.ppf(0.975, df)),
                                                                        rel=1e-12)



@pytest.mark.parametrize("confidence", [0.8, 0.95, 0.99])
def test_the_t_quantile_skips_only_steps_whose_answer_is_sure(confidence: float) -> None:
    """The bisection that takes the steps outside `sure_bracket` without evaluating the CDF
    ends on the same bits as the one that evaluates every step (few degrees of freedom, where
    the estimate is poor and nothing is known, included), and the CDF is on the sure side at
    both ends of the bracket."""
    for df in [*range(1, 160), 299, 300, 999, 4000]:
        below, above = numerics.sure_bracket(confidence, df)
        assert numerics.t_quantile_two_sided(confidence, df) == numerics.bisected_t_quantile(confidence, df)
        if below > 0:
            assert numerics.t_two_sided_cdf(below, df) < confidence < numerics.t_two_sided_cdf(above, df)
            assert 0 < (above - below) / below < 0.01
