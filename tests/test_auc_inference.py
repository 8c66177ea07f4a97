"""rankviz.auc_inference against independent oracles.

The placements and DeLong's covariance against the full matrix of pair credits; the exact variance
against an enumeration of every sample in fractions and against the exponential case of Hanley
and McNeil; the intervals and the paired test against their formulas written out with
``rankviz.metrics.auc_standard_error`` and scipy; the partial AUC against a pair count and
scikit-learn's ``roc_auc_score(max_fpr=)``.
"""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats
from sklearn.metrics import roc_auc_score

from rankviz.auc_inference import (
    MAX_CLASS_SIZE,
    MAX_SCORERS,
    MAX_SUPPORT_CELLS,
    auc_confidence_interval,
    delong_covariance,
    delong_test,
    exact_auc_covariance,
    hanley_mcneil_variance,
    partial_auc,
    placement_values,
)
from rankviz.metrics import auc, auc_standard_error

# small samples with ties: (label, integer score) pairs
POINTS = st.lists(st.tuples(st.integers(0, 1), st.integers(-3, 3)), min_size=4, max_size=30)


def _split(points):
    y = np.array([p[0] for p in points])
    s = np.array([p[1] for p in points], dtype=float)
    return y, s


def _enough(y):
    return min(y.sum(), (1 - y).sum()) >= 2


def pair_credits(y, s):
    """The m x n matrix of half-credit pair scores, positives in sample order."""
    d = s[y == 1][:, None] - s[y == 0][None, :]
    return (d > 0) + 0.5 * (d == 0)


# --------------------------------------------------------------------------- placements, DeLong


@given(POINTS)
def test_placements_are_the_row_and_column_means_of_the_pair_matrix(points):
    y, s = _split(points)
    if not _enough(y):
        with pytest.raises(ValueError, match="y_true"):
            placement_values(y, s)
        return
    v10, v01 = placement_values(y, s)
    credit = pair_credits(y, s)
    assert np.allclose(v10, credit.mean(axis=1), atol=1e-15)
    assert np.allclose(v01, credit.mean(axis=0), atol=1e-15)
    assert math.isclose(v10.mean(), auc(y, s), abs_tol=1e-12)


@given(POINTS, st.integers(0, 2**32 - 1))
@settings(max_examples=60)
def test_delong_covariance_equals_the_pair_matrix_computation(points, seed):
    y, s = _split(points)
    if not _enough(y):
        return
    rng = np.random.default_rng(seed)
    rows = np.array([s, rng.integers(-2, 3, s.size).astype(float), -s])
    aucs, cov = delong_covariance(y, rows)
    v10 = np.array([pair_credits(y, r).mean(axis=1) for r in rows])
    v01 = np.array([pair_credits(y, r).mean(axis=0) for r in rows])
    want = np.cov(v10, ddof=1) / v10.shape[1] + np.cov(v01, ddof=1) / v01.shape[1]
    assert np.allclose(cov, want, atol=1e-14)
    assert np.allclose(aucs, [auc(y, r) for r in rows], atol=1e-12)
    assert math.isclose(math.sqrt(cov[0, 0]), auc_standard_error(y, s), abs_tol=1e-12)


def test_delong_covariance_of_one_vector_is_one_by_one():
    aucs, cov = delong_covariance([1, 1, 0, 0], [0.9, 0.5, 0.5, 0.1])
    assert aucs.shape == (1,) and cov.shape == (1, 1)


def test_delong_covariance_refuses_too_many_scorers():
    with pytest.raises(ValueError, match="MAX_SCORERS"):
        delong_covariance([1, 1, 0, 0], np.zeros((MAX_SCORERS + 1, 4)))


# --------------------------------------------------------------------------- the exact variance


