"""Chapter 01 measures of rankviz.measures: scikit-learn, literal definitions, brute force.

Oracles: ``sklearn.metrics`` (dcg_score, ndcg_score, average_precision_score); the
definitions of seed 000 / Duchi et al. written as loops over positions; every
order of the tied documents (the measures average over them); every permutation
(the NDCG normalizer); and, for ERR, every outcome of the cascade model.
"""

import itertools
import math
from fractions import Fraction

import numpy as np
import pytest
import sklearn.metrics as skm
from hypothesis import given
from hypothesis import strategies as st

from rankviz.measures import (
    MAX_CUTOFF,
    MAX_ERR_TIES,
    MAX_POSITIONS,
    average_precision,
    cascade_utility,
    dcg,
    dcg_discounts,
    dcg_gains,
    err,
    mean_average_precision,
    mean_precision_up_to_k,
    ndcg,
    oppositely_ordered_pairs,
    precision_at_k,
)
from rankviz.permutations import all_permutations, order_from_sigma, sigma_from_scores


# --------------------------------------------------------------------------- #
# literal definitions (1-based positions, no ties), written independently
# --------------------------------------------------------------------------- #
def positions(scores):
    """1-based position of each item, by decreasing score (no ties in these tests)."""
    return sigma_from_scores(scores) + 1


def ref_precision(y, s, k):
    pos = positions(s)
    return sum(y[i] for i in range(len(y)) if pos[i] <= k) / k


def ref_mean_precision(y, s, k):
    return sum(ref_precision(y, s, r) for r in range(1, k + 1)) / k


def ref_average_precision(y, s, k=None):
    """(1 / min(k, |y|)) * sum over relevant i with sigma(i) <= k of Prec@sigma(i)."""
    pos = positions(s)
    k = len(y) if k is None else k
    terms = [ref_precision(y, s, pos[i]) for i in range(len(y)) if y[i] == 1 and pos[i] <= k]
    return sum(terms) / min(k, sum(y))


def ref_dcg(y, s, k=None, gain=lambda v: 2.0**v - 1, base=2.0):
    pos = positions(s)
    k = len(y) if k is None else k
    return sum(gain(y[i]) / math.log(1 + pos[i], base) for i in range(len(y)) if pos[i] <= k)


def ref_err_by_outcomes(p, s, k=None):
    """E[1 / stopping position] by summing over all 2^n satisfaction outcomes of the cascade."""
    order = order_from_sigma(sigma_from_scores(s))
    k = len(p) if k is None else k
    total = 0.0
    for outcome in itertools.product([0, 1], repeat=len(p)):
        prob = math.prod(p[i] if o else 1 - p[i] for i, o in enumerate(outcome))
        stops = [r for r, item in enumerate(order, start=1) if outcome[item]]
        if stops and stops[0] <= k:
            total += prob / stops[0]
    return total


def tie_consistent_scores(scores):
    """Scores -sigma of every permutation that orders ``scores`` decreasingly (ties any way)."""
    scores = np.asarray(scores, dtype=float)
    rows = []
    for sigma in all_permutations(scores.size):
        order = order_from_sigma(sigma)
        if np.all(np.diff(scores[order]) <= 0):
            rows.append(-sigma)
    return np.array(rows)


def distinct_scores(rng, shape):
    return rng.permutation(np.prod(shape)).reshape(shape) + rng.random(shape) * 0.5


# --------------------------------------------------------------------------- #
# scikit-learn
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("decimals", [0, 1, 8])
@pytest.mark.parametrize("k", [None, 1, 3, 10, 40])
def test_dcg_matches_sklearn_with_linear_gain(rng, decimals, k):
    y = rng.integers(0, 5, size=(6, 20)).astype(float)
    s = np.round(rng.normal(size=(6, 20)), decimals)  # decimals 0 and 1: many ties
    expected = [skm.dcg_score([a], [b], k=k) for a, b in zip(y, s, strict=True)]
    np.testing.assert_allclose(dcg(y, s, k, gain="linear"), expected, rtol=1e-12)


@pytest.mark.parametrize("log_base", [2, math.e, 10])
def test_dcg_log_base_matches_sklearn(rng, log_base):
    y = rng.integers(0, 4, size=(3, 12))
    s = np.round(rng.normal(size=(3, 12)), 1)
    expected = [skm.dcg_score([a], [b], log_base=log_base) for a, b in zip(y, s, strict=True)]
    np.testing.assert_allclose(dcg(y, s, gain="linear", log_base=log_base), expected, rtol=1e-12)


