"""rankviz.ranksvm: ranking SVMs (primal, dual, on-line) and the chapter's data model.

Oracles: strong duality (primal and dual optima agree; for the linear kernel the
dual's w is the primal's w), scikit-learn's LinearSVC on the pair differences
(hinge loss, no intercept), the KKT conditions, and Monte Carlo for the exact
pairwise error of the data model.
"""

import math

import numpy as np
import pytest
from sklearn.svm import LinearSVC

from rankviz import SolverError
from rankviz.bounds import margin_loss
from rankviz.ranksvm import (
    C_RANGE,
    LinearUtilityModel,
    online_rank_svm,
    pair_kernel_matrix,
    rank_svm,
    rank_svm_dual,
)


@pytest.fixture(scope="module")
def sample():
    return LinearUtilityModel(d=3, noise=0.15).sample(80, rng=11)


def separable_sample(m, d, gap, seed):
    """Noise-free pairs whose |u . (x' - x)| >= gap: separable with l2 margin >= gap."""
    model = LinearUtilityModel(d=d, noise=0.0)
    X, _pairs, labels = model.sample(4 * m, rng=seed)
    keep = np.abs((X[1::2] - X[::2]) @ model.u) >= gap
    idx = np.flatnonzero(keep)[:m]
    rows = np.ravel(np.column_stack([2 * idx, 2 * idx + 1]))
    return X[rows], np.arange(2 * idx.size).reshape(-1, 2), labels[idx]


def gaussian_gram(A, B, sigma):
    sq = ((A[:, None, :] - B[None, :, :]) ** 2).sum(-1)
    return np.exp(-sq / (2 * sigma**2))


# --------------------------------------------------------------------------- #
# the pair kernel (10.10)
# --------------------------------------------------------------------------- #
def test_pair_kernel_is_the_gram_matrix_of_the_pair_features(sample):
    X, pairs, _ = sample
    D = X[pairs[:, 1]] - X[pairs[:, 0]]
    np.testing.assert_allclose(pair_kernel_matrix(X, pairs), D @ D.T, atol=1e-12)


def test_gaussian_pair_kernel_follows_the_four_term_formula(sample):
    X, pairs, _ = sample
    K = pair_kernel_matrix(X[:20], pairs[:10], kernel="gaussian", sigma=0.7)
    k = lambda p, q: math.exp(-np.sum((p - q) ** 2) / (2 * 0.7**2))  # noqa: E731
    for i in range(10):
        for j in range(10):
            xi, xpi = X[pairs[i, 0]], X[pairs[i, 1]]
            xj, xpj = X[pairs[j, 0]], X[pairs[j, 1]]
            expected = k(xi, xj) + k(xpi, xpj) - k(xpi, xj) - k(xi, xpj)
            assert K[i, j] == pytest.approx(expected, abs=1e-12)
    assert np.linalg.eigvalsh(K).min() > -1e-10  # a Gram matrix


# --------------------------------------------------------------------------- #
# primal, dual, LinearSVC
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("C", [0.05, 1.0, 20.0])
def test_linear_primal_and_dual_agree(sample, C):
    X, pairs, labels = sample
    primal = rank_svm(X, pairs, labels, C=C)
    dual = rank_svm_dual(X, pairs, labels, C=C)
    assert primal.status == dual.status == "optimal"
    # strong duality, and the dual's w = sum_i alpha_i y_i (x'_i - x_i) is the primal's w
    assert dual.objective == pytest.approx(primal.objective, rel=1e-6)
    np.testing.assert_allclose(dual.w, primal.w, atol=1e-5 * max(1.0, np.abs(primal.w).max()))
    assert dual.primal_objective - dual.objective == pytest.approx(0.0, abs=1e-5 * primal.objective)
    # the primal's multipliers are a dual solution too
    np.testing.assert_allclose(primal.alphas, dual.alphas, atol=1e-4 * C)


