"""rankviz.consistency against brute force, networkx and the definitions."""

import itertools

import networkx as nx
import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz.consistency import (
    LowNoiseCounterexample,
    check_preference_distribution,
    difference_graph,
    is_low_noise,
    low_noise_violations,
    mean_adjacency,
    random_preference_distribution,
    violated_edges,
)
from rankviz.counterexamples import certify_counterexample
from rankviz.disagreement import (
    bayes_orders,
)

# the flagship of the chapter: two DAGs with probability 1/2 (Figure 1's situation)
FLAGSHIP = [(0.5, [[0, 1, 10], [0, 0, 4], [0, 0, 0]]), (0.5, [[0, 0, 0], [0, 0, 0], [4, 0, 0]])]


def low_noise_distribution(rng, n, spread=3.0):
    """A low-noise mean graph: Y_ij = [s_i - s_j]_+ plus symmetric noise (path sums are exact)."""
    s = rng.normal(size=n) * spread
    noise = rng.random((n, n))
    Y = np.maximum(s[:, None] - s[None, :], 0) + noise + noise.T
    np.fill_diagonal(Y, 0)
    # realise it with two DAGs pointing down and up the item order
    return [(0.5, 2 * np.triu(Y, 1)), (0.5, 2 * np.tril(Y, -1))]


def test_distribution_is_returned_as_read_only_arrays():
    probs, graphs = check_preference_distribution(FLAGSHIP)
    np.testing.assert_array_equal(probs, [0.5, 0.5])
    assert graphs.shape == (2, 3, 3)
    assert not probs.flags.writeable and not graphs.flags.writeable


@pytest.mark.parametrize(
    "mu, error, message",
    [
        ("graphs", TypeError, "list of"),
        (np.zeros((2, 2)), TypeError, "list of"),
        (42, TypeError, "list of"),
        ([], ValueError, "empty"),
        ([(1.0,)], TypeError, r"mu\[0\] must be a pair"),
        ([("a", [[0, 1], [0, 0]])], TypeError, "probability must be a real number"),
        ([(True, [[0, 1], [0, 0]])], TypeError, "probability must be a real number"),
        ([(1.5, [[0, 1], [0, 0]])], ValueError, r"probability must lie in \[0, 1\]"),
        ([(float("nan"), [[0, 1], [0, 0]])], ValueError, r"probability must lie in \[0, 1\]"),
        ([(0.5, [[0, 1], [0, 0]]), (0.4, [[0, 0], [1, 0]])], ValueError, "sum to 1"),
        ([(1.0, [[0, -1], [0, 0]])], ValueError, "non-negative"),
        ([(1.0, [[0, np.nan], [0, 0]])], ValueError, "NaN"),
        ([(1.0, [[1, 0], [0, 0]])], ValueError, "zero diagonal"),
        ([(1.0, [[0, 1, 0], [0, 0, 1]])], ValueError, "square"),
        ([(1.0, [[0]])], ValueError, "at least 2 items"),
        ([(1.0, [["a", "b"], ["c", "d"]])], TypeError, "numbers"),
        ([(1.0, [[0, 1j], [0, 0]])], TypeError, "real"),
        ([(1.0, "ab")], TypeError, "square matrix"),
        ([(0.5, [[0, 1], [0, 0]]), (0.5, np.zeros((3, 3)))], ValueError, "same items"),
        ([(1.0, [[0, 1, 0], [0, 0, 2], [3, 0, 0]])], ValueError, "cycle 0 -> 1 -> 2 -> 0"),
    ],
)
def test_invalid_distributions_are_rejected_with_a_clear_message(mu, error, message):
    with pytest.raises(error, match=message):
        check_preference_distribution(mu)
    with pytest.raises(error, match=message):
        mean_adjacency(mu)


def test_probabilities_may_be_off_by_rounding_only():
    mu = [(0.1, [[0, 1], [0, 0]])] * 3 + [(0.7, [[0, 0], [1, 0]])]
    assert mean_adjacency(mu)[0, 1] == pytest.approx(0.3)
    with pytest.raises(ValueError, match="sum to 1"):
        mean_adjacency([(0.5 + 1e-6, [[0, 1], [0, 0]]), (0.5, [[0, 0], [1, 0]])])


def test_random_distributions_are_valid_and_reproducible():
    for seed in range(20):
        mu = random_preference_distribution(5, seed, n_graphs=4, max_weight=3)
        _, graphs = check_preference_distribution(mu)  # DAGs, probabilities sum to 1
        assert len(mu) == 4 and graphs.max() <= 3
        assert np.array_equal(
            graphs,
            check_preference_distribution(
                random_preference_distribution(
                    5, np.random.default_rng(seed), n_graphs=4, max_weight=3
                )
            )[1],
        )
        noisy = mean_adjacency(random_preference_distribution(5, seed, low_noise=True))
        A = noisy - noisy.T
        for i, j, k in itertools.permutations(range(5), 3):  # Definition 4, strictly
            if A[i, j] > 0 and A[j, k] > 0:
                assert A[i, k] > A[i, j] + A[j, k]
    with pytest.raises(ValueError, match="n_items must be >= 2"):
        random_preference_distribution(1)
    with pytest.raises(ValueError, match="n_graphs must be >= 1"):
        random_preference_distribution(3, n_graphs=0)


@given(st.lists(st.floats(0, 10, allow_nan=False), min_size=16, max_size=16))
def test_difference_graph_keeps_the_positive_part_of_each_antisymmetric_difference(values):
    Y = np.array(values).reshape(4, 4)
    np.fill_diagonal(Y, 0)
    D = difference_graph(Y)
    assert (D >= 0).all() and not (D * D.T).any()
    scale = max(1.0, Y.max())
    np.testing.assert_allclose(D - D.T, Y - Y.T, atol=2e-9 * scale)


