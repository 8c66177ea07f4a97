"""rankviz.permutations: the one convention (sigma[i] = 0-based position of item i)."""

import itertools
import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from rankviz.permutations import (
    MAX_ENUMERATION,
    all_permutations,
    as_permutation,
    mean_over_tie_orders,
    merge_near_ties,
    order_from_sigma,
    sigma_from_order,
    sigma_from_scores,
    tie_consistent_rankings,
    weak_orders,
)

permutations_st = st.integers(1, 9).flatmap(lambda n: st.permutations(list(range(n))))


@pytest.mark.slow
@given(permutations_st)
def test_order_and_sigma_are_inverse(sigma):
    order = order_from_sigma(sigma)
    assert all(order[sigma[i]] == i for i in range(len(sigma)))
    np.testing.assert_array_equal(sigma_from_order(order), sigma)


@pytest.mark.slow
@given(st.lists(st.integers(-3, 3), min_size=1, max_size=12))
def test_scores_rank_by_decreasing_score_ties_to_the_smaller_index(scores):
    sigma = sigma_from_scores(scores)
    order = order_from_sigma(sigma)
    for a, b in itertools.pairwise(order):
        assert scores[a] > scores[b] or (scores[a] == scores[b] and a < b)


def test_sigma_from_scores_example():
    np.testing.assert_array_equal(sigma_from_scores([0.5, 2.0, -1.0, 2.0]), [2, 0, 3, 1])


@pytest.mark.parametrize("n", [1, 2, 3, 5])
def test_all_permutations_enumerates_each_once(n):
    rows = all_permutations(n)
    assert rows.shape == (math.factorial(n), n)
    assert len({tuple(r) for r in rows}) == rows.shape[0]
    for row in rows:
        as_permutation(row)


def test_as_permutation_accepts_integral_floats_and_rejects_the_rest():
    np.testing.assert_array_equal(as_permutation([1.0, 0.0]), [1, 0])
    with pytest.raises(ValueError, match=r"must be a permutation of 0, \.\.\., 2"):
        as_permutation([0, 1, 3])
    with pytest.raises(ValueError, match="must be a permutation"):
        as_permutation([0, 0, 1])
    with pytest.raises(ValueError, match="must be a permutation"):
        as_permutation([-1, 0, 1])
    with pytest.raises(TypeError, match="sigma must contain integers"):
        as_permutation([0.5, 1.5])
    with pytest.raises(TypeError, match="order must contain integers"):
        sigma_from_order(["a", "b"])
    with pytest.raises(TypeError, match="sigma must contain integer positions, got booleans"):
        as_permutation([True, False])
    with pytest.raises(TypeError, match="sigma must contain real numbers"):
        as_permutation(np.array([0, 1]) + 0j)
    with pytest.raises(ValueError, match="sigma contains NaN"):
        as_permutation([0.0, np.nan])
    with pytest.raises(TypeError, match="name must be a string"):
        as_permutation([0, 1], name=3)
    with pytest.raises(ValueError, match="sigma must be 1-D"):
        as_permutation([[0, 1]])
    with pytest.raises(ValueError, match="sigma is empty"):
        as_permutation([])
    with pytest.raises(ValueError, match="scores contains NaN"):
        sigma_from_scores([0.1, np.nan])
    with pytest.raises(ValueError, match=f"n must be <= {MAX_ENUMERATION}"):
        all_permutations(MAX_ENUMERATION + 1)
    with pytest.raises(ValueError, match="n must be >= 1"):
        all_permutations(0)


def _groups_by_brute_force(scores, atol):
    """Connected components of the graph 'within atol of each other', by repeated merging."""
    groups = [{i} for i in range(len(scores))]
    merged = True
    while merged:
        merged = False
        for g, h in itertools.combinations(range(len(groups)), 2):
            if any(abs(scores[i] - scores[j]) <= atol for i in groups[g] for j in groups[h]):
                groups[g] |= groups.pop(h)
                merged = True
                break
    return groups


