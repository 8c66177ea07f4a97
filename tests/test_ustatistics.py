"""rankviz.ustatistics: U-statistic risks against enumeration, cvxpy and scipy; the experiment."""

import itertools
import math

import cvxpy as cp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.stats import kendalltau

from rankviz.aggregation import simulate_btl_comparisons, win_counts
from rankviz.measures import dcg, ndcg
from rankviz.ustatistics import (
    MAX_U_STATISTIC_TERMS,
    RankingData,
    asymptotic_structure_scores,
    average_log_odds,
    full_information_fit,
    majority_structure_risk,
    ndcg_regression_labels,
    ndcg_risk,
    pairwise_logistic_fit,
    sgd_u_statistic,
    simulate_ranking_data,
    u_statistic_minimizer,
    u_statistic_risk,
)


def btl_wins(strengths, n_per_pair, seed):
    return win_counts(simulate_btl_comparisons(strengths, n_per_pair, seed), len(strengths))


# --------------------------------------------------------------------------- #
# structure scores, labels and the NDCG risk
# --------------------------------------------------------------------------- #
@given(arrays(np.float64, (3, 5), elements=st.floats(-4, 4)))
def test_asymptotic_structure_scores_are_the_scaled_centred_relevance(r):
    m = r.shape[1]
    np.testing.assert_allclose(
        asymptotic_structure_scores(r), (m * r - r.sum(axis=1, keepdims=True)) / (m - 1), atol=1e-9
    )
    np.testing.assert_allclose(asymptotic_structure_scores(r[0]), asymptotic_structure_scores(r)[0])


def test_the_counts_structure_converges_to_27():
    """Assumption A for (27): with many comparisons per pair the counts-smoothed scores reach
    the limit, the probability-smoothed ones stop short (compressed)."""
    r = np.array([1.0, 0.2, -0.3, -0.9])
    W = btl_wins(r, 200_000, 0)
    limit = asymptotic_structure_scores(r)
    np.testing.assert_allclose(average_log_odds(W, 0.5, smoothing="counts"), limit, atol=0.02)
    compressed = average_log_odds(W, 0.5, smoothing="probability")
    assert np.all(np.abs(compressed) < np.abs(limit))
    assert kendalltau(compressed, limit).statistic == pytest.approx(1.0)


def test_regression_labels_use_the_ideal_dcg(rng):
    s = rng.normal(size=(4, 6))
    gains = 2.0**s
    np.testing.assert_allclose(
        ndcg_regression_labels(s), gains / dcg(gains, gains, gain="linear")[:, None]
    )
    np.testing.assert_allclose(ndcg_regression_labels(s[0]), ndcg_regression_labels(s)[0])


def test_ndcg_risk_against_metrics_ndcg():
    data = simulate_ranking_data(30, 8, 4, 0, rng=1, nonlinearity=2.0)
    theta = np.array([0.7, 0.4, -0.1, 0.3])
    gains = 2.0 ** asymptotic_structure_scores(data.relevance)
    expected = np.mean(
        [1 - ndcg(gains[q], data.features[q] @ theta, gain="linear") for q in range(30)]
    )
    assert ndcg_risk(theta, data) == pytest.approx(expected)
    linear = simulate_ranking_data(30, 8, 4, 0, rng=1)
    assert ndcg_risk([1.0, 0, 0, 0], linear) == pytest.approx(0.0, abs=1e-12)


