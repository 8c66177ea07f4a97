"""rankviz.lipschitz against networkx, closed forms, the pseudo-inverse and random draws."""

import math

import networkx as nx
import numpy as np
import pytest

from rankviz.aggregation import thurstone_mosteller_scores
from rankviz.lipschitz import (
    algebraic_connectivity,
    fiedler_directions,
    masked_lipschitz_constant,
    tight_lipschitz_difference,
)


def _mask(graph, n):
    mask = nx.to_numpy_array(graph, nodelist=range(n), dtype=bool)
    return mask | np.eye(n, dtype=bool)


def _random_connected_masks(n, count, seed=0):
    rng = np.random.default_rng(seed)
    found = 0
    while found < count:
        graph = nx.gnp_random_graph(n, 0.5, seed=int(rng.integers(2**31)))
        if nx.is_connected(graph):
            found += 1
            yield _mask(graph, n)


@pytest.mark.parametrize("n", [3, 5, 7])
def test_algebraic_connectivity_against_networkx(n):
    for mask in _random_connected_masks(n, 10):
        graph = nx.from_numpy_array(mask & ~np.eye(n, dtype=bool))
        assert math.isclose(
            algebraic_connectivity(mask), nx.algebraic_connectivity(graph), abs_tol=1e-6
        )


def test_algebraic_connectivity_closed_forms():
    for n in range(2, 9):
        path = _mask(nx.path_graph(n), n)
        assert math.isclose(
            algebraic_connectivity(path), 2 - 2 * math.cos(math.pi / n), abs_tol=1e-9
        )
        assert math.isclose(algebraic_connectivity(np.ones((n, n), dtype=bool)), n)
    split = _mask(nx.Graph([(0, 1), (2, 3)]), 4)
    assert algebraic_connectivity(split) == 0.0


def test_masked_lipschitz_constant_bounds_random_differences():
    rng = np.random.default_rng(1)
    for mask in _random_connected_masks(6, 20, seed=1):
        constant = masked_lipschitz_constant(mask)
        laplacian_pinv = np.linalg.pinv(
            np.diag(mask.sum(axis=1) - 1.0) - (mask & ~np.eye(6, dtype=bool))
        )
        for _ in range(10):
            M = rng.normal(size=(6, 6))
            M = (M - M.T) * mask
            gap = np.sum((laplacian_pinv @ M.sum(axis=1)) ** 2)  # s_M - s_0 by the pseudo-inverse
            assert gap <= constant * np.linalg.norm(M, 2) ** 2 * (1 + 1e-9)
    assert masked_lipschitz_constant(np.ones((5, 5), dtype=bool)) == 0.2
    assert math.isclose(
        masked_lipschitz_constant(_mask(nx.path_graph(4), 4)), 4 / (2 - math.sqrt(2)) ** 2
    )


def test_fiedler_directions_are_unit_vectors_of_the_eigenspace():
    for mask in _random_connected_masks(6, 10, seed=2):
        lambda_2 = algebraic_connectivity(mask)
        laplacian = np.diag(mask.sum(axis=1) - 1.0) - (mask & ~np.eye(6, dtype=bool))
        directions = fiedler_directions(mask, 12)
        assert 1 <= len(directions) <= 12
        assert np.allclose(np.linalg.norm(directions, axis=1), 1)
        assert np.allclose(directions @ laplacian, lambda_2 * directions, atol=1e-9)


def test_tight_difference_attains_the_bound_on_the_complete_graph_minus_two_edges():
    mask = np.ones((5, 5), dtype=bool)
    for i, j in ((0, 2), (1, 3)):
        mask[i, j] = mask[j, i] = False
    ratios = []
    for v in fiedler_directions(mask, 12):
        M, exact = tight_lipschitz_difference(mask, v)
        assert np.allclose(M, -M.T) and np.all(M[~mask] == 0)
        if exact:
            assert np.allclose(M @ np.ones(5), v)
            assert np.allclose(M.T @ M @ np.ones(5), (v @ v) / 5 * np.ones(5))
        scores = np.linalg.pinv(
            np.diag(mask.sum(axis=1) - 1.0) - (mask & ~np.eye(5, dtype=bool))
        ) @ M.sum(axis=1)
        assert np.allclose(scores, thurstone_mosteller_scores(M, mask))
        bound = masked_lipschitz_constant(mask) * np.linalg.norm(M, 2) ** 2
        ratios.append(np.sum(scores**2) / bound)
    assert max(ratios) > 1 - 1e-9 and max(ratios) <= 1 + 1e-9


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: algebraic_connectivity([[1, 0], [1, 1]]), ValueError, "symmetric"),
        (lambda: algebraic_connectivity([[1]]), ValueError, "mask"),
        (lambda: masked_lipschitz_constant(np.eye(3, dtype=bool)), ValueError, "connected"),
        (lambda: fiedler_directions(np.ones((3, 3), dtype=bool), 0), ValueError, "n_directions"),
        (
            lambda: tight_lipschitz_difference(np.ones((3, 3), dtype=bool), [1.0, 1.0, 1.0]),
            ValueError,
            "orthogonal",
        ),
        (
            lambda: tight_lipschitz_difference(np.ones((3, 3), dtype=bool), [0.0, 0.0, 0.0]),
            ValueError,
            "nonzero",
        ),
        (
            lambda: tight_lipschitz_difference(np.ones((3, 3), dtype=bool), [1.0, -1.0]),
            ValueError,
            "one entry per item",
        ),
    ],
)
def test_bad_arguments_are_named(call, error, match):
    with pytest.raises(error, match=match):
        call()
