"""Wilson intervals and histogram summaries against independently known values."""

from collections import Counter
from fractions import Fraction

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from cardgen.engine.simulation.stats import Z95, nearest_rank, summarize, wilson


@pytest.mark.parametrize("x, n, low, high", [
    # Reference values from statsmodels proportion_confint(method="wilson") / R binom::binom.wilson.
    (5, 10, 0.236593, 0.763407),
    (0, 10, 0.0, 0.277533),
    (10, 10, 0.722467, 1.0),
    (50, 100, 0.403832, 0.596168),
    (1, 20, 0.008881, 0.236131),
])
def test_wilson_matches_reference_values(x, n, low, high):
    iv = wilson(x, n)
    assert iv.rate == pytest.approx(x / n)
    assert iv.low == pytest.approx(low, abs=2e-6)
    assert iv.high == pytest.approx(high, abs=2e-6)


@given(n=st.integers(1, 5000), data=st.data())
def test_wilson_bounds_solve_the_score_equation(n, data):
    """Each interior bound p satisfies |x/n - p| = z * sqrt(p (1 - p) / n), the Wilson definition."""
    x = data.draw(st.integers(0, n))
    iv = wilson(x, n)
    for p in (iv.low, iv.high):
        if 0 < p < 1:
            assert abs(x / n - p) == pytest.approx(Z95 * math.sqrt(p * (1 - p) / n), rel=1e-6, abs=1e-9)
    assert iv.low <= x / n <= iv.high


def test_wilson_accepts_shared_wins_as_fractions():
    assert wilson(Fraction(9, 2), 10) == wilson(4.5, 10)
    iv = wilson(Fraction(9, 2), 10)
    assert iv.low < 0.45 < iv.high


def test_wilson_narrows_with_more_games():
    assert (wilson(400, 1000).high - wilson(400, 1000).low) < (wilson(40, 100).high - wilson(40, 100).low)


def test_summarize_known_histogram():
    hist = Counter({1: 1, 2: 1, 3: 1, 4: 1, 10: 1})
    s = summarize(hist)
    assert s["n"] == 5 and s["mean"] == 4.0 and s["min"] == 1 and s["max"] == 10
    assert s["sd"] == pytest.approx(3.1623, abs=1e-4)  # population sd of 1,2,3,4,10
    assert s["quantiles"] == {"p05": 1, "p25": 2, "p50": 3, "p75": 4, "p95": 10}


def test_nearest_rank_quantile_and_empty():
    assert nearest_rank(Counter({7: 3, 9: 1}), 0.75) == 7
    assert nearest_rank(Counter({7: 3, 9: 1}), 0.76) == 9
    assert summarize(Counter()) == {"n": 0}