def test_kkt_conditions_of_the_dual(sample):
    X, pairs, labels = sample
    C = 1.0
    dual = rank_svm_dual(X, pairs, labels, C=C)
    margins = dual.pairwise_margins(X, pairs, labels)
    alphas = dual.alphas
    assert np.all((alphas >= 0) & (alphas <= C))
    tol = 1e-4
    assert np.all(margins[alphas < tol * C] >= 1 - 1e-3)  # alpha = 0: outside the margin
    assert np.all(margins[alphas > (1 - tol) * C] <= 1 + 1e-3)  # alpha = C: inside or wrong
    free = (alphas > 1e-2 * C) & (alphas < 0.99 * C)
    np.testing.assert_allclose(margins[free], 1.0, atol=1e-3)  # on the margin
    np.testing.assert_allclose(dual.slacks, np.maximum(0, 1 - margins), atol=1e-12)
    assert 0 < dual.n_support <= len(labels)


@pytest.mark.parametrize("C", [0.1, 1.0, 10.0])
def test_primal_agrees_with_scikit_learn_linear_svc(sample, C):
    X, pairs, labels = sample
    Z = labels[:, None] * (X[pairs[:, 1]] - X[pairs[:, 0]])
    # LinearSVC on the oriented differences and their mirror images, C/2 each, is (10.9)
    svc = LinearSVC(
        C=C / 2,
        loss="hinge",
        fit_intercept=False,
        dual=True,
        tol=1e-8,
        max_iter=1_000_000,
        random_state=0,
    )
    svc.fit(np.vstack([Z, -Z]), np.r_[np.ones(len(Z)), -np.ones(len(Z))])
    primal = rank_svm(X, pairs, labels, C=C)
    np.testing.assert_allclose(primal.w, svc.coef_.ravel(), rtol=1e-4, atol=1e-5)
    fast = rank_svm(X, pairs, labels, C=C, method="liblinear")
    assert fast.status == "optimal" and fast.alphas is None
    np.testing.assert_allclose(fast.w, primal.w, rtol=1e-4, atol=1e-5)
    assert fast.objective == pytest.approx(primal.objective, rel=1e-6)


def test_gaussian_primal_and_dual_agree(sample):
    X, pairs, labels = sample
    primal = rank_svm(X, pairs, labels, C=2.0, kernel="gaussian", sigma=0.6)
    dual = rank_svm_dual(X, pairs, labels, C=2.0, kernel="gaussian", sigma=0.6)
    assert primal.w is None and dual.w is None
    assert dual.objective == pytest.approx(primal.objective, rel=1e-6)
    grid = np.random.default_rng(0).uniform(-1, 1, size=(50, 3))
    np.testing.assert_allclose(
        primal.decision_function(grid), dual.decision_function(grid), atol=1e-4
    )
    # the score is sum_i c_i (K(x'_i, x) - K(x_i, x)), evaluated by hand
    c, first, second = dual.pair_coef, X[pairs[:, 0]], X[pairs[:, 1]]
    by_hand = gaussian_gram(grid, second, 0.6) @ c - gaussian_gram(grid, first, 0.6) @ c
    np.testing.assert_allclose(dual.decision_function(grid), by_hand, atol=1e-12)
    K = pair_kernel_matrix(X, pairs, kernel="gaussian", sigma=0.6)
    assert dual.norm == pytest.approx(math.sqrt(c @ K @ c))


def test_gaussian_kernel_ranks_a_radial_utility_that_no_linear_score_can():
    rng = np.random.default_rng(4)
    X = rng.uniform(-1, 1, size=(160, 2))
    pairs = np.arange(160).reshape(-1, 2)
    radius = (X**2).sum(axis=1)
    labels = np.where(radius[pairs[:, 1]] > radius[pairs[:, 0]], 1, -1)
    linear = rank_svm(X, pairs, labels, C=10.0).pairwise_margins(X, pairs, labels)
    gaussian = rank_svm_dual(X, pairs, labels, C=10.0, kernel="gaussian", sigma=0.5)
    assert np.mean(gaussian.pairwise_margins(X, pairs, labels) <= 0) < 0.05
    assert np.mean(linear <= 0) > 0.3


