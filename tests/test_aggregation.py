"""rankviz.aggregation against brute force, cvxpy, numpy's eigen-solver, scipy and choix."""

import itertools
import math

import choix
import cvxpy as cp
import mpmath as mp
import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays
from scipy.optimize import brentq, minimize
from scipy.special import expit
from scipy.stats import kendalltau

from rankviz.aggregation import (
    AGGREGATION_METHODS,
    aggregate_scores,
    ammar_shah_scores,
    borda_scores,
    btl_log_odds,
    btl_maximum_likelihood,
    btl_win_probabilities,
    comparison_groups,
    comparison_mask,
    discordant_pairs,
    empirical_probabilities,
    limit_scores_on_every_graph,
    principal_eigenvector_scores,
    probability_differences,
    simulate_btl_comparisons,
    thurstone_mosteller_scores,
    win_counts,
)
from rankviz.ustatistics import average_log_odds

counts_matrices = st.integers(2, 6).flatmap(
    lambda n: arrays(np.int64, (n, n), elements=st.integers(0, 6)).map(
        lambda W: W * (1 - np.eye(n, dtype=np.int64))
    )
)


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


@pytest.mark.parametrize(
    "rows, n, error, match",
    [
        ([(0, 3)], 3, ValueError, r"comparisons\[0\] = \[0, 3\] holds an item outside 0, ..., 2"),
        ([(0, 1), (-1, 0)], 3, ValueError, "outside"),
        ([(1, 1)], 3, ValueError, r"comparisons\[0\] compares item 1 with itself"),
        ([(0, 1, 2)], 3, ValueError, r"shape \(N, 2\)"),
        ([(0.5, 1)], 3, TypeError, "comparisons must contain integers"),
        ([(0, 1j)], 3, TypeError, "comparisons must contain real numbers"),
        ([(0, np.nan)], 3, ValueError, "comparisons contains NaN"),
        ("01", 3, TypeError, "rows"),
        ([(0, 1)], 1, ValueError, "n_items must be >= 2"),
    ],
)
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
    np.testing.assert_allclose(
        borda_scores(probability_differences(W)), 2 * (n - 1) * s - (n - 1), atol=1e-12
    )
    loop = [
        np.mean(
            [
                0.5 if W[j, o] + W[o, j] == 0 else W[j, o] / (W[j, o] + W[o, j])
                for o in range(n)
                if o != j
            ]
        )
        for j in range(n)
    ]
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
    np.testing.assert_allclose(
        batch, [borda_scores(A) / (n - 1), borda_scores(-A) / (n - 1)], atol=1e-12
    )


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


@pytest.mark.parametrize(
    "call, error, match",
    [
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
    ],
)
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
    objective = 0.25 * sum(
        cp.square(A[i, j] - (x[i] - x[j]))
        for i, j in itertools.permutations(range(n), 2)
        if mask[i, j]
    )
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
    np.testing.assert_allclose(
        thurstone_mosteller_scores(x[:, None] - x[None, :], mask), x - x.mean(), atol=1e-10
    )


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
    with pytest.raises(ValueError, match=r"mask must contain booleans \(0 or 1\)"):
        thurstone_mosteller_scores(A, np.full((3, 3), 2))
    with pytest.raises(ValueError, match="skew-symmetric"):
        thurstone_mosteller_scores([[0, 1, 0], [1, 0, 0], [0, 0, 0]])
    with pytest.raises(ValueError, match="NaN or infinite"):
        thurstone_mosteller_scores([[0, np.inf], [-np.inf, 0]])
    # an unobserved pair may hold anything: it is ignored
    s = thurstone_mosteller_scores(
        [[0, 1, 5], [-1, 0, 1], [7, -1, 0]], [[1, 1, 0], [1, 1, 1], [0, 1, 1]]
    )
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
    np.testing.assert_allclose(
        principal_eigenvector_scores(R), expected / expected.sum(), atol=1e-10
    )
    w = rng.uniform(0.5, 3.0, n)
    np.testing.assert_allclose(
        principal_eigenvector_scores(w[:, None] / w[None, :]), w / w.sum(), atol=1e-12
    )


@pytest.mark.parametrize(
    "R, match",
    [
        ([[1, -1], [-1, 1]], "positive"),
        ([[2, 1], [1, 1]], "unit diagonal"),
        ([[1, 2], [2, 1]], "reciprocal"),
    ],
)
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
    # the issue's example: choix's alpha gave +-0.2554, the documented objective's maximiser is
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
    np.testing.assert_allclose(
        btl_maximum_likelihood(W, alpha=0.3), _direct_penalised_btl(W, 0.3), atol=1e-5
    )


