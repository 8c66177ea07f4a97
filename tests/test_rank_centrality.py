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


def test_another_estimator_is_scored_on_the_same_draws():
    ks = np.array([16, 256])
    design = dict(strengths=np.linspace(1, -1, 6), comparisons_per_pair=ks, n_seeds=3, rng=5)
    own = rank_centrality_errors(**design)
    # the same function passed explicitly, scaled (the output is normalised): same numbers
    doubled = rank_centrality_errors(**design, estimator=lambda W: 2 * rank_centrality_scores(W))
    np.testing.assert_allclose(doubled, own, rtol=1e-12)
    # the walk normalised by each item's own degree: stationary ~ w_i d_i, biased for good
    own_degree = rank_centrality_errors(
        **design,
        estimator=lambda W: rank_centrality_scores(W) * ((W + W.T) > 0).sum(axis=1),
    )
    np.testing.assert_allclose(own_degree, own, rtol=1e-12)  # full graph: degrees all equal


def test_the_chain_normalised_by_own_degree_is_biased_on_a_sparse_graph():
    # the mutant of the notebook's rate check: on a graph of unequal degrees, the walk that
    # divides by each item's own degree is stationary at w_i d_i, and its error stays large
    theta = np.linspace(1, -1, 12)
    design = dict(strengths=theta, comparisons_per_pair=[64, 1024], n_seeds=10, rng=0)
    right = rank_centrality_errors(**design, observed=0.5)
    wrong = rank_centrality_errors(
        **design,
        observed=0.5,
        estimator=lambda W: rank_centrality_scores(W) * ((W + W.T) > 0).sum(axis=1),
    )
    assert right[1].mean() < 0.05 < 0.15 < wrong[1].mean()


@pytest.mark.parametrize(
    ("estimator", "error", "match"),
    [
        ("rank_centrality_scores", TypeError, "estimator must be a function"),
        (lambda W: np.ones(2), ValueError, r"estimator must return 3 finite"),
        (lambda W: np.full(3, np.nan), ValueError, r"estimator must return 3 finite"),
        (lambda W: "abc", ValueError, "estimator must return"),
    ],
)
def test_a_bad_estimator_is_named(estimator, error, match):
    with pytest.raises(error, match=match):
        rank_centrality_errors([1.0, 0.0, -1.0], [10], 1, rng=0, estimator=estimator)