def test_the_hinge_slacks_bound_the_margin_loss_at_rho_1(sample):
    """(10.8): xi_i = max(0, 1 - margin_i) >= Phi_1(margin_i), so the SVM minimizes a bound."""
    X, pairs, labels = sample
    model = rank_svm(X, pairs, labels, C=1.0)
    margins = model.pairwise_margins(X, pairs, labels)
    assert model.slacks.mean() >= margin_loss(margins, 1.0) - 1e-12
    assert model.primal_objective == pytest.approx(model.objective, rel=1e-6)


def test_model_methods(sample):
    X, pairs, labels = sample
    model = rank_svm(X, pairs, labels, C=1.0, method="liblinear")
    np.testing.assert_allclose(model.decision_function(X), X @ model.w)
    margins = model.pairwise_margins(X, pairs, labels)
    np.testing.assert_allclose(margins, labels * ((X[pairs[:, 1]] - X[pairs[:, 0]]) @ model.w))
    np.testing.assert_allclose(model.pairwise_margins(X, pairs), margins * labels)
    assert model.n_support == 0 and "liblinear" in repr(model)
    with pytest.raises(ValueError, match="X must have 3 features"):
        model.decision_function(X[:, :2])
    with pytest.raises(ValueError, match="labels must lie in"):
        model.pairwise_margins(X, pairs, np.zeros(len(pairs)))


# --------------------------------------------------------------------------- #
# the data model
# --------------------------------------------------------------------------- #
def test_exact_pairwise_error_matches_a_large_fresh_sample():
    model = LinearUtilityModel(d=3, noise=0.2, utility=(1.0, -2.0, 0.5))
    X, _pairs, labels = model.sample(100_000, rng=8)
    D = X[1::2] - X[::2]
    for w in ([1.0, 0.0, 0.0], [0.3, -1.0, 0.4], [-1.0, 2.0, -0.5]):
        simulated = np.mean(labels * (D @ np.array(w)) <= 0)
        se = math.sqrt(0.25 / 100_000)
        assert abs(simulated - model.pairwise_error(w)) < 4 * se
    assert model.pairwise_error(model.u) == pytest.approx(0.2)  # Bayes error = noise
    assert model.pairwise_error(-model.u) == pytest.approx(0.8)
    assert model.pairwise_error(np.zeros(3)) == 1.0  # every pair tied
    np.testing.assert_allclose(model.pairwise_error([model.u, -model.u]), [0.2, 0.8])


def test_samples_lie_in_the_unit_ball_and_are_reproducible():
    model = LinearUtilityModel(d=4, noise=0.0)
    X, pairs, labels = model.sample(500, rng=1)
    assert X.shape == (1000, 4) and pairs.shape == (500, 2) and set(labels) <= {-1, 1}
    assert np.linalg.norm(X, axis=1).max() <= 1.0
    assert np.all(labels * ((X[1::2] - X[::2]) @ model.u) >= 0)  # no noise: all clean
    np.testing.assert_array_equal(model.sample(500, rng=1)[0], X)
    assert np.isclose(np.linalg.norm(model.u), 1.0)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (lambda: LinearUtilityModel(d=0), ValueError, "d must be >= 1"),
        (lambda: LinearUtilityModel(noise=0.5), ValueError, "noise must be < 1/2"),
        (lambda: LinearUtilityModel(noise=-0.1), ValueError, "noise must lie in"),
        (lambda: LinearUtilityModel(d=2, utility=(0.0, 0.0)), ValueError, "zero vector"),
        (lambda: LinearUtilityModel(d=2, utility=(1.0,)), ValueError, "utility must have"),
        (lambda: LinearUtilityModel().sample(0), ValueError, "m must be >= 1"),
        (lambda: LinearUtilityModel().pairwise_error([1.0]), ValueError, "w must have shape"),
        (lambda: LinearUtilityModel().pairwise_error([1.0, np.inf]), ValueError, "NaN"),
        (lambda: LinearUtilityModel().pairwise_error("ab"), TypeError, "w must be"),
    ],
)
def test_model_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --------------------------------------------------------------------------- #
# bad input
# --------------------------------------------------------------------------- #
X3 = [[0.0], [1.0], [3.0]]


