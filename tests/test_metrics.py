"""rankviz.metrics against scikit-learn, brute-force pair counts and invariances."""

import itertools
import math

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given
from hypothesis import strategies as st

from rankviz.metrics import (
    auc,
    auc_standard_error,
    confusion_matrix_at_threshold,
    dkw_band,
    pairwise_misranking,
    precision_recall_curve,
    roc_curve,
)


def brute_force_pairs(y, s):
    """(correct, tied, wrong) counts over all (positive, negative) pairs, O(mn)."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = s[y == 1], s[y != 1]
    diff = pos[:, None] - neg[None, :]
    return int((diff > 0).sum()), int((diff == 0).sum()), int((diff < 0).sum()), pos.size * neg.size


# --------------------------------------------------------------------------- #
# agreement with scikit-learn and brute force
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("decimals", [0, 1, 2, 8])
@pytest.mark.parametrize("n", [2, 7, 50, 400])
def test_auc_half_matches_sklearn_with_ties(rng, n, decimals, tied_sample):
    y, s = tied_sample(rng, n, decimals=decimals)
    assert auc(y, s) == pytest.approx(skm.roc_auc_score(y, s), abs=1e-12)


@pytest.mark.parametrize("decimals", [0, 1, 3])
def test_every_tie_mode_matches_brute_force(rng, decimals, tied_sample):
    tied_pairs_seen = 0
    for _ in range(20):
        y, s = tied_sample(rng, int(rng.integers(2, 80)), decimals=decimals)
        correct, tied, wrong, total = brute_force_pairs(y, s)
        tied_pairs_seen += tied
        assert auc(y, s, ties="half") == pytest.approx((correct + tied / 2) / total, abs=1e-12)
        assert auc(y, s, ties="mohri") == pytest.approx((correct + tied) / total, abs=1e-12)
        assert auc(y, s, ties="strict") == pytest.approx(correct / total, abs=1e-12)
        assert pairwise_misranking(y, s) == pytest.approx(wrong / total, abs=1e-12)
    assert tied_pairs_seen > 0  # the samples did exercise the tie handling


def test_auc_without_ties_the_three_conventions_agree_with_brute_force(rng):
    y = (rng.random(500) < 0.3).astype(int)
    s = rng.normal(size=500) + y  # continuous: no tied pairs
    correct, tied, wrong, total = brute_force_pairs(y, s)
    assert tied == 0
    for ties in ("half", "mohri", "strict"):
        assert auc(y, s, ties=ties) == pytest.approx(correct / total, abs=1e-12)
    assert pairwise_misranking(y, s) == pytest.approx(wrong / total, abs=1e-12)


@pytest.mark.parametrize("decimals", [0, 1, 6])
def test_roc_curve_matches_sklearn_without_dropping_points(rng, decimals, tied_sample):
    y, s = tied_sample(rng, 300, decimals=decimals)
    fpr, tpr, thr = roc_curve(y, s)
    ref_fpr, ref_tpr, ref_thr = skm.roc_curve(y, s, drop_intermediate=False)
    np.testing.assert_allclose(fpr, ref_fpr)
    np.testing.assert_allclose(tpr, ref_tpr)
    assert thr[0] == thr[1] + 1 and np.array_equal(thr[1:], ref_thr[1:])
    assert (fpr[0], tpr[0], fpr[-1], tpr[-1]) == (0.0, 0.0, 1.0, 1.0)
    assert thr.size == np.unique(s).size + 1  # one point per distinct threshold


def test_trapezoidal_area_under_roc_curve_is_auc_half(rng, tied_sample):
    y, s = tied_sample(rng, 200, decimals=1)
    fpr, tpr, _ = roc_curve(y, s)
    area = float(np.sum(np.diff(fpr) * (tpr[1:] + tpr[:-1]) / 2))
    assert area == pytest.approx(auc(y, s, ties="half"), abs=1e-12)


def test_precision_recall_curve_matches_sklearn(rng, tied_sample):
    y, s = tied_sample(rng, 300, decimals=1)
    precision, recall, thr = precision_recall_curve(y, s)
    ref_p, ref_r, ref_t = skm.precision_recall_curve(y, s)
    # scikit-learn orders by increasing threshold and appends (precision 1, recall 0)
    np.testing.assert_allclose(precision, ref_p[:-1][::-1])
    np.testing.assert_allclose(recall, ref_r[:-1][::-1])
    np.testing.assert_allclose(thr, ref_t[::-1])


@pytest.mark.parametrize("threshold", [-3.0, -0.2, 0.0, 0.35, 5.0])
def test_confusion_matrix_matches_sklearn(rng, threshold, tied_sample):
    y, s = tied_sample(rng, 150, decimals=1)
    ours = confusion_matrix_at_threshold(y, s, threshold)
    ref = skm.confusion_matrix(y, (s >= threshold).astype(int), labels=[0, 1])
    np.testing.assert_array_equal(ours, ref)


def test_labels_minus_one_plus_one_and_booleans_agree(rng, tied_sample):
    y, s = tied_sample(rng, 100)
    ref = auc(y, s)
    assert auc(2 * y - 1, s) == ref
    assert auc(y.astype(bool), s) == ref
    assert auc(list(y), list(s)) == ref


# --------------------------------------------------------------------------- #
# identities between the conventions
# --------------------------------------------------------------------------- #
def test_mohri_convention_is_exactly_one_minus_misranking(rng, tied_sample):
    for _ in range(30):
        y, s = tied_sample(rng, int(rng.integers(2, 60)), decimals=0)
        assert auc(y, s, ties="mohri") == pytest.approx(1 - pairwise_misranking(y, s), abs=1e-12)
        tie_share = auc(y, s, ties="mohri") - auc(y, s, ties="strict")
        assert auc(y, s, ties="half") == pytest.approx(
            1 - pairwise_misranking(y, s) - tie_share / 2, abs=1e-12
        )


# --------------------------------------------------------------------------- #
# invariances (hypothesis)
# --------------------------------------------------------------------------- #
labelled_integer_scores = st.integers(min_value=2, max_value=40).flatmap(
    lambda n: st.tuples(
        st.lists(st.integers(0, 1), min_size=n, max_size=n).filter(lambda y: 0 < sum(y) < n),
        st.lists(st.integers(-6, 6), min_size=n, max_size=n),
    )
)


@given(labelled_integer_scores)
def test_strictly_increasing_transform_leaves_roc_and_auc_unchanged(sample):
    y, s = np.array(sample[0]), np.array(sample[1], dtype=float)
    transformed = s**3 + 5 * s + 100.0  # strictly increasing and exact on small integers
    for ties in ("half", "mohri", "strict"):
        assert auc(y, transformed, ties=ties) == auc(y, s, ties=ties)
    np.testing.assert_array_equal(roc_curve(y, transformed)[0], roc_curve(y, s)[0])
    np.testing.assert_array_equal(roc_curve(y, transformed)[1], roc_curve(y, s)[1])


@given(labelled_integer_scores, st.randoms(use_true_random=False))
def test_auc_does_not_depend_on_the_order_of_the_sample(sample, random):
    y, s = np.array(sample[0]), np.array(sample[1], dtype=float)
    perm = list(range(y.size))
    random.shuffle(perm)
    for ties in ("half", "mohri", "strict"):
        assert auc(y[perm], s[perm], ties=ties) == pytest.approx(auc(y, s, ties=ties), abs=1e-12)


@given(labelled_integer_scores)
def test_swapping_classes_or_negating_scores_mirrors_auc(sample):
    y, s = np.array(sample[0]), np.array(sample[1], dtype=float)
    assert auc(1 - y, s) == pytest.approx(1 - auc(y, s), abs=1e-12)
    assert auc(y, -s) == pytest.approx(1 - auc(y, s), abs=1e-12)
    # a tie credited to the positive under one labelling is an error under the other
    assert auc(1 - y, s, ties="mohri") == pytest.approx(1 - auc(y, s, ties="strict"), abs=1e-12)


@given(labelled_integer_scores, st.integers(2, 5))
def test_replicating_negatives_changes_precision_but_not_roc(sample, copies):
    """ROC and AUC do not see the class balance; precision does."""
    y, s = np.array(sample[0]), np.array(sample[1], dtype=float)
    neg = y == 0
    y2 = np.concatenate([y] + [y[neg]] * (copies - 1))
    s2 = np.concatenate([s] + [s[neg]] * (copies - 1))
    assert auc(y2, s2) == pytest.approx(auc(y, s), abs=1e-12)
    np.testing.assert_allclose(roc_curve(y2, s2)[0], roc_curve(y, s)[0])
    np.testing.assert_allclose(roc_curve(y2, s2)[1], roc_curve(y, s)[1])
    p1, _, _ = precision_recall_curve(y, s)
    p2, _, _ = precision_recall_curve(y2, s2)
    assert np.all(p2 <= p1 + 1e-12)
    assert np.any(p2 < p1) or np.all(p1 == 1.0)


def test_the_first_roc_threshold_is_finite_and_above_every_score():
    _, _, thr = roc_curve([0, 1], [0.0, 1e300])
    assert thr[0] > 1e300 and np.isfinite(thr[0])
    _, _, thr = roc_curve([0, 1], [0.0, 2.0])
    assert thr[0] == 3.0


def test_roc_is_monotone_and_inside_the_unit_square(rng, tied_sample):
    y, s = tied_sample(rng, 500, decimals=1)
    fpr, tpr, thr = roc_curve(y, s)
    assert np.all(np.diff(fpr) >= 0) and np.all(np.diff(tpr) >= 0)
    assert np.all(np.diff(thr) < 0)
    assert fpr.min() == 0 and tpr.max() == 1


def test_worked_example_by_hand():
    # positives score 0.9, 0.5, 0.1; negatives 0.5, 0.2.
    # pairs (pos, neg): (0.9,0.5)+ (0.9,0.2)+ (0.5,0.5)= (0.5,0.2)+ (0.1,0.5)- (0.1,0.2)-
    y, s = [1, 1, 1, 0, 0], [0.9, 0.5, 0.1, 0.5, 0.2]
    assert auc(y, s, ties="strict") == pytest.approx(3 / 6)
    assert auc(y, s, ties="half") == pytest.approx(3.5 / 6)
    assert auc(y, s, ties="mohri") == pytest.approx(4 / 6)
    assert pairwise_misranking(y, s) == pytest.approx(2 / 6)


def test_exhaustive_small_samples_against_brute_force():
    """Every labelling of 5 points and every score vector over {0, 1, 2}."""
    for labels in itertools.product([0, 1], repeat=5):
        if not 0 < sum(labels) < 5:
            continue
        for scores in itertools.product([0.0, 1.0, 2.0], repeat=5):
            correct, tied, wrong, total = brute_force_pairs(labels, scores)
            assert auc(labels, scores) == pytest.approx((correct + tied / 2) / total)
            assert pairwise_misranking(labels, scores) == pytest.approx(wrong / total)


# --------------------------------------------------------------------------- #
# errors
# --------------------------------------------------------------------------- #
ALL = [roc_curve, auc, pairwise_misranking, precision_recall_curve]


@pytest.mark.parametrize("func", ALL)
@pytest.mark.parametrize(
    ("y", "s", "message"),
    [
        ([0, 1, 1], [0.1, 0.2], "same length"),
        ([0, 1], [0.1, np.nan], "y_score contains NaN"),
        ([0, 1], [0.1, np.inf], "y_score contains NaN or infinite"),
        ([0, 1, 2], [0.1, 0.2, 0.3], "y_true must contain binary labels"),
        ([0, -1, 1], [0.1, 0.2, 0.3], "y_true must contain binary labels"),
        ([0, np.nan, 1], [0.1, 0.2, 0.3], "y_true must contain binary labels"),
        ([1, 1, 1], [0.1, 0.2, 0.3], "no negative"),
        ([0, 0], [0.1, 0.2], "no positive"),
        ([], [], "y_true is empty"),
        ([[0, 1]], [[0.1, 0.2]], "y_true must be 1-D"),
        ([0, 1], [[0.1, 0.2]], "y_score must be 1-D"),
    ],
)
def test_bad_input_raises_value_error_naming_the_argument(func, y, s, message):
    with pytest.raises(ValueError, match=message):
        func(y, s)


@pytest.mark.parametrize("func", ALL)
def test_non_numeric_input_raises_type_error(func):
    with pytest.raises(TypeError, match="y_score"):
        func([0, 1], ["a", "b"])
    with pytest.raises(TypeError, match="y_true"):
        func(["no", "yes"], [0.1, 0.2])
    with pytest.raises(TypeError, match="y_score"):
        func([0, 1], "ab")


def test_unknown_tie_convention():
    with pytest.raises(ValueError, match="ties must be one of"):
        auc([0, 1], [0.1, 0.2], ties="average")


@pytest.mark.parametrize("threshold", [np.nan, np.inf])
def test_confusion_matrix_rejects_non_finite_threshold(threshold):
    with pytest.raises(ValueError, match="threshold must be finite"):
        confusion_matrix_at_threshold([0, 1], [0.1, 0.2], threshold)


def test_confusion_matrix_rejects_non_numeric_threshold():
    with pytest.raises(TypeError, match="threshold must be a real number"):
        confusion_matrix_at_threshold([0, 1], [0.1, 0.2], "0.5")


# ---- sampling error: the DKW band and DeLong's standard error ----------------------------------


def test_dkw_band_formula_and_coverage():
    assert math.isclose(dkw_band(200, 0.05), math.sqrt(math.log(40) / 400))
    # coverage by simulation: the sup distance between an empirical and the true uniform CDF
    rng = np.random.default_rng(0)
    n, delta, runs = 50, 0.1, 4000
    u = np.sort(rng.uniform(size=(runs, n)), axis=1)
    ranks = np.arange(1, n + 1) / n
    sup = np.maximum(ranks - u, u - (ranks - 1 / n)).max(axis=1)
    assert np.mean(sup > dkw_band(n, delta)) <= delta
    with pytest.raises(ValueError, match="delta"):
        dkw_band(10, 1.0)


def delong_by_pairs(y, s):
    """DeLong's variance with the placements counted pair by pair, O(mn)."""
    y, s = np.asarray(y), np.asarray(s, dtype=float)
    pos, neg = s[y == 1], s[y != 1]
    credit = (pos[:, None] > neg[None, :]) + 0.5 * (pos[:, None] == neg[None, :])
    return math.sqrt(
        credit.mean(axis=1).var(ddof=1) / pos.size + credit.mean(axis=0).var(ddof=1) / neg.size
    )


@given(st.lists(st.tuples(st.integers(0, 1), st.integers(-3, 3)), min_size=4, max_size=30))
def test_auc_standard_error_equals_placements_counted_by_pairs(points):
    y = np.array([p[0] for p in points])
    s = np.array([p[1] for p in points], dtype=float)
    if min(y.sum(), (1 - y).sum()) < 2:
        with pytest.raises(ValueError, match="y_true"):
            auc_standard_error(y, s)
        return
    assert math.isclose(auc_standard_error(y, s), delong_by_pairs(y, s), abs_tol=1e-12)


def test_auc_standard_error_matches_the_spread_of_simulated_aucs():
    rng = np.random.default_rng(3)
    y = np.r_[np.ones(200), np.zeros(300)]
    aucs = [auc(y, np.r_[rng.normal(1, 1, 200), rng.normal(0, 1, 300)]) for _ in range(400)]
    s = np.r_[rng.normal(1, 1, 200), rng.normal(0, 1, 300)]
    assert 0.8 < auc_standard_error(y, s) / np.std(aucs) < 1.25