@pytest.mark.slow
@given(st.lists(st.integers(0, 40), min_size=1, max_size=10), st.integers(0, 3))
def test_merge_near_ties_groups_like_the_brute_force_components(values, width):
    scores = [v / 8 for v in values]  # exact in binary: the test itself has no rounding
    atol = width / 8
    merged = merge_near_ties(scores, atol)
    for group in _groups_by_brute_force(scores, atol):
        assert {merged[i] for i in group} == {min(scores[i] for i in group)}
    assert len(set(merged.tolist())) == len(_groups_by_brute_force(scores, atol))


@pytest.mark.slow
@given(st.lists(st.integers(-5, 5), min_size=2, max_size=12), st.integers(0, 2**32 - 1))
def test_rounding_noise_no_longer_decides_ties(values, seed):
    """Scores equal in exact arithmetic, perturbed by a few ulps, rank as the exact scores do."""
    exact = np.array(values, dtype=float) / 3
    noisy = exact * (1 + np.random.default_rng(seed).integers(-4, 5, exact.size) * 2.0**-52)
    np.testing.assert_array_equal(
        sigma_from_scores(merge_near_ties(noisy)), sigma_from_scores(merge_near_ties(exact))
    )
    np.testing.assert_array_equal(
        sigma_from_scores(merge_near_ties(exact)), sigma_from_scores(exact)
    )


def test_merge_near_ties_rejects_bad_input():
    with pytest.raises(ValueError, match="scores contains NaN"):
        merge_near_ties([0.1, np.nan])
    with pytest.raises(ValueError, match="scores must be 1-D"):
        merge_near_ties([[0.1, 0.2]])
    with pytest.raises(ValueError, match="atol must be >= 0"):
        merge_near_ties([0.1, 0.2], atol=-1e-9)
    with pytest.raises(TypeError, match="atol must be a real number"):
        merge_near_ties([0.1, 0.2], atol="1e-9")


# --------------------------------------------------------------------------- #
# format_order: the one order-to-text formatter
# --------------------------------------------------------------------------- #
def test_format_order_writes_the_items_from_the_top():
    from rankviz.permutations import format_order

    assert format_order([2, 0, 1]) == "2 ≻ 0 ≻ 1"
    assert format_order(np.array([2, 0, 1]), "ABC", sep="") == "CAB"
    assert format_order([1, 0], ["first", "second"], sep=" > ") == "second > first"
    assert format_order([4]) == "4"  # a top of one item


@pytest.mark.slow
@given(st.permutations(range(6)))
def test_format_order_of_the_inverse_of_sigma_lists_items_by_position(order):
    from rankviz.permutations import format_order

    sigma = sigma_from_order(order)
    text = format_order(order_from_sigma(sigma), "ABCDEF", sep="")
    assert [text.index(name) for name in "ABCDEF"] == list(sigma)


def test_format_order_writes_ties_in_increasing_id():
    from rankviz.permutations import format_order

    assert format_order([3, 1, 0, 2], tied=[True, False, True]) == "1 = 3 ≻ 0 = 2"
    assert format_order([2, 1, 0], "abc", sep="", tied=[True, True], tie_sep="") == "abc"


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"order": [0, 0, 1]}, ValueError, "order must list each item at most once"),
        ({"order": [0, -1]}, ValueError, "order must be non-negative"),
        ({"order": []}, ValueError, "order is empty"),
        ({"order": [0.5, 1]}, TypeError, "order must contain integers"),
        ({"order": [0, 3], "names": "ABC"}, ValueError, "order holds item 3, but names has only 3"),
        ({"order": [0, 1], "names": ["A", 2]}, TypeError, "names must be a string or a sequence"),
        ({"order": [0, 1], "names": 7}, TypeError, "names must be a string or a sequence"),
        ({"order": [0, 1], "sep": None}, TypeError, "sep must be a string"),
        ({"order": [0, 1], "tied": [True, False]}, ValueError, "tied must have one entry per pair"),
    ],
)
def test_format_order_errors(kwargs, error, message):
    from rankviz.permutations import format_order

    with pytest.raises(error, match=message):
        format_order(**kwargs)


# ---- tie patterns and the rankings consistent with them --------------------------------------


