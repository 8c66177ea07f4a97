"""rankviz.aggregation against brute force, cvxpy, numpy's eigen-solver, scipy and choix."""

import itertools
import math

import choix
import cvxpy as cp
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.optimize import minimize
from scipy.special import expit
from scipy.stats import kendalltau
from scipy.stats import t as student_t

from rankviz.aggregation import (
    AGGREGATION_METHODS,
    MAX_U_STATISTIC_TERMS,
    ClickLogs,
    ExperimentResult,
    RankingData,
    aggregate_scores,
    ammar_shah_scores,
    asymptotic_structure_scores,
    average_log_odds,
    borda_scores,
    btl_log_odds,
    btl_maximum_likelihood,
    btl_win_probabilities,
    cascade_log_likelihood,
    cascade_mle,
    comparison_groups,
    comparison_mask,
    empirical_probabilities,
    full_information_fit,
    ndcg_regression_labels,
    ndcg_risk,
    pairwise_logistic_fit,
    principal_eigenvector_scores,
    probability_differences,
    sgd_u_statistic,
    simulate_btl_comparisons,
    simulate_cascade_clicks,
    simulate_ranking_data,
    thurstone_mosteller_scores,
    u_statistic_experiment,
    u_statistic_minimizer,
    u_statistic_risk,
    win_counts,
)
from rankviz.measures import dcg, err, ndcg
from rankviz.permutations import all_permutations

counts_matrices = st.integers(2, 6).flatmap(
    lambda n: arrays(np.int64, (n, n), elements=st.integers(0, 6)).map(
        lambda W: W * (1 - np.eye(n, dtype=np.int64))))


def skew(rng, n, scale=1.0):
    M = rng.normal(scale=scale, size=(n, n))
    return M - M.T


# --------------------------------------------------------------------------- #
# pairwise outcomes
# --------------------------------------------------------------------------- #
def test_win_counts_against_a_loop(rng):
    rows = rng.integers(0, 5, size=(200, 2))
    rows = rows[rows[:, 0] != rows[:, 1]]
    expected = np.zeros((5, 5), dtype=int)
    for i, j in rows:
        expected[i, j] += 1
    np.testing.assert_array_equal(win_counts(rows, 5), expected)
    np.testing.assert_array_equal(win_counts(np.zeros((0, 2)), 3), np.zeros((3, 3)))
    np.testing.assert_array_equal(win_counts([[0.0, 1.0]], 2), [[0, 1], [0, 0]])


@pytest.mark.parametrize("rows, n, error, match", [
    ([(0, 3)], 3, ValueError, r"comparisons\[0\] = \[0, 3\] holds an item outside 0, ..., 2"),
    ([(0, 1), (-1, 0)], 3, ValueError, "outside"),
    ([(1, 1)], 3, ValueError, r"comparisons\[0\] compares item 1 with itself"),
    ([(0, 1, 2)], 3, ValueError, r"shape \(N, 2\)"),
    ([(0.5, 1)], 3, TypeError, "integer item indices"),
    ("01", 3, TypeError, "rows"),
    ([(0, 1)], 1, ValueError, "n_items must be >= 2"),
])
def test_win_counts_rejects_bad_input(rows, n, error, match):
    with pytest.raises(error, match=match):
        win_counts(rows, n)


@given(counts_matrices)
def test_probabilities_mask_and_differences_are_consistent(W):
    P = empirical_probabilities(W)
    mask = comparison_mask(W)
    total = W + W.T
    np.testing.assert_allclose(P + P.T, 1.0)
    assert np.all((P >= 0) & (P <= 1))
    np.testing.assert_array_equal(mask, (total > 0) | np.eye(len(W), dtype=bool))
    observed = total > 0
    np.testing.assert_allclose(P[observed], W[observed] / total[observed])
    np.testing.assert_allclose(probability_differences(W), P - P.T)


@given(counts_matrices)
def test_borda_of_probability_differences_is_affine_in_ammar_shah(W):
    """Section 5.1: with A = P - P^T, the Borda count A 1 equals 2 (n - 1) s - (n - 1)."""
    n = len(W)
    s = ammar_shah_scores(W)
    np.testing.assert_allclose(borda_scores(probability_differences(W)), 2 * (n - 1) * s - (n - 1),
                               atol=1e-12)
    loop = [np.mean([0.5 if W[j, o] + W[o, j] == 0 else W[j, o] / (W[j, o] + W[o, j])
                     for o in range(n) if o != j]) for j in range(n)]
    np.testing.assert_allclose(s, loop)