def _enumerated_covariance(pos_pts, pos_p, neg_pts, neg_p, m, n):
    """Cov of the two scorers' AUCs over every ordered sample, in fractions."""

    def credit(a, b):
        return Fraction(1) if a > b else Fraction(1, 2) if a == b else Fraction(0)

    first, second = [Fraction(0)] * 2, [[Fraction(0)] * 2 for _ in range(2)]
    for pos in itertools.product(range(len(pos_pts)), repeat=m):
        for neg in itertools.product(range(len(neg_pts)), repeat=n):
            w = math.prod(pos_p[i] for i in pos) * math.prod(neg_p[j] for j in neg)
            a = [
                sum(credit(pos_pts[i][r], neg_pts[j][r]) for i in pos for j in neg) / (m * n)
                for r in range(2)
            ]
            for r in range(2):
                first[r] += w * a[r]
                for t in range(2):
                    second[r][t] += w * a[r] * a[t]
    return np.array(
        [[float(second[r][t] - first[r] * first[t]) for t in range(2)] for r in range(2)]
    )


@pytest.mark.parametrize("m, n", [(1, 1), (2, 1), (1, 3), (2, 3), (3, 3)])
def test_exact_covariance_equals_the_enumeration_of_every_sample(m, n):
    pos_pts, pos_p = [(0, 1), (1, 1), (2, 0)], [Fraction(1, 4), Fraction(1, 4), Fraction(1, 2)]
    neg_pts, neg_p = [(0, 0), (1, 2)], [Fraction(2, 3), Fraction(1, 3)]
    want = _enumerated_covariance(pos_pts, pos_p, neg_pts, neg_p, m, n)
    got = exact_auc_covariance(pos_pts, [float(p) for p in pos_p], neg_pts, [2 / 3, 1 / 3], m, n)
    assert np.allclose(got, want, rtol=1e-12, atol=1e-15)
    one = exact_auc_covariance(
        [p[0] for p in pos_pts], [0.25, 0.25, 0.5], [0, 1], [2 / 3, 1 / 3], m, n
    )
    assert isinstance(one, float) and math.isclose(one, want[0, 0], rel_tol=1e-12)


def test_without_ties_the_first_term_is_theta_one_minus_theta():
    # Bamber's form: positives on {1, 3}, negatives on {0, 2}: no ties
    theta = 0.5 * 1 + 0.5 * 0.5  # P(X' > X)
    q1 = 0.5 * 1 + 0.5 * 0.5**2  # negative 0: both positives beat it; negative 2: each w.p. 1/2
    q2 = 0.5 * 1 + 0.5 * 0.5**2  # positive 3 beats both; positive 1 beats each w.p. 1/2
    m, n = 4, 7
    want = (theta * (1 - theta) + (m - 1) * (q1 - theta**2) + (n - 1) * (q2 - theta**2)) / (m * n)
    assert math.isclose(exact_auc_covariance([1, 3], [0.5, 0.5], [0, 2], [0.5, 0.5], m, n), want)


def test_hanley_mcneil_is_exact_for_exponential_scores_by_simulation():
    # positives Exp(rate lam), negatives Exp(1): theta = 1 / (1 + lam), Q1 = 1 / (1 + 2 lam), and
    # Q2 = 2 theta^2 / (1 + theta); the simulated variance of the AUC must agree
    lam, m, n, runs = 0.5, 15, 25, 4000
    rng = np.random.default_rng(11)
    y = np.r_[np.ones(m), np.zeros(n)]
    aucs = [
        auc(y, np.r_[rng.exponential(1 / lam, m), rng.exponential(1.0, n)]) for _ in range(runs)
    ]
    want = hanley_mcneil_variance(1 / (1 + lam), m, n)
    assert abs(np.var(aucs, ddof=1) / want - 1) < 0.08  # the variance's own sd is about 2.5 %


def test_hanley_mcneil_at_one_point_per_class_is_bernoulli():
    assert math.isclose(hanley_mcneil_variance(0.7, 1, 1), 0.7 * 0.3)