@pytest.mark.parametrize("decimals", [0, 1, 8])
@pytest.mark.parametrize("k", [None, 1, 5, 25])
def test_ndcg_matches_sklearn_with_linear_gain(rng, decimals, k):
    y = rng.integers(0, 4, size=(8, 15)).astype(float)
    y[:, 0] = 1.0  # no all-zero query: sklearn would score it 0
    s = np.round(rng.normal(size=(8, 15)), decimals)
    ours = ndcg(y, s, k, gain="linear")
    assert ours.mean() == pytest.approx(skm.ndcg_score(y, s, k=k), abs=1e-12)
    for a, b, value in zip(y, s, ours, strict=True):
        assert value == pytest.approx(skm.ndcg_score([a], [b], k=k), abs=1e-12)


def test_ndcg_all_zero_query_zero_mode_matches_sklearn():
    y = np.array([[0, 0, 0, 0], [1, 0, 2, 0]])
    s = np.array([[0.1, 0.4, 0.2, 0.3], [0.3, 0.2, 0.1, 0.4]])
    ours = ndcg(y, s, gain="linear", if_no_relevant="zero")
    assert ours.mean() == pytest.approx(skm.ndcg_score(y, s))
    assert ours[0] == 0.0


def test_exponential_gain_is_sklearn_on_transformed_grades(rng):
    y = rng.integers(0, 5, size=(4, 10))
    s = np.round(rng.normal(size=(4, 10)), 1)
    np.testing.assert_allclose(
        dcg(y, s), [skm.dcg_score([2.0**a - 1], [b]) for a, b in zip(y, s, strict=True)]
    )


@pytest.mark.parametrize("n", [2, 5, 30, 200])
def test_average_precision_matches_sklearn_without_ties(rng, n):
    for _ in range(10):
        y = (rng.random(n) < 0.3).astype(int)
        y[rng.integers(n)] = 1
        s = rng.normal(size=n)
        assert average_precision(y, s) == pytest.approx(
            skm.average_precision_score(y, s), abs=1e-12
        )


def test_average_precision_differs_from_sklearn_on_ties_by_design():
    # one tie group holding both documents: we average over its two orders, sklearn
    # treats the group as one threshold (precision 1/2 at recall 1)
    y, s = [0, 1], [0.5, 0.5]
    assert average_precision(y, s) == pytest.approx((1 / 1 + 1 / 2) / 2)
    assert skm.average_precision_score(y, s) == pytest.approx(0.5)