@given(counts_matrices, st.floats(0.01, 3.0))
def test_btl_log_odds_formulas(W, c):
    n = len(W)
    A = btl_log_odds(W, c)
    B = btl_log_odds(W, c, smoothing="counts")
    for M in (A, B):
        np.testing.assert_allclose(M, -M.T, atol=1e-12)
    for i, j in itertools.permutations(range(n), 2):
        total = W[i, j] + W[j, i]
        if total == 0:
            assert A[i, j] == 0 and B[i, j] == 0
            continue
        p = W[i, j] / total
        assert A[i, j] == pytest.approx(math.log((p + c) / (1 - p + c)))
        assert B[i, j] == pytest.approx(math.log((W[i, j] + c) / (W[j, i] + c)))
    s = average_log_odds(W, c, smoothing="counts")
    np.testing.assert_allclose(s, borda_scores(B) / (n - 1), atol=1e-12)
    batch = average_log_odds(np.stack([W, W.T]), c)
    np.testing.assert_allclose(batch, [borda_scores(A) / (n - 1), borda_scores(-A) / (n - 1)],
                               atol=1e-12)


def test_the_two_smoothings_have_different_limits():
    """Counts smoothing tends to the log-odds r_i - r_j, probability smoothing does not."""
    p, c = expit(1.3), 0.5
    for total in (10**4, 10**7):
        W = np.array([[0, p * total], [(1 - p) * total, 0]])
        counts = btl_log_odds(W, c, smoothing="counts")[0, 1]
        probability = btl_log_odds(W, c)[0, 1]
    assert counts == pytest.approx(1.3, abs=1e-6)
    assert probability == pytest.approx(math.log((p + c) / (1 - p + c)))
    assert probability < 1.3 - 0.4


@pytest.mark.parametrize("call, error, match", [
    (lambda: btl_log_odds([[0, 1], [1, 0]], 0.0), ValueError, "c must be > 0"),
    (lambda: btl_log_odds([[0, 1], [1, 0]], -1), ValueError, "c must be > 0"),
    (lambda: btl_log_odds([[0, 1], [1, 0]], 1, smoothing="laplace"), ValueError, "smoothing"),
    (lambda: btl_log_odds([[0, -1], [1, 0]], 1), ValueError, "non-negative"),
    (lambda: btl_log_odds([[1, 1], [1, 0]], 1), ValueError, "zero diagonal"),
    (lambda: empirical_probabilities([[0, 1, 2]]), ValueError, "square"),
    (lambda: ammar_shah_scores([[0]]), ValueError, "at least 2 items"),
    (lambda: borda_scores([[0, 1], [1, 0]]), ValueError, "skew-symmetric"),
    (lambda: borda_scores("ab"), TypeError, "square matrix"),
    (lambda: average_log_odds(np.zeros((2, 3, 3, 3)), 1.0), ValueError, "square"),
])
def test_aggregation_errors(call, error, match):
    with pytest.raises(error, match=match):
        call()


# --------------------------------------------------------------------------- #
# Thurstone-Mosteller least squares (22)
# --------------------------------------------------------------------------- #
def connected_mask(rng, n, density):
    while True:
        upper = np.triu(rng.random((n, n)) < density, 1)
        mask = upper | upper.T | np.eye(n, dtype=bool)
        if len(comparison_groups(mask.astype(int) - np.eye(n, dtype=int))) == 1:
            return mask


@pytest.mark.parametrize("seed", range(5))
def test_thurstone_mosteller_equals_a_cvxpy_solve_of_22(seed):
    rng = np.random.default_rng(seed)
    n = 4 + seed
    A = skew(rng, n)
    mask = connected_mask(rng, n, 0.5)
    A_noisy = np.where(mask, A, rng.normal(size=(n, n)) * 9)  # unobserved entries are ignored
    s = thurstone_mosteller_scores(A_noisy, mask)
    x = cp.Variable(n)
    objective = 0.25 * sum(cp.square(A[i, j] - (x[i] - x[j]))
                           for i, j in itertools.permutations(range(n), 2) if mask[i, j])
    cp.Problem(cp.Minimize(objective), [cp.sum(x) == 0]).solve()
    np.testing.assert_allclose(s, x.value, atol=1e-6)
    omega = mask.astype(float)
    laplacian = np.diag(omega.sum(axis=1)) - omega
    np.testing.assert_allclose(s, np.linalg.pinv(laplacian) @ (omega * A).sum(axis=1), atol=1e-10)