def test_class_sizes_past_the_limit_are_refused_by_name():
    # 10**400 does not fit a float: the closed forms used to raise a bare OverflowError
    assert math.isfinite(hanley_mcneil_variance(0.8, MAX_CLASS_SIZE, MAX_CLASS_SIZE))
    for m, n in ((10**400, 5), (5, MAX_CLASS_SIZE + 1)):
        with pytest.raises(ValueError, match="MAX_CLASS_SIZE"):
            hanley_mcneil_variance(0.8, m, n)
        with pytest.raises(ValueError, match="MAX_CLASS_SIZE"):
            exact_auc_covariance([0, 1], [0.5, 0.5], [0], [1.0], m, n)


def test_exact_covariance_refuses_bad_laws():
    with pytest.raises(ValueError, match="positive_probabilities"):
        exact_auc_covariance([0, 1], [0.5, 0.6], [0], [1.0], 2, 2)
    with pytest.raises(ValueError, match="negative_probabilities"):
        exact_auc_covariance([0, 1], [0.5, 0.5], [0], [1.0, 0.0], 2, 2)
    with pytest.raises(ValueError, match="negative_values"):
        exact_auc_covariance([[0, 1]], [1.0], [[0, 1, 2]], [1.0], 2, 2)
    with pytest.raises(ValueError, match="MAX_SUPPORT_CELLS"):
        big = math.isqrt(MAX_SUPPORT_CELLS) + 1
        exact_auc_covariance(
            np.arange(big), np.full(big, 1 / big), np.arange(big), np.full(big, 1 / big), 2, 2
        )


# --------------------------------------------------------------------------- intervals and the test


@given(POINTS)
@settings(max_examples=60)
def test_intervals_follow_their_formulas(points):
    y, s = _split(points)
    if not _enough(y):
        return
    a, se, z = auc(y, s), auc_standard_error(y, s), stats.norm.ppf(0.95)
    wald = auc_confidence_interval(y, s, level=0.9)
    assert math.isclose(wald.auc, a, abs_tol=1e-12) and math.isclose(
        wald.standard_error, se, abs_tol=1e-12
    )
    if se == 0:
        assert wald.low == wald.high == wald.auc
        return
    assert math.isclose(wald.low, max(0.0, a - z * se), abs_tol=1e-12)
    assert math.isclose(wald.high, min(1.0, a + z * se), abs_tol=1e-12)
    logit = auc_confidence_interval(y, s, level=0.9, scale="logit")
    assert 0 < logit.low <= a <= logit.high < 1
    centre = math.log(a / (1 - a))
    assert math.isclose(
        math.log(logit.high / (1 - logit.high)) - centre, z * se / (a * (1 - a)), rel_tol=1e-9
    )


@given(POINTS, st.integers(0, 2**32 - 1))
@settings(max_examples=60)
def test_delong_test_follows_its_formula_and_is_antisymmetric(points, seed):
    y, s = _split(points)
    if not _enough(y):
        return
    other = s + np.random.default_rng(seed).integers(-2, 3, s.size)
    c = pair_credits(y, s) - pair_credits(y, other)
    var = c.mean(axis=1).var(ddof=1) / c.shape[0] + c.mean(axis=0).var(ddof=1) / c.shape[1]
    try:
        t = delong_test(y, s, other)
    except ValueError as error:  # a constant shift of the placements: nothing to refer to N(0, 1)
        assert "standard error" in str(error) and var < 1e-20
        return
    assert math.isclose(t.difference, auc(y, s) - auc(y, other), abs_tol=1e-12)
    if t.standard_error == 0:
        assert t.difference == 0 and t.p_value == 1
        return
    assert math.isclose(t.standard_error, math.sqrt(var), rel_tol=1e-9)
    assert math.isclose(
        t.p_value, 2 * stats.norm.sf(abs(t.difference) / math.sqrt(var)), rel_tol=1e-9
    )
    back = delong_test(y, other, s)
    assert math.isclose(back.z, -t.z, rel_tol=1e-12) and math.isclose(back.p_value, t.p_value)
    assert t.low < t.difference < t.high


def test_a_monotone_transform_is_no_difference():
    y = [1, 1, 1, 0, 0, 0, 1, 0]
    s = np.array([0.3, 2.0, 1.1, 0.2, 1.5, -1.0, 0.9, 0.4])
    t = delong_test(y, s, np.exp(s))
    assert t.difference == 0 and t.z == 0 and t.p_value == 1