# --------------------------------------------------------------------------- #
# literal definitions
# --------------------------------------------------------------------------- #
def test_measures_match_their_literal_definitions(rng):
    for _ in range(40):
        n = int(rng.integers(1, 12))
        s = distinct_scores(rng, n)
        y = rng.integers(0, 4, size=n)
        b = (rng.random(n) < 0.5).astype(int)
        b[rng.integers(n)] = 1
        for k in {1, max(1, n // 2), n, n + 3}:
            assert precision_at_k(b, s, k) == pytest.approx(ref_precision(b, s, k))
            assert mean_precision_up_to_k(b, s, k) == pytest.approx(ref_mean_precision(b, s, k))
            assert average_precision(b, s, k) == pytest.approx(ref_average_precision(b, s, k))
            assert dcg(y, s, k) == pytest.approx(ref_dcg(y, s, k))
            assert dcg(y, s, k, gain="linear", log_base=3) == pytest.approx(
                ref_dcg(y, s, k, gain=lambda v: v, base=3.0)
            )


def test_err_matches_the_cascade_model_over_all_outcomes(rng):
    for _ in range(30):
        n = int(rng.integers(1, 9))
        p = rng.random(n)
        p[rng.random(n) < 0.2] = 0.0
        s = distinct_scores(rng, n)
        for k in (None, 1, max(1, n // 2)):
            assert err(p, s, k, satisfaction="given") == pytest.approx(
                ref_err_by_outcomes(p, s, k), abs=1e-12
            )


def test_err_by_hand():
    # grades (2, 0, 1) on a scale up to 2: R = (2^y - 1) / 4 = (3/4, 0, 1/4)
    # ranking 2, 0, 1: ERR = (1/1)(1/4) + (1/2)(3/4)(3/4) + (1/3)(0)(...) = 1/4 + 9/32 = 17/32
    assert err([2, 0, 1], [1, 0, 2], max_grade=2) == pytest.approx(float(Fraction(17, 32)))
    # ERR@1 keeps only the first term
    assert err([2, 0, 1], [1, 0, 2], k=1, max_grade=2) == pytest.approx(0.25)
    # on a scale up to 4 the same grades give R = (3/16, 0, 1/16):
    # 1/16 + (1/2)(15/16)(3/16) = 1/16 + 45/512 = 77/512
    assert err([2, 0, 1], [1, 0, 2], max_grade=4) == pytest.approx(float(Fraction(77, 512)))
    # default max_grade: the query's own largest grade (2 here)
    assert err([2, 0, 1], [1, 0, 2]) == err([2, 0, 1], [1, 0, 2], max_grade=2)


def test_precision_is_duchis_family_14_with_a_hard_cutoff(rng):
    # Duchi et al. (14) with G(s) = s, F(j) = 1 for j <= k, +inf beyond: sum_j G(s_j) / F(pi(j)),
    # which divided by k is Prec@k
    for _ in range(20):
        n = int(rng.integers(2, 10))
        b = (rng.random(n) < 0.5).astype(int)
        s = distinct_scores(rng, n)
        k = int(rng.integers(1, n + 1))
        F = np.where(np.arange(1, n + 1) <= k, 1.0, np.inf)
        family_14 = np.sum(b / F[sigma_from_scores(s)])
        assert precision_at_k(b, s, k) == pytest.approx(family_14 / k)


# --------------------------------------------------------------------------- #
# ties: the average over every order of the tied documents
# --------------------------------------------------------------------------- #
MEASURES_ON_GRADES = [
    ("dcg", lambda y, s, k: dcg(y, s, k)),
    ("ndcg", lambda y, s, k: ndcg(y, s, k, if_no_relevant="nan")),
    ("err", lambda y, s, k: err(y, s, k, max_grade=3)),
]
MEASURES_ON_LABELS = [
    ("precision_at_k", lambda y, s, k: precision_at_k(y, s, k)),
    ("mean_precision_up_to_k", lambda y, s, k: mean_precision_up_to_k(y, s, k)),
    ("average_precision", lambda y, s, k: average_precision(y, s, k, if_no_relevant="nan")),
]


@pytest.mark.parametrize(
    "name, measure",
    MEASURES_ON_GRADES + MEASURES_ON_LABELS,
    ids=[m[0] for m in MEASURES_ON_GRADES + MEASURES_ON_LABELS],
)
def test_tied_scores_give_the_average_over_every_tie_order(rng, name, measure):
    binary = name in dict(MEASURES_ON_LABELS)
    tied_groups_seen = 0
    for _ in range(25):
        n = int(rng.integers(2, 7))
        s = rng.integers(0, 3, size=n).astype(float)
        tied_groups_seen += n - np.unique(s).size
        y = rng.integers(0, 2 if binary else 4, size=n)
        k = int(rng.integers(1, n + 2))
        orders = tie_consistent_scores(s)
        expected = np.mean(measure(y, orders, k))
        np.testing.assert_allclose(measure(y, s, k), expected, rtol=1e-12, atol=1e-15)
    assert tied_groups_seen > 10


def test_err_with_a_large_tie_group_is_stable_and_exact_in_the_symmetric_case():
    # 60 tied documents that all satisfy with probability p: every order is the same,
    # so the expectation is the untied value
    p = np.full(60, 0.3)
    untied = err(p, -np.arange(60.0), satisfaction="given")
    assert err(p, np.zeros(60), satisfaction="given") == pytest.approx(untied, rel=1e-12)


# --------------------------------------------------------------------------- #
# the NDCG normalizer and invariances
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("n", [1, 2, 4, 7])
def test_ndcg_normalizer_is_the_brute_force_maximum(rng, n):
    every_sigma = all_permutations(n)
    for _ in range(5):
        y = rng.integers(0, 4, size=n)
        y[0] = 2
        for k in (None, 1, max(1, n - 2)):
            best = dcg(y, -every_sigma, k).max()
            for sigma in every_sigma[rng.integers(len(every_sigma), size=5)]:
                assert ndcg(y, -sigma, k) == pytest.approx(dcg(y, -sigma, k) / best, rel=1e-12)
            assert dcg(y, y, k) == pytest.approx(best)


def test_the_drafts_circular_normalizer_would_give_max_dcg_for_every_ranking(rng):
    # seeds 000/001: N(y) = DCG(sigma, y) / max DCG, and NDCG = DCG / N(y) = max DCG
    y = np.array([3, 0, 2, 1, 0])
    sigmas = all_permutations(5)
    circular = dcg(y, -sigmas) / (dcg(y, -sigmas) / dcg(y, y))
    np.testing.assert_allclose(circular, dcg(y, y))
    assert np.ptp(ndcg(y, -sigmas)) > 0.3


grade_vectors = st.lists(st.integers(0, 4), min_size=1, max_size=9)


@given(grade_vectors, st.integers(0, 2**32 - 1), st.integers(1, 12))
def test_ndcg_is_in_the_unit_interval_and_one_on_the_ideal_ranking(grades, seed, k):
    y = np.array(grades)
    s = np.random.default_rng(seed).normal(size=y.size)
    if y.sum() == 0:
        assert np.isnan(ndcg(y, s, k, if_no_relevant="nan"))
        return
    for gain in ("exponential", "linear"):
        value = ndcg(y, s, k, gain=gain)
        assert 0.0 <= value <= 1.0 + 1e-12
        assert ndcg(y, y + 0.01 * s, k, gain=gain) == pytest.approx(1.0)  # sorted by grade
    labels = (y > 0).astype(int)
    assert average_precision(labels, labels + 0.01 * s, k) == pytest.approx(1.0)
    assert 0.0 <= average_precision(labels, s, k) <= 1.0 + 1e-12
    assert 0.0 <= err(y, s, k) <= 1.0


@given(grade_vectors, st.integers(0, 2**32 - 1))
def test_measures_depend_on_the_scores_only_through_their_order(grades, seed):
    y = np.array(grades)
    s = np.round(np.random.default_rng(seed).normal(size=y.size), 1)  # with ties
    labels = (y >= 2).astype(int)
    transformed = np.exp(3 * s) - 7  # strictly increasing
    assert dcg(y, transformed) == pytest.approx(dcg(y, s))
    assert err(y, transformed, max_grade=4) == pytest.approx(err(y, s, max_grade=4))
    assert precision_at_k(labels, transformed, 2) == pytest.approx(precision_at_k(labels, s, 2))
    if labels.any():
        assert average_precision(labels, transformed) == pytest.approx(average_precision(labels, s))


@given(grade_vectors, st.integers(0, 2**32 - 1))
def test_relabelling_the_documents_changes_nothing(grades, seed):
    rng = np.random.default_rng(seed)
    y = np.array(grades)
    s = np.round(rng.normal(size=y.size), 1)
    perm = rng.permutation(y.size)
    assert dcg(y[perm], s[perm]) == pytest.approx(dcg(y, s))
    assert err(y[perm], s[perm], max_grade=4) == pytest.approx(err(y, s, max_grade=4))
    labels = (y > 1).astype(int)
    assert mean_precision_up_to_k(labels[perm], s[perm]) == pytest.approx(
        mean_precision_up_to_k(labels, s)
    )


@given(
    grade_vectors,
    st.integers(0, 2**32 - 1),
    st.floats(1.1, 100.0, allow_nan=False, allow_infinity=False),
)
def test_log_base_scales_dcg_and_leaves_ndcg_alone(grades, seed, base):
    y = np.array(grades)
    s = np.random.default_rng(seed).normal(size=y.size)
    assert dcg(y, s, log_base=base) == pytest.approx(dcg(y, s) * math.log(base) / math.log(2))
    if y.any():
        assert ndcg(y, s, log_base=base) == pytest.approx(ndcg(y, s))


def test_linear_gain_ndcg_is_scale_invariant_and_exponential_is_not():
    y, s = np.array([3, 1, 0, 2]), np.array([0.1, 0.9, 0.5, 0.3])
    assert ndcg(3 * y, s, gain="linear") == pytest.approx(ndcg(y, s, gain="linear"))
    assert ndcg(3 * y, s) != pytest.approx(ndcg(y, s))


# --------------------------------------------------------------------------- #
# AP, the draft's AvgPrec@K, MAP
# --------------------------------------------------------------------------- #
def test_the_drafts_avgprec_is_below_one_on_the_ideal_ranking():
    y = np.array([1, 1, 0, 0, 0])
    ideal = -np.arange(5.0)
    assert average_precision(y, ideal) == 1.0
    assert mean_precision_up_to_k(y, ideal, 2) == 1.0
    assert mean_precision_up_to_k(y, ideal) == pytest.approx((1 + 1 + 2 / 3 + 2 / 4 + 2 / 5) / 5)


@pytest.mark.parametrize(
    "y, k, n_disagreeing",
    [([1, 1, 0, 0], 3, 1), ([1, 1, 1, 0, 0, 0], None, 1), ([1, 1, 0, 0, 0], None, 0)],
)
def test_ap_and_the_drafts_avgprec_can_order_two_rankings_differently(y, k, n_disagreeing):
    y = np.array(y)
    sigmas = all_permutations(y.size)
    ap = average_precision(y, -sigmas, k)
    draft = mean_precision_up_to_k(y, -sigmas, k)
    disagree = (ap[:, None] > ap[None, :] + 1e-12) & (draft[:, None] < draft[None, :] - 1e-12)
    assert disagree.any() == bool(n_disagreeing)


def test_the_drafts_avgprec_is_linear_in_the_positions():
    # (1/K) sum_{r<=K} Prec@r = sum_s y_s w_s with w_s = (1/K) sum_{r=s}^{K} 1/r: each relevant
    # document counts by its own position only, unlike AP
    y = np.array([1, 0, 1, 1, 0, 0, 1])
    K = 5
    w = np.array([sum(1 / r for r in range(s, K + 1)) / K if s <= K else 0 for s in range(1, 8)])
    for sigma in all_permutations(7)[::97]:
        assert mean_precision_up_to_k(y, -sigma, K) == pytest.approx(y @ w[sigma])


def test_mean_average_precision(rng):
    y = (rng.random((5, 9)) < 0.4).astype(int)
    y[:, 0] = 1
    s = rng.normal(size=(5, 9))
    assert mean_average_precision(y, s) == pytest.approx(
        np.mean([skm.average_precision_score(a, b) for a, b in zip(y, s, strict=True)])
    )
    ragged_y = [np.array([1, 0]), np.array([0, 0, 1]), np.array([1, 1, 0, 1])]
    ragged_s = [np.array([0.1, 0.2]), np.array([3.0, 2.0, 1.0]), np.array([4, 3, 2, 1])]
    assert mean_average_precision(ragged_y, ragged_s) == pytest.approx(
        np.mean([average_precision(a, b) for a, b in zip(ragged_y, ragged_s, strict=True)])
    )
    assert mean_average_precision(y[0], s[0]) == average_precision(y[0], s[0])


def test_mean_average_precision_without_relevant_documents():
    y = [[1, 0, 0], [0, 0, 0]]
    s = [[3, 2, 1], [3, 2, 1]]
    with pytest.raises(ValueError, match=r"no relevant document"):
        mean_average_precision(y, s)
    assert mean_average_precision(y, s, if_no_relevant="skip") == 1.0
    assert mean_average_precision(y, s, if_no_relevant="zero") == 0.5
    with pytest.raises(ValueError, match=r"MAP is undefined"):
        mean_average_precision([[0, 0]], [[1, 2]], if_no_relevant="skip")
    with pytest.raises(ValueError, match=r"same number of queries"):
        mean_average_precision([[1, 0], [1, 0, 0]], [[1, 2]])
    with pytest.raises(ValueError, match=r"if_no_relevant"):
        mean_average_precision(y, s, if_no_relevant="nan")


# --------------------------------------------------------------------------- #
# batches
# --------------------------------------------------------------------------- #
ALL_MEASURES = {
    "precision_at_k": lambda y, s: precision_at_k(y > 1, s, 3),
    "mean_precision_up_to_k": lambda y, s: mean_precision_up_to_k(y > 1, s, 4),
    "average_precision": lambda y, s: average_precision(y > 1, s, if_no_relevant="nan"),
    "dcg": lambda y, s: dcg(y, s, 5),
    "ndcg": lambda y, s: ndcg(y, s, 5, if_no_relevant="nan"),
    "err": lambda y, s: err(y, s, max_grade=3),
}


@pytest.mark.parametrize("name", list(ALL_MEASURES))
def test_batches_and_broadcasting_agree_with_one_query_at_a_time(rng, name):
    measure = ALL_MEASURES[name]
    y = rng.integers(0, 4, size=(7, 8))
    s = np.round(rng.normal(size=(7, 8)), 1)
    one_at_a_time = [measure(a, b) for a, b in zip(y, s, strict=True)]
    batch = measure(y, s)
    assert isinstance(batch, np.ndarray) and batch.shape == (7,)
    np.testing.assert_allclose(batch, one_at_a_time, equal_nan=True)
    single = measure(y[0], s[0])
    assert isinstance(single, float)
    # one label vector against many rankings (as chapter 06 evaluates every permutation)
    np.testing.assert_allclose(measure(y[0], s), [measure(y[0], b) for b in s], equal_nan=True)
    # many label vectors against one ranking
    np.testing.assert_allclose(measure(y, s[0]), [measure(a, s[0]) for a in y], equal_nan=True)


def test_every_permutation_at_once(rng):
    y = np.array([3, 0, 1, 2, 0, 1, 0])
    sigmas = all_permutations(7)
    values = ndcg(y, -sigmas, 3)
    assert values.shape == (math.factorial(7),)
    best = sigmas[values == values.max()]
    # the best permutations put documents 0 (grade 3) and 3 (grade 2) on top, then one of
    # the two documents of grade 1; the other four positions are free: 2 * 4! of them
    assert np.all(best[:, 0] == 0) and np.all(best[:, 3] == 1)
    assert np.all((best[:, 2] == 2) | (best[:, 5] == 2))
    assert len(best) == 2 * math.factorial(4)


# --------------------------------------------------------------------------- #
# helpers exposed for the dashboard
# --------------------------------------------------------------------------- #
def test_gains_and_discounts_rebuild_dcg(rng):
    y = rng.integers(0, 5, size=10)
    s = distinct_scores(rng, 10)
    order = order_from_sigma(sigma_from_scores(s))
    for gain in ("exponential", "linear"):
        terms = dcg_gains(y, gain=gain)[order] * dcg_discounts(10)
        assert terms.sum() == pytest.approx(dcg(y, s, gain=gain))
        assert terms[:4].sum() == pytest.approx(dcg(y, s, 4, gain=gain))
    assert dcg_gains([[0, 1], [2, 3]]).shape == (2, 2)
    np.testing.assert_allclose(dcg_discounts(3, log_base=math.e), 1 / np.log([2, 3, 4]))


# --------------------------------------------------------------------------- #
# errors
# --------------------------------------------------------------------------- #
EVERY = [precision_at_k, mean_precision_up_to_k, average_precision, dcg, ndcg, err]


@pytest.mark.parametrize("measure", EVERY, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "k, error",
    [(0, ValueError), (-2, ValueError), (2.5, TypeError), ("3", TypeError), (True, TypeError)],
)
def test_bad_k(measure, k, error):
    with pytest.raises(error, match=r"^k "):
        measure([1, 0, 1], [0.3, 0.2, 0.1], k)


@pytest.mark.parametrize("measure", EVERY, ids=lambda f: f.__name__)
@pytest.mark.parametrize(
    "y, s, message",
    [
        ([1, np.nan, 0], [1, 2, 3], "^y_true contains NaN"),
        ([1, 0, 1], [1, np.inf, 3], "^y_score contains NaN or infinite"),
        ([1, 0, 1], [1, 2], "^y_true and y_score must have the same number of documents"),
        (
            [[1, 0], [0, 1]],
            [[1, 2], [3, 4], [5, 6]],
            "^y_true and y_score must have the same number",
        ),
        ([], [], "^y_true is empty"),
        ([[[1]]], [[[1]]], "^y_true must be 1-D"),
        ([[1, 0], [0]], [1, 2], "^y_true could not be read"),
    ],
)
def test_bad_arrays_raise_value_error_naming_the_argument(measure, y, s, message):
    with pytest.raises(ValueError, match=message):
        measure(y, s)


@pytest.mark.parametrize("measure", EVERY, ids=lambda f: f.__name__)
def test_non_numeric_input_raises_type_error(measure):
    with pytest.raises(TypeError, match=r"^y_true"):
        measure(["a", "b"], [1, 2])
    with pytest.raises(TypeError, match=r"^y_score"):
        measure([1, 0], "ab")
    with pytest.raises(TypeError, match=r"^y_score must contain real"):
        measure([1, 0], [1j, 2])


@pytest.mark.parametrize("measure", [dcg, ndcg, err], ids=lambda f: f.__name__)
def test_negative_grades_are_rejected(measure):
    with pytest.raises(ValueError, match=r"^y_true must hold non-negative relevance grades"):
        measure([2, -1, 0], [1, 2, 3])
    with pytest.raises(ValueError, match=r"^y_true must hold non-negative"):
        dcg_gains([-0.5])


@pytest.mark.parametrize(
    "measure", [precision_at_k, mean_precision_up_to_k, average_precision], ids=lambda f: f.__name__
)
def test_binary_measures_reject_grades(measure):
    with pytest.raises(ValueError, match=r"^y_true must hold binary relevance labels in \{0, 1\}"):
        measure([2, 0, 1], [1, 2, 3])
    assert measure([True, False], [2, 1]) == measure([1, 0], [2, 1])


def test_undefined_normalisations():
    with pytest.raises(ValueError, match=r"no relevant document .* average precision is 0 / 0"):
        average_precision([0, 0, 0], [1, 2, 3])
    with pytest.raises(ValueError, match=r"NDCG is 0 / 0"):
        ndcg([0, 0], [1, 2])
    assert np.isnan(average_precision([0, 0], [1, 2], if_no_relevant="nan"))
    assert ndcg([0, 0], [1, 2], if_no_relevant="zero") == 0.0
    with pytest.raises(ValueError, match=r"^if_no_relevant must be one of"):
        ndcg([1, 0], [1, 2], if_no_relevant="skip")
    # the measures that are never 0 / 0 are simply 0
    assert precision_at_k([0, 0], [1, 2]) == 0.0
    assert dcg([0, 0], [1, 2]) == 0.0
    assert err([0, 0], [1, 2]) == 0.0


def test_option_errors():
    with pytest.raises(ValueError, match=r"^gain must be one of"):
        dcg([1, 0], [1, 2], gain="quadratic")
    with pytest.raises(ValueError, match=r"^log_base must be > 1"):
        dcg([1, 0], [1, 2], log_base=1)
    with pytest.raises(TypeError, match=r"^log_base must be a real"):
        dcg([1, 0], [1, 2], log_base="2")
    with pytest.raises(ValueError, match=r"too large for the exponential gain"):
        dcg([2000, 0], [1, 2])
    assert dcg([2000, 0], [1, 2], gain="linear") == pytest.approx(2000 / math.log2(3), rel=1e-12)
    with pytest.raises(ValueError, match=r"^n_positions must be >= 1"):
        dcg_discounts(0)
    with pytest.raises(ValueError, match=r"above max_grade"):
        err([3, 0], [1, 2], max_grade=2)
    with pytest.raises(ValueError, match=r"^max_grade must be >= 0"):
        err([0, 0], [1, 2], max_grade=-1)
    with pytest.raises(ValueError, match=r"probabilities in"):
        err([0.5, 1.5], [1, 2], satisfaction="given")
    with pytest.raises(ValueError, match=r"^max_grade must be None"):
        err([0.5, 0.5], [1, 2], satisfaction="given", max_grade=1)
    with pytest.raises(ValueError, match=r"^satisfaction must be one of"):
        err([1, 0], [1, 2], satisfaction="linear")


def test_a_huge_cutoff_is_served_without_allocating_it():
    # y = [1, 0, 0] on the ideal ranking: (1 / k) sum_{r=1}^{k} 1 / r = H_k / k
    k = 10**12
    harmonic = math.log(k) + 0.5772156649015329 + 1 / (2 * k)
    assert mean_precision_up_to_k([1, 0, 0], [3, 2, 1], k=k) == pytest.approx(
        harmonic / k, rel=1e-12
    )
    # the closed-form tail agrees with the term-by-term sum where both are cheap
    k = 2 * 10**6
    exact = sum(1.0 / r for r in range(1, k + 1)) / k
    assert mean_precision_up_to_k([1, 0, 0], [3, 2, 1], k=k) == pytest.approx(exact, rel=1e-12)


def test_sizes_beyond_the_limits_are_refused_up_front():
    with pytest.raises(ValueError, match=f"k must be <= {MAX_CUTOFF}"):
        precision_at_k([1, 0], [2, 1], k=MAX_CUTOFF + 1)
    with pytest.raises(ValueError, match=f"n_positions must be <= {MAX_POSITIONS}"):
        dcg_discounts(10**12)


def test_sums_that_would_overflow_are_refused():
    huge = [1.5e308, 1.5e308, 0.0]
    with pytest.raises(ValueError, match="y_true grades are too large: the DCG overflows"):
        dcg(huge, [3, 2, 1], gain="linear")
    with pytest.raises(ValueError, match="y_true grades are too large: the DCG overflows"):
        ndcg(huge, [3, 2, 1], gain="linear")
    with pytest.raises(ValueError, match="max_grade must be < 1000"):
        err([1, 0], [2, 1], max_grade=1e4)


def test_an_overflowing_ideal_dcg_is_refused_not_turned_into_zero():
    # the ranking puts the huge grades at the bottom: its DCG is finite, the ideal one is not
    y = [0.0, 1.5e308, 1.5e308]
    with pytest.raises(ValueError, match="the ideal DCG overflows"):
        ndcg(y, [3, 2, 1], gain="linear")


def test_err_refuses_tie_groups_too_large_for_the_exact_average():
    n = MAX_ERR_TIES + 1
    with pytest.raises(ValueError, match=r"y_score ties too many documents.*MAX_ERR_TIES"):
        err(np.ones(n), np.zeros(n))
    # the same tie below the cut-off costs nothing and is served
    scores = np.r_[1.0, np.zeros(n)]
    assert err(np.r_[1.0, np.ones(n)], scores, k=1) == pytest.approx(0.5)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=1, max_size=12))
def test_oppositely_ordered_pairs_match_a_double_loop(values):
    first, second = (np.array(v, dtype=float) for v in zip(*values, strict=True))
    brute = [
        (a, b)
        for a in range(len(values))
        for b in range(len(values))
        if first[a] > first[b] and second[a] < second[b]
    ]
    assert [tuple(p) for p in oppositely_ordered_pairs(first, second)] == brute


def test_oppositely_ordered_pairs_ignore_rounding_noise():
    # 0.1 + 0.2 and 0.3 tie after rounding, so the pair is not a disagreement
    assert len(oppositely_ordered_pairs([0.1 + 0.2, 0.3], [0.0, 1.0])) == 0
    assert len(oppositely_ordered_pairs([0.1 + 0.2, 0.3], [0.0, 1.0], decimals=15)) == 0
    np.testing.assert_array_equal(oppositely_ordered_pairs([2, 1], [1, 2]), [[0, 1]])


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"first": [1.0, 2.0], "second": [1.0]}, ValueError, "same length"),
        ({"first": [1.0, np.nan], "second": [1.0, 2.0]}, ValueError, "first"),
        ({"first": [1.0, 2.0], "second": [[1.0, 2.0]]}, ValueError, "second"),
        ({"first": [1.0, 2.0], "second": [1.0, 2.0], "decimals": -1}, ValueError, "decimals"),
        ({"first": np.zeros(6000), "second": np.zeros(6000)}, ValueError, "first"),
    ],
)
def test_oppositely_ordered_pairs_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        oppositely_ordered_pairs(**kwargs)