def test_thurstone_mosteller_gradient_vanishes_and_recovers_consistent_scores(rng):
    n = 6
    A = skew(rng, n)
    mask = connected_mask(rng, n, 0.6)
    s = thurstone_mosteller_scores(A, mask)
    omega = mask.astype(float)
    gradient = np.diag(omega.sum(axis=1)) @ s - (omega * A).sum(axis=1) - omega @ s
    np.testing.assert_allclose(gradient, 0.0, atol=1e-10)  # the paper's gradient at s
    x = rng.normal(size=n)
    np.testing.assert_allclose(thurstone_mosteller_scores(x[:, None] - x[None, :], mask),
                               x - x.mean(), atol=1e-10)


@given(st.integers(2, 7), st.integers(0, 10**6))
def test_lipschitz_bound_under_full_observation(n, seed):
    """||s_A - s_B||^2 = (1/m^2) ||(A - B) 1||^2 <= (1/m) |||A - B|||_2^2."""
    rng = np.random.default_rng(seed)
    A, B = skew(rng, n, 3.0), skew(rng, n, 0.5)
    gap = np.sum((thurstone_mosteller_scores(A) - thurstone_mosteller_scores(B)) ** 2)
    assert gap == pytest.approx(np.sum((A - B).sum(axis=1) ** 2) / n**2, rel=1e-9, abs=1e-12)
    assert gap <= np.linalg.norm(A - B, 2) ** 2 / n + 1e-12


def test_thurstone_mosteller_errors():
    A = np.zeros((3, 3))
    with pytest.raises(ValueError, match=r"disconnected \(groups \[0, 1\] \| \[2\]\)"):
        thurstone_mosteller_scores(A, [[1, 1, 0], [1, 1, 0], [0, 0, 1]])
    with pytest.raises(ValueError, match="symmetric"):
        thurstone_mosteller_scores(A, [[1, 1, 0], [0, 1, 1], [0, 1, 1]])
    with pytest.raises(ValueError, match="shape of A"):
        thurstone_mosteller_scores(A, np.ones((2, 2)))
    with pytest.raises(ValueError, match="only 0 and 1"):
        thurstone_mosteller_scores(A, np.full((3, 3), 2))
    with pytest.raises(ValueError, match="skew-symmetric"):
        thurstone_mosteller_scores([[0, 1, 0], [1, 0, 0], [0, 0, 0]])
    with pytest.raises(ValueError, match="NaN or infinite"):
        thurstone_mosteller_scores([[0, np.inf], [-np.inf, 0]])
    # an unobserved pair may hold anything: it is ignored
    s = thurstone_mosteller_scores([[0, 1, 5], [-1, 0, 1], [7, -1, 0]],
                                   [[1, 1, 0], [1, 1, 1], [0, 1, 1]])
    np.testing.assert_allclose(s, [1, 0, -1], atol=1e-12)


def test_comparison_groups():
    W = np.zeros((5, 5), dtype=int)
    W[0, 3] = W[4, 1] = 2
    assert comparison_groups(W) == [[0, 3], [1, 4], [2]]


# --------------------------------------------------------------------------- #
# the principal eigenvector, the BTL maximum likelihood, the dispatcher
# --------------------------------------------------------------------------- #
@pytest.mark.parametrize("seed", range(5))
def test_principal_eigenvector_against_numpy(seed):
    rng = np.random.default_rng(seed)
    n = 3 + seed
    R = np.exp(skew(rng, n))
    values, vectors = np.linalg.eig(R)
    top = np.argmax(values.real)
    expected = np.abs(vectors[:, top].real)
    np.testing.assert_allclose(principal_eigenvector_scores(R), expected / expected.sum(),
                               atol=1e-10)
    w = rng.uniform(0.5, 3.0, n)
    np.testing.assert_allclose(principal_eigenvector_scores(w[:, None] / w[None, :]),
                               w / w.sum(), atol=1e-12)


