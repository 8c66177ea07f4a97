"""rankviz._boosting: the step, the per-round record and the freeze every boosting loop shares."""

import math

import numpy as np
import pytest

from rankviz._boosting import RoundRecord, frozen_array, smoothed_step
from rankviz.multipartite import multipartite_rankboost
from rankviz.rankboost import adaboost, bipartite_rankboost, rankboost


@pytest.mark.parametrize(
    ("eps_plus", "eps_minus", "alpha", "smoothed"),
    [
        (0.6, 0.1, 0.5 * math.log(6.0), False),  # both positive: the exact step
        (0.7, 0.0, 0.5 * math.log(0.8 / 0.1), True),  # a perfect ranker: smoothed
        (0.0, 0.3, 0.5 * math.log(0.1 / 0.4), True),  # a perfectly wrong one: smoothed
        (0.0, 0.0, 0.0, False),  # every unit tied: no step, not counted as smoothed
    ],
)
def test_the_step_is_exact_unless_one_side_weighs_nothing(eps_plus, eps_minus, alpha, smoothed):
    got, was_smoothed = smoothed_step(eps_plus, eps_minus, 0.1)
    assert got == pytest.approx(alpha, rel=1e-15)
    assert was_smoothed is smoothed


def test_the_record_freezes_what_it_was_given():
    record = RoundRecord(2)
    record.add(0, 0.5, "h0", 0.6, 0.1, 0.3, 0.9, 0.25, False)
    record.add(1, -0.2, "h1", 0.2, 0.3, 0.5, 0.95, 0.5, True)
    alphas, rankers, columns, smoothed = record.frozen()
    assert alphas.tolist() == [0.5, -0.2] and rankers == ("h0", "h1")
    assert [c.tolist() for c in columns] == [
        [0.6, 0.2],
        [0.1, 0.3],
        [0.3, 0.5],
        [0.9, 0.95],
        [0.25, 0.5],
    ]
    assert smoothed.tolist() == [False, True] and smoothed.dtype == bool
    for arr in (alphas, smoothed, *columns):
        assert not arr.flags.writeable
    record.alphas[0] = 9.0  # the frozen arrays are copies
    assert alphas[0] == 0.5
    assert not frozen_array([1, 2]).flags.writeable


def test_every_boosting_run_hands_back_read_only_arrays_from_the_shared_record():
    rng = np.random.default_rng(0)
    X_pos, X_neg = rng.normal(1.0, 1.0, (6, 2)), rng.normal(0.0, 1.0, (5, 2))
    X = np.vstack([X_pos, X_neg])
    models = [
        rankboost(X, [[6, 0], [7, 1], [0, 2]], [1, 1, -1], 4),
        bipartite_rankboost(X_pos, X_neg, 4),
        adaboost(X_pos, X_neg, 4),
        multipartite_rankboost(X, [2] * 3 + [1] * 3 + [0] * 5, 4),
    ]
    for model in models:
        h = model.history
        for arr in (model.alphas, h.eps_plus, h.eps_minus, h.eps_zero, h.Z, h.error, h.smoothed):
            assert arr.shape == (4,) and not arr.flags.writeable
        # the recorded step is the shared one, from the recorded weights
        lam_free = [
            smoothed_step(p, m, 1.0)[0]
            for p, m in zip(h.eps_plus, h.eps_minus, strict=True)
            if p > 0 and m > 0
        ]
        exact = model.alphas[(h.eps_plus > 0) & (h.eps_minus > 0)]
        np.testing.assert_allclose(exact, lam_free, rtol=1e-12)
