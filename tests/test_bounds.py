"""rankviz.bounds: the AUC deviation bound (chapter 02) and the margin bounds (chapter 04).

Oracles: hand-computed values, the bounds' properties and simulations of their failure
rates; exact Rademacher complexities by enumerating all 2^m sign vectors (and, for stumps,
every threshold); the margin bounds' formulas written out term by term.
"""

import itertools
import math

import numpy as np
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st
from scipy import stats

from rankviz.bounds import (
    MAX_DRAWS,
    BipartiteMarginBound,
    MarginBound,
    auc_deviation_bound,
    bipartite_margin_bound,
    empirical_auc_law,
    empirical_rademacher_linear,
    empirical_rademacher_stumps,
    margin_loss,
    ranking_margin_bound,
)
from rankviz.distributions import Binormal
from rankviz.metrics import auc
from rankviz.ranksvm import LinearUtilityModel, rank_svm

finite = st.floats(-3, 3, allow_nan=False, allow_subnormal=False)


# --------------------------------------------------------------------------- #
# chapter 02: the AUC deviation bound
# --------------------------------------------------------------------------- #
def test_hand_computed_values():
    # Hoeffding: sqrt(log(2 / 0.05) / (2 * 100)); McDiarmid: sqrt((1/100 + 1/100) log(40) / 2)
    assert auc_deviation_bound(100, 100, 0.05) == pytest.approx(math.sqrt(math.log(40) / 200))
    assert auc_deviation_bound(100, 100, 0.05, method="mcdiarmid") == pytest.approx(
        math.sqrt(0.02 * math.log(40) / 2)
    )
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
        10, 10**6, 0.05
    )


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


# --------------------------------------------------------------------------- #
# chapter 04: margin losses, Rademacher complexities and margin bounds
# --------------------------------------------------------------------------- #
def phi(u, rho):
    """Phi_rho of Mohri et al., definition 5.5, written case by case."""
    if u <= 0:
        return 1.0
    if u <= rho:
        return 1.0 - u / rho
    return 0.0


# --------------------------------------------------------------------------- #
# margin_loss
# --------------------------------------------------------------------------- #
def test_margin_loss_hand_computed():
    margins = [-0.5, 0.1, 0.4, 2.0]
    assert margin_loss(margins, 0.5) == pytest.approx((1 + 0.8 + 0.2 + 0) / 4)
    assert margin_loss(margins, 0.5, kind="indicator") == 0.75
    assert margin_loss(margins, 3.0) == pytest.approx(
        (1 + (1 - 0.1 / 3) + (1 - 0.4 / 3) + (1 - 2 / 3)) / 4
    )
    # a margin exactly at rho: Phi = 0, but the indicator (u <= rho) counts it
    assert margin_loss([0.5], 0.5) == 0.0
    assert margin_loss([0.5], 0.5, kind="indicator") == 1.0
    assert margin_loss([0.0], 0.5) == 1.0


@given(
    st.lists(finite, min_size=1, max_size=40), st.lists(st.floats(1e-3, 4), min_size=1, max_size=8)
)
def test_margin_loss_matches_the_definition(margins, rhos):
    rhos = np.array(rhos)
    loss = margin_loss(margins, rhos)
    indicator = margin_loss(margins, rhos, kind="indicator")
    for k, rho in enumerate(rhos):
        expected = np.mean([phi(u, rho) for u in margins])
        assert loss[k] == pytest.approx(expected, abs=1e-12)
        assert indicator[k] == np.mean(np.array(margins) <= rho)
        # (10.4): Phi_rho <= 1[u <= rho]; and 1[u <= 0] <= Phi_rho
        assert np.mean(np.array(margins) <= 0) - 1e-12 <= loss[k] <= indicator[k] + 1e-12
        assert margin_loss(margins, float(rho)) == pytest.approx(loss[k], abs=1e-12)


@given(st.lists(finite, min_size=1, max_size=30))
def test_margin_loss_grows_with_rho_and_tends_to_the_error(margins):
    u = np.array(margins)
    rhos = np.linspace(1e-9, 5, 50)
    loss = margin_loss(margins, rhos)
    assert np.all(np.diff(loss) >= -1e-12)
    # below the smallest positive margin, only the misordered pairs pay: the error (10.2)
    small = 0.5 * u[u > 0].min() if (u > 0).any() else 1.0
    assume(small > 0)  # half the smallest positive float is 0
    assert margin_loss(margins, small) == pytest.approx(np.mean(u <= 0), abs=1e-12)