@pytest.mark.parametrize("solver", [rank_svm, rank_svm_dual])
@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        ((X3, [[0, 1]], [1]), {"C": 0.0}, ValueError, "C must be >= 1e-06"),
        ((X3, [[0, 1]], [1]), {"C": -1.0}, ValueError, "C must be >= 1e-06"),
        ((X3, [[0, 1]], [1]), {"C": "1"}, TypeError, "C must be a real number"),
        ((X3, [[0, 5]], [1]), {}, ValueError, "pairs must index rows of X"),
        (
            (X3, [[0, 1], [1, 2]], [1]),
            {},
            ValueError,
            "labels must have one entry per row of pairs",
        ),
        ((X3, [[0, 1, 2]], [1]), {}, ValueError, r"pairs must have shape \(P, 2\)"),
        ((X3, [[0.0, 1.0]], [1]), {}, TypeError, "pairs must contain integer"),
        ((X3, [[0, 1]], [0]), {}, ValueError, "labels must lie in"),
        ((X3, [[0, 1]], [2]), {}, ValueError, "labels must lie in"),
        (([[0.0], [np.nan]], [[0, 1]], [1]), {}, ValueError, "X contains NaN"),
        ((X3, [[0, 1]], [1]), {"kernel": "poly"}, ValueError, "kernel must be one of"),
        (
            (X3, [[0, 1]], [1]),
            {"kernel": "gaussian", "sigma": 0.0},
            ValueError,
            "sigma must be >= 1e-100",
        ),
    ],
)
def test_svm_errors(solver, args, kwargs, error, message):
    with pytest.raises(error, match=message):
        solver(*args, **kwargs)


@pytest.mark.parametrize(
    ("call", "error", "message"),
    [
        (
            lambda: rank_svm(X3, [[0, 1]], [1], kernel="gaussian", method="liblinear"),
            ValueError,
            "supports only kernel='linear'",
        ),
        (lambda: rank_svm(X3, [[0, 1]], [1], method="smo"), ValueError, "method must be one of"),
        (lambda: pair_kernel_matrix(X3, [[0, -1]]), ValueError, "pairs must index"),
    ],
)
def test_other_errors(call, error, message):
    with pytest.raises(error, match=message):
        call()


# --------------------------------------------------------------------------- #
# exercise 10.2: the on-line ranking SVM, against the batch QP (cvxpy)
# --------------------------------------------------------------------------- #
@pytest.mark.slow
@pytest.mark.parametrize("C", [0.1, 1.0, 10.0])
def test_online_svm_reaches_the_batch_optimum(sample, C):
    X, pairs, labels = sample
    batch = rank_svm(X, pairs, labels, C=C)  # cvxpy: the referee
    run = online_rank_svm(X, pairs, labels, C=C, n_steps=100_000, rng=3)
    # the objective of (10.9) at the averaged iterate is within 0.5 % of the optimum
    assert batch.objective * (1 - 1e-6) <= run.final_objective <= batch.objective * 1.005
    # (10.9) is strongly convex: an objective gap g puts w within sqrt(2 g) of the minimizer
    gap = max(run.final_objective - batch.objective, 0.0)
    assert np.linalg.norm(run.w - batch.w) <= math.sqrt(2 * gap) + 1e-3


def test_online_svm_gap_shrinks_with_steps(sample):
    X, pairs, labels = sample
    batch = rank_svm(X, pairs, labels, C=1.0)
    run = online_rank_svm(X, pairs, labels, C=1.0, n_steps=50_000, n_records=30, rng=0)
    gaps = run.objective - batch.objective
    assert np.all(gaps >= -1e-6 * batch.objective)
    # first recorded gap (one step) is large, the last is small: at least 100 times smaller
    assert gaps[-1] < gaps[0] / 100
    assert run.steps[0] == 1 and run.steps[-1] == 50_000 and np.all(np.diff(run.steps) > 0)