@pytest.mark.parametrize("R, match", [
    ([[1, -1], [-1, 1]], "positive"),
    ([[2, 1], [1, 1]], "unit diagonal"),
    ([[1, 2], [2, 1]], "reciprocal"),
])
def test_principal_eigenvector_errors(R, match):
    with pytest.raises(ValueError, match=match):
        principal_eigenvector_scores(R)


def test_principal_eigenvector_reports_an_exhausted_budget():
    R = np.exp(skew(np.random.default_rng(3), 6))
    with pytest.raises(ValueError, match="did not settle within 2 steps"):
        principal_eigenvector_scores(R, max_iter=2)


def btl_wins(strengths, n_per_pair, seed):
    return win_counts(simulate_btl_comparisons(strengths, n_per_pair, seed), len(strengths))


def test_btl_maximum_likelihood_solves_the_score_equations_and_matches_choix():
    r = np.array([1.2, 0.5, 0.0, -0.4, -1.1])
    W = btl_wins(r, 30, 4)
    theta = btl_maximum_likelihood(W)
    total = W + W.T
    # d/d theta_i of sum W_ij log sigma(theta_i - theta_j): wins_i - sum_j n_ij sigma(.)
    score = W.sum(axis=1) - (total * expit(theta[:, None] - theta[None, :])).sum(axis=1)
    np.testing.assert_allclose(score, 0.0, atol=1e-6)
    assert theta.sum() == pytest.approx(0.0, abs=1e-12)
    data = [(i, j) for i, j in itertools.product(range(5), repeat=2) for _ in range(W[i, j])]
    reference = choix.opt_pairwise(5, data, alpha=0.0, tol=1e-12)
    np.testing.assert_allclose(theta, reference - reference.mean(), atol=1e-5)


@pytest.mark.parametrize("seed", range(4))
def test_btl_log_odds_scores_agree_in_order_with_the_choix_fit(seed):
    r = np.linspace(2.0, -2.0, 7)
    W = btl_wins(r, 200, seed)
    tm = thurstone_mosteller_scores(btl_log_odds(W, 0.5), comparison_mask(W))
    mle = btl_maximum_likelihood(W)
    assert kendalltau(tm, mle).statistic == pytest.approx(1.0)
    assert kendalltau(tm, r).statistic == pytest.approx(1.0)


def test_btl_maximum_likelihood_errors_and_penalty():
    W = np.array([[0, 3, 1], [0, 0, 2], [0, 1, 0]])  # item 0 never loses
    with pytest.raises(ValueError, match=r"items \[0\] never lost"):
        btl_maximum_likelihood(W)
    theta = btl_maximum_likelihood(W, alpha=0.5)
    assert np.argmax(theta) == 0 and np.isfinite(theta).all()
    np.testing.assert_array_equal(btl_maximum_likelihood(np.zeros((3, 3)), alpha=1.0), 0.0)
    with pytest.raises(ValueError, match="whole numbers"):
        btl_maximum_likelihood([[0, 0.5], [1, 0]])
    with pytest.raises(ValueError, match="alpha must be >= 0"):
        btl_maximum_likelihood([[0, 1], [1, 0]], alpha=-1.0)


def _direct_penalised_btl(W, alpha):
    """An independent maximiser of the documented objective: scipy's BFGS from numbers only."""
    W = np.asarray(W, float)

    def negative(theta):
        diff = theta[:, None] - theta[None, :]
        return -(np.sum(W * np.log(expit(diff))) - alpha / 2 * theta @ theta)

    return minimize(negative, np.zeros(len(W)), method="BFGS", options={"gtol": 1e-10}).x


def test_penalised_btl_maximises_the_documented_ridge_objective():
    # the example: choix's alpha gave +-0.2554, the documented objective's maximiser is
    # the root of 3 - 4 sigma(2t) = t, +-0.3418
    theta = btl_maximum_likelihood([[0, 3], [1, 0]], alpha=1.0)
    assert abs(theta[0] - 0.2554) > 0.05
    t = theta[0]
    assert 3 - 4 * expit(2 * t) - t == pytest.approx(0.0, abs=1e-9)
    np.testing.assert_allclose(theta, _direct_penalised_btl([[0, 3], [1, 0]], 1.0), atol=1e-5)