def test_margin_loss_accepts_a_table_of_margins():
    table = np.array([[0.2, -0.1], [0.9, 0.3]])
    assert margin_loss(table, 0.5) == margin_loss(table.ravel(), 0.5)


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (([0.1], 0.0), {}, ValueError, "rho must be > 0"),
        (([0.1], -1.0), {}, ValueError, "rho must be > 0"),
        (([0.1], [0.5, 0.0]), {}, ValueError, "rho must be > 0"),
        (([0.1], np.nan), {}, ValueError, "rho must be finite"),
        (([0.1], "0.5"), {}, TypeError, "rho"),
        (([], 0.5), {}, ValueError, "margins is empty"),
        (([0.1, np.nan], 0.5), {}, ValueError, "margins contains NaN"),
        (("abc", 0.5), {}, TypeError, "margins"),
        (([0.1], 0.5), {"kind": "hinge"}, ValueError, "kind must be one of"),
    ],
)
def test_margin_loss_errors(args, kwargs, error, message):
    with pytest.raises(error, match=message):
        margin_loss(*args, **kwargs)


# --------------------------------------------------------------------------- #
# Rademacher complexities
# --------------------------------------------------------------------------- #
def all_signs(m):
    return np.array(list(itertools.product([-1.0, 1.0], repeat=m)))


def exact_linear(X, Lambda, K=None):
    signs = all_signs(X.shape[0])
    if K is None:
        values = np.linalg.norm(signs @ X, axis=1)
    else:
        values = np.sqrt(np.einsum("ki,ij,kj->k", signs, K, signs))
    return Lambda * values.mean() / X.shape[0]


def test_rademacher_of_identical_points_is_a_binomial_mean():
    # m copies of x = 0.5: (1/m) 0.5 E|S_m|, E|S_10| = 10 C(10, 5) / 2^10
    exact = 0.5 * (10 * math.comb(10, 5) / 2**10) / 10
    assert exact_linear(np.full((10, 1), 0.5), 1.0) == pytest.approx(exact)
    est = empirical_rademacher_linear(np.full((10, 1), 0.5), 1.0, n_draws=20_000, rng=3)
    assert est.low <= exact <= est.high
    assert est.bound == pytest.approx(0.5 / math.sqrt(10))


@pytest.mark.parametrize("kernel", ["linear", "gaussian"])
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_rademacher_estimate_brackets_the_exact_value_and_stays_below_the_bound(kernel, seed):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(9, 3))
    K = None
    if kernel == "gaussian":
        sq = ((X[:, None, :] - X[None, :, :]) ** 2).sum(-1)
        K = np.exp(-sq / (2 * 0.8**2))
    exact = exact_linear(X, 2.0, K)
    est = empirical_rademacher_linear(X, 2.0, n_draws=4000, rng=seed, kernel=kernel, sigma=0.8)
    assert est.low <= exact <= est.high
    # the Monte Carlo estimate lies below Lambda r / sqrt(m); for the Gaussian kernel on
    # spread-out points K is nearly the identity and the bound is nearly tight
    assert est.estimate <= est.bound and exact <= est.bound
    if kernel == "linear":
        assert est.high < est.bound
    r = 1.0 if kernel == "gaussian" else np.linalg.norm(X, axis=1).max()
    assert est.bound == pytest.approx(2.0 * r / 3.0)
    # the intermediate bound Lambda sqrt(trace K) / m sits in between
    trace = (X * X).sum() if K is None else np.trace(K)
    assert exact <= 2.0 * math.sqrt(trace) / 9 <= est.bound + 1e-12


def test_rademacher_is_linear_in_lambda_and_reproducible():
    X = np.random.default_rng(5).uniform(-1, 1, size=(50, 2))
    one = empirical_rademacher_linear(X, 1.0, n_draws=300, rng=7)
    three = empirical_rademacher_linear(X, 3.0, n_draws=300, rng=7)
    assert three.estimate == pytest.approx(3 * one.estimate)
    assert three.half_width == pytest.approx(3 * one.half_width)
    assert empirical_rademacher_linear(X, 0.0, n_draws=10).estimate == 0.0
    again = empirical_rademacher_linear(X, 1.0, n_draws=300, rng=7)
    assert again.estimate == one.estimate
    assert "closed-form bound" in repr(one)