def test_ranking_data_validation():
    X = np.zeros((2, 3, 4))
    with pytest.raises(ValueError, match="results >= 2"):
        RankingData(np.zeros((2, 1, 4)), [], [])
    with pytest.raises(ValueError, match=r"pairs must have shape \(1, 2\)"):
        RankingData(X, [0], [[0, 1], [1, 0]])
    with pytest.raises(ValueError, match=r"query indices in 0, \.\.\., 1"):
        RankingData(X, [2], [[0, 1]])
    with pytest.raises(ValueError, match="compares item 1 with itself"):
        RankingData(X, [0], [[1, 1]])
    with pytest.raises(ValueError, match=r"relevance must have shape \(2, 3\)"):
        RankingData(X, [0], [[0, 1]], relevance=np.zeros((3, 3)))
    with pytest.raises(ValueError, match="NaN"):
        RankingData(np.full((2, 3, 4), np.nan), [0], [[0, 1]])
    data = RankingData(X, [0, 0, 1], [[0, 1], [2, 1], [1, 0]])
    np.testing.assert_array_equal(data.judgments_per_query, [2, 1])
    assert repr(data) == "RankingData(queries=2, results per query=3, features=4, judgments=3)"
    with pytest.raises(ValueError, match="no relevance"):
        ndcg_risk(np.zeros(4), data)
    with pytest.raises(ValueError, match="one weight per feature"):
        u_statistic_risk(np.zeros(3), data, 1)
    with pytest.raises(TypeError, match="RankingData"):
        u_statistic_risk(np.zeros(4), X, 1)


# --------------------------------------------------------------------------- #
# the U-statistic risk (19), its minimiser and the stochastic method (25)
# --------------------------------------------------------------------------- #
TINY = simulate_ranking_data(3, 4, 3, 21, rng=11, nonlinearity=1.5)


def brute_force_terms(data, k, c=0.5, smoothing="counts"):
    """Per query: its weight n_q / n and the label of every k-subset, one subset at a time."""
    out = []
    for q in range(data.n_queries):
        judgments = [j for j in range(data.n_judgments) if data.queries[j] == q]
        if not judgments:
            continue
        subsets = itertools.combinations(judgments, k) if len(judgments) > k else [tuple(judgments)]
        labels = []
        for subset in subsets:
            W = np.zeros((data.n_items, data.n_items))
            for j in subset:
                W[data.pairs[j, 0], data.pairs[j, 1]] += 1
            labels.append(ndcg_regression_labels(average_log_odds(W, c, smoothing=smoothing)))
        out.append((q, len(judgments) / data.n_judgments, np.array(labels)))
    return out


def brute_force_risk(theta, data, k, lam=0.0, **kwargs):
    total = 0.0
    for q, weight, labels in brute_force_terms(data, k, **kwargs):
        pred = data.features[q] @ theta
        total += weight * np.mean([np.sum((pred - y) ** 2) for y in labels]) / (2 * data.n_items)
    return total + lam / 2 * theta @ theta


@pytest.mark.parametrize("k", [1, 2, 3, 7, 50])
def test_u_statistic_risk_against_enumeration_of_every_subset(k):
    assert sorted(TINY.judgments_per_query.tolist()) == [6, 7, 8]
    for theta in (np.zeros(3), np.array([0.3, -0.2, 0.1]), np.array([-1.0, 2.0, 0.5])):
        assert u_statistic_risk(theta, TINY, k, lam=0.3) == pytest.approx(
            brute_force_risk(theta, TINY, k, lam=0.3), rel=1e-12
        )
    theta = np.array([0.2, 0.1, 0.2])
    assert u_statistic_risk(theta, TINY, k, c=0.2, smoothing="probability") == pytest.approx(
        brute_force_risk(theta, TINY, k, c=0.2, smoothing="probability"), rel=1e-12
    )


@pytest.mark.parametrize("k", [1, 3, 50])
def test_u_statistic_minimizer_against_cvxpy(k):
    lam = 0.05
    theta = cp.Variable(3)
    objective = lam / 2 * cp.sum_squares(theta)
    for q, weight, labels in brute_force_terms(TINY, k):
        pred = TINY.features[q] @ theta
        objective += weight / len(labels) * sum(cp.sum_squares(pred - y) for y in labels) / 8
    cp.Problem(cp.Minimize(objective)).solve()
    exact = u_statistic_minimizer(TINY, k, lam=lam)
    np.testing.assert_allclose(exact, theta.value, atol=1e-6)
    assert u_statistic_risk(exact, TINY, k, lam=lam) == pytest.approx(objective.value, rel=1e-6)