def _cascade_by_outcomes(R, w):
    """Expected earning over the 2^n satisfaction outcomes: w at the first satisfied position."""
    total = 0.0
    for outcome in itertools.product((0, 1), repeat=len(R)):
        probability = math.prod(r if o else 1 - r for r, o in zip(R, outcome, strict=True))
        if any(outcome):
            total += probability * w[outcome.index(1)]
    return total


@given(
    st.lists(st.sampled_from([0.0, 0.2, 0.5, 0.9, 1.0]), min_size=1, max_size=6),
    st.lists(st.floats(-2, 2), min_size=6, max_size=6),
)
def test_cascade_utility_is_the_expected_earning_of_the_stopping_user(R, weights):
    w = weights[: len(R)]
    assert math.isclose(cascade_utility(R, w), _cascade_by_outcomes(R, w), abs_tol=1e-12)


def test_cascade_utility_with_reciprocal_ranks_is_err_on_every_ranking():
    R = np.array([0.1, 0.7, 0.4, 1.0])
    rankings = all_permutations(4)
    top_down = R[np.argsort(rankings, axis=1)]
    np.testing.assert_allclose(
        cascade_utility(top_down, 1 / np.arange(1, 5)),
        err(R, -rankings.astype(float), satisfaction="given"),
    )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"satisfaction": [0.5, 1.5], "position_weights": [1, 1]}, "satisfaction"),
        ({"satisfaction": 0.5, "position_weights": [1]}, "satisfaction"),
        ({"satisfaction": [0.5, 0.5], "position_weights": [1, 1, 1]}, "position_weights"),
        ({"satisfaction": [0.5, 0.5], "position_weights": [1, np.inf]}, "position_weights"),
    ],
)
def test_cascade_utility_errors(kwargs, message):
    with pytest.raises(ValueError, match=message):
        cascade_utility(**kwargs)
