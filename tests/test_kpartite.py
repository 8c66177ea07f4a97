"""rankviz.kpartite against independent oracles, and every promised error.

The oracle is the k-partite loss counted directly: loop over the ordered pairs of
items with different grades and count those a ranking (or a preference) puts the
wrong way round; no emphasis matrix and no target permutation are involved.
"""

import numpy as np
import pytest

from rankviz.kpartite import MAX_ITEMS, k_partite_emphasis, k_partite_target
from rankviz.metrics import emphasis_axioms, emphasis_bipartite, weighted_disagreement_L_omega
from rankviz.preference import preference_loss, random_preference, ranking_loss


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
        assert weighted_disagreement_L_omega(sigma, star, omega) == pytest.approx(expected,
                                                                                   abs=1e-12)
        H = random_preference(n, float(rng.random()), rng, soft=True)
        assert preference_loss(H, star, omega) == pytest.approx(
            direct_k_partite_preference_loss(H, grades, normalization), abs=1e-12)


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
        np.testing.assert_allclose(k_partite_emphasis([n_pos, n_neg]),
                                   emphasis_bipartite(n_pos, n_neg))


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


@pytest.mark.parametrize(("args", "kwargs", "error", "match"), [
    ((3,), {}, TypeError, "part_sizes must be a sequence"),
    (("12",), {}, TypeError, "part_sizes must be a sequence"),
    (([2],), {}, ValueError, "part_sizes must name at least two parts"),
    (([2, 0],), {}, ValueError, r"part_sizes\[1\] must be >= 1"),
    (([2, 1.5],), {}, TypeError, r"part_sizes\[1\] must be an integer"),
    (([MAX_ITEMS, 1],), {}, ValueError, "at most"),
    (([2, 2],), {"normalization": "auc"}, ValueError, "normalization"),
])
def test_k_partite_emphasis_rejects_bad_input(args, kwargs, error, match):
    with pytest.raises(error, match=match):
        k_partite_emphasis(*args, **kwargs)


@pytest.mark.parametrize(("grades", "kwargs", "error", "match"), [
    ("0101", {}, TypeError, "grades must be an array of integers"),
    ([0.5, 1.0], {}, TypeError, "grades must be an array of integers"),
    ([[0, 1], [1, 0]], {}, ValueError, "grades must be 1-D"),
    ([], {}, ValueError, "two distinct values"),
    ([1, 1, 1], {}, ValueError, "two distinct values"),
    (np.arange(MAX_ITEMS + 1), {}, ValueError, "at most"),
    ([0, 1], {"normalization": "x"}, ValueError, "normalization"),
])
def test_k_partite_target_rejects_bad_input(grades, kwargs, error, match):
    with pytest.raises(error, match=match):
        k_partite_target(grades, **kwargs)