def test_rounding_in_a_mean_creates_no_edge():
    mu = [(0.7, [[0, 3], [0, 0]]), (0.3, [[0, 0], [7, 0]])]  # 0.7 * 3 = 2.1 = 0.3 * 7
    Y = mean_adjacency(mu)
    assert Y[0, 1] != Y[1, 0]  # floating point disagrees ...
    assert not difference_graph(Y).any()  # ... but the tie is recognised
    assert bayes_orders(mu).shape == (2, 2)


@pytest.mark.parametrize(
    "Y, violations",
    [
        ([[0, 1, 3], [0, 0, 1], [0, 0, 0]], []),
        ([[0, 1, 2], [0, 0, 1], [0, 0, 0]], []),  # equality is allowed
        ([[0, 1, 1.5], [0, 0, 1], [0, 0, 0]], [(0, 1, 2)]),
        ([[0, 1, 0], [0, 0, 1], [0, 0, 0]], [(0, 1, 2)]),  # no direct edge at all
        ([[0, 1, 0], [0, 0, 1], [1, 0, 0]], [(0, 1, 2), (1, 2, 0), (2, 0, 1)]),  # a 3-cycle
        ([[0, 3, 3], [1, 0, 2], [0, 0, 0]], [(0, 1, 2)]),  # 3 - 0 < (3 - 1) + 2
        ([[0, 5], [1, 0]], []),  # two items: always low noise
    ],
)
def test_low_noise_on_hand_made_cases(Y, violations):
    assert low_noise_violations(Y) == violations
    assert is_low_noise(Y) == (not violations)


def test_low_noise_graphs_are_transitive_dags(rng):
    for _ in range(30):
        n = int(rng.integers(3, 7))
        Y = mean_adjacency(low_noise_distribution(rng, n))
        assert is_low_noise(Y)
        G = nx.DiGraph(difference_graph(Y) > 0)
        assert nx.is_directed_acyclic_graph(G)
        closure = nx.transitive_closure_dag(G)
        assert set(closure.edges) == set(G.edges)


def test_low_noise_violations_match_the_definition_by_brute_force(rng):
    for _ in range(40):
        n = int(rng.integers(3, 6))
        Y = rng.integers(0, 4, size=(n, n)).astype(float)
        np.fill_diagonal(Y, 0)
        expected = []
        for i, j, k in itertools.product(range(n), repeat=3):
            if len({i, j, k}) == 3 and Y[i, j] > Y[j, i] and Y[j, k] > Y[k, j]:
                if Y[i, k] - Y[k, i] < Y[i, j] - Y[j, i] + Y[j, k] - Y[k, j]:
                    expected.append((i, j, k))
        assert low_noise_violations(Y) == expected


@pytest.mark.parametrize("func", [difference_graph, low_noise_violations, is_low_noise])
def test_matrix_functions_validate_their_input(func):
    with pytest.raises(ValueError, match="Y_mean must be non-negative"):
        func([[0, -1], [0, 0]])
    with pytest.raises(ValueError, match="square"):
        func([1, 2, 3])
    with pytest.raises(TypeError, match="Y_mean"):
        func("Y")


def test_violated_edges():
    Y = [[0, 2, 3], [0, 0, 1], [0, 0, 0]]
    assert violated_edges([3.0, 2.0, 1.0], Y) == []
    assert violated_edges([0.0, 1.0, 1.0], Y) == [(0, 1), (0, 2), (1, 2)]
    assert violated_edges([1.0, 1e-7, 0.0], Y) == [(1, 2)]  # within the tie tolerance
    assert violated_edges([1.0, 1e-7, 0.0], Y, tol=1e-9) == []
    with pytest.raises(ValueError, match="1-D"):
        violated_edges(np.zeros((2, 3)), Y)


def test_a_hand_built_counterexample_validates_itself():
    good = dict(
        probs=np.array([0.7, 0.3]),
        graphs=np.array([[[0, 3], [0, 0]], [[0, 0], [9, 0]]], dtype=float),
        alpha=np.array([0.0, -4.0]),
        pair=(1, 0),
        phi="hinge",
        form="margin",
    )
    # an out-of-range pair used to raise IndexError inside certify_counterexample
    with pytest.raises(ValueError, match=r"pair must hold item ids in 0\.\.1"):
        certify_counterexample(LowNoiseCounterexample(**{**good, "pair": (0, 7)}))
    with pytest.raises(ValueError, match="pair must be two different item ids"):
        LowNoiseCounterexample(**{**good, "pair": (1, 1)})
    # ... and a cyclic graph or probabilities summing to 2 used to be accepted as mu
    cyclic = np.array([[[0, 1], [1, 0]], [[0, 0], [1, 0]]], dtype=float)
    with pytest.raises(ValueError, match="directed cycle"):
        LowNoiseCounterexample(**{**good, "graphs": cyclic})
    with pytest.raises(ValueError, match="probs must sum to 1"):
        LowNoiseCounterexample(**{**good, "probs": np.array([1.0, 1.0])})
    with pytest.raises(ValueError, match="phi must be one of"):
        LowNoiseCounterexample(**{**good, "phi": "square"})
    cx = LowNoiseCounterexample(**good)
    probs, graphs = check_preference_distribution(cx)
    assert not probs.flags.writeable and not graphs.flags.writeable
    assert bayes_orders(cx).tolist() == [[1, 0]]
