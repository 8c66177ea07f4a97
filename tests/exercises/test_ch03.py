"""Chapter 03's checkers verify by the property asked for, and answer quickly.

The right/wrong/malformed cases live in cases_ch03.py (run by tests/test_exercises.py); these
tests add what a table of cases cannot show: that answers nobody typed in are judged by the
property (any combination with a larger margin, any thresholds that cut the same points, any
step function above one half).
"""

from __future__ import annotations

import math

import numpy as np
import pytest

from rankviz.additive import additive_xor_share
from rankviz.exercises import check
from rankviz.rankboost import bipartite_rankboost, rankboost
from rankviz.stumps import stump_candidates, stump_values

X10 = np.array(
    [
        [0, 0, 1, 0, 0],
        [0, 1, 0, 0, 1],
        [1, 0, 0, 0, 1],
        [0, 0, 1, 1, 0],
        [0, 1, 1, 0, 1],
        [0, 0, 0, 1, 0],
        [0, 1, 1, 1, 1],
        [0, 0, 0, 0, 0],
        [0, 1, 1, 0, 1],
        [1, 0, 0, 0, 0],
    ],
    dtype=float,
)
PAIRS10 = np.array([[0, 1], [2, 3], [4, 5], [6, 7], [8, 9]])


@pytest.mark.slow
def test_any_combination_above_rankboosts_margin_is_right():
    rng = np.random.default_rng(0)
    base = np.array([0, 1 / 4, 0, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8])
    for _ in range(20):
        weights = base + rng.uniform(0, 0.004, size=10) * (base > 0)  # small moves keep the margin
        assert check("03.2", weights.tolist()).verdict == "right"
    # a single stump has smallest margin -1 or 0 on these five pairs: never enough
    for k in range(10):
        assert check("03.2", np.eye(10)[k].tolist()).verdict == "wrong"


def _smallest_margin(weights, stumps):
    values = stump_values(X10, stumps)
    return float(((values[PAIRS10[:, 1]] - values[PAIRS10[:, 0]]) @ weights / weights.sum()).min())


@pytest.mark.slow
def test_a_margin_just_above_rankboosts_limit_is_right():
    # RankBoost's smallest margin tends to that of its 12-round cycle from below and never gets
    # there: any combination whose smallest margin exceeds the cycle's by more than float noise
    # beats it, even by 5e-5 (a tolerance of 1e-4 rejected such answers).
    run = rankboost(X10, PAIRS10, np.ones(5, dtype=int), 3000)
    stumps = stump_candidates(X10)
    cycle = run.alphas[-12:]
    cycle_values = stump_values(X10, list(run.rankers[-12:]))
    limit = float(
        ((cycle_values[PAIRS10[:, 1]] - cycle_values[PAIRS10[:, 0]]) @ cycle / cycle.sum()).min()
    )
    scores = run.staged_decision_function(X10)  # f_t on the ten points, t = 1..3000
    normalized = (scores[:, PAIRS10[:, 1]] - scores[:, PAIRS10[:, 0]]) / np.cumsum(run.alphas)[
        :, None
    ]
    reached = normalized.min(axis=1).max()  # the best smallest margin over rounds 1-3000
    assert reached < limit - 5e-5
    solution = np.array([0, 1 / 4, 0, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8])  # smallest margin 1/4
    uniform = np.full(10, 0.1)  # each stump with its complement: every margin 0
    for above in (5e-5, 1e-6):
        share = (limit + above) / 0.25  # margins are linear in the normalized mixture
        weights = share * solution + (1 - share) * uniform
        assert math.isclose(_smallest_margin(weights, stumps), limit + above, abs_tol=1e-12)
        feedback = check("03.2", weights.tolist())
        assert feedback.verdict == "right", (above, feedback.message)
    at_limit = (limit / 0.25) * solution + (1 - limit / 0.25) * uniform  # RankBoost's own limit
    assert check("03.2", at_limit.tolist()).verdict == "wrong"


def test_log_2_is_explained_for_both_ways_to_reach_it():
    # log 2 is the exact step of 1[x > 1.5] and also the smoothed step of 1[x > 0.25] with
    # lambda = 1/9 (a whole pair's initial weight); bipartite_rankboost smooths with 1/(2 * 9)
    positives, negatives = np.array([[2.0], [3.0], [0.5]]), np.array([[1.0], [2.5], [0.0]])
    whole_pair = bipartite_rankboost(positives, negatives, 1, smoothing=1 / 9)
    assert str(whole_pair.rankers[0]) == "1[x0 > 0.25]"
    assert math.isclose(whole_pair.alphas[0], math.log(2))
    assert math.isclose(bipartite_rankboost(positives, negatives, 1).alphas[0], 0.5 * math.log(7))
    message = check("03.3", ([0.25, 1.5, 2.75], math.log(2))).message
    assert "1/9" in message and "1/(2 * 9)" in message and "1[x > 0.25]" in message


def test_a_missing_tied_stump_is_named_without_counting_them():
    for thresholds in ([0.25, 2.75], [1.5], [2.75, 1.5]):
        feedback = check("03.3", (thresholds, 0.973))
        assert feedback.verdict == "wrong"
        assert "misses a stump with the same edge" in feedback.message
        assert not any(str(k) in feedback.message for k in (1, 2, 3)), feedback.message


def test_thresholds_are_read_as_the_points_they_cut():
    for thresholds in ([0.3, 1.2, 2.8], [0.49, 1.99, 2.99], [0.25, 0.26, 1.5, 2.75]):
        assert check("03.3", (thresholds, 0.973)).verdict == "right", thresholds


def test_step_functions_are_judged_by_their_exact_share():
    rng = np.random.default_rng(1)
    for _ in range(200):
        g1, g2 = rng.integers(-3, 4, size=4), rng.integers(-3, 4, size=4)
        verdict = check("03.5", (g1.tolist(), g2.tolist())).verdict
        assert verdict == ("right" if additive_xor_share(g1, g2) > 0.5 else "wrong")
