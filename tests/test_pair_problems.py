"""Tests of rankviz.pair_problems: the samples have the structure their docstrings promise."""

from __future__ import annotations

import numpy as np

from rankviz.pair_problems import binary_pair_sample, noisy_pair_sample
from rankviz.rankboost import rankboost
from rankviz.stumps import stump_candidates


def test_noisy_labels_follow_the_hidden_score_up_to_the_flips():
    X, pairs, labels = noisy_pair_sample(60, 4000, n_features=2, flip=0.1, rng=1)
    hidden = X.sum(axis=1)
    truth = np.sign(hidden[pairs[:, 1]] - hidden[pairs[:, 0]])
    assert np.all((labels == truth) | (labels == -truth))
    assert np.all(labels[pairs[:, 0] == pairs[:, 1]] == 0)
    flipped = np.mean(labels[truth != 0] != truth[truth != 0])
    assert 0.08 < flipped < 0.12
    _, _, clean = noisy_pair_sample(60, 500, flip=0.0, rng=2)
    X0, pairs0, _ = noisy_pair_sample(60, 500, flip=0.0, rng=2)
    assert np.array_equal(clean, np.sign(X0[pairs0[:, 1]].sum(1) - X0[pairs0[:, 0]].sum(1)))


def test_complement_pairs_are_separated_by_every_stump():
    X, pairs, labels = binary_pair_sample(50, 5, differ=1.0, rng=3)
    values = np.column_stack([h(X) for h in stump_candidates(X)])
    assert np.all(values[pairs[:, 0]] != values[pairs[:, 1]])
    assert set(labels.tolist()) == {-1, 1}
    run = rankboost(X, pairs, labels, 5)
    assert np.all(run.history.eps_zero == 0)


def test_partial_pairs_differ_at_the_asked_rate():
    X, pairs, _ = binary_pair_sample(4000, 6, differ=0.3, rng=4)
    share = np.mean(X[pairs[:, 0]] != X[pairs[:, 1]])
    assert 0.28 < share < 0.32
    X_same, pairs_same, _ = binary_pair_sample(10, 3, differ=0.0, rng=4)
    assert np.array_equal(X_same[pairs_same[:, 0]], X_same[pairs_same[:, 1]])


def test_a_generator_advances_and_a_seed_repeats():
    rng = np.random.default_rng(0)
    first, second = noisy_pair_sample(5, 5, rng=rng), noisy_pair_sample(5, 5, rng=rng)
    assert not np.array_equal(first[0], second[0])
    assert np.array_equal(binary_pair_sample(4, 2, rng=7)[0], binary_pair_sample(4, 2, rng=7)[0])
