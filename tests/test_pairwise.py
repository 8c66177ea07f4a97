"""rankviz.pairwise: eq. (10) of Duchi et al. and L_omega of Mohri et al. against brute force."""

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz.metrics import auc
from rankviz.pairwise import (
    MAX_AXIOM_ITEMS,
    MAX_ITEMS,
    MAX_PAIR_ENTRIES,
    discordant_pairs,
    emphasis_axioms,
    emphasis_bipartite,
    emphasis_matrix,
    emphasis_top_k,
    emphasis_uniform,
    pairwise_disagreement,
    weighted_disagreement_L_omega,
)


# --------------------------------------------------------------------------- #
# pairwise disagreement (Duchi et al. eq. 10) and L_omega (Mohri et al. eq. 10.36)
# --------------------------------------------------------------------------- #
def brute_force_eq10(alpha, Y, tie_cost=None):
    total = 0.0
    n = len(alpha)
    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            if alpha[i] < alpha[j]:
                total += Y[i][j]
            elif alpha[i] == alpha[j]:
                total += Y[i][j] * (float(i < j) if tie_cost is None else tie_cost)
    return total


def random_graph(rng, n, density=0.5):
    Y = rng.exponential(size=(n, n)) * (rng.random((n, n)) < density)
    np.fill_diagonal(Y, 0.0)
    return Y


def test_pairwise_disagreement_matches_eq10_by_brute_force(rng):
    for _ in range(50):
        n = int(rng.integers(2, 8))
        Y = random_graph(rng, n)
        alpha = rng.integers(0, 3, size=n).astype(float)  # many ties
        assert pairwise_disagreement(alpha, Y) == pytest.approx(brute_force_eq10(alpha, Y))
        assert pairwise_disagreement(alpha, Y, ties="half") == pytest.approx(
            brute_force_eq10(alpha, Y, 0.5)
        )
        assert pairwise_disagreement(alpha, Y, ties="error") == pytest.approx(
            brute_force_eq10(alpha, Y, 1.0)
        )


@pytest.mark.slow
@given(st.lists(st.integers(0, 3), min_size=2, max_size=7), st.integers(0, 2**32 - 1))
def test_duchi_ties_equal_the_loss_of_the_larger_index_first_permutation(alpha, seed):
    """Eq. (10) resolves a tie as if the larger index were ranked higher."""
    Y = random_graph(np.random.default_rng(seed), len(alpha))
    alpha = np.array(alpha, dtype=float)
    n = alpha.size
    order = sorted(range(n), key=lambda i: (-alpha[i], -i))  # ties: larger index first
    sigma = np.empty(n, dtype=int)
    sigma[order] = np.arange(n)
    assert pairwise_disagreement(alpha, Y) == pytest.approx(pairwise_disagreement(-sigma, Y))


def test_pairwise_disagreement_batches(rng):
    alphas = rng.normal(size=(4, 5))
    graphs = np.stack([random_graph(rng, 5) for _ in range(4)])
    batched = pairwise_disagreement(alphas, graphs)
    assert batched.shape == (4,)
    for q in range(4):
        assert batched[q] == pytest.approx(pairwise_disagreement(alphas[q], graphs[q]))
    shared = pairwise_disagreement(alphas, graphs[0])
    assert shared[2] == pytest.approx(pairwise_disagreement(alphas[2], graphs[0]))


def test_pairwise_disagreement_errors():
    Y = np.array([[0.0, 1.0], [0.0, 0.0]])
    with pytest.raises(ValueError, match="weights must have shape"):
        pairwise_disagreement([1.0, 2.0, 3.0], Y)
    with pytest.raises(ValueError, match="non-negative"):
        pairwise_disagreement([1.0, 2.0], -Y)
    with pytest.raises(ValueError, match="zero diagonal"):
        pairwise_disagreement([1.0, 2.0], np.eye(2))
    with pytest.raises(ValueError, match="weights contains NaN"):
        pairwise_disagreement([1.0, 2.0], [[0, np.nan], [0, 0]])
    with pytest.raises(ValueError, match="scores contains NaN"):
        pairwise_disagreement([1.0, np.nan], Y)
    with pytest.raises(ValueError, match="ties must be one of"):
        pairwise_disagreement([1.0, 2.0], Y, ties="random")
    with pytest.raises(TypeError, match="weights must contain numbers"):
        pairwise_disagreement([1.0, 2.0], [["a", "b"], ["c", "d"]])
    with pytest.raises(ValueError, match="scores must be 1-D"):
        pairwise_disagreement(np.zeros((2, 2, 2)), Y)


def brute_force_L_omega(sigma, sigma_star, W):
    n = len(sigma)
    total = sum(
        W[sigma_star[v]][sigma_star[u]]
        for u in range(n)
        for v in range(n)
        if u != v and sigma[u] < sigma[v] and sigma_star[v] < sigma_star[u]
    )
    return 2 * total / (n * (n - 1))