@pytest.mark.parametrize("method", AGGREGATION_METHODS)
def test_every_method_recovers_the_btl_order_from_many_comparisons(method):
    r = np.linspace(1.5, -1.5, 6)
    scores = aggregate_scores(btl_wins(r, 400, 1), method, c=0.1)
    assert kendalltau(scores, r).statistic == pytest.approx(1.0)


def test_aggregate_scores_dispatches_to_the_section_5_1_functions(rng):
    r = rng.normal(size=5)
    W = btl_wins(r, 4, 2)
    A = btl_log_odds(W, 0.3)
    np.testing.assert_allclose(
        aggregate_scores(W, "thurstone_mosteller", c=0.3),
        thurstone_mosteller_scores(A, comparison_mask(W)),
    )
    np.testing.assert_allclose(
        aggregate_scores(W, "borda"), borda_scores(probability_differences(W))
    )
    np.testing.assert_allclose(
        aggregate_scores(W, "eigenvector", c=0.3), principal_eigenvector_scores(np.exp(A))
    )
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
# sizes a laptop cannot serve and overflowing inputs (issue 19)
# --------------------------------------------------------------------------- #
def test_sizes_beyond_the_limits_are_refused_up_front():
    from rankviz.aggregation import MAX_COMPARISONS, MAX_ITEMS, MAX_ITERATIONS

    with pytest.raises(ValueError, match=f"n_items must be <= {MAX_ITEMS}"):
        win_counts([(0, 1)], 10**12)
    with pytest.raises(ValueError, match="n_per_pair must be <="):
        simulate_btl_comparisons([1.0, 0.0, -1.0], 10**12)
    assert MAX_COMPARISONS // 3 >= 10**6  # the limit still allows large experiments
    with pytest.raises(ValueError, match=f"max_iter must be <= {MAX_ITERATIONS}"):
        principal_eigenvector_scores(np.ones((2, 2)), max_iter=10**12)
    with pytest.raises(ValueError, match=r"wins holds .* comparisons; at most MAX_COMPARISONS"):
        btl_maximum_likelihood(np.array([[0, 10**12], [1, 0]]))
    with pytest.raises(ValueError, match=r"strengths gives .* items; at most MAX_ITEMS"):
        btl_win_probabilities(np.zeros(MAX_ITEMS + 1))


def test_overflowing_scores_are_refused_not_returned():
    big = np.array([[0.0, 1e308, 1e308], [-1e308, 0.0, 0.0], [-1e308, 0.0, 0.0]])
    with pytest.raises(ValueError, match="A has entries too large"):
        borda_scores(big)
    with pytest.raises(ValueError, match="A has entries too large"):
        thurstone_mosteller_scores(big)


@pytest.mark.parametrize(
    "bad, error, match",
    [
        ([[0, 1], [1j, 0]], TypeError, "A must contain real numbers"),
        ([[0, True], [False, 0]], ValueError, "skew-symmetric"),
        ("ab", TypeError, "A must be a square matrix"),
    ],
)
def test_borda_scores_reads_A_through_the_validation_core(bad, error, match):
    with pytest.raises(error, match=match):
        borda_scores(bad)


def test_tiny_ridge_and_huge_counts_are_refused_naming_the_argument():
    from rankviz.aggregation import MAX_WIN_COUNT

    with pytest.raises(ValueError, match="alpha = 1e-300 is too small"):
        btl_maximum_likelihood([[0, 3], [0, 0]], alpha=1e-300)
    with pytest.raises(ValueError, match="wins holds a count above MAX_WIN_COUNT"):
        btl_log_odds([[0, 1e308], [1e308, 0]], 1.0)
    with pytest.raises(ValueError, match="wins holds a count above MAX_WIN_COUNT"):
        average_log_odds([[0, MAX_WIN_COUNT + 2.0], [1, 0]], 1.0)
    np.testing.assert_allclose(btl_win_probabilities([1e308, -1e308]), [[0.5, 1.0], [0.0, 0.5]])