def test_reading_r_as_sup_K_instead_of_its_square_root_breaks_the_bound():
    """Corollary 10.2 as printed has r = sup K(x, x); the proof needs r^2 = sup K(x, x)."""
    X = np.full((10, 1), 0.5)  # K(x, x) = 1/4
    exact = exact_linear(X, 1.0)
    as_printed = 1.0 * 0.25 / math.sqrt(10)  # Lambda sup K(x,x) / sqrt(m)
    assert as_printed < exact <= empirical_rademacher_linear(X, 1.0, n_draws=10).bound


def exact_stumps(X):
    """sup over every stump 1[x_k > t], 1[x_k <= t] (t anywhere), averaged over all signs."""
    m, d = X.shape
    patterns = [np.zeros(m), np.ones(m)]
    for k in range(d):
        values = np.unique(X[:, k])
        for t in np.concatenate(([values[0] - 1], (values[:-1] + values[1:]) / 2)):
            above = (X[:, k] > t).astype(float)
            patterns += [above, 1 - above]
    patterns = np.unique(np.array(patterns), axis=0)
    assert len(patterns) <= 2 * d * (m + 1)  # the count behind Massart's bound
    signs = all_signs(m)
    return (signs @ patterns.T).max(axis=1).mean() / m


@pytest.mark.parametrize("seed", [0, 1])
def test_stump_rademacher_brackets_the_exact_value_under_massart(seed):
    rng = np.random.default_rng(seed)
    X = np.round(rng.normal(size=(8, 2)), 1)
    exact = exact_stumps(X)
    est = empirical_rademacher_stumps(X, n_draws=4000, rng=seed)
    assert est.low <= exact <= est.high
    assert exact < est.bound == pytest.approx(math.sqrt(2 * math.log(2 * 2 * 9) / 8))


def test_stump_rademacher_with_constant_features_is_that_of_the_constants():
    # only the constants 0 and 1: E max(0, sum sigma) / m
    X = np.ones((6, 2))
    exact = np.maximum(all_signs(6).sum(axis=1), 0).mean() / 6
    est = empirical_rademacher_stumps(X, n_draws=8000, rng=1)
    assert est.low <= exact <= est.high


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: empirical_rademacher_linear([[1.0]], -1.0), ValueError, "Lambda must be >= 0"),
        (lambda: empirical_rademacher_linear([[1.0]], 1.0, n_draws=0), ValueError, "n_draws"),
        (lambda: empirical_rademacher_linear([1.0, 2.0], 1.0), ValueError, "X must be 2-D"),
        (lambda: empirical_rademacher_linear([[1.0]], 1.0, kernel="rbf"), ValueError, "kernel"),
        (
            lambda: empirical_rademacher_linear([[1.0]], 1.0, kernel="gaussian", sigma=0.0),
            ValueError,
            "sigma must be >= 1e-100",
        ),
        (
            lambda: empirical_rademacher_linear([[1.0]], 1.0, confidence=1.0),
            ValueError,
            "confidence",
        ),
        (lambda: empirical_rademacher_linear([[1.0]], 1.0, rng="a"), TypeError, "rng"),
        (lambda: empirical_rademacher_stumps([[np.nan]]), ValueError, "NaN"),
        (lambda: empirical_rademacher_stumps([[1.0]], n_draws=1.5), TypeError, "n_draws"),
    ],
)
def test_rademacher_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --------------------------------------------------------------------------- #
# ranking_margin_bound
# --------------------------------------------------------------------------- #
MARGINS = np.array([-0.2, 0.05, 0.3, 0.6, 1.1] * 40)  # m = 200


def test_bound_10_7_by_hand():
    rho, delta, Lambda, r = 0.5, 0.05, 2.0, 0.5
    b = ranking_margin_bound(MARGINS, rho, delta, Lambda=Lambda, r=r)
    assert b.equation == "10.7" and b.m == 200
    assert b.margin_loss == pytest.approx((1 + 0.9 + 0.4 + 0 + 0) / 5)
    assert b.complexity == pytest.approx(4 * math.sqrt(r**2 * Lambda**2 / rho**2 / 200))
    assert b.confidence == pytest.approx(math.sqrt(math.log(1 / delta) / 400))
    assert b.uniform_cost == 0.0
    assert b.total == pytest.approx(b.margin_loss + b.complexity + b.confidence)