@pytest.mark.parametrize("seed", range(6))
def test_penalised_btl_agrees_with_a_direct_scipy_maximisation(seed):
    gen = np.random.default_rng(seed)
    n = int(gen.integers(2, 7))
    W = gen.integers(0, 5, size=(n, n)) * (gen.random((n, n)) < 0.6)
    np.fill_diagonal(W, 0)
    for alpha in (0.05, 0.5, 3.0):
        theta = btl_maximum_likelihood(W, alpha=alpha)
        np.testing.assert_allclose(theta, _direct_penalised_btl(W, alpha), atol=1e-5)
        assert theta.sum() == pytest.approx(0.0, abs=1e-9)


def test_penalised_btl_tends_to_the_mle_as_alpha_vanishes():
    W = btl_wins(np.array([1.0, 0.3, -0.2, -1.1]), 20, 2)
    mle = btl_maximum_likelihood(W)
    np.testing.assert_allclose(btl_maximum_likelihood(W, alpha=1e-9), mle, atol=1e-5)
    # the ridge shrinks: the penalised strengths are smaller, and shrink further with alpha
    norms = [np.linalg.norm(btl_maximum_likelihood(W, alpha=a)) for a in (0.1, 1.0, 10.0)]
    assert np.linalg.norm(mle) > norms[0] > norms[1] > norms[2] > 0


def test_btl_maximum_likelihood_says_why_it_does_not_exist():
    # two items that beat each other and never lost to the third: a group, not "any other item"
    outside = r"items \[0, 1\] never lost to an item outside their group"
    with pytest.raises(ValueError, match=outside):
        btl_maximum_likelihood([[0, 1, 1], [1, 0, 1], [0, 0, 0]])
    # a disconnected comparison graph: the groups were never compared, nobody "never lost"
    W = [[0, 2, 0, 0], [1, 0, 0, 0], [0, 0, 0, 5], [0, 0, 1, 0]]
    with pytest.raises(ValueError, match=r"disconnected \(groups \[0, 1\] \| \[2, 3\]\)") as info:
        btl_maximum_likelihood(W)
    assert "never lost" not in str(info.value)
    np.testing.assert_allclose(btl_maximum_likelihood(W, alpha=0.3), _direct_penalised_btl(W, 0.3),
                               atol=1e-5)


@pytest.mark.parametrize("method", AGGREGATION_METHODS)
def test_every_method_recovers_the_btl_order_from_many_comparisons(method):
    r = np.linspace(1.5, -1.5, 6)
    scores = aggregate_scores(btl_wins(r, 400, 1), method, c=0.1)
    assert kendalltau(scores, r).statistic == pytest.approx(1.0)


def test_aggregate_scores_dispatches_to_the_section_5_1_functions(rng):
    r = rng.normal(size=5)
    W = btl_wins(r, 4, 2)
    A = btl_log_odds(W, 0.3)
    np.testing.assert_allclose(aggregate_scores(W, "thurstone_mosteller", c=0.3),
                               thurstone_mosteller_scores(A, comparison_mask(W)))
    np.testing.assert_allclose(aggregate_scores(W, "borda"),
                               borda_scores(probability_differences(W)))
    np.testing.assert_allclose(aggregate_scores(W, "eigenvector", c=0.3),
                               principal_eigenvector_scores(np.exp(A)))
    with pytest.raises(ValueError, match="method must be one of"):
        aggregate_scores(W, "kemeny")
    with pytest.raises(ValueError, match="c must be > 0"):
        aggregate_scores(W, "borda", c=0)


def test_simulated_comparisons_follow_the_btl_model():
    r = np.array([1.0, 0.0, -0.5])
    rows = simulate_btl_comparisons(r, 4000, 7)
    W = win_counts(rows, 3)
    P = btl_win_probabilities(r)
    np.testing.assert_allclose(W / 4000, P - np.diag(np.diag(P)), atol=0.03)
    np.testing.assert_allclose(P, 1 / (1 + np.exp(-(r[:, None] - r[None, :]))))
    assert simulate_btl_comparisons(r, 5, 0, observed=0.0).shape == (0, 2)
    assert simulate_btl_comparisons(r, 0, 0).shape == (0, 2)
    sparse = win_counts(simulate_btl_comparisons(np.zeros(8), 3, 1, observed=0.3), 8)
    compared = np.triu(sparse + sparse.T, 1)
    assert set(np.unique(compared)) <= {0, 3}
    with pytest.raises(ValueError, match="observed must lie in"):
        simulate_btl_comparisons(r, 1, 0, observed=1.5)
    with pytest.raises(ValueError, match="at least 2 items"):
        simulate_btl_comparisons([1.0], 1, 0)


