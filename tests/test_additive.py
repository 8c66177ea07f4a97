"""Tests of rankviz.additive against an independent oracle: enumeration of cells and sampling."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rankviz.additive import additive_score, additive_xor_share, additive_xor_terms


def brute_force_share(g1, g2):
    """Enumerate the (positive cell, negative cell) pairs of 2k x 2k equally likely cells."""
    cells = len(g1)
    k = cells // 2
    positives, negatives = [], []
    for i, j in itertools.product(range(cells), repeat=2):
        score = g1[i] + g2[j]
        (positives if (i >= k) == (j >= k) else negatives).append(score)
    ordered = sum(p > n for p in positives for n in negatives)
    return ordered / (len(positives) * len(negatives))


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 3).flatmap(
        lambda k: st.tuples(
            st.lists(st.integers(-3, 3), min_size=2 * k, max_size=2 * k),
            st.lists(st.integers(-3, 3), min_size=2 * k, max_size=2 * k),
        )
    )
)
def test_share_matches_enumeration_of_cells(g):
    g1, g2 = g
    assert additive_xor_share(g1, g2) == pytest.approx(brute_force_share(g1, g2), abs=1e-12)


def test_the_exercise_example_orders_19_of_32():
    assert additive_xor_share([5, -2, 7, 6], [-19, 7, 9, 9]) == 19 / 32
    assert brute_force_share([5, -2, 7, 6], [-19, 7, 9, 9]) == 19 / 32


def test_terms_are_batched_and_bounded_as_the_proof_says():
    rng = np.random.default_rng(0)
    g1, g2 = rng.integers(-5, 6, size=(500, 6)), rng.integers(-5, 6, size=(500, 6))
    terms = additive_xor_terms(g1, g2)
    assert terms.shape == (500, 4)
    for row in range(0, 500, 97):
        assert np.allclose(terms[row], additive_xor_terms(g1[row], g2[row]))
    assert np.all(terms[:, [1, 2]].sum(axis=1) <= 1.5 + 1e-12)
    assert np.all(terms[:, [0, 3]].sum(axis=1) <= 1.5 + 1e-12)
    assert np.all(terms.mean(axis=1) <= 0.75 + 1e-12)


def test_score_and_share_agree_with_sampling():
    rng = np.random.default_rng(1)
    g1, g2 = np.array([5, -2, 7, 6]), np.array([-19, 7, 9, 9])
    x = rng.uniform(-1, 1, size=(200_000, 2))
    positive = x[:, 0] * x[:, 1] > 0
    s = additive_score(x, g1, g2)
    pos, neg = s[positive][:50_000], s[~positive][:50_000]
    assert np.mean(pos > neg) == pytest.approx(19 / 32, abs=0.01)
    # the cells, read by hand: -0.9 is in cell 0, 0.2 in cell 2
    assert additive_score([[-0.9, 0.2]], g1, g2)[0] == 5 + 9


def test_bad_input_is_named():
    with pytest.raises(ValueError, match="g1"):
        additive_xor_terms([1, 2, 3], [1, 2, 3])
    with pytest.raises(ValueError, match="g1 and g2"):
        additive_xor_terms([1, 2], [1, 2, 3, 4])
    with pytest.raises(ValueError, match="X"):
        additive_score([[2.0, 0.0]], [1, 2], [1, 2])