def test_bounds_10_5_and_10_6_by_hand():
    b5 = ranking_margin_bound(MARGINS, 0.25, 0.1, rademacher=(0.03, 0.05))
    assert b5.equation == "10.5"
    assert b5.complexity == pytest.approx(2 / 0.25 * 0.08)
    assert b5.confidence == pytest.approx(math.sqrt(math.log(10) / 400))
    b6 = ranking_margin_bound(MARGINS, 0.25, 0.1, rademacher=(0.03, 0.05), empirical=True)
    assert b6.equation == "10.6"
    assert b6.complexity == b5.complexity
    assert b6.confidence == pytest.approx(3 * math.sqrt(math.log(20) / 400))
    # (10.7) is (10.5) with R1 = R2 = Lambda r / sqrt(m)
    b7 = ranking_margin_bound(MARGINS, 0.25, 0.1, Lambda=1.5, r=0.8)
    b5_equiv = ranking_margin_bound(MARGINS, 0.25, 0.1, rademacher=(1.2 / math.sqrt(200),) * 2)
    assert b7.total == pytest.approx(b5_equiv.total)


def test_uniform_bound_by_hand():
    rho, delta = 0.25, 0.05
    b = ranking_margin_bound(MARGINS, rho, delta, Lambda=1.0, r=1.0, uniform=True)
    assert b.equation == "10.7 uniform"
    assert b.complexity == pytest.approx(4 / rho * 2 / math.sqrt(200))
    assert b.uniform_cost == pytest.approx(math.sqrt(math.log(math.log2(2 / rho)) / 200))
    assert b.confidence == pytest.approx(math.sqrt(math.log(2 / delta) / 400))
    # at rho = 1 the log log term vanishes
    assert (
        ranking_margin_bound(MARGINS, 1.0, delta, Lambda=1.0, r=1.0, uniform=True).uniform_cost
        == 0.0
    )


@given(st.floats(1e-3, 1.0), st.floats(1e-4, 0.99), st.floats(0, 5), st.floats(0, 5))
def test_the_uniform_bound_costs_more_than_the_fixed_one(rho, delta, Lambda, r):
    fixed = ranking_margin_bound(MARGINS, rho, delta, Lambda=Lambda, r=r)
    uniform = ranking_margin_bound(MARGINS, rho, delta, Lambda=Lambda, r=r, uniform=True)
    assert uniform.total >= fixed.total - 1e-12
    assert uniform.margin_loss == fixed.margin_loss


def test_array_of_rho_agrees_with_scalars_and_best_finds_the_minimum():
    rhos = np.linspace(0.05, 1.0, 20)
    many = ranking_margin_bound(MARGINS, rhos, 0.05, Lambda=0.3, r=1.0, uniform=True)
    totals = [
        ranking_margin_bound(MARGINS, float(rho), 0.05, Lambda=0.3, r=1.0, uniform=True).total
        for rho in rhos
    ]
    np.testing.assert_allclose(many.total, totals)
    best = many.best()
    assert best.total == pytest.approx(min(totals))
    assert best.rho == rhos[int(np.argmin(totals))]
    assert isinstance(best, MarginBound) and best.best() is best
    assert "smallest" in repr(many) and "margin loss" in repr(best)