# --------------------------------------------------------------------------- #
# the cascade model (section 5.2)
# --------------------------------------------------------------------------- #
def test_cascade_mle_by_hand_and_by_counting():
    logs = ClickLogs([[0, 1, 2], [0, 1, 2], [1, 0, 2], [2, 1, 0]], [1, 3, 0, 0])
    np.testing.assert_allclose(cascade_mle(logs, n_items=4), [0, 2 / 3, 1 / 2, np.nan])
    assert "sessions=4" in repr(logs) and logs.n_sessions == 4
    np.testing.assert_allclose(cascade_mle(([[0, 1]], [2])), [0.0, 0.0])


def brute_force_log_likelihood(p, logs):
    total = 0.0
    for order, click in zip(logs.orders, logs.clicks, strict=True):
        for r, item in enumerate(order):
            if r < click:
                total += math.log(1 - p[item]) if p[item] < 1 else -math.inf
            elif r == click:
                total += math.log(p[item]) if p[item] > 0 else -math.inf
    return total


def test_cascade_log_likelihood_against_brute_force(rng):
    p = rng.uniform(0.05, 0.9, 5)
    logs = simulate_cascade_clicks(p, 300, 1, n_shown=4)
    q = rng.uniform(0.1, 0.9, 5)
    assert cascade_log_likelihood(q, logs) == pytest.approx(brute_force_log_likelihood(q, logs))
    assert cascade_log_likelihood([0, 0, 0], ([[0, 1]], [2])) == 0.0
    assert cascade_log_likelihood([0, 0.5], ([[0, 1]], [0])) == -math.inf


def test_cascade_mle_maximises_the_likelihood_and_converges(rng):
    p = np.array([0.6, 0.3, 0.15, 0.45, 0.05])
    logs = simulate_cascade_clicks(p, 4000, 2)
    p_hat = cascade_mle(logs)
    result = minimize(lambda q: -cascade_log_likelihood(q, logs), np.full(5, 0.5),
                      bounds=[(1e-9, 1 - 1e-9)] * 5, method="L-BFGS-B",
                      options={"ftol": 1e-15, "gtol": 1e-12})
    np.testing.assert_allclose(p_hat, result.x, atol=1e-4)
    assert cascade_log_likelihood(p_hat, logs) >= -result.fun - 1e-9
    np.testing.assert_allclose(cascade_mle(simulate_cascade_clicks(p, 100_000, 3)), p, atol=0.01)


def test_the_mle_order_maximises_err_lemma_1():
    """Lemma 1: sorting by p maximises ERR; the estimated p gives the same order."""
    p = np.array([0.2, 0.7, 0.05, 0.4, 0.55])
    sigmas = all_permutations(5)
    values = err(p, -sigmas, satisfaction="given")
    best = sigmas[np.argmax(values)]
    np.testing.assert_array_equal(best, np.argsort(np.argsort(-p)))
    p_hat = cascade_mle(simulate_cascade_clicks(p, 20_000, 5))
    assert err(p, p_hat, satisfaction="given") == pytest.approx(values.max())


@pytest.mark.parametrize("orders, clicks, error, match", [
    ([[0, 1]], [3], ValueError, "positions in 0, ..., 1, or 2"),
    ([[0, 1]], [0, 1], ValueError, "one position per session"),
    ([[0, 0]], [0], ValueError, r"orders\[0\] shows an item twice"),
    ([[-1, 0]], [0], ValueError, ">= 0"),
    ([0, 1], [0], ValueError, "2-D"),
    ([[0.5, 1]], [0], TypeError, "integers"),
])
def test_click_logs_validation(orders, clicks, error, match):
    with pytest.raises(error, match=match):
        ClickLogs(orders, clicks)