@given(
    st.integers(1, 7).flatmap(
        lambda n: st.tuples(
            arrays(np.float64, n, elements=st.sampled_from([-1.0, 0.0, 0.5, 2.0])),
            arrays(np.float64, n, elements=st.sampled_from([-1.0, 0.0, 0.5, 2.0])),
        )
    )
)
def test_discordant_pairs_against_a_double_loop(scores):
    a, b = scores
    expected = [
        (i, j)
        for i in range(len(a))
        for j in range(i + 1, len(a))
        if (a[i] - a[j]) * (b[i] - b[j]) < 0
    ]
    assert discordant_pairs(a, b) == expected


def test_discordant_pairs_count_what_kendall_tau_counts_against():
    rng = np.random.default_rng(0)
    a, b = rng.normal(size=9), rng.normal(size=9)
    n_pairs = math.comb(9, 2)
    assert math.isclose(kendalltau(a, b).statistic, 1 - 2 * len(discordant_pairs(a, b)) / n_pairs)


def test_discordant_pairs_refuses_scores_of_different_lengths():
    with pytest.raises(ValueError, match="scores_a and scores_b"):
        discordant_pairs([1.0, 2.0], [1.0, 2.0, 3.0])


@pytest.mark.parametrize("smoothing", ["probability", "counts"])
@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_limit_scores_on_every_graph_against_networkx_and_the_laplacian_solver(n, smoothing):
    strengths = np.linspace(1.2, -0.8, n) ** 3
    missing, scores = limit_scores_on_every_graph(strengths, 0.4, smoothing=smoothing)
    P = btl_win_probabilities(strengths)
    # the limits of btl_log_odds as the comparisons grow: compressed, or the exact log-odds
    margins = np.log((P + 0.4) / (P.T + 0.4)) if smoothing == "probability" else np.log(P / P.T)
    pairs = list(itertools.combinations(range(n), 2))
    expected_missing, expected_scores = [], []
    for bits in range(2 ** len(pairs)):  # the graphs in the documented order, connected ones kept
        chosen = [pair for k, pair in enumerate(pairs) if bits >> k & 1]
        graph = nx.Graph(chosen)
        graph.add_nodes_from(range(n))
        if not nx.is_connected(graph):
            continue
        mask = np.eye(n, dtype=bool)
        for i, j in chosen:
            mask[i, j] = mask[j, i] = True
        expected_missing.append(len(pairs) - len(chosen))
        expected_scores.append(thurstone_mosteller_scores(margins, mask))
    assert missing.tolist() == expected_missing
    assert np.allclose(scores, expected_scores, atol=1e-6)
    # the number of connected labelled graphs (OEIS A001187)
    assert len(missing) == {2: 1, 3: 4, 4: 38, 5: 728}[n]


def test_limit_scores_with_c_on_the_counts_are_the_centred_strengths():
    strengths = np.array([2.0, 0.5, 0.0, -1.0, -3.0])
    _, scores = limit_scores_on_every_graph(strengths, 0.5, smoothing="counts")
    assert np.allclose(scores, strengths - strengths.mean(), atol=1e-9)


# --------------------------------------------------------------------------- #
# the penalised BTL fit on every input (issue 31, item 1)
# --------------------------------------------------------------------------- #
def _certified_newton_step(W, alpha, theta, digits=50):
    """The Newton step at ``theta`` in 50-digit arithmetic (mpmath): to first order, theta* - theta.

    Independent of the module: gradient and Hessian of the documented objective written out
    term by term, solved by mpmath's LU on the centred system.
    """
    with mp.workdps(digits):
        n = len(theta)
        t = [mp.mpf(float(x)) for x in theta]
        g = [mp.mpf(0)] * n
        H = mp.matrix(n, n)
        for i in range(n):
            for j in range(n):
                if i == j:
                    continue
                p = 1 / (1 + mp.exp(t[j] - t[i]))  # sigma(theta_i - theta_j)
                g[i] += int(W[i][j]) * (1 - p) - int(W[j][i]) * p
                w = (int(W[i][j]) + int(W[j][i])) * p * (1 - p)
                H[i, j] -= w
                H[i, i] += w
        for i in range(n):
            g[i] -= mp.mpf(alpha) * t[i]
            H[i, i] += mp.mpf(alpha)
            for j in range(n):
                H[i, j] += mp.mpf(1) / n  # the maximiser is centred: fix the shift
        step = mp.lu_solve(H, mp.matrix(g))
        return np.array([float(x) for x in step]), np.array([float(x) for x in g])