@pytest.mark.slow
def test_the_bound_holds_in_simulation_and_the_complexity_term_is_needed():
    """At delta = 0.1, (10.7) fails in at most 10% of 60 draws; without the complexity
    term, a high-dimensional SVM that fits its training pairs breaks the promise."""
    delta, rho, m = 0.1, 0.5, 60
    low_dim, high_dim = LinearUtilityModel(d=2, noise=0.1), LinearUtilityModel(d=60, noise=0.1)
    fails, naive_fails = 0, 0
    for seed in range(60):
        X, pairs, labels = low_dim.sample(m, rng=seed)
        svm = rank_svm(X, pairs, labels, C=1.0, method="liblinear")
        w = svm.w / svm.norm  # Lambda = 1, r = 1 (unit ball)
        margins = labels * ((X[1::2] - X[::2]) @ w)
        bound = ranking_margin_bound(margins, rho, delta, Lambda=1.0, r=1.0)
        fails += low_dim.pairwise_error(w) > bound.total
        X, pairs, labels = high_dim.sample(m, rng=seed)
        svm = rank_svm(X, pairs, labels, C=100.0, method="liblinear")
        margins = svm.pairwise_margins(X, pairs, labels)
        naive = np.mean(margins <= 0) + math.sqrt(math.log(1 / delta) / (2 * m))
        naive_fails += high_dim.pairwise_error(svm.w) > naive
    assert fails <= delta * 60
    assert naive_fails > 0.5 * 60


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"rho": 0.0}, ValueError, "rho must be > 0"),
        ({"rho": -0.1}, ValueError, "rho must be > 0"),
        ({"rho": 1.5, "uniform": True}, ValueError, r"rho must lie in \(0, 1\]"),
        ({"delta": 0.0}, ValueError, "delta must lie strictly between 0 and 1"),
        ({"delta": 1.0}, ValueError, "delta must lie strictly between 0 and 1"),
        ({"delta": -0.5}, ValueError, "delta"),
        ({"Lambda": -1.0}, ValueError, "Lambda must be >= 0"),
        ({"r": -1.0}, ValueError, "r must be >= 0"),
        ({"Lambda": None}, ValueError, "give either Lambda and r"),
        ({"rademacher": (0.1, 0.1)}, ValueError, "not both"),
        ({"Lambda": None, "r": None, "rademacher": (0.1,)}, ValueError, "pair"),
        (
            {"Lambda": None, "r": None, "rademacher": (0.1, -0.2)},
            ValueError,
            r"rademacher\[1\] must be >= 0",
        ),
        (
            {
                "Lambda": None,
                "r": None,
                "rademacher": (0.1, 0.1),
                "empirical": True,
                "uniform": True,
            },
            ValueError,
            "not for the empirical",
        ),
        ({"empirical": True}, ValueError, "empirical=True needs"),
        ({"Lambda": "1"}, TypeError, "Lambda must be a real number"),
        ({"margins": []}, ValueError, "margins is empty"),
    ],
)
def test_bound_errors(kwargs, error, message):
    args = {"margins": MARGINS, "rho": 0.5, "delta": 0.05, "Lambda": 1.0, "r": 1.0, **kwargs}
    with pytest.raises(error, match=message):
        ranking_margin_bound(args.pop("margins"), args.pop("rho"), args.pop("delta"), **args)


# --------------------------------------------------------------------------- #
# bipartite_margin_bound (lecture 04, section 12)
# --------------------------------------------------------------------------- #
TABLE = np.array([[0.6, -0.1, 0.2], [1.0, 0.4, 0.0]])  # m = 2 positives, n = 3 negatives


def test_bipartite_bound_by_hand():
    rho, delta = 0.5, 0.1
    b = bipartite_margin_bound(TABLE, rho, delta, Lambda=2.0, r=0.5)
    assert isinstance(b, BipartiteMarginBound) and (b.m, b.n) == (2, 3)
    expected_loss = np.mean([phi(u, rho) for u in TABLE.ravel()])
    assert b.margin_loss == pytest.approx(expected_loss)
    # k = min(m, n) = 2: (2 / rho) * 2 Lambda r / sqrt(2)
    assert b.complexity == pytest.approx(2 / rho * 2 * 2.0 * 0.5 / math.sqrt(2))
    assert b.confidence == pytest.approx(math.sqrt(math.log(1 / delta) * (1 / 2 + 1 / 3) / 2))
    assert b.total == pytest.approx(b.margin_loss + b.complexity + b.confidence)
    given_complexities = bipartite_margin_bound(TABLE, rho, delta, rademacher=(0.1, 0.3))
    assert given_complexities.complexity == pytest.approx(2 / rho * 0.4)
    assert "2 positives" in repr(b) and "3 negatives" in repr(b)