def test_sampled_minimizer_is_exact_when_the_budget_covers_every_subset():
    exact = u_statistic_minimizer(TINY, 3, lam=0.01)
    np.testing.assert_allclose(u_statistic_minimizer(TINY, 3, lam=0.01, n_subsets=56), exact)
    sampled = u_statistic_minimizer(TINY, 3, lam=0.01, n_subsets=30, rng=1)
    assert not np.allclose(sampled, exact)
    assert u_statistic_risk(sampled, TINY, 3, lam=0.01) < u_statistic_risk(
        np.zeros(3), TINY, 3, lam=0.01
    )


@pytest.mark.slow
@pytest.mark.parametrize("k", [1, 3, 50])
def test_sgd_reaches_the_minimum_of_the_u_statistic_risk(k):
    lam = 0.05
    best = u_statistic_risk(u_statistic_minimizer(TINY, k, lam=lam), TINY, k, lam=lam)
    result = sgd_u_statistic(TINY, k, lam=lam, n_iterations=2000, batch_size=8, rng=k)
    gap = u_statistic_risk(result.theta, TINY, k, lam=lam) - best
    assert 0 <= gap < 1e-3 * best
    assert result.losses.shape == (2000,) and result.checkpoints[-1] == 2000
    np.testing.assert_allclose(result.averages[-1], result.theta)
    first = u_statistic_risk(result.averages[0], TINY, k, lam=lam) - best
    assert gap < first  # the averaged iterate improves
    again = sgd_u_statistic(TINY, k, lam=lam, n_iterations=2000, batch_size=8, rng=k)
    np.testing.assert_array_equal(again.theta, result.theta)


def test_sgd_with_a_progress_bar_and_the_probability_smoothing(capsys):
    result = sgd_u_statistic(
        TINY, 2, c=0.3, smoothing="probability", lam=0.1, n_iterations=2000, rng=0, progress=True
    )
    exact = u_statistic_minimizer(TINY, 2, c=0.3, smoothing="probability", lam=0.1)

    def risk(theta):
        return u_statistic_risk(theta, TINY, 2, c=0.3, smoothing="probability", lam=0.1)

    assert risk(result.theta) - risk(exact) < 1e-3 * risk(exact)
    assert "SGD on (19)" in capsys.readouterr().err
    assert repr(result).startswith("SGDResult(iterations=2000")


def test_u_statistic_errors():
    with pytest.raises(ValueError, match="k must be >= 1"):
        u_statistic_risk(np.zeros(3), TINY, 0)
    with pytest.raises(ValueError, match="c must be > 0"):
        u_statistic_minimizer(TINY, 2, c=0.0)
    with pytest.raises(ValueError, match="lam must be >= 0"):
        sgd_u_statistic(TINY, 2, lam=-1.0)
    big = simulate_ranking_data(2, 5, 3, 200, rng=0)
    with pytest.raises(ValueError, match="MAX_U_STATISTIC_TERMS"):
        u_statistic_risk(np.zeros(3), big, 5)
    assert MAX_U_STATISTIC_TERMS == 200_000
    u_statistic_minimizer(big, 5, n_subsets=20)  # sampling has no such limit
    theta = np.array([0.2, 0.0, 0.1])
    assert u_statistic_risk(theta, TINY, 3, n_subsets=56) == pytest.approx(
        u_statistic_risk(theta, TINY, 3)
    )  # a budget covering every subset is exact
    sampled = [u_statistic_risk(theta, big, 5, n_subsets=50, rng=seed) for seed in range(20)]
    assert np.std(sampled) > 0  # random, and centred on the same risk as the minimiser's
    assert u_statistic_risk(theta, big, 5, n_subsets=1000) == pytest.approx(
        np.mean(sampled), rel=0.02
    )
    empty = simulate_ranking_data(2, 5, 3, 0, rng=0)
    with pytest.raises(ValueError, match="no judgments"):
        u_statistic_minimizer(empty, 2)
    with pytest.raises(ValueError, match="no judgments"):
        pairwise_logistic_fit(empty)


