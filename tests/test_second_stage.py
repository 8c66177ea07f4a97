"""rankviz.second_stage and quicksort_together_probability: each against an independent oracle.

The oracles: the costs of ``bipartite_target(..., normalization="pairs")`` for each labelling;
brute force over every tournament and a grid of fractional preferences, ranked by
``sort_by_degree``; random distributions over labellings, with both regrets computed by
enumerating every ranking and every tournament; for ``Pr[A_T]``, the closed form on a
transitive order and the triangle decomposition of QuickSort's exact expected loss.
"""

import itertools
import math

import numpy as np
import pytest

from rankviz.permutations import all_permutations
from rankviz.preference import (
    all_tournaments,
    bipartite_target,
    cyclic_preference,
    pair_costs,
    preference_from_sigma,
    preference_loss,
    random_preference,
    ranking_loss,
)
from rankviz.quicksort import (
    expected_quicksort_loss,
    quicksort_together_probability,
    sort_by_degree,
)
from rankviz.second_stage import (
    degree_sort_worst_case,
    labelling_costs,
    largest_preference_gain,
    largest_regret_excess,
    regrets,
)


def ranked(H):
    return preference_from_sigma(sort_by_degree(H).sigma)


@pytest.mark.parametrize("n", [2, 3, 5])
def test_labelling_costs_are_the_book_costs_of_each_labelling(n):
    costs = labelling_costs(n)
    assert costs.shape == (2**n - 2, n, n)
    for t in range(1, 2**n - 1):
        labels = [(t >> i) & 1 for i in range(n)]
        expected = pair_costs(*bipartite_target(labels, normalization="pairs"))
        assert np.allclose(costs[t - 1], expected)


@pytest.mark.parametrize("labels", [[1, 0, 0], [0, 1, 1], [1, 0, 1, 0], [1, 1, 0, 0, 0]])
def test_degree_sort_worst_case_bounds_every_preference_tried(labels, rng):
    search = degree_sort_worst_case(labels)
    n = len(labels)
    star, omega = bipartite_target(labels, normalization="pairs")
    assert search.programs == math.comb(n, sum(labels)) - 1
    assert search.outputs_from_zero_loss == 0 and math.isclose(search.worst_ratio, 2)
    preferences = list(all_tournaments(n)) + [
        random_preference(n, rng.random(), rng, soft=True) for _ in range(300)
    ]
    for H in preferences:
        loss_h = preference_loss(H, star, omega)
        loss_a = ranking_loss(sort_by_degree(H).sigma, star, omega)
        if loss_h < 1e-12:
            assert loss_a < 1e-12
        else:
            assert loss_a / loss_h <= search.worst_ratio + 1e-9
    # the witness: its degrees are ordered as the output, and it reaches the ratio
    degrees = search.preference.sum(axis=1)
    assert np.all(np.diff(degrees[search.order]) <= 1e-9)
    loss_witness = preference_loss(search.preference, star, omega)
    loss_output = ranking_loss(np.argsort(search.order), star, omega)
    assert math.isclose(loss_output / loss_witness, search.worst_ratio, rel_tol=1e-6)


def test_degree_sort_worst_case_reads_labels_in_any_form():
    a = degree_sort_worst_case([True, False, False, True])
    b = degree_sort_worst_case([1, -1, -1, 1])
    assert a.programs == b.programs and math.isclose(a.worst_ratio, b.worst_ratio)
    assert "worst_ratio=2.0000" in repr(a)


def test_degree_sort_worst_case_errors():
    with pytest.raises(ValueError, match="labels"):
        degree_sort_worst_case([1, 0])
    with pytest.raises(ValueError, match="labels"):
        degree_sort_worst_case([1, 1, 1])
    with pytest.raises(ValueError, match="labels"):
        degree_sort_worst_case([1, 0] * 6)


def brute_force_regrets(P, H, C):
    """Both regrets with the best preference found by enumerating every tournament."""
    n = C.shape[0]
    best_ranking = min(float((C * preference_from_sigma(s)).sum()) for s in all_permutations(n))
    best_preference = min(float((C * T).sum() - 0.5 * np.trace(C)) for T in all_tournaments(n))
    return float((C * P).sum()) - best_ranking, float((C * H).sum()) - best_preference


@pytest.mark.parametrize("n", [3, 4])
def test_regrets_against_enumeration(n, rng):
    costs = labelling_costs(n)
    for _ in range(20):
        p = rng.dirichlet(np.ones(len(costs)))
        C = np.einsum("y,yuv->uv", p, costs)
        H = random_preference(n, rng.random(), rng, soft=True)
        assert np.allclose(regrets(ranked(H), H, C), brute_force_regrets(ranked(H), H, C))


def test_largest_regret_excess_bounds_random_distributions(rng):
    for n in (3, 4):
        costs = labelling_costs(n)
        for _ in range(10):
            H = random_preference(n, rng.random(), rng, soft=True)
            excess, p = largest_regret_excess(ranked(H), H, costs)
            assert excess <= 1e-9 and math.isclose(p.sum(), 1) and np.all(p >= 0)
            for _ in range(30):
                q = rng.dirichlet(np.ones(len(costs)))
                reg_a, reg_h = regrets(ranked(H), H, np.einsum("y,yuv->uv", q, costs))
                assert reg_a - 2 * reg_h <= excess + 1e-9


def test_largest_regret_excess_finds_the_total_order_failure():
    # total-order targets: sort-by-degree on the reversed 3-cycle loses 3 L(h) against 2 > 1 > 0
    H = cyclic_preference(3).T
    costs = np.array([pair_costs(s) for s in all_permutations(3)])
    excess, p = largest_regret_excess(ranked(H), H, costs)
    assert excess > 0.1
    C = np.einsum("y,yuv->uv", p, costs)
    reg_a, reg_h = regrets(ranked(H), H, C)
    assert reg_a - 2 * reg_h > 0


