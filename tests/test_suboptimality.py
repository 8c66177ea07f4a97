"""rankviz.suboptimality against cvxpy projections and brute-force minimisation."""

import math

import cvxpy as cp
import numpy as np
import pytest

from rankviz.bayes import loss_matrix, ndcg_loss
from rankviz.permutations import all_permutations
from rankviz.suboptimality import (
    REGRET_TOLERANCE,
    order_cone_distance,
    order_cone_projection,
    simplex_grid,
    suboptimality_function,
)
from rankviz.surrogates import squared_surrogate


def _cone_projection_cvxpy(target, sigma):
    order = np.argsort(sigma)
    a = cp.Variable(len(target))
    cons = [a[order[r]] >= a[order[r + 1]] for r in range(len(target) - 1)]
    problem = cp.Problem(cp.Minimize(cp.sum_squares(a - target)), cons)
    problem.solve()
    return problem.value, a.value


def _cone_distance_cvxpy(target, sigma):
    return _cone_projection_cvxpy(target, sigma)[0]


@pytest.mark.parametrize("seed", range(20))
def test_order_cone_distance_matches_cvxpy(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 6))
    target = rng.normal(size=n)
    sigma = rng.permutation(n)
    assert math.isclose(order_cone_distance(target, sigma), _cone_distance_cvxpy(target, sigma),
                        abs_tol=1e-6)


@pytest.mark.parametrize("seed", range(20))
def test_order_cone_projection_matches_cvxpy_and_the_distance(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    target = rng.normal(size=n)
    sigma = rng.permutation(n)
    projected = order_cone_projection(target, sigma)
    assert np.allclose(projected, _cone_projection_cvxpy(target, sigma)[1], atol=1e-5)
    assert np.all(np.diff(projected[np.argsort(sigma)]) <= 0)  # in the closed cone of sigma
    assert math.isclose(np.sum((projected - target) ** 2), order_cone_distance(target, sigma),
                        rel_tol=1e-12, abs_tol=1e-15)


def test_order_cone_projection_pushed_inside_sorts_to_sigma():
    target, sigma = np.array([0.1, 0.7, 0.4, 0.7]), np.array([3, 0, 2, 1])
    projected = order_cone_projection(target, sigma)
    pushed = projected + 1e-7 * (len(sigma) - 1 - sigma)
    assert np.array_equal(np.argsort(-pushed), np.argsort(sigma))


def test_simplex_grid_is_every_distribution_on_the_lattice():
    grid = simplex_grid(3, 4)
    assert grid.shape == (math.comb(6, 2), 3)
    assert np.allclose(grid.sum(axis=1), 1.0) and np.all(grid >= 0)
    assert len({tuple(np.round(r * 4).astype(int)) for r in grid}) == grid.shape[0]


def test_suboptimality_function_matches_a_brute_force_definition():
    labels = np.array([[2, 0, 1], [0, 1, 0], [1, 2, 0]])
    L = loss_matrix(ndcg_loss(), 3, labels)
    for target in ("ndcg_gain", "relevance"):
        T = squared_surrogate(target).statistic(labels)
        grid = simplex_grid(3, 6)
        eps = np.array([0.0, 0.01, 0.05, 0.1])
        H = suboptimality_function(L, T, grid, eps)
        # brute force: the definition, with the cone minimum from cvxpy
        expected = np.full(eps.size, np.inf)
        for mu in grid:
            regret = L @ mu - (L @ mu).min()
            tbar = mu @ T
            for sigma, r in zip(all_permutations(3), regret, strict=True):
                d = _cone_distance_cvxpy(tbar, sigma)
                expected[(r >= eps)] = np.minimum(expected[(r >= eps)], d)
        assert np.allclose(H, expected, atol=1e-6)


def test_suboptimality_function_is_zero_for_an_inconsistent_surrogate():
    # raw-grade least squares for NDCG fails at mu = (0.6, 0.4) on labels (1, 0), (0, 2)
    labels = np.array([[1, 0], [0, 2]])
    L = loss_matrix(ndcg_loss(), 2, labels)
    H = suboptimality_function(L, labels.astype(float), [[0.6, 0.4]], [0.05])
    assert H[0] == 0.0


E2 = [[1, 0], [0, 1]]


@pytest.mark.parametrize("call, match", [
    (lambda: order_cone_distance([1.0, np.nan], [0, 1]), "target"),
    (lambda: order_cone_distance([1.0, 0.0], [0, 0]), "sigma"),
    (lambda: order_cone_distance([1.0, 0.0], [0.0, 1.0]), "sigma"),
    (lambda: order_cone_projection([1.0, np.inf], [0, 1]), "target"),
    (lambda: order_cone_projection([1.0, 0.0, 2.0], [0, 1]), "sigma"),
    (lambda: simplex_grid(0, 3), "k"),
    (lambda: simplex_grid(3, 10**6), "steps"),
    (lambda: suboptimality_function([[0, 1]], E2, [[0.5, 0.5]], [0.1]), "loss_matrix"),
    (lambda: suboptimality_function([[0, 1], [1, 0]], E2, [[0.7, 0.7]], [0.1]), "probs"),
    (lambda: suboptimality_function([[0, 1], [1, 0]], E2, [[0.5, 0.5]], [-1]), "epsilons"),
    (lambda: suboptimality_function("x", E2, [[0.5, 0.5]], [0.1]), "loss_matrix"),
    (lambda: suboptimality_function(np.zeros((5040, 1)), np.zeros((1, 7)), [[1.0]], [0.1]),
     "targets"),
])
def test_bad_input_names_the_argument(call, match):
    with pytest.raises((ValueError, TypeError), match=match):
        call()


def test_a_regret_equal_to_the_level_up_to_rounding_reaches_it():
    # On the grid of tenths, mu = (0.7, 0.3) gives the wrong order a regret of 0.4 in exact
    # arithmetic, 0.39999999999999997 in floating point: it must count at epsilon = 0.4
    # exactly as it does just below, whatever the last bit of either number.
    L = [[0.0, 1.0], [1.0, 0.0]]
    grid = simplex_grid(2, 10)
    at, below = suboptimality_function(L, [[1, 0], [0, 1]], grid, [0.4, 0.4 - 1e-12])
    assert at == below
    assert REGRET_TOLERANCE < 1e-6
