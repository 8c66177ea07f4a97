"""rankviz.bounds: the AUC deviation bound by hand, by its properties and by simulation."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz.bounds import auc_deviation_bound
from rankviz.distributions import Binormal
from rankviz.metrics import auc


def test_hand_computed_values():
    # Hoeffding: sqrt(log(2 / 0.05) / (2 * 100)); McDiarmid: sqrt((1/100 + 1/100) log(40) / 2)
    assert auc_deviation_bound(100, 100, 0.05) == pytest.approx(math.sqrt(math.log(40) / 200))
    assert auc_deviation_bound(100, 100, 0.05, method="mcdiarmid") == pytest.approx(
        math.sqrt(0.02 * math.log(40) / 2))
    assert auc_deviation_bound(10, 1000, 0.1) == pytest.approx(math.sqrt(math.log(20) / 20))


@given(st.integers(1, 10_000), st.integers(1, 10_000), st.floats(1e-6, 0.999))
def test_hoeffding_is_never_looser_than_mcdiarmid(m, n, delta):
    h = auc_deviation_bound(m, n, delta)
    d = auc_deviation_bound(m, n, delta, method="mcdiarmid")
    assert h <= d * (1 + 1e-12)
    if m == n:
        assert d / h == pytest.approx(math.sqrt(2))


@given(st.integers(1, 5000), st.integers(1, 5000), st.floats(1e-4, 0.9))
def test_bound_shrinks_with_more_data_and_more_failure_probability(m, n, delta):
    for method in ("hoeffding", "mcdiarmid"):
        t = auc_deviation_bound(m, n, delta, method=method)
        assert auc_deviation_bound(m + 1, n + 1, delta, method=method) <= t
        assert auc_deviation_bound(m, n, min(0.99, 2 * delta), method=method) < t


def test_smaller_class_governs():
    """Many negatives do not make up for few positives."""
    assert auc_deviation_bound(10, 10**6, 0.05) == auc_deviation_bound(10, 10, 0.05)
    assert auc_deviation_bound(10, 10**6, 0.05, method="mcdiarmid") > auc_deviation_bound(
        10, 10**6, 0.05)


@pytest.mark.parametrize(("m", "n"), [(20, 20), (10, 60)])
def test_bound_holds_in_simulation_while_the_independent_pairs_formula_fails(m, n):
    """The promised failure rate holds; pretending the mn pairs are independent does not."""
    delta = 0.05
    model = Binormal(1.0, 1.0, 0.0, 1.0)
    rng = np.random.default_rng(0)
    labels = np.r_[np.ones(m, int), np.zeros(n, int)]
    deviations = np.empty(2000)
    for r in range(deviations.size):
        pos, neg = model.sample_classes(m, n, rng)
        deviations[r] = abs(auc(labels, np.r_[pos, neg]) - model.auc())
    for method in ("hoeffding", "mcdiarmid"):
        assert np.mean(deviations > auc_deviation_bound(m, n, delta, method=method)) <= delta
    naive = math.sqrt(math.log(2 / delta) / (2 * m * n))
    assert np.mean(deviations > naive) > 3 * delta


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((0, 10, 0.05), {}, ValueError, "m must be >= 1"),
        ((10, 0, 0.05), {}, ValueError, "n must be >= 1"),
        ((10, 10, 0.0), {}, ValueError, "delta must lie strictly between 0 and 1"),
        ((10, 10, 1.0), {}, ValueError, "delta"),
        ((10, 10, np.nan), {}, ValueError, "delta must be finite"),
        ((10.5, 10, 0.05), {}, TypeError, "m must be an integer"),
        ((10, 10, "0.05"), {}, TypeError, "delta must be a real number"),
        ((10, 10, 0.05), {"method": "bernstein"}, ValueError, "method must be one of"),
    ],
)
def test_invalid_arguments(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        auc_deviation_bound(*args, **kwargs)