def test_L_omega_matches_brute_force_for_each_emphasis(rng):
    for _ in range(40):
        n = int(rng.integers(2, 8))
        sigma, sigma_star = rng.permutation(n), rng.permutation(n)
        for W in (
            emphasis_uniform(n),
            emphasis_top_k(n, int(rng.integers(1, n + 1))),
            emphasis_bipartite(1, n - 1),
            rng.random((n, n)),
        ):
            assert weighted_disagreement_L_omega(sigma, sigma_star, W) == pytest.approx(
                brute_force_L_omega(sigma, sigma_star, W)
            )


def test_L_omega_uniform_is_the_normalised_kendall_distance(rng):
    from scipy.stats import kendalltau

    for _ in range(20):
        n = int(rng.integers(2, 10))
        sigma, sigma_star = rng.permutation(n), rng.permutation(n)
        tau = kendalltau(sigma, sigma_star).statistic
        assert weighted_disagreement_L_omega(sigma, sigma_star, emphasis_uniform(n)) == (
            pytest.approx((1 - tau) / 2)
        )


def test_L_omega_accepts_a_callable_emphasis(rng):
    sigma, sigma_star = rng.permutation(6), rng.permutation(6)
    as_array = weighted_disagreement_L_omega(sigma, sigma_star, emphasis_top_k(6, 2))
    as_callable = weighted_disagreement_L_omega(
        sigma, sigma_star, lambda i, j: ((i <= 2) | (j <= 2)) & (i != j)
    )
    assert as_array == as_callable


def test_bipartite_emphasis_gives_one_minus_auc_and_the_plain_constant_does_not(rng):
    """Only pairs that straddle the classes may carry weight (Mohri et al. 10.6.4 is imprecise)."""
    n_pos, n_neg = 3, 4
    n = n_pos + n_neg
    labels = np.r_[np.ones(n_pos, int), np.zeros(n_neg, int)]
    sigma_star = np.arange(n)  # positives on top
    constant = np.full((n, n), n * (n - 1) / (2 * n_pos * n_neg))
    np.fill_diagonal(constant, 0.0)
    constant_differs = False
    for _ in range(30):
        sigma = rng.permutation(n)
        one_minus_auc = 1 - auc(labels, -sigma)
        assert weighted_disagreement_L_omega(
            sigma, sigma_star, emphasis_bipartite(n_pos, n_neg)
        ) == pytest.approx(one_minus_auc)
        constant_differs |= not math.isclose(
            weighted_disagreement_L_omega(sigma, sigma_star, constant), one_minus_auc
        )
    assert constant_differs


@pytest.mark.parametrize(
    "W",
    [emphasis_uniform(6), emphasis_top_k(6, 1), emphasis_top_k(6, 3), emphasis_bipartite(2, 4)],
    ids=["uniform", "top1", "top3", "bip"],
)
def test_the_book_emphasis_functions_satisfy_the_three_axioms(W):
    assert emphasis_axioms(W) == {
        "symmetry": True,
        "monotonicity": True,
        "triangle inequality": True,
    }


def test_each_axiom_can_fail():
    asymmetric = np.array([[0.0, 1.0, 1.0], [2.0, 0.0, 1.0], [1.0, 1.0, 0.0]])
    assert not emphasis_axioms(asymmetric)["symmetry"]
    decreasing = np.array([[0.0, 2.0, 1.0], [2.0, 0.0, 1.0], [1.0, 1.0, 0.0]])  # w(1,2) > w(1,3)
    assert not emphasis_axioms(decreasing)["monotonicity"]
    no_triangle = np.array([[0.0, 1.0, 3.0], [1.0, 0.0, 1.0], [3.0, 1.0, 0.0]])
    assert emphasis_axioms(no_triangle) == {
        "symmetry": True,
        "monotonicity": True,
        "triangle inequality": False,
    }


def test_L_omega_errors():
    W = emphasis_uniform(3)
    with pytest.raises(ValueError, match="sigma_star must be a permutation"):
        weighted_disagreement_L_omega([0, 1, 2], [0, 0, 1], W)
    with pytest.raises(ValueError, match="same length"):
        weighted_disagreement_L_omega([0, 1, 2], [0, 1], W)
    with pytest.raises(ValueError, match=r"omega must have shape \(3, 3\)"):
        weighted_disagreement_L_omega([0, 1, 2], [2, 1, 0], emphasis_uniform(4))
    with pytest.raises(ValueError, match="non-negative"):
        weighted_disagreement_L_omega([0, 1, 2], [2, 1, 0], -W)
    with pytest.raises(ValueError, match="at least 2 items"):
        weighted_disagreement_L_omega([0], [0], np.zeros((1, 1)))
    with pytest.raises(TypeError, match="omega must be a callable or a numeric"):
        weighted_disagreement_L_omega([0, 1], [1, 0], "uniform")
    with pytest.raises(ValueError, match="k must be <= 4"):
        emphasis_top_k(4, 5)
    with pytest.raises(ValueError, match="n_neg must be >= 1"):
        emphasis_bipartite(3, 0)
    with pytest.raises(ValueError, match="square"):
        emphasis_axioms(np.zeros((2, 3)))


