"""Synthetic query data: determinism, the grade model, and mean NDCG against a direct formula."""

import itertools

import numpy as np
import pytest

from rankviz.query_data import (
    GRADE_THRESHOLDS,
    mean_ndcg,
    query_boundaries,
    synthetic_queries,
)


def test_the_same_seed_gives_the_same_data_and_another_seed_other_data():
    a, b, c = synthetic_queries(8, rng=3), synthetic_queries(8, rng=3), synthetic_queries(8, rng=4)
    assert np.array_equal(a.X, b.X) and np.array_equal(a.labels, b.labels)
    assert not np.array_equal(a.labels[:10], c.labels[:10]) or a.X.shape != c.X.shape


def test_the_model_seed_fixes_the_score_model_and_rng_the_queries():
    a, b = synthetic_queries(3, rng=1), synthetic_queries(3, rng=2)
    c = synthetic_queries(3, model_seed=1, rng=1)
    assert np.array_equal(a.weights, b.weights) and not np.array_equal(a.weights, c.weights)
    assert np.array_equal(a.X, c.X)


def test_sizes_grades_and_relevance_follow_the_statement():
    data = synthetic_queries(40, 4, 5, 9, rng=1)
    sizes = data.group_sizes
    assert sizes.min() >= 5 and sizes.max() <= 9 and data.n_queries == 40
    assert set(np.unique(data.labels)) <= set(range(len(GRADE_THRESHOLDS) + 1))
    for lo, hi in itertools.pairwise(data.boundaries):
        assert data.labels[lo:hi].max() >= 1


def test_without_noise_the_grades_are_the_thresholded_score_model():
    data = synthetic_queries(5, 3, noise=0.0, interaction=0.5, rng=2)
    latent = data.X @ data.weights + 0.5 * data.X[:, 0] * data.X[:, 1]
    assert np.array_equal(data.labels, (latent[:, None] > np.array(GRADE_THRESHOLDS)).sum(1))


def _ndcg_by_hand(y, s, k):
    order = np.argsort(-s)
    gains = 2.0**y - 1
    disc = 1 / np.log2(np.arange(2, y.size + 2))
    top = min(k, y.size)
    return (gains[order][:top] @ disc[:top]) / (np.sort(gains)[::-1][:top] @ disc[:top])


def test_mean_ndcg_is_the_mean_of_the_direct_formula():
    data = synthetic_queries(12, rng=5)
    s = np.random.default_rng(0).normal(size=data.labels.size)  # no ties
    b = data.boundaries
    by_hand = np.mean(
        [_ndcg_by_hand(data.labels[lo:hi], s[lo:hi], 10) for lo, hi in itertools.pairwise(b)]
    )
    assert np.isclose(mean_ndcg(data.labels, s, b, k=10), by_hand)


def test_query_boundaries_and_refusals():
    assert query_boundaries([2, 3]).tolist() == [0, 2, 5]
    with pytest.raises(ValueError, match="no relevant"):
        mean_ndcg([0, 0, 1, 0], [1.0, 0.0, 1.0, 0.0], [0, 2, 4])
    with pytest.raises(ValueError, match="max_documents"):
        synthetic_queries(2, min_documents=9, max_documents=5)