def test_cascade_errors():
    with pytest.raises(TypeError, match="ClickLogs or a pair"):
        cascade_mle([[0, 1]])
    with pytest.raises(ValueError, match="the logs show item 2"):
        cascade_mle(([[0, 2]], [0]), n_items=2)
    with pytest.raises(ValueError, match=r"probabilities in \[0, 1\]"):
        simulate_cascade_clicks([0.5, 1.5], 3)
    with pytest.raises(ValueError, match="n_shown must be <= 2"):
        simulate_cascade_clicks([0.5, 0.5], 3, n_shown=3)


# --------------------------------------------------------------------------- #
# structure scores, labels and the NDCG risk
# --------------------------------------------------------------------------- #
@given(arrays(np.float64, (3, 5), elements=st.floats(-4, 4)))
def test_asymptotic_structure_scores_are_the_scaled_centred_relevance(r):
    m = r.shape[1]
    np.testing.assert_allclose(asymptotic_structure_scores(r),
                               (m * r - r.sum(axis=1, keepdims=True)) / (m - 1), atol=1e-9)
    np.testing.assert_allclose(asymptotic_structure_scores(r[0]),
                               asymptotic_structure_scores(r)[0])


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
    gains = 2.0 ** s
    np.testing.assert_allclose(ndcg_regression_labels(s),
                               gains / dcg(gains, gains, gain="linear")[:, None])
    np.testing.assert_allclose(ndcg_regression_labels(s[0]), ndcg_regression_labels(s)[0])


def test_ndcg_risk_against_metrics_ndcg():
    data = simulate_ranking_data(30, 8, 4, 0, rng=1, nonlinearity=2.0)
    theta = np.array([0.7, 0.4, -0.1, 0.3])
    gains = 2.0 ** asymptotic_structure_scores(data.relevance)
    expected = np.mean([1 - ndcg(gains[q], data.features[q] @ theta, gain="linear")
                        for q in range(30)])
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
        subsets = (itertools.combinations(judgments, k) if len(judgments) > k
                   else [tuple(judgments)])
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
            brute_force_risk(theta, TINY, k, lam=0.3), rel=1e-12)
    theta = np.array([0.2, 0.1, 0.2])
    assert u_statistic_risk(theta, TINY, k, c=0.2, smoothing="probability") == pytest.approx(
        brute_force_risk(theta, TINY, k, c=0.2, smoothing="probability"), rel=1e-12)


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
        np.zeros(3), TINY, 3, lam=0.01)


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
    result = sgd_u_statistic(TINY, 2, c=0.3, smoothing="probability", lam=0.1,
                             n_iterations=2000, rng=0, progress=True)
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
        u_statistic_risk(theta, TINY, 3))  # a budget covering every subset is exact
    sampled = [u_statistic_risk(theta, big, 5, n_subsets=50, rng=seed) for seed in range(20)]
    assert np.std(sampled) > 0  # random, and centred on the same risk as the minimiser's
    assert u_statistic_risk(theta, big, 5, n_subsets=1000) == pytest.approx(np.mean(sampled),
                                                                          rel=0.02)
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
    cp.Problem(cp.Minimize(objective)).solve(solver="CLARABEL", tol_gap_abs=1e-12,
                                             tol_gap_rel=1e-12, tol_feas=1e-12)
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
        weights[q] * cp.sum_squares(data.features[q] @ theta - targets[q]) / 12 for q in range(5))
    cp.Problem(cp.Minimize(objective)).solve()
    np.testing.assert_allclose(full_information_fit(data, lam=lam), theta.value, atol=1e-6)
    no_relevance = RankingData(data.features, data.queries, data.pairs)
    with pytest.raises(ValueError, match="no relevance"):
        full_information_fit(no_relevance)


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
    u = np.column_stack([logistic + 0.05, logistic + 0.002 + 0.001 * rng.normal(size=8),
                         logistic - 0.02, logistic - 0.05])
    result = ExperimentResult(np.array([1, 10, 100, 1000]), u, logistic, logistic - 0.1, {})
    mean, low, high = result.band(logistic, 0.9)
    interval = student_t.interval(0.9, 7, loc=logistic.mean(),
                                  scale=logistic.std(ddof=1) / np.sqrt(8))
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
