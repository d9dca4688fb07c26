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
from functools import cache
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
        r = [float(values[start + j]) for j in range(8)]
        i = 8
        while i < n - n % 8:
            for j in range(8):
                r[j] += values[start + i + j]
            i += 8
        total = ((r[0] + r[1]) + (r[2] + r[3])) + ((r[4] + r[5]) + (r[6] + r[7]))
        for k in range(start + i, start + n):
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
    fifty evaluations of a sum of df/2 terms, so it is kept: the metrics of one run ask for
    the same quantile for every mean they give an interval."""
    low, high = 0.0, 1.0
    while t_two_sided_cdf(high, df) < confidence:
        low, high = high, high * 2
    while True:
        middle = (low + high) / 2
        if middle in (low, high):
            return high if abs(t_two_sided_cdf(high, df) - confidence) < abs(t_two_sided_cdf(low, df) - confidence) \
                else low
        if t_two_sided_cdf(middle, df) < confidence:
            low = middle
        else:
            high = middle