@pytest.mark.parametrize(
    "call, message",
    [
        (lambda: emphasis_uniform(10**12), f"n must be <= {MAX_ITEMS}"),
        (lambda: emphasis_top_k(10**12, 1), f"n must be <= {MAX_ITEMS}"),
        (lambda: emphasis_bipartite(10**12, 1), f"n_pos must be <= {MAX_ITEMS - 1}"),
        (lambda: emphasis_bipartite(1, 10**12), f"n_neg must be <= {MAX_ITEMS - 1}"),
        (lambda: emphasis_axioms(np.zeros((MAX_AXIOM_ITEMS + 1,) * 2)), "MAX_AXIOM_ITEMS"),
        (
            lambda: pairwise_disagreement(np.zeros((2, MAX_ITEMS)), np.zeros((MAX_ITEMS,) * 2)),
            f"MAX_PAIR_ENTRIES = {MAX_PAIR_ENTRIES}",
        ),
    ],
)
def test_sizes_beyond_the_limits_are_refused_up_front(call, message):
    with pytest.raises(ValueError, match=message):
        call()


@pytest.mark.parametrize(
    "omega, error, message",
    [
        (1.0 - np.eye(3) + 1j, TypeError, "omega must contain real numbers"),
        (lambda i, j: (i != j) * 1j, TypeError, "omega must contain real numbers"),
        (lambda i, j: 1 / 0, TypeError, "omega could not be evaluated.*ZeroDivisionError"),
        (lambda i, j: np.where(i == j, np.nan, 1.0), ValueError, "omega must have finite"),
        (None, TypeError, "omega must be a callable or a numeric"),
    ],
)
def test_emphasis_matrix_refuses_what_is_not_an_emphasis(omega, error, message):
    with pytest.raises(error, match=message):
        emphasis_matrix(omega, 3)


def test_emphasis_axioms_needs_two_positions():
    with pytest.raises(ValueError, match="omega must compare at least 2 positions"):
        emphasis_axioms(np.zeros((1, 1)))


def test_sums_that_would_overflow_are_refused():
    W = np.array([[0.0, 1e308, 1e308], [0.0, 0.0, 0.0], [0.0, 0.0, 0.0]])
    with pytest.raises(ValueError, match="weights are too large"):
        pairwise_disagreement([0.0, 1.0, 2.0], W)
    with pytest.raises(ValueError, match="omega's values are too large"):
        weighted_disagreement_L_omega([2, 1, 0], [0, 1, 2], 1e308 * (1.0 - np.eye(3)))


permutation_pairs = st.integers(2, 7).flatmap(
    lambda n: st.tuples(
        st.permutations(list(range(n))),
        st.permutations(list(range(n))),
        st.lists(st.booleans(), min_size=n, max_size=n),
    )
)


@pytest.mark.slow
@given(permutation_pairs)
def test_discordant_pairs_count_by_a_double_loop(case):
    sigma, sigma_star, kind = (np.array(v) for v in case)
    n = len(sigma)
    among = kind[:, None] == kind[None, :]  # pairs of the same "class"
    brute_all = sum(
        1
        for u in range(n)
        for v in range(u + 1, n)
        if (sigma[u] - sigma[v]) * (sigma_star[u] - sigma_star[v]) < 0
    )
    brute_among = sum(
        1
        for u in range(n)
        for v in range(u + 1, n)
        if kind[u] == kind[v] and (sigma[u] - sigma[v]) * (sigma_star[u] - sigma_star[v]) < 0
    )
    assert discordant_pairs(sigma, sigma_star) == brute_all
    assert discordant_pairs(sigma, sigma_star, among=among) == brute_among
    # with every pair counted it is the uniform L_omega times the number of pairs
    assert math.isclose(
        weighted_disagreement_L_omega(sigma, sigma_star, emphasis_uniform(n)),
        brute_all / math.comb(n, 2),
    )


def test_discordant_pairs_errors():
    with pytest.raises(ValueError, match="among"):
        discordant_pairs([0, 1, 2], [1, 0, 2], among=np.triu(np.ones((3, 3), dtype=bool)))
    with pytest.raises(ValueError, match="among"):
        discordant_pairs([0, 1, 2], [1, 0, 2], among=np.ones((2, 2), dtype=bool))
    with pytest.raises(ValueError, match="sigma"):
        discordant_pairs([0, 1, 1], [1, 0, 2])