def test_bipartite_bound_is_symmetric_in_the_two_classes_and_larger_than_the_iid_reading():
    table = np.random.default_rng(0).normal(size=(7, 40))
    a = bipartite_margin_bound(table, 0.3, 0.05, Lambda=1.0, r=1.0)
    b = bipartite_margin_bound(table.T, 0.3, 0.05, Lambda=1.0, r=1.0)  # the roles swapped
    assert a.complexity == pytest.approx(b.complexity)
    assert a.confidence == pytest.approx(b.confidence)
    iid_reading = ranking_margin_bound(table, 0.3, 0.05, Lambda=1.0, r=1.0)  # m n "pairs"
    assert a.margin_loss == pytest.approx(iid_reading.margin_loss)
    assert a.complexity > iid_reading.complexity and a.confidence > iid_reading.confidence


def test_bipartite_bound_for_a_fixed_scorer_holds_and_the_iid_reading_does_not():
    """A scorer fixed in advance (complexity 0): positives score 0 or 2, negatives 1, so
    R(h) = 1/2. The two-sample bound fails in at most delta of the draws; treating the
    m n cross pairs as i.i.d. fails far more often."""
    gen = np.random.default_rng(1)
    m, n, delta, draws = 20, 60, 0.1, 400
    fails, iid_fails = 0, 0
    for _ in range(draws):
        positives = gen.choice([0.0, 2.0], size=m)
        table = positives[:, None] - np.ones(n)[None, :]
        bound = bipartite_margin_bound(table, 0.5, delta, rademacher=(0.0, 0.0))
        iid = ranking_margin_bound(table, 0.5, delta, rademacher=(0.0, 0.0))
        fails += 0.5 > bound.total
        iid_fails += 0.5 > iid.total
    assert fails <= delta * draws
    assert iid_fails > 3 * delta * draws


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"margins": np.ones(4)}, ValueError, "margins must be 2-D"),
        ({"margins": np.ones((0, 3))}, ValueError, "margins is empty"),
        ({"rho": 0.0}, ValueError, "rho must be > 0"),
        ({"delta": 1.0}, ValueError, "delta must lie strictly between 0 and 1"),
        ({"Lambda": -1.0}, ValueError, "Lambda must be >= 0"),
        ({"Lambda": None}, ValueError, "give either Lambda and r"),
        # the messages name the two classes' complexities, not eqs. 10.5-10.7 of the pair setting
        (
            {"Lambda": None},
            ValueError,
            r"rademacher=\(R\+, R-\), the complexities on k = min\(m, n\)",
        ),
        (
            {"Lambda": None, "r": None, "rademacher": (0.1,)},
            ValueError,
            r"rademacher must be a pair \(R\+, R-\) of the complexities on k = min\(m, n\) points",
        ),
        ({"rademacher": (0.1, 0.1)}, ValueError, "not both"),
        ({"rho": 1e-320}, ValueError, "the bound is not finite"),
        ({"rho": "0.5"}, TypeError, "rho must be a real number"),
    ],
)
def test_bipartite_bound_errors(kwargs, error, message):
    args = {"margins": TABLE, "rho": 0.5, "delta": 0.05, "Lambda": 1.0, "r": 1.0, **kwargs}
    with pytest.raises(error, match=message):
        bipartite_margin_bound(args.pop("margins"), args.pop("rho"), args.pop("delta"), **args)


# --------------------------------------------------------------------------- #
# sizes and scales a laptop cannot serve, and arguments of the wrong kind
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize(
    "function",
    [
        lambda n: empirical_rademacher_linear([[0.5], [1.0]], 1.0, n_draws=n),
        lambda n: empirical_rademacher_stumps([[0.5], [1.0]], n_draws=n),
    ],
)
def test_rademacher_estimates_refuse_too_many_draws_up_front(function):
    with pytest.raises(ValueError, match=f"n_draws must be <= {MAX_DRAWS}"):
        function(10**9)


def test_the_linear_rademacher_estimate_is_homogeneous_even_near_overflow():
    X = np.array([[0.5, -1.0], [1.0, 0.25], [2.0, 2.0]])
    small = empirical_rademacher_linear(X, 1.0, n_draws=200, rng=3)
    huge = empirical_rademacher_linear(X * 1e200, 1.0, n_draws=200, rng=3)
    for field in ("estimate", "half_width", "bound"):
        assert getattr(huge, field) == pytest.approx(1e200 * getattr(small, field), rel=1e-12)
    with pytest.raises(ValueError, match=r"Lambda .* overflows"):
        empirical_rademacher_linear(X * 1e200, 1e300, n_draws=10)


