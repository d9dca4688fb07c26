"""The few numbers the fairness statistics need, in plain Python: a normal quantile, the
Wilson interval, the chi-square upper tail, Student's t quantile, and numpy's summation,
standard deviation, median and linear percentile.

`deckgen simulate` used scipy and numpy for these, which cost a second of start-up per
command; these functions give the same figures (the float operations are numpy's and scipy's
where that makes them equal to the last bit, and agree to about 1e-14 elsewhere; tests pin
both) without importing either.
"""

from __future__ import annotations

import math
from functools import cache, reduce
from operator import add
from typing import Sequence

#: The two-sided 95% normal quantile, ndtri(0.975), as scipy computes it.
Z_95 = 1.959963984540054

#: numpy's pairwise summation works on blocks of this many numbers.
_PAIRWISE_BLOCK = 128


def pairwise_sum(values: Sequence[float]) -> float:
    """A sum of floats in numpy's order (its pairwise summation over a contiguous array), so
    means and variances round exactly as numpy's do."""
    return _pairwise(values, 0, len(values))


def _pairwise(values: Sequence[float], start: int, n: int) -> float:
    if n < 8:
        total = -0.0
        for i in range(start, start + n):
            total += values[i]
        return total
    if n <= _PAIRWISE_BLOCK:
        # numpy's eight accumulators: accumulator j adds every eighth number from start + j,
        # in order, up to the last whole eight; each is one left-to-right fold, done in C.
        whole = start + n - n % 8
        r = [reduce(add, values[start + j + 8:whole:8], float(values[start + j])) for j in range(8)]
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for k in range(whole, start + n):
            total += values[k]
        return total
    half = n // 2
    half -= half % 8
    return _pairwise(values, start, half) + _pairwise(values, start + half, n - half)


def mean(values: Sequence[float]) -> float:
    """numpy's mean of a non-empty sequence."""
    return pairwise_sum(values) / len(values)


def sample_sd(values: Sequence[float]) -> float:
    """numpy's standard deviation with one degree of freedom taken (ddof=1), n >= 2."""
    centre = mean(values)
    return math.sqrt(pairwise_sum([(v - centre) * (v - centre) for v in values]) / (len(values) - 1))


def median(ordered: Sequence[float]) -> float:
    """The median of sorted numbers (numpy's: the middle one, or the mean of the two middle)."""
    n = len(ordered)
    middle = n // 2
    return float(ordered[middle]) if n % 2 else (ordered[middle - 1] + ordered[middle]) / 2


def percentile(ordered: Sequence[float], percent: float) -> float:
    """numpy's linear percentile of sorted numbers, rounded as numpy rounds it."""
    n = len(ordered)
    virtual = (n - 1) * (percent / 100)
    if virtual >= n - 1:
        return float(ordered[-1])
    below = math.floor(virtual)
    low, high = float(ordered[below]), float(ordered[below + 1])
    weight = virtual - below
    step = high - low
    return high - step * (1 - weight) if weight >= 0.5 else low + step * weight


