"""rankviz.multipartite: RankBoost against RankBoost on the explicit cross pairs (exercise 10.8),
the k-partite emphasis and target against a direct count of misordered cross pairs (10.10)."""

import itertools

import numpy as np
import pytest

from rankviz.multipartite import (
    MAX_ITEMS,
    k_partite_emphasis,
    k_partite_target,
    multipartite_pairs,
    multipartite_rankboost,
)
from rankviz.pairwise import emphasis_axioms, emphasis_bipartite, weighted_disagreement_L_omega
from rankviz.preference import preference_loss, random_preference, ranking_loss
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


@pytest.mark.parametrize(
    ("seed", "k", "n", "d"),
    [(0, 2, 40, 2), (1, 3, 60, 3), (2, 4, 80, 2), (3, 5, 50, 4), (4, 3, 30, 1)],
)
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
        np.testing.assert_allclose(
            getattr(efficient.history, name), getattr(explicit.history, name), rtol=1e-9, atol=1e-12
        )
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


@pytest.mark.parametrize(
    ("kwargs", "error", "match"),
    [
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
    ],
)
def test_bad_input_names_the_argument(kwargs, error, match):
    args = {"X": [[0.0], [1.0], [2.0]], "grades": [0, 1, 1], "n_rounds": 2} | kwargs
    with pytest.raises(error, match=match):
        multipartite_rankboost(**args)


def test_pairs_reject_bad_grades():
    with pytest.raises(ValueError, match="two distinct"):
        multipartite_pairs([1, 1])
    with pytest.raises(TypeError, match="grades"):
        multipartite_pairs([0.5, 1.0])


# Exercise 10.10: the k-partite emphasis and target.  The oracle is the k-partite loss
# counted directly: loop over the ordered pairs of items with different grades and count
# those a ranking (or a preference) puts the wrong way round; no emphasis matrix and no
# target permutation are involved.


def direct_k_partite_loss(sigma, grades, normalization="cross"):
    """Misordered cross pairs (a worse item above a better one) over cross pairs or all pairs."""
    n = len(grades)
    misordered = cross = 0
    for u in range(n):
        for v in range(n):
            if grades[u] < grades[v]:  # v should be above u
                cross += 1
                misordered += sigma[u] < sigma[v]
    return misordered / (cross if normalization == "cross" else n * (n - 1) / 2)


def direct_k_partite_preference_loss(H, grades, normalization="cross"):
    n = len(grades)
    mass = cross = 0.0
    for u in range(n):
        for v in range(n):
            if grades[u] < grades[v]:
                cross += 1
                mass += H[u, v]
    return mass / (cross if normalization == "cross" else n * (n - 1) / 2)


@pytest.mark.parametrize("normalization", ["cross", "pairs"])
def test_l_omega_is_the_k_partite_loss_on_random_instances(normalization):
    rng = np.random.default_rng(0)
    for _ in range(300):
        n = int(rng.integers(2, 12))
        grades = rng.integers(0, int(rng.integers(2, 6)), n)
        if np.unique(grades).size < 2:
            continue
        star, omega = k_partite_target(grades, normalization=normalization)
        sigma = rng.permutation(n)
        expected = direct_k_partite_loss(sigma, grades, normalization)
        assert ranking_loss(sigma, star, omega) == pytest.approx(expected, abs=1e-12)
        assert weighted_disagreement_L_omega(sigma, star, omega) == pytest.approx(
            expected, abs=1e-12
        )
        H = random_preference(n, float(rng.random()), rng, soft=True)
        assert preference_loss(H, star, omega) == pytest.approx(
            direct_k_partite_preference_loss(H, grades, normalization), abs=1e-12
        )


def test_the_order_inside_a_part_costs_nothing():
    rng = np.random.default_rng(1)
    grades = np.array([2, 0, 1, 2, 0, 1, 1])
    star, omega = k_partite_target(grades)
    for _ in range(50):
        # another target with the same blocks: shuffle the items inside each part
        other = star.copy()
        for g in np.unique(grades):
            members = np.flatnonzero(grades == g)
            other[members] = rng.permutation(star[members])
        sigma = rng.permutation(grades.size)
        assert ranking_loss(sigma, other, omega) == ranking_loss(sigma, star, omega)


def test_two_parts_give_the_bipartite_emphasis():
    for n_pos, n_neg in [(1, 1), (2, 3), (4, 1)]:
        np.testing.assert_allclose(
            k_partite_emphasis([n_pos, n_neg]), emphasis_bipartite(n_pos, n_neg)
        )


def test_the_emphasis_satisfies_the_three_axioms():
    rng = np.random.default_rng(2)
    for _ in range(40):
        sizes = [int(s) for s in rng.integers(1, 4, int(rng.integers(2, 6)))]
        for normalization in ("cross", "pairs"):
            omega = k_partite_emphasis(sizes, normalization=normalization)
            assert all(emphasis_axioms(omega).values())


def test_a_perfect_ranking_has_loss_zero_and_the_reversed_one_loss_one():
    grades = np.array([3, 1, 2, 1, 0])
    star, omega = k_partite_target(grades)
    assert ranking_loss(star, star, omega) == 0.0
    assert ranking_loss(grades.size - 1 - star, star, omega) == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "match"),
    [
        ((3,), {}, TypeError, "part_sizes must be a sequence"),
        (("12",), {}, TypeError, "part_sizes must be a sequence"),
        (([2],), {}, ValueError, "part_sizes must name at least two parts"),
        (([2, 0],), {}, ValueError, r"part_sizes\[1\] must be >= 1"),
        (([2, 1.5],), {}, TypeError, r"part_sizes\[1\] must be an integer"),
        (([MAX_ITEMS, 1],), {}, ValueError, "at most"),
        (([2, 2],), {"normalization": "auc"}, ValueError, "normalization"),
    ],
)
def test_k_partite_emphasis_rejects_bad_input(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        k_partite_emphasis(*args, **kwargs)


@pytest.mark.parametrize(
    ("grades", "kwargs", "error", "match"),
    [
        ("0101", {}, TypeError, "grades must be an array of integers"),
        ([0.5, 1.0], {}, TypeError, "grades must"),
        ([True, False], {}, TypeError, "grades must contain integers, got booleans"),
        ([[0, 1], [1, 0]], {}, ValueError, "grades must be 1-D"),
        ([], {}, ValueError, "two distinct values"),
        ([1, 1, 1], {}, ValueError, "two distinct values"),
        (np.arange(MAX_ITEMS + 1), {}, ValueError, "at most"),
        ([0, 1], {"normalization": "x"}, ValueError, "normalization"),
    ],
)
def test_k_partite_target_rejects_bad_input(grades, kwargs, error, match):
    with pytest.raises(error, match=match):
        k_partite_target(grades, **kwargs)