def test_cost_diagonals_are_ignored(rng):
    # an item is never ranked against itself: a cost on the diagonal must change nothing, although
    # every preference (and every ranking's preference) holds 1/2 there
    P, H = preference_from_sigma([0, 1, 2]), cyclic_preference(3)  # sort-by-degree's output
    costs = labelling_costs(3)
    with_diagonal = costs.copy()
    with_diagonal[:, np.arange(3), np.arange(3)] = 1.0
    assert largest_regret_excess(P, H, with_diagonal)[0] == pytest.approx(0, abs=1e-12)
    for _ in range(5):
        H = random_preference(4, rng.random(), rng, soft=True)
        costs = labelling_costs(4)
        noisy = costs + np.einsum("y,uv->yuv", rng.random(len(costs)), np.eye(4))
        for factor in (1.0, 2.0):
            assert largest_regret_excess(ranked(H), H, noisy, factor)[0] == pytest.approx(
                largest_regret_excess(ranked(H), H, costs, factor)[0], abs=1e-9
            )
        assert largest_preference_gain(H, noisy) == pytest.approx(
            largest_preference_gain(H, costs), abs=1e-9
        )
    assert with_diagonal[0, 0, 0] == 1.0  # the caller's array is left as it was


def test_second_stage_errors():
    H = cyclic_preference(3)
    with pytest.raises(ValueError, match="costs"):
        largest_regret_excess(H, H, labelling_costs(4))
    with pytest.raises(ValueError, match="factor"):
        largest_regret_excess(H, H, labelling_costs(3), 0.5)
    with pytest.raises(ValueError, match="P"):
        largest_regret_excess(np.full((4, 4), 0.5), H, labelling_costs(3))
    with pytest.raises(ValueError, match="C"):
        regrets(H, H, -np.ones((3, 3)))
    with pytest.raises(ValueError, match="n"):
        labelling_costs(1)


@pytest.mark.parametrize("n", [4, 5, 6])
def test_together_probability_on_a_transitive_order(n):
    # T stays together iff the first pivot among the items ranked from min T to max T is in T
    H = preference_from_sigma(np.arange(n))
    for T in itertools.combinations(range(n), 3):
        assert math.isclose(quicksort_together_probability(H, T), 3 / (T[2] - T[0] + 1))
    assert quicksort_together_probability(H, range(n)) == 1.0


def test_together_probability_sums_to_the_triangle_decomposition(rng):
    for _ in range(10):
        n = int(rng.integers(4, 6))
        H = random_preference(n, rng.random(), rng, soft=True)
        star = rng.permutation(n)
        C = pair_costs(star)
        excess = 0.0
        for T in itertools.combinations(range(n), 3):
            for w in T:
                u, v = [x for x in T if x != w]
                split = H[u, w] * H[w, v] + H[v, w] * H[w, u]
                excess += (
                    quicksort_together_probability(H, T)
                    / 3
                    * (
                        C[u, v] * (H[u, w] * H[w, v] - H[u, v] * split)
                        + C[v, u] * (H[v, w] * H[w, u] - H[v, u] * split)
                    )
                )
        assert math.isclose(
            preference_loss(H, star) + excess, expected_quicksort_loss(H, star), abs_tol=1e-12
        )


def test_together_probability_errors():
    H = cyclic_preference(3)
    with pytest.raises(ValueError, match="T"):
        quicksort_together_probability(H, [0, 0, 1])
    with pytest.raises(ValueError, match="T"):
        quicksort_together_probability(H, [0, 3])
    with pytest.raises(ValueError, match="T"):
        quicksort_together_probability(H, [])
    with pytest.raises(ValueError, match="H"):
        quicksort_together_probability(np.full((9, 9), 0.5), [0, 1])


def test_largest_preference_gain_against_random_distributions(rng):
    # the LP's maximum bounds the gain under every distribution tried; a transitive T gains 0
    rotations = np.array([pair_costs(s) for s in ([0, 1, 2], [2, 0, 1], [1, 2, 0])])
    for costs in (
        labelling_costs(3),
        np.array([pair_costs(s) for s in all_permutations(3)]),
        rotations,
    ):
        rankings = [preference_from_sigma(s) for s in all_permutations(3)]
        for T in all_tournaments(3):
            gain = largest_preference_gain(T, costs)
            for _ in range(200):
                C = np.einsum("y,yuv->uv", rng.dirichlet(np.ones(len(costs))), costs)
                seen = min(float((C * R).sum()) for R in rankings) - float((C * T).sum())
                assert seen <= gain + 1e-9
    for sigma in all_permutations(4):
        assert abs(largest_preference_gain(preference_from_sigma(sigma), labelling_costs(4))) < 1e-9
    # the Condorcet profile: uniform on the three rotations, the cycle beats every ranking by 1/9
    C = rotations.mean(axis=0)
    seen = min(float((C * preference_from_sigma(s)).sum()) for s in all_permutations(3)) - float(
        (C * cyclic_preference(3)).sum() - 0.5 * np.trace(C)
    )
    assert math.isclose(seen, 1 / 9)
    assert math.isclose(largest_preference_gain(cyclic_preference(3), rotations), 1 / 9)


def test_largest_preference_gain_errors():
    with pytest.raises(ValueError, match="costs"):
        largest_preference_gain(cyclic_preference(3), labelling_costs(4))
    with pytest.raises(ValueError, match="T"):
        largest_preference_gain(np.full((9, 9), 0.5), np.zeros((1, 9, 9)))