def _fubini(n):
    """Ordered Bell numbers from a(n) = sum_k C(n, k) a(n - k): an independent count."""
    a = [1]
    for m in range(1, n + 1):
        a.append(sum(math.comb(m, k) * a[m - k] for k in range(1, m + 1)))
    return a[n]


@pytest.mark.slow
@pytest.mark.parametrize("n", range(1, 7))
def test_weak_orders_are_the_ordered_set_partitions(n):
    rows = weak_orders(n)
    assert len(rows) == _fubini(n)  # 1, 3, 13, 75, 541, 4683
    assert len({tuple(r) for r in rows}) == len(rows)
    # each row uses the levels 0, ..., L - 1 and no other: one canonical vector per tie pattern
    assert all(set(r) == set(range(int(r.max()) + 1)) for r in rows)
    # brute force: the distinct patterns of "which items tie, which is above" among all vectors
    patterns = {
        tuple(np.sign(np.subtract.outer(v, v)).ravel())
        for v in itertools.product(range(n), repeat=n)
    }
    assert len(patterns) == len(rows)


@pytest.mark.slow
@given(st.lists(st.integers(0, 2), min_size=1, max_size=6))
def test_tie_consistent_rankings_match_the_brute_force_filter(scores):
    n = len(scores)
    row, sigma = tie_consistent_rankings(scores)
    brute = [
        s
        for s in itertools.permutations(range(n))
        if all(scores[i] >= scores[j] for i in range(n) for j in range(n) if s[i] < s[j])
    ]
    assert sorted(map(tuple, sigma)) == sorted(brute)
    assert np.all(row == 0)
    sizes = np.unique(scores, return_counts=True)[1]
    assert len(sigma) == math.prod(math.factorial(int(g)) for g in sizes)


def test_tie_consistent_rankings_of_a_batch_keep_the_rows_apart():
    scores = np.array([[1.0, 1.0, 0.0], [0.0, 1.0, 2.0], [1.0, 1.0, 0.0]])
    row, sigma = tie_consistent_rankings(scores)
    np.testing.assert_array_equal(row, [0, 0, 1, 2, 2])
    np.testing.assert_array_equal(sigma[2], sigma_from_scores(scores[1]))
    np.testing.assert_array_equal(sigma[:2], sigma[3:])


def test_mean_over_tie_orders_is_the_expectation_under_random_tie_breaking():
    # two documents tie for the top: each is first with probability 1/2
    value = mean_over_tie_orders(lambda s, row: (s[:, 0] > s[:, 1]).astype(float), [3.0, 3.0, 1.0])
    assert value == 0.5
    # a batch: labels follow their score vector through `row`
    y = np.array([[1, 0, 0], [0, 0, 1]])
    means = mean_over_tie_orders(
        lambda s, row: y[row][np.arange(len(s)), np.argmax(s, axis=1)],
        [[2.0, 2.0, 2.0], [0.0, 0.0, 1.0]],
    )
    np.testing.assert_allclose(means, [1 / 3, 1.0])


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"value": None, "scores": [1.0, 2.0]}, TypeError, "value"),
        ({"value": lambda s, row: np.ones(1), "scores": [1.0, 1.0]}, ValueError, "value"),
        (
            {"value": lambda s, row: np.full(len(s), np.nan), "scores": [1.0, 1.0]},
            ValueError,
            "value",
        ),
        ({"value": lambda s, row: s[:, 0], "scores": [np.nan, 1.0]}, ValueError, "scores"),
        ({"value": lambda s, row: s[:, 0], "scores": np.zeros(10)}, ValueError, "scores"),
    ],
)
def test_mean_over_tie_orders_errors(kwargs, error, message):
    with pytest.raises(error, match=message):
        mean_over_tie_orders(**kwargs)


@pytest.mark.slow
def test_tie_orders_refuse_too_many_rankings():
    with pytest.raises(ValueError, match="scores"):
        tie_consistent_rankings(np.zeros((3, 9)))  # 3 x 9! rankings
    with pytest.raises(ValueError, match="n"):
        weak_orders(8)