# --------------------------------------------------------------------------- #
# the references of Figure 3 and the experiment
# --------------------------------------------------------------------------- #
def test_pairwise_logistic_fit_against_cvxpy():
    data = simulate_ranking_data(5, 6, 4, 300, rng=2, nonlinearity=2.0)
    lam = 0.01
    q = data.queries
    diff = data.features[q, data.pairs[:, 0]] - data.features[q, data.pairs[:, 1]]
    theta = cp.Variable(4)
    objective = cp.sum(cp.logistic(-diff @ theta)) / len(q) + lam / 2 * cp.sum_squares(theta)
    cp.Problem(cp.Minimize(objective)).solve(
        solver="CLARABEL", tol_gap_abs=1e-12, tol_gap_rel=1e-12, tol_feas=1e-12
    )
    np.testing.assert_allclose(pairwise_logistic_fit(data, lam=lam), theta.value, atol=1e-7)


def test_logistic_is_consistent_when_the_btl_model_is_linear():
    data = simulate_ranking_data(40, 8, 4, 20_000, rng=3)
    theta = pairwise_logistic_fit(data)
    np.testing.assert_allclose(theta, [1, 0, 0, 0], atol=0.05)


def test_full_information_fit_against_cvxpy():
    data = simulate_ranking_data(5, 6, 4, 50, rng=4, nonlinearity=1.0)
    lam = 0.02
    targets = ndcg_regression_labels(asymptotic_structure_scores(data.relevance))
    theta = cp.Variable(4)
    weights = data.judgments_per_query / data.n_judgments
    objective = lam / 2 * cp.sum_squares(theta) + sum(
        weights[q] * cp.sum_squares(data.features[q] @ theta - targets[q]) / 12 for q in range(5)
    )
    cp.Problem(cp.Minimize(objective)).solve()
    np.testing.assert_allclose(full_information_fit(data, lam=lam), theta.value, atol=1e-6)
    no_relevance = RankingData(data.features, data.queries, data.pairs)
    with pytest.raises(ValueError, match="no relevance"):
        full_information_fit(no_relevance)


# --------------------------------------------------------------------------- #
# hardening (issue 19): sizes, divergence, overflow, arguments checked even when unused
# --------------------------------------------------------------------------- #
def test_sgd_refuses_huge_runs_and_reports_divergence():
    from rankviz.ustatistics import MAX_SGD_ITERATIONS

    data = simulate_ranking_data(2, 3, 3, 8, rng=0)
    with pytest.raises(ValueError, match=f"n_iterations must be <= {MAX_SGD_ITERATIONS}"):
        sgd_u_statistic(data, 2, n_iterations=10**9)
    with pytest.raises(ValueError, match="batch_size must be <="):
        sgd_u_statistic(data, 2, batch_size=10**9)
    with pytest.raises(ValueError, match=r"diverged .* step_size = 1e\+06 is too large"):
        sgd_u_statistic(data, 2, step_size=1e6, n_iterations=50)
    with pytest.raises(TypeError, match="progress must be True, False or None"):
        sgd_u_statistic(data, 2, n_iterations=5, progress="yes")
    result = sgd_u_statistic(data, 2, step_size=3.0, n_iterations=200)  # large but convergent
    assert np.isfinite(result.theta).all()


def test_regression_labels_and_limit_scores_stay_finite_or_refuse():
    labels = ndcg_regression_labels([2000.0, 0.0])
    assert np.isfinite(labels).all()
    np.testing.assert_allclose(
        labels, ndcg_regression_labels([2.0, 0.0]) * 0 + [1.0, 0.0], atol=1e-300
    )
    np.testing.assert_allclose(
        ndcg_regression_labels([[3.0, 1.0, 2.0]]), ndcg_regression_labels([[2.0, 0.0, 1.0]])
    )  # shift-invariant
    with pytest.raises(ValueError, match="relevance has entries too large"):
        asymptotic_structure_scores([1e308, -1e308])