def wilson_bounds(successes: int, trials: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a whole count (scipy's proportion_ci, method "wilson",
    the same operations in the same order)."""
    p = successes / trials
    denom = 2 * (trials + z**2)
    center = (2 * trials * p + z**2) / denom
    delta = z / denom * math.sqrt(4 * trials * p * (1 - p) + z**2)
    low = 0.0 if successes == 0 else center - delta
    high = 1.0 if successes == trials else center + delta
    return low, high


def chi_square_sf(statistic: float, df: int) -> float:
    """P(X >= statistic) for a chi-square variable with `df` (a positive whole number)
    degrees of freedom: the regularized upper incomplete gamma Q(df/2, statistic/2) in
    closed form (a finite sum from Q(1, x) = e^-x or Q(1/2, x) = erfc(sqrt x))."""
    if statistic <= 0:
        return 1.0
    x = statistic / 2
    # Q(a + 1, x) = Q(a, x) + x^a e^-x / Gamma(a + 1); `term` holds x^(a-1) e^-x / Gamma(a).
    if df % 2 == 0:
        a, term = 1.0, math.exp(-x)
        total = term
    else:
        a, term = 0.5, math.exp(-x) / math.sqrt(math.pi * x)
        total = math.erfc(math.sqrt(x))
    while a < df / 2:
        term *= x / a
        total += term
        a += 1
    return min(1.0, total)


def t_two_sided_cdf(t: float, df: int) -> float:
    """P(|T| <= t) for Student's t with `df` (a positive whole number) degrees of freedom,
    from its closed form in theta = atan(t / sqrt(df)) (Abramowitz and Stegun 26.7.3-4)."""
    theta = math.atan(t / math.sqrt(df))
    cos2 = math.cos(theta) ** 2
    if df % 2:
        term, total = math.cos(theta), 0.0 if df == 1 else math.cos(theta)
        for k in range(3, df - 1, 2):
            term *= cos2 * (k - 1) / k
            total += term
        return 2 / math.pi * (theta + math.sin(theta) * total)
    term = total = 1.0
    for k in range(2, df - 1, 2):
        term *= cos2 * (k - 1) / k
        total += term
    return math.sin(theta) * total


@cache
def t_quantile_two_sided(confidence: float, df: int) -> float:
    """The t with P(|T| <= t) = confidence (Student's t, `df` whole degrees of freedom):
    t.ppf(0.5 + confidence / 2, df). Bisection to the last bit on the closed-form CDF, some
    fifty steps, each an evaluation of a sum of df/2 terms; the steps outside a bracket that
    the CDF surely crosses (`sure_bracket`) are taken without one: the same steps, so the
    same bits, in a third of the time. Kept: the metrics of one run ask for the same quantile
    for every mean they give an interval."""
    return bisected_t_quantile(confidence, df, *sure_bracket(confidence, df))


def bisected_t_quantile(confidence: float, df: int, sure_below: float = -math.inf,
                        sure_above: float = math.inf) -> float:
    """The bisection of `t_quantile_two_sided`: where t <= sure_below the CDF is known to be
    below `confidence`, where t >= sure_above at or above it, so a step there needs no
    evaluation (the defaults know nothing: every step evaluates)."""

    def below(t: float) -> bool:
        return t <= sure_below or (t < sure_above and t_two_sided_cdf(t, df) < confidence)

    low, high = 0.0, 1.0
    while below(high):
        low, high = high, high * 2
    while True:
        middle = (low + high) / 2
        if middle in (low, high):
            return high if abs(t_two_sided_cdf(high, df) - confidence) < abs(t_two_sided_cdf(low, df) - confidence) \
                else low
        if below(middle):
            low = middle
        else:
            high = middle


#: A bound on the rounding of `t_two_sided_cdf`, per degree of freedom and in all: each of its
#: df/2 terms takes three roundings from the last, each sum one (a few units of 2**-53 a term
#: at most; four times that, to be sure).
_CDF_ROUNDING_PER_DF = 8 * 2.0**-53
_CDF_ROUNDING = 16 * 2.0**-53


def sure_bracket(confidence: float, df: int) -> tuple[float, float]:
    """Two t values the CDF surely crosses `confidence` between, whatever its rounding: near
    the Cornish-Fisher estimate of the quantile (Abramowitz and Stegun 26.7.5) when two
    evaluations confirm it with a margin of twice the rounding, else (few degrees of
    freedom, where the estimate is poor) nothing known."""
    margin = 2 * (_CDF_ROUNDING_PER_DF * df + _CDF_ROUNDING)
    estimate = _cornish_fisher(_normal_quantile(0.5 + confidence / 2), df)
    for width in (1e-11, 1e-7, 1e-3):
        low, high = estimate * (1 - width), estimate * (1 + width)
        if t_two_sided_cdf(low, df) < confidence - margin and t_two_sided_cdf(high, df) > confidence + margin:
            return low, high
    return -math.inf, math.inf


def _normal_quantile(p: float) -> float:
    """The z with P(Z <= z) = p for 0.5 <= p < 1, by bisection on erfc (only an estimate's
    start: its last bits do not matter)."""
    low, high = 0.0, 40.0
    while (middle := (low + high) / 2) not in (low, high):
        if 0.5 * math.erfc(-middle / math.sqrt(2)) < p:
            low = middle
        else:
            high = middle
    return low


def _cornish_fisher(z: float, df: int) -> float:
    """Student's t quantile from the normal one, to the fourth power of 1/df."""
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4