def test_penalised_btl_solves_the_issues_cases():
    # both items lost: 6 sigma(-2t) - 5 sigma(2t) = 2t at theta = (-t, t), t = 0.0667
    theta = btl_maximum_likelihood([[0, 5], [6, 0]], alpha=2.0)
    t = brentq(lambda t: 6 * expit(-2 * t) - 5 * expit(2 * t) - 2 * t, 0.0, 1.0, xtol=1e-15)
    np.testing.assert_allclose(theta, [-t, t], atol=1e-12)
    assert t == pytest.approx(0.0667, abs=5e-5)
    W3 = [[0, 7, 4], [0, 0, 3], [0, 4, 0]]
    np.testing.assert_allclose(
        btl_maximum_likelihood(W3, alpha=1.0), _direct_penalised_btl(W3, 1.0), atol=1e-5
    )
    # a tiny ridge: 3 sigma(-2t) = 1e-12 t at t = 13.08 (main returned 11.59 without a word)
    with mp.workdps(40):
        exact = float(mp.findroot(lambda t: 3 / (1 + mp.exp(2 * t)) - mp.mpf("1e-12") * t, 13))
    theta = btl_maximum_likelihood([[0, 3], [0, 0]], alpha=1e-12)
    assert exact == pytest.approx(13.08, abs=5e-3)
    np.testing.assert_allclose(theta, [exact, -exact], rtol=1e-9)


def test_penalised_btl_on_random_data_and_ridges_is_certified_or_refused_for_cause():
    """A search for a counterexample: 400 random win matrices, ridges from 1e-12 to 1e4.

    Every answer is certified in 50-digit arithmetic (its Newton step, to first order the
    distance to the maximiser, within the documented 1e-6 max(1, |theta|)), and, for
    alpha >= 1e-3, rigorously (strong concavity: |theta - theta*| <= |gradient| / alpha)
    and against scipy's BFGS.  A refusal is allowed only below the documented
    always-solved ridge, 1e-9 times the comparisons, and must name alpha.
    """
    gen = np.random.default_rng(31)
    refused = 0
    for _ in range(400):
        n = int(gen.integers(2, 7))
        W = gen.integers(0, 6, size=(n, n)) * (gen.random((n, n)) < gen.random())
        if gen.random() < 0.25:  # many comparisons per pair
            W = W * 10 ** int(gen.integers(1, 5))
        np.fill_diagonal(W, 0)
        alpha = float(10 ** gen.uniform(-12, 4))
        try:
            theta = btl_maximum_likelihood(W, alpha=alpha)
        except ValueError as error:
            assert alpha < 1e-9 * W.sum(), (W.tolist(), alpha, str(error))
            assert f"alpha = {alpha:g} is too small" in str(error)
            refused += 1
            continue
        step, gradient = _certified_newton_step(W, alpha, theta)
        scale = max(1.0, np.abs(theta).max())
        assert np.abs(step).max() <= 1e-6 * scale, (W.tolist(), alpha, step)
        assert theta.sum() == pytest.approx(0.0, abs=1e-9 * scale)
        if alpha >= 1e-3:
            assert np.linalg.norm(gradient) / alpha <= 1e-7 * scale, (W.tolist(), alpha)
            if W.sum() <= 200:
                np.testing.assert_allclose(theta, _direct_penalised_btl(W, alpha), atol=1e-5)
    assert refused <= 40  # refusals are rare, and only for cause


def test_simulated_comparisons_limit_counts_the_compared_pairs():
    # issue 31, item 5: 4,473 items (10,001,628 pairs) with 1% of them compared is allowed
    rows = simulate_btl_comparisons(np.zeros(4473), 1, 0, observed=0.01)
    assert 0.008 * 10_001_628 < len(rows) < 0.012 * 10_001_628
    # the same draws as before the fix for inputs within the limit
    np.testing.assert_array_equal(
        simulate_btl_comparisons([1.0, 0.0, -0.5], 7, 3, observed=0.5),
        simulate_btl_comparisons([1.0, 0.0, -0.5], 7, np.random.default_rng(3), observed=0.5),
    )
    with pytest.raises(ValueError, match=r"n_per_pair must be <= 0 for the 10,001,628 compared"):
        simulate_btl_comparisons(np.zeros(4473), 1, 0)
    with pytest.raises(ValueError, match=r"n_per_pair must be <= \d+ for the .* MAX_COMPARISONS"):
        simulate_btl_comparisons(np.zeros(4473), 1000, 0, observed=0.01)
