"""rankviz.real_rankboost against closed forms, a grid line search and Theorem 10.3's bounds."""

import math

import numpy as np
import pytest

from rankviz.real_rankboost import real_rankboost
from rankviz.stumps import stump_candidates


def random_problem(seed, n=20, P=60):
    rng = np.random.default_rng(seed)
    X = rng.normal(size=(n, 2))
    pairs = rng.integers(0, n, size=(P, 2))
    labels = np.sign(X[pairs[:, 1], 0] - X[pairs[:, 0], 0] + 0.5 * rng.normal(size=P)).astype(int)
    return X, pairs, labels


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_binary_rankers_get_the_closed_form_step_of_figure_10_1(seed):
    X, pairs, labels = random_problem(seed)
    stumps = stump_candidates(X)
    H = np.column_stack([h(X) for h in stumps])
    keep = labels != 0
    u = labels[keep, None] * (H[pairs[keep, 1]] - H[pairs[keep, 0]])
    eps_p, eps_m = (u == 1).mean(axis=0), (u == -1).mean(axis=0)
    # a stump that misranks no pair has no finite minimizer: keep the others
    finite = (eps_p > 0) & (eps_m > 0)
    H, eps_p, eps_m = H[:, finite], eps_p[finite], eps_m[finite]
    run = real_rankboost(H, pairs, labels, 1)
    closed_Z = 1 - eps_p - eps_m + 2 * np.sqrt(eps_p * eps_m)
    k = int(np.argmin(closed_Z))
    assert run.Z[0] == pytest.approx(closed_Z[k], abs=1e-9)
    assert run.alphas[0] == pytest.approx(0.5 * math.log(eps_p[k] / eps_m[k]), abs=1e-6)


def test_the_step_minimizes_z_against_a_grid_search():
    rng = np.random.default_rng(5)
    _, pairs, labels = random_problem(5)
    H = rng.uniform(size=(20, 6))
    run = real_rankboost(H, pairs, labels, 3)
    keep = labels != 0
    y, a, b = labels[keep], pairs[keep, 0], pairs[keep, 1]
    weights = np.full(y.size, 1 / y.size)
    grid = np.linspace(-5, 5, 20001)
    for t in range(3):
        u = y * (H[b, run.indices[t]] - H[a, run.indices[t]])
        Z_grid = np.exp(-np.outer(grid, u)) @ weights
        assert run.Z[t] <= Z_grid.min() + 1e-9
        assert run.alphas[t] == pytest.approx(grid[np.argmin(Z_grid)], abs=1e-3)
        weights = weights * np.exp(-run.alphas[t] * u)
        weights /= weights.sum()


@pytest.mark.slow
@pytest.mark.parametrize("seed", [0, 3, 4])
def test_unit_range_rankers_keep_theorem_10_3(seed):
    rng = np.random.default_rng(seed)
    X, pairs, labels = random_problem(seed)
    H = 1 / (1 + np.exp(-rng.normal(size=(1, 8)) * (X[:, [0]] - rng.normal(size=(1, 8)))))
    run = real_rankboost(H, pairs, labels, 25)
    r = run.correlation
    assert np.all(run.error <= run.product_Z + 1e-12)
    assert np.all(run.Z <= np.sqrt(1 - r**2) + 1e-12)


def test_error_and_scores_match_an_independent_count():
    X, pairs, labels = random_problem(9)
    H = np.column_stack([X, X**2])
    run = real_rankboost(H, pairs, labels, 10)
    f = run.decision_function(H)
    keep = labels != 0
    margins = labels[keep] * (f[pairs[keep, 1]] - f[pairs[keep, 0]])
    assert run.error[-1] == pytest.approx(np.mean(margins <= 1e-9))


def test_a_perfect_ranker_is_capped_and_flagged():
    H = np.array([[0.0], [1.0], [2.0]])
    run = real_rankboost(H, [[0, 1], [1, 2]], [1, 1], 1, alpha_max=5.0)
    assert run.capped[0] and run.alphas[0] == pytest.approx(5.0, abs=1e-4)
    assert run.error[0] == 0.0


def test_zero_labels_are_dropped():
    X, pairs, labels = random_problem(2)
    labels[:5] = 0
    H = np.column_stack([X, X**2])
    run = real_rankboost(H, pairs, labels, 4)
    reference = real_rankboost(H, pairs[5:], labels[5:], 4)
    np.testing.assert_array_equal(run.indices, reference.indices)
    np.testing.assert_allclose(run.alphas, reference.alphas)
    np.testing.assert_allclose(run.error, reference.error)


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
        ({"base_values": [[0.0], [np.inf]]}, ValueError, "NaN or infinite"),
        ({"base_values": [0.0, 1.0]}, ValueError, "2-D"),
        ({"base_values": "ab"}, TypeError, "base_values"),
        ({"pairs": [[0, 2]]}, ValueError, "index rows"),
        ({"pairs": [[0.0, 1.0]]}, TypeError, "integer"),
        ({"labels": [2]}, ValueError, "labels"),
        ({"labels": [0]}, ValueError, "labelled 0"),
        ({"n_rounds": 0}, ValueError, "n_rounds"),
        ({"alpha_max": -1.0}, ValueError, "alpha_max"),
    ],
)
def test_bad_input_names_the_argument(kwargs, error, match):
    args = {"base_values": [[0.0], [1.0]], "pairs": [[0, 1]], "labels": [1], "n_rounds": 1} | kwargs
    with pytest.raises(error, match=match):
        real_rankboost(**args)
