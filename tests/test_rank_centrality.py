"""rankviz.rank_centrality against choix, numpy's eigen-solver and detailed balance."""

import choix
import numpy as np
import pytest

from rankviz.aggregation import btl_win_probabilities, simulate_btl_comparisons, win_counts
from rankviz.rank_centrality import (
    rank_centrality_chain,
    rank_centrality_errors,
    rank_centrality_scores,
)


def as_rows(W):
    return [(i, j) for i, j in zip(*np.nonzero(W), strict=True) for _ in range(int(W[i, j]))]


@pytest.mark.parametrize("seed", range(4))
def test_the_scores_match_choix_rank_centrality(seed):
    rng = np.random.default_rng(seed)
    theta = rng.normal(size=7)
    W = win_counts(simulate_btl_comparisons(theta, 6, rng=seed, observed=0.7), 7)
    ours = rank_centrality_scores(W)
    theirs = np.exp(choix.rank_centrality(7, as_rows(W)))
    np.testing.assert_allclose(ours, theirs / theirs.sum(), atol=1e-10)


def test_the_chain_is_stochastic_and_the_scores_are_its_left_perron_vector():
    rng = np.random.default_rng(1)
    W = win_counts(simulate_btl_comparisons(rng.normal(size=6), 4, rng=3), 6)
    P = rank_centrality_chain(W)
    assert np.all(P >= 0)
    np.testing.assert_allclose(P.sum(axis=1), 1.0)
    values, vectors = np.linalg.eig(P.T)
    top = np.real(vectors[:, np.argmin(np.abs(values - 1.0))])
    np.testing.assert_allclose(rank_centrality_scores(W), top / top.sum(), atol=1e-12)


def test_the_true_probabilities_give_the_true_weights_on_a_sparse_graph():
    w = np.array([5.0, 3.0, 2.0, 1.0, 0.5])
    P = btl_win_probabilities(np.log(w))
    mask = np.zeros((5, 5), dtype=bool)
    for i, j in [(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)]:  # a cycle: not every pair
        mask[i, j] = mask[j, i] = True
    scores = rank_centrality_scores(np.where(mask, 1000 * P, 0.0))
    np.testing.assert_allclose(scores, w / w.sum(), atol=1e-12)


def test_a_disconnected_graph_and_two_trapping_groups_are_refused():
    with pytest.raises(
        ValueError, match=r"disconnected comparison graph \(groups \[\[0, 1\], \[2, 3\]\]"
    ):
        rank_centrality_scores([[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 1], [0, 0, 1, 0]])
    with pytest.raises(ValueError, match=r"groups \[0\] and \[1\] never lost"):
        rank_centrality_scores([[0, 0, 1], [0, 0, 1], [0, 0, 0]])
    # one trapping group is fine: the item that never wins scores 0
    np.testing.assert_allclose(
        rank_centrality_scores([[0, 1, 1], [1, 0, 1], [0, 0, 0]]), [0.5, 0.5, 0]
    )


def test_the_error_falls_like_one_over_root_k():
    ks = np.array([16, 64, 256, 1024])
    errors = rank_centrality_errors(np.linspace(1, -1, 10), ks, 20, rng=0, observed=0.6)
    slope = np.polyfit(np.log(ks), np.log(errors.mean(axis=1)), 1)[0]
    assert abs(slope + 0.5) < 0.1
