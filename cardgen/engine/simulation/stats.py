"""Small exact statistics for simulation runs: Wilson intervals and integer distributions.

Distributions are kept as ``Counter`` histograms of integers so that chunks computed
in different processes merge exactly (no floating-point order effects), which is what
makes ``--workers 2`` give byte-identical numbers to ``--workers 1``.
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

Z95 = 1.959963984540054  # two-sided 95% standard normal quantile
QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)


@dataclass(frozen=True)
class Interval:
    """A proportion with its Wilson score interval."""

    rate: float
    low: float
    high: float

    def as_dict(self) -> dict[str, float]:
        return {"rate": round(self.rate, 6), "low": round(self.low, 6), "high": round(self.high, 6)}


def wilson(successes: float | Fraction, trials: int, z: float = Z95) -> Interval:
    """Wilson score interval for ``successes / trials``.

    Chosen over the normal approximation because it stays inside [0, 1] and behaves
    at rates near 0 and 1, where a weak or dominant strategy sits. ``successes`` may
    be fractional (a shared win counts 1/k to each of k winners).

    >>> i = wilson(5, 10); round(i.low, 4), round(i.high, 4)
    (0.2366, 0.7634)
    """
    if trials <= 0:
        return Interval(0.0, 0.0, 1.0)
    p = float(successes) / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z * math.sqrt(max(p * (1 - p) / trials + z2 / (4 * trials * trials), 0.0)) / denom
    low = 0.0 if p <= 0 else max(0.0, centre - half)  # exact ends: no rounding residue at 0 and 1
    high = 1.0 if p >= 1 else min(1.0, centre + half)
    return Interval(p, low, high)


def summarize(hist: Counter, quantiles: tuple[float, ...] = QUANTILES) -> dict[str, float | int | dict]:
    """Mean, population standard deviation, min, max and nearest-rank quantiles of an integer histogram."""
    n = sum(hist.values())
    if n == 0:
        return {"n": 0}
    values = sorted(hist)
    total = sum(v * c for v, c in hist.items())
    mean = total / n
    var = sum(c * (v - mean) ** 2 for v, c in hist.items()) / n
    return {
        "n": n,
        "mean": round(mean, 4),
        "sd": round(math.sqrt(var), 4),
        "min": values[0],
        "max": values[-1],
        "quantiles": {f"p{round(q * 100):02d}": nearest_rank(hist, q, n) for q in quantiles},
    }


def nearest_rank(hist: Counter, q: float, n: int | None = None) -> int:
    """The nearest-rank ``q`` quantile: the smallest value with at least ``ceil(q*n)`` values at or below it."""
    n = n if n is not None else sum(hist.values())
    rank = max(1, math.ceil(q * n))
    seen = 0
    for value in sorted(hist):
        seen += hist[value]
        if seen >= rank:
            return value
    raise ValueError("empty histogram")
