"""rankviz.ustatistics_experiment: the Figure 3 experiment, its result record and its checks."""

import numpy as np
import pytest
from scipy.stats import t as student_t

from rankviz.ustatistics_experiment import ExperimentResult, u_statistic_experiment


@pytest.mark.slow
def test_experiment_shapes_reproducibility_and_solvers():
    kwargs = dict(n_runs=2, n_queries=4, n_items=6, n_judgments=300, n_test_queries=30)
    first = u_statistic_experiment((1, 20, 500), rng=5, **kwargs)
    again = u_statistic_experiment((1, 20, 500), rng=5, **kwargs)
    np.testing.assert_array_equal(first.u_statistic, again.u_statistic)
    assert first.u_statistic.shape == (2, 3) and first.logistic.shape == first.full.shape == (2,)
    assert np.all((first.u_statistic >= 0) & (first.u_statistic <= 1))
    sgd = u_statistic_experiment((1, 20), rng=5, solver="sgd", sgd_iterations=200, **kwargs)
    assert sgd.u_statistic.shape == (2, 2)
    assert "runs=2" in repr(first)
    with pytest.raises(TypeError, match="unknown settings"):
        u_statistic_experiment(n_run=3)
    with pytest.raises(ValueError, match="solver must be one of"):
        u_statistic_experiment(solver="adam")
    with pytest.raises(ValueError, match="k_values is empty"):
        u_statistic_experiment(())


def test_experiment_bands_and_the_crossover():
    rng = np.random.default_rng(0)
    logistic = 0.3 + 0.01 * rng.normal(size=8)
    u = np.column_stack(
        [
            logistic + 0.05,
            logistic + 0.002 + 0.001 * rng.normal(size=8),
            logistic - 0.02,
            logistic - 0.05,
        ]
    )
    result = ExperimentResult(np.array([1, 10, 100, 1000]), u, logistic, logistic - 0.1, {})
    mean, low, high = result.band(logistic, 0.9)
    interval = student_t.interval(
        0.9, 7, loc=logistic.mean(), scale=logistic.std(ddof=1) / np.sqrt(8)
    )
    assert (low, high) == pytest.approx(interval)
    assert mean == pytest.approx(logistic.mean())
    np.testing.assert_array_equal(result.beats_logistic(), [False, False, True, True])
    assert result.first_k_beating_logistic() == 100
    worse = ExperimentResult(result.k_values, u[:, ::-1], logistic, logistic, {})
    assert worse.first_k_beating_logistic() is None
    single = ExperimentResult(np.array([1]), u[:1, :1], logistic[:1], logistic[:1], {})
    assert single.band(single.logistic) == (logistic[0], logistic[0], logistic[0])
    with pytest.raises(ValueError, match="level"):
        result.band(logistic, 1.0)


def test_experiment_checks_k_values_progress_and_band_shapes():
    small = {
        "n_runs": 2,
        "n_queries": 3,
        "n_items": 4,
        "n_features": 3,
        "n_judgments": 30,
        "n_test_queries": 5,
        "n_subsets": 4,
    }
    for bad, error in ((3, ValueError), ("13", TypeError), ((0, 1), ValueError)):
        with pytest.raises(error, match="k_values"):
            u_statistic_experiment(bad, **small)
    with pytest.raises(TypeError, match="progress"):
        u_statistic_experiment((1,), progress="no", **small)
    with pytest.raises(ValueError, match="MAX_EXPERIMENT_FITS"):
        u_statistic_experiment((1,), **{**small, "n_runs": 10**9})
    result = u_statistic_experiment((1, 3), **small)
    with pytest.raises(ValueError, match="values must have one row per run"):
        result.band(np.zeros(3))
    with pytest.raises(TypeError, match="values must contain real numbers"):
        result.band(result.logistic + 1j)


def test_band_refuses_values_whose_interval_overflows():
    result = ExperimentResult(np.array([1]), np.zeros((2, 1)), np.zeros(2), np.zeros(2), {})
    with pytest.raises(ValueError, match="values has entries too large"):
        result.band(np.array([1e300, -1e300]) * 1e8)
    with pytest.raises(ValueError, match="values has entries too large"):
        result.band(np.array([1.7e308, 1.7e308]))
    mean, low, high = result.band(np.array([0.2, 0.4]), 0.9)
    assert low < mean < high