def test_the_gaussian_rademacher_estimate_is_finite_for_far_apart_points():
    # |a|^2 + |b|^2 - 2 a.b overflows to inf - inf; the differences give kernel 0 instead
    X = np.array([[1e200], [-1e200], [3e200]])
    est = empirical_rademacher_linear(X, 1.0, n_draws=50, kernel="gaussian", sigma=1.0)
    # K is the identity: sqrt(sigma' K sigma) / m = sqrt(m) / m for every draw
    assert est.estimate == pytest.approx(1.0 / math.sqrt(3.0))
    with pytest.raises(ValueError, match="sigma must be >= 1e-100"):
        empirical_rademacher_linear(X, 1.0, kernel="gaussian", sigma=1e-200)


@pytest.mark.parametrize("flag", ["empirical", "uniform"])
@pytest.mark.parametrize("value", [None, "yes", 2, np.nan])
def test_the_margin_bound_flags_must_be_booleans(flag, value):
    with pytest.raises(TypeError, match=flag):
        ranking_margin_bound([0.5, 1.0], 0.5, 0.05, Lambda=1.0, r=1.0, **{flag: value})


@pytest.mark.parametrize(
    "kwargs",
    [
        {"rho": 1e-320},
        {"delta": 1e-320},
        {"Lambda": 1e308, "r": 1e308},
    ],
)
def test_a_margin_bound_that_float64_cannot_hold_is_an_error_not_inf(kwargs):
    args = {"margins": [0.5, 1.0], "rho": 0.5, "delta": 0.05, "Lambda": 1.0, "r": 1.0, **kwargs}
    with pytest.raises(ValueError, match="the bound is not finite"):
        ranking_margin_bound(**args)


def test_the_auc_deviation_bound_refuses_a_delta_below_1e_300():
    with pytest.raises(ValueError, match="delta must be >= 1e-300"):
        auc_deviation_bound(10, 10, 1e-320)


# ---- empirical_auc_law: the exact law of the AUC for discrete scores ---------------------------


def brute_force_auc_law(m, n, pos, p, neg, q, ties):
    """Every sample of m positives and n negatives, its probability and its AUC (pairs counted)."""
    credit = {"half": 0.5, "mohri": 1.0, "strict": 0.0}[ties]
    law = {}
    for a in itertools.product(range(len(pos)), repeat=m):
        for b in itertools.product(range(len(neg)), repeat=n):
            weight = np.prod([p[i] for i in a]) * np.prod([q[j] for j in b])
            wins = sum(
                1.0 if pos[i] > neg[j] else credit if pos[i] == neg[j] else 0.0
                for i in a
                for j in b
            )
            key = round(wins / (m * n), 9)
            law[key] = law.get(key, 0.0) + weight
    return law


def collected(law):
    out = {}
    for value, weight in zip(law.values, law.probabilities, strict=True):
        key = round(float(value), 9)
        out[key] = out.get(key, 0.0) + weight
    return out


@pytest.mark.parametrize("ties", ["half", "mohri", "strict"])
@pytest.mark.parametrize(
    ("m", "n", "pos", "p", "neg", "q"),
    [
        (3, 2, [0, 2, 4], [0.2, 0.5, 0.3], [1, 3], [0.6, 0.4]),  # the chapter's three-point laws
        (2, 3, [0, 1, 2], [0.3, 0.3, 0.4], [1, 2], [0.5, 0.5]),  # ties across the classes
        (2, 2, [0, 3], [0.7, 0.3], [1, 2], [0.1, 0.9]),  # negatives merged into one value
        (1, 4, [5.0], [1.0], [0, 5, 9], [0.2, 0.3, 0.5]),
    ],
)
def test_empirical_auc_law_is_the_law_of_auc_over_every_sample(m, n, pos, p, neg, q, ties):
    exact = collected(empirical_auc_law(m, n, pos, p, neg, q, ties=ties))
    oracle = brute_force_auc_law(m, n, pos, p, neg, q, ties)
    assert exact.keys() == {k for k, v in oracle.items() if v > 0}
    assert all(math.isclose(exact[k], oracle[k], abs_tol=1e-12) for k in exact)
    # and each brute-force AUC is what rankviz.metrics.auc says for that sample
    y = np.r_[np.ones(m), np.zeros(n)]
    for a in itertools.product(pos, repeat=m):
        for b in itertools.product(neg, repeat=n):
            assert round(auc(y, np.r_[a, b], ties=ties), 9) in oracle


