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
    merge_near_ties,
    order_from_sigma,
    sigma_from_order,
    sigma_from_scores,
)

permutations_st = st.integers(1, 9).flatmap(lambda n: st.permutations(list(range(n))))


@given(permutations_st)
def test_order_and_sigma_are_inverse(sigma):
    order = order_from_sigma(sigma)
    assert all(order[sigma[i]] == i for i in range(len(sigma)))
    np.testing.assert_array_equal(sigma_from_order(order), sigma)


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


@given(st.lists(st.integers(0, 40), min_size=1, max_size=10), st.integers(0, 3))
def test_merge_near_ties_groups_like_the_brute_force_components(values, width):
    scores = [v / 8 for v in values]  # exact in binary: the test itself has no rounding
    atol = width / 8
    merged = merge_near_ties(scores, atol)
    for group in _groups_by_brute_force(scores, atol):
        assert {merged[i] for i in group} == {min(scores[i] for i in group)}
    assert len(set(merged.tolist())) == len(_groups_by_brute_force(scores, atol))


@given(st.lists(st.integers(-5, 5), min_size=2, max_size=12), st.integers(0, 2**32 - 1))
def test_rounding_noise_no_longer_decides_ties(values, seed):
    """Scores equal in exact arithmetic, perturbed by a few ulps, rank as the exact scores do."""
    exact = np.array(values, dtype=float) / 3
    noisy = exact * (1 + np.random.default_rng(seed).integers(-4, 5, exact.size) * 2.0**-52)
    np.testing.assert_array_equal(sigma_from_scores(merge_near_ties(noisy)),
                                  sigma_from_scores(merge_near_ties(exact)))
    np.testing.assert_array_equal(sigma_from_scores(merge_near_ties(exact)),
                                  sigma_from_scores(exact))


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


@pytest.mark.parametrize(("kwargs", "error", "message"), [
    ({"order": [0, 0, 1]}, ValueError, "order must list each item at most once"),
    ({"order": [0, -1]}, ValueError, "order must be non-negative"),
    ({"order": []}, ValueError, "order is empty"),
    ({"order": [0.5, 1]}, TypeError, "order must contain integers"),
    ({"order": [0, 3], "names": "ABC"}, ValueError, "order holds item 3, but names has only 3"),
    ({"order": [0, 1], "names": ["A", 2]}, TypeError, "names must be a string or a sequence"),
    ({"order": [0, 1], "names": 7}, TypeError, "names must be a string or a sequence"),
    ({"order": [0, 1], "sep": None}, TypeError, "sep must be a string"),
    ({"order": [0, 1], "tied": [True, False]}, ValueError, "tied must have one entry per pair"),
])
def test_format_order_errors(kwargs, error, message):
    from rankviz.permutations import format_order

    with pytest.raises(error, match=message):
        format_order(**kwargs)