def test_fit_arguments_are_checked_even_when_unused_and_bounded():
    from rankviz.ustatistics import MAX_RIDGE, MAX_U_STATISTIC_TERMS

    data = simulate_ranking_data(2, 3, 3, 8, rng=0)
    with pytest.raises(TypeError, match="rng must be an int seed"):
        u_statistic_risk(np.zeros(3), data, 2, rng="seed")  # n_subsets=None: rng unused
    with pytest.raises(ValueError, match=f"n_subsets must be <= {MAX_U_STATISTIC_TERMS}"):
        u_statistic_minimizer(data, 2, n_subsets=10**12)
    with pytest.raises(ValueError, match=f"lam must be <= {MAX_RIDGE}"):
        u_statistic_risk(np.zeros(3), data, 2, lam=1e300)
    with pytest.raises(ValueError, match="n_queries \\* n_items \\* n_features"):
        simulate_ranking_data(10**4, 10**4, 10, 0)


def test_ranking_data_copies_and_names_the_arguments():
    data = simulate_ranking_data(2, 3, 3, 8, rng=0)
    features = np.array(data.features)
    again = RankingData(features, data.queries, data.pairs)
    assert features.flags.writeable and again.features is not features
    with pytest.raises(ValueError, match=r"relevance must have shape .* query of features"):
        RankingData(data.features, data.queries, data.pairs, np.zeros((1, 3)))
    with pytest.raises(ValueError, match=r"pairs must have shape .* \(entry of queries\)"):
        RankingData(data.features, data.queries[:-1], data.pairs)


def test_overflowing_theta_is_named():
    data = simulate_ranking_data(2, 3, 3, 8, rng=0)
    with pytest.raises(ValueError, match="theta has entries too large"):
        ndcg_risk([1e308, 1e308, 0.0], data)
    with pytest.raises(ValueError, match="theta has entries too large"):
        u_statistic_risk([1e200, 0.0, 0.0], data, 2)


def _majority_risk_by_enumeration(batches, wins, k):
    """(19) for the majority structure: every k-subset of every batch, listed."""
    n = sum(batches)
    total = 0.0
    for size, won in zip(batches, wins, strict=True):
        if size == 0:
            continue
        judgments = [1] * won + [-1] * (size - won)  # +1: result 1 won
        subsets = list(itertools.combinations(judgments, min(k, size)))
        losses = [1.0 if sum(s) < 0 else 0.5 if sum(s) == 0 else 0.0 for s in subsets]
        total += size * np.mean(losses)
    return total / n


def test_majority_structure_risk_against_enumeration():
    rng = np.random.default_rng(0)
    for _ in range(40):
        batches = rng.integers(0, 9, size=3)
        batches[0] += 1  # at least one judgment
        wins = rng.binomial(batches, 0.5)
        for k in (1, 2, 3, 4, 7, 20):
            assert math.isclose(
                majority_structure_risk(batches, wins, k),
                _majority_risk_by_enumeration(batches.tolist(), wins.tolist(), k),
                abs_tol=1e-12,
            )
    stacked = majority_structure_risk([[3, 2], [1, 4]], [[2, 1], [0, 4]], 2)
    assert stacked.shape == (2,)
    assert math.isclose(stacked[1], _majority_risk_by_enumeration([1, 4], [0, 4], 2))


def test_majority_structure_risk_refuses_impossible_counts():
    with pytest.raises(ValueError, match="wins must not exceed batches"):
        majority_structure_risk([2, 3], [3, 0], 1)
    with pytest.raises(ValueError, match="at least one judgment"):
        majority_structure_risk([0, 0], [0, 0], 1)
    with pytest.raises(ValueError, match="shape"):
        majority_structure_risk([2, 3], [1], 1)