def test_empirical_auc_law_two_point_is_binomial_whatever_n():
    law = empirical_auc_law(40, 10**6, [0.0, 3.0], [0.8, 0.2], [1.0, 2.0], [0.5, 0.5])
    np.testing.assert_allclose(law.values, np.arange(41) / 40)
    np.testing.assert_allclose(
        law.probabilities, stats.binom.pmf(np.arange(41), 40, 0.2), atol=1e-14
    )
    assert math.isclose(law.mean, 0.2)
    # P(|X/40 - 0.2| > t) from scipy's binomial law
    for t in (0.0, 0.05, 0.1, 0.3):
        k = np.arange(41)
        outside = np.abs(k / 40 - 0.2) > t + 1e-12
        assert math.isclose(
            law.exceedance(t), stats.binom.pmf(k[outside], 40, 0.2).sum(), abs_tol=1e-12
        )


def test_empirical_auc_law_exceedance_shapes_and_mean():
    law = empirical_auc_law(3, 2, [0, 2, 4], [0.2, 0.5, 0.3], [1, 3], [0.6, 0.4])
    assert math.isclose(law.probabilities.sum(), 1.0)
    assert math.isclose(law.mean, 0.3 + 0.5 * 0.6)  # P(positive above negative) = p4 + p2 q1
    assert law.exceedance(np.array([])).shape == (0,)
    assert law.exceedance(1.0) == 0.0 and law.exceedance(0.0) <= 1.0
    assert np.all(np.diff(law.exceedance(np.linspace(0, 1, 50))) <= 0)


def test_empirical_auc_law_refuses_too_many_configurations():
    with pytest.raises(ValueError, match="m and n"):
        empirical_auc_law(5000, 5000, [0, 2, 4], [0.2, 0.5, 0.3], [1, 3], [0.6, 0.4])
    with pytest.raises(ValueError, match="positive_probs"):
        empirical_auc_law(3, 2, [0, 2], [0.2, 0.5], [1, 3], [0.6, 0.4])
    with pytest.raises(ValueError, match="negative_scores"):
        empirical_auc_law(3, 2, [0, 2], [0.5, 0.5], [1, 1], [0.6, 0.4])


def test_rademacher_kernel_matrix_size_is_refused_up_front_and_features_need_none():
    # issue 31, item 3: 1e5 points asked numpy for a 74.5 GiB kernel matrix
    from rankviz.bounds import MAX_KERNEL_POINTS

    big = np.zeros((MAX_KERNEL_POINTS + 1, 1))
    with pytest.raises(ValueError, match=r"X has 5001 points; .* MAX_KERNEL_POINTS = 5000"):
        empirical_rademacher_linear(big, 1.0, n_draws=2, kernel="gaussian")
    with pytest.raises(ValueError, match="MAX_KERNEL_POINTS"):  # d >= m: K is built
        empirical_rademacher_linear(np.zeros((5001, 5001), dtype=np.float32), 1.0, n_draws=2)
    # a linear kernel on fewer features than points never builds K: 1e5 points are fine
    X = np.random.default_rng(0).normal(size=(10**5, 2))
    est = empirical_rademacher_linear(X, 1.0, n_draws=5)
    assert est.m == 10**5 and est.bound == pytest.approx(np.sqrt((X**2).sum(1).max() / 10**5))
    # and gives what the kernel route gives on a sample small enough for both
    Y = X[:50]
    by_features = empirical_rademacher_linear(Y, 2.0, n_draws=40, rng=3)
    by_kernel = empirical_rademacher_linear(
        np.hstack([Y, np.zeros((50, 60))]), 2.0, n_draws=40, rng=3
    )
    assert by_features.estimate == pytest.approx(by_kernel.estimate, rel=1e-12)
    assert by_features.half_width == pytest.approx(by_kernel.half_width, rel=1e-12)