def test_the_paired_test_has_its_level_under_equal_aucs():
    rng = np.random.default_rng(4)
    y = np.r_[np.ones(40), np.zeros(40)]
    rejections = 0
    for _ in range(800):
        shared = np.r_[rng.normal(0.8, 1, 40), rng.normal(0, 1, 40)]
        a, b = (shared + np.r_[rng.normal(0.8, 1, 40), rng.normal(0, 1, 40)] for _ in range(2))
        rejections += delong_test(y, a, b).p_value < 0.05
    assert abs(rejections / 800 - 0.05) < 3 * math.sqrt(0.05 * 0.95 / 800)


# --------------------------------------------------------------------------- the partial AUC


@given(POINTS)
def test_partial_auc_over_the_whole_band_is_the_auc(points):
    y, s = _split(points)
    if 0 < y.sum() < y.size:
        assert math.isclose(partial_auc(y, s), auc(y, s), abs_tol=1e-12)


@given(POINTS, st.sampled_from([0.01, 0.1, 0.25, 0.5, 0.8, 0.999]))
def test_standardized_partial_auc_is_sklearns_max_fpr(points, b):
    y, s = _split(points)
    if 0 < y.sum() < y.size:
        got = partial_auc(y, s, 0.0, b, standardized=True)
        assert math.isclose(got, roc_auc_score(y, s, max_fpr=b), abs_tol=1e-12)


@given(st.integers(0, 2**32 - 1), st.floats(0, 1), st.floats(0, 1))
def test_partial_auc_is_the_band_weighted_pair_count(seed, u, v):
    a, b = sorted((u, v))
    if b - a < 1e-9:
        return
    rng = np.random.default_rng(seed)
    y = np.r_[np.ones(7, int), np.zeros(9, int)]
    s = rng.permutation(16).astype(float)  # no ties
    neg = np.sort(s[y == 0])[::-1]
    height = (s[y == 1][None, :] > neg[:, None]).mean(axis=1)
    start = np.arange(9) / 9
    inside = np.clip(np.minimum(start + 1 / 9, b) - np.maximum(start, a), 0, None)
    assert math.isclose(partial_auc(y, s, a, b), float(inside @ height), abs_tol=1e-12)
    middle = (a + b) / 2
    assert math.isclose(
        partial_auc(y, s, a, middle) + partial_auc(y, s, middle, b),
        partial_auc(y, s, a, b),
        abs_tol=1e-12,
    )


def test_a_useless_scorer_standardizes_to_one_half_and_a_perfect_one_to_one():
    y = [1, 0] * 5
    assert partial_auc(y, np.zeros(10), 0.1, 0.4, standardized=True) == pytest.approx(0.5)
    assert partial_auc(y, np.array(y, float), 0.1, 0.4, standardized=True) == pytest.approx(1.0)


@pytest.mark.parametrize(
    "call, name",
    [
        (lambda: partial_auc([1, 0], [1.0, 0.0], 0.5, 0.5), "fpr_high"),
        (lambda: partial_auc([1, 0], [1.0, 0.0], -0.1, 0.5), "fpr_low"),
        (lambda: partial_auc([1, 0], [1.0, 0.0], standardized=1), "standardized"),
        (lambda: auc_confidence_interval([1, 1, 0, 0], [1, 2, 3, 4], scale="exact"), "scale"),
        (lambda: auc_confidence_interval([1, 1, 0, 0], [1, 2, 3, 4], level=1.0), "level"),
        (lambda: delong_test([1, 1, 0, 0], [1, 2, 3, 4], [1, 2, 3]), "score_b"),
        (lambda: placement_values([1, 0, 0], [1, 2, 3]), "y_true"),
        (lambda: hanley_mcneil_variance(1.5, 3, 3), "auc_value"),
    ],
)
def test_bad_arguments_are_named(call, name):
    with pytest.raises((ValueError, TypeError), match=name):
        call()
