"""rankviz.multipartite against RankBoost run on the explicit cross pairs (exercise 10.8)."""

import itertools

import numpy as np
import pytest

from rankviz.multipartite import multipartite_pairs, multipartite_rankboost
from rankviz.rankboost import bipartite_rankboost, rankboost


def brute_force_pairs(grades):
    """Every (lower, higher) pair, by a double loop."""
    points = range(len(grades))
    return [(a, b) for a, b in itertools.product(points, repeat=2) if grades[a] < grades[b]]


def brute_force_error(f, grades):
    pairs = brute_force_pairs(grades)
    return sum(f[b] <= f[a] for a, b in pairs) / len(pairs)


def test_pairs_are_every_cross_pair():
    grades = np.array([2, 0, 1, 1, 0, 2, 3])
    found = sorted(map(tuple, multipartite_pairs(grades).tolist()))
    assert found == sorted(brute_force_pairs(grades))


@pytest.mark.parametrize(("seed", "k", "n", "d"), [
    (0, 2, 40, 2), (1, 3, 60, 3), (2, 4, 80, 2), (3, 5, 50, 4), (4, 3, 30, 1)])
def test_same_stumps_steps_errors_as_rankboost_on_all_cross_pairs(seed, k, n, d):
    rng = np.random.default_rng(seed)
    grades = rng.integers(0, k, size=n)
    X = np.round(rng.normal(size=(n, d)) + 0.4 * grades[:, None], 1)  # rounding: tied values
    pairs = multipartite_pairs(grades)
    explicit = rankboost(X, pairs, np.ones(len(pairs), dtype=int), 25)
    efficient = multipartite_rankboost(X, grades, 25)
    assert efficient.rankers == explicit.rankers
    np.testing.assert_allclose(efficient.alphas, explicit.alphas, rtol=1e-9)
    for name in ("eps_plus", "eps_minus", "eps_zero", "Z"):
        np.testing.assert_allclose(getattr(efficient.history, name),
                                   getattr(explicit.history, name), rtol=1e-9, atol=1e-12)
    np.testing.assert_array_equal(efficient.history.error, explicit.history.error)
    np.testing.assert_array_equal(efficient.history.smoothed, explicit.history.smoothed)


def test_error_is_the_brute_force_share_of_misordered_cross_pairs():
    rng = np.random.default_rng(7)
    grades = rng.integers(0, 3, size=25)
    X = rng.normal(size=(25, 2)) + grades[:, None]
    model = multipartite_rankboost(X, grades, 6)
    for t in (1, 3, 6):
        f = model.decision_function(X, rounds=t)
        assert model.history.error[t - 1] == pytest.approx(brute_force_error(f, grades))


def test_two_grades_is_bipartite_rankboost():
    rng = np.random.default_rng(11)
    X = rng.normal(size=(50, 3))
    grades = (X[:, 0] + rng.normal(size=50) > 0).astype(int)
    fast = bipartite_rankboost(X[grades == 1], X[grades == 0], 15)
    multi = multipartite_rankboost(X, grades, 15)
    assert multi.rankers == fast.rankers
    np.testing.assert_allclose(multi.alphas, fast.alphas, rtol=1e-9)


def test_a_perfect_stump_is_smoothed_like_rankboost():
    X = np.array([[0.0], [1.0], [2.0], [3.0], [4.0], [5.0]])
    grades = np.array([0, 0, 1, 1, 2, 2])
    model = multipartite_rankboost(X, grades, 2)
    pairs = multipartite_pairs(grades)
    reference = rankboost(X, pairs, np.ones(len(pairs), dtype=int), 2)
    assert model.history.smoothed.all() and model.rankers == reference.rankers
    np.testing.assert_allclose(model.alphas, reference.alphas)


@pytest.mark.parametrize(("kwargs", "error", "match"), [
    ({"grades": [0, 0, 0]}, ValueError, "two distinct"),
    ({"grades": [0.0, 1.0, 1.0]}, TypeError, "grades"),
    ({"grades": [0, 1]}, ValueError, "one entry per row"),
    ({"grades": [[0, 1, 1]]}, ValueError, "1-D"),
    ({"grades": "011"}, TypeError, "grades"),
    ({"n_rounds": 0}, ValueError, "n_rounds"),
    ({"n_rounds": 1.5}, TypeError, "n_rounds"),
    ({"smoothing": 0.5}, ValueError, "smoothing"),
    ({"smoothing": -1.0}, ValueError, "smoothing"),
    ({"X": [[0.0], [np.nan], [1.0]]}, ValueError, "NaN"),
    ({"X": [[1.0], [1.0], [1.0]]}, ValueError, "constant"),
])
def test_bad_input_names_the_argument(kwargs, error, match):
    args = {"X": [[0.0], [1.0], [2.0]], "grades": [0, 1, 1], "n_rounds": 2} | kwargs
    with pytest.raises(error, match=match):
        multipartite_rankboost(**args)


def test_pairs_reject_bad_grades():
    with pytest.raises(ValueError, match="two distinct"):
        multipartite_pairs([1, 1])
    with pytest.raises(TypeError, match="grades"):
        multipartite_pairs([0.5, 1.0])