def test_online_svm_records_the_suffix_average_of_a_run_of_that_length(sample):
    # the record at step t is the objective of the w that a run of t steps returns (the draws of
    # a shorter run are the first draws of a longer one), not of a running average from step 1
    X, pairs, labels = sample
    run = online_rank_svm(X, pairs, labels, C=1.0, n_steps=3000, n_records=12, rng=5)
    for t, value in zip(run.steps[[1, 4, 8, 11]], run.objective[[1, 4, 8, 11]], strict=True):
        shorter = online_rank_svm(X, pairs, labels, C=1.0, n_steps=int(t), n_records=1, rng=5)
        assert value == pytest.approx(shorter.final_objective, rel=1e-12)
    # and the last record is the returned w's objective
    Z = labels[:, None] * (X[pairs[:, 1]] - X[pairs[:, 0]])
    objective = 0.5 * run.w @ run.w + np.maximum(0.0, 1.0 - Z @ run.w).sum()
    assert run.final_objective == pytest.approx(objective, rel=1e-12)


def test_online_svm_matches_hand_step():
    # one pair, C = 1, m = 1: lambda = 1, eta_1 = 1, w_1 = (1 - 1) 0 + 1 * z = z, then projected
    # onto ||w|| <= 1; step 2: eta = 1/2, w . z = 1 >= 1 (no violation) -> w_2 = w_1 / 2
    run = online_rank_svm(
        [[0.0, 0.0], [0.6, 0.8]], [[0, 1]], [1], C=1.0, n_steps=2, n_records=2, rng=0
    )
    np.testing.assert_allclose(run.w_last, [0.3, 0.4])
    np.testing.assert_allclose(run.w, [0.3, 0.4])  # suffix = step 2 only


def test_online_svm_deterministic_given_rng(sample):
    X, pairs, labels = sample
    one = online_rank_svm(X, pairs, labels, n_steps=500, rng=7)
    two = online_rank_svm(X, pairs, labels, n_steps=500, rng=np.random.default_rng(7))
    np.testing.assert_array_equal(one.w, two.w)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"C": 0.0}, ValueError, "C must be >= 1e-06"),
        ({"C": "1"}, TypeError, "C must be a real number"),
        ({"n_steps": 1}, ValueError, "n_steps must be >= 2"),
        ({"n_steps": 10**8}, ValueError, "n_steps must be <="),
        ({"n_steps": 1.5}, TypeError, "n_steps must be an integer"),
        ({"n_records": 0}, ValueError, "n_records must be >= 1"),
        ({"rng": -1}, ValueError, "rng must be a non-negative seed"),
        ({"rng": "a"}, TypeError, "rng must be an int seed"),
        ({"labels": [0]}, ValueError, "labels must lie in"),
        ({"pairs": [[0, 9]]}, ValueError, "pairs must index rows of X"),
    ],
)
def test_online_svm_errors(kwargs, error, message):
    args = {"X": X3, "pairs": [[0, 1]], "labels": [1]}
    args.update(kwargs)
    with pytest.raises(error, match=message):
        online_rank_svm(**args)


# --------------------------------------------------------------------------- #
# solvers and ranges: a bad argument is named before any solver runs
# --------------------------------------------------------------------------- #
X_TINY, PAIRS_TINY, LABELS_TINY = [[0.0, 0.0], [1.0, 1.0], [0.0, 2.0]], [[0, 1], [0, 2]], [1, 1]


@pytest.mark.parametrize("fit", [rank_svm, rank_svm_dual])
def test_an_unknown_solver_is_a_value_error_naming_solver(fit):
    with pytest.raises(ValueError, match="solver must be one of the installed cvxpy solvers"):
        fit(X_TINY, PAIRS_TINY, LABELS_TINY, solver="NOPE")
    with pytest.raises(TypeError, match="solver must be the name"):
        fit(X_TINY, PAIRS_TINY, LABELS_TINY, solver=1)


