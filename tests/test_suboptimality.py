"""rankviz.suboptimality against cvxpy projections and brute-force minimisation."""

import math

import cvxpy as cp
import numpy as np
import pytest

from rankviz.bayes import loss_matrix, ndcg_loss
from rankviz.permutations import all_permutations
from rankviz.suboptimality import (
    REGRET_TOLERANCE,
    cheapest_scores,
    least_squares_excess,
    order_cone_distance,
    order_cone_projection,
    simplex_grid,
    suboptimality_function,
)
from rankviz.surrogates import pred_sort, squared_surrogate


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
    assert math.isclose(
        order_cone_distance(target, sigma), _cone_distance_cvxpy(target, sigma), abs_tol=1e-6
    )


@pytest.mark.parametrize("seed", range(20))
def test_order_cone_projection_matches_cvxpy_and_the_distance(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(2, 7))
    target = rng.normal(size=n)
    sigma = rng.permutation(n)
    projected = order_cone_projection(target, sigma)
    assert np.allclose(projected, _cone_projection_cvxpy(target, sigma)[1], atol=1e-5)
    assert np.all(np.diff(projected[np.argsort(sigma)]) <= 0)  # in the closed cone of sigma
    assert math.isclose(
        np.sum((projected - target) ** 2),
        order_cone_distance(target, sigma),
        rel_tol=1e-12,
        abs_tol=1e-15,
    )


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


@pytest.mark.slow
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


@pytest.mark.parametrize(
    "call, match",
    [
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
        (
            lambda: suboptimality_function(np.zeros((5040, 1)), np.zeros((1, 7)), [[1.0]], [0.1]),
            "targets",
        ),
    ],
)
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


@pytest.mark.parametrize("seed", range(3))
def test_cheapest_scores_are_nudged_cvxpy_projections(seed):
    rng = np.random.default_rng(seed)
    tbar = rng.random((4, 3))
    nudge = 1e-6
    found = cheapest_scores(tbar, nudge=nudge)
    assert found.shape == (4, 6, 3)
    for q, target in enumerate(tbar):
        for r, sigma in enumerate(all_permutations(3)):
            value, projection = _cone_projection_cvxpy(target, sigma)
            np.testing.assert_allclose(found[q, r] - nudge * (2 - sigma), projection, atol=1e-5)
            assert np.array_equal(pred_sort(found[q, r]), sigma)  # sorts to exactly sigma
            assert np.sum((found[q, r] - target) ** 2) == pytest.approx(value, abs=1e-5)


def test_least_squares_excess_by_the_definition():
    rng = np.random.default_rng(7)
    labels = np.array([[1, 0, 0], [0, 2, 0], [0, 0, 1]])
    loss = loss_matrix(ndcg_loss(), 3, labels)
    targets = squared_surrogate("ndcg_gain").statistic(labels)
    probs = rng.dirichlet(np.ones(3), size=20)
    scores = rng.random((20, 3))
    scores[0] = [0.5, 0.5, 0.2]  # a tie: sort puts the smaller index first
    excess, regret = least_squares_excess(loss, targets, probs, scores)
    for p, u, e, g in zip(probs, scores, excess, regret, strict=True):
        # oracle: the loss of the ranking by a direct loop over labels, the best by brute force
        sigma = sorted(range(3), key=lambda i: (-u[i], i))  # items from the top
        positions = np.argsort(sigma)
        risk = {
            tuple(s): sum(pk * ndcg_loss()(np.array(s), y) for pk, y in zip(p, labels, strict=True))
            for s in all_permutations(3)
        }
        assert g == pytest.approx(risk[tuple(positions)] - min(risk.values()), abs=1e-12)
        assert e == pytest.approx(
            sum((u[i] - sum(p[k] * targets[k, i] for k in range(3))) ** 2 for i in range(3)),
            abs=1e-12,
        )