@pytest.mark.parametrize("fit", [rank_svm, rank_svm_dual])
@pytest.mark.parametrize("C", [1e300, 1e-300])
def test_a_c_the_solver_cannot_handle_is_refused_up_front(fit, C):
    with pytest.raises(ValueError, match="C must be"):
        fit(X_TINY, PAIRS_TINY, LABELS_TINY, C)


@pytest.mark.parametrize("fit", [rank_svm, rank_svm_dual])
@pytest.mark.parametrize("C", C_RANGE)
@pytest.mark.parametrize("kernel", ["linear", "gaussian"])
def test_both_ends_of_the_c_range_are_solved(fit, C, kernel):
    model = fit(X_TINY, PAIRS_TINY, LABELS_TINY, C, kernel=kernel)
    assert model.status in ("optimal", "optimal_inaccurate")
    assert np.isfinite(model.objective)


@pytest.mark.parametrize("sigma", [1e-200, 1e300])
def test_a_gaussian_width_outside_its_range_is_refused_not_turned_into_nan(sigma):
    for call in (
        lambda: pair_kernel_matrix(X_TINY, PAIRS_TINY, kernel="gaussian", sigma=sigma),
        lambda: rank_svm(X_TINY, PAIRS_TINY, LABELS_TINY, kernel="gaussian", sigma=sigma),
    ):
        with pytest.raises(ValueError, match="sigma must be"):
            call()


def test_the_pair_kernel_of_far_apart_points_is_finite():
    X = np.array([[1e200], [-1e200], [3e200]])
    K = pair_kernel_matrix(X, [[0, 1], [1, 2]], kernel="gaussian", sigma=1.0)
    np.testing.assert_array_equal(K, [[2.0, -1.0], [-1.0, 2.0]])  # K = I between the points


def test_a_solver_failure_is_one_documented_exception(monkeypatch):
    import cvxpy as cp

    def fail(self, *args, **kwargs):
        raise cp.error.SolverError("Solver 'CLARABEL' failed.")

    monkeypatch.setattr(cp.Problem, "solve", fail)
    with pytest.raises(SolverError, match="the ranking SVM dual: solver CLARABEL failed"):
        rank_svm_dual(X_TINY, PAIRS_TINY, LABELS_TINY)


def test_sizes_a_laptop_cannot_serve_are_refused():
    with pytest.raises(ValueError, match="d must be <="):
        LinearUtilityModel(d=10**12)
    with pytest.raises(ValueError, match="m must be <="):
        LinearUtilityModel(d=2).sample(10**12)


def test_pair_kernel_sizes_are_refused_up_front():
    # issue 31, item 3: 1e5 pairs asked numpy for a 74.5 GiB pair kernel matrix
    from rankviz.ranksvm import MAX_KERNEL_PAIRS

    X = np.zeros((2, 1))
    too_many = np.tile([[0, 1]], (MAX_KERNEL_PAIRS + 1, 1))
    labels = np.ones(MAX_KERNEL_PAIRS + 1)
    message = r"pairs has 5001 rows; the .* K' is 5001 x 5001, at most MAX_KERNEL_PAIRS"
    with pytest.raises(ValueError, match=message):
        pair_kernel_matrix(X, too_many)
    with pytest.raises(ValueError, match=message):
        rank_svm(X, too_many, labels, kernel="gaussian")
    with pytest.raises(ValueError, match=message):
        rank_svm_dual(X, too_many, labels, kernel="gaussian")
    huge = np.tile([[0, 1]], (10**5, 1))
    with pytest.raises(ValueError, match="MAX_KERNEL_PAIRS"):
        rank_svm(X, huge, np.ones(10**5), kernel="gaussian")
    assert pair_kernel_matrix(X, too_many[:MAX_KERNEL_PAIRS]).shape == (5000, 5000)
