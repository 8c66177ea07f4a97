"""Chapter 08's checkers decide by the property asked for, not by one stored answer.

Each test builds answers independently of the checker (a search, a closed form, a
perturbation) and checks that the verdict follows the property.
"""

import itertools
import math

import numpy as np

from rankviz.exercises import check


def _opposite_with_met_average(W):
    """Brute force: does Ammar-Shah over the opponents met order a pair opposite to Borda?"""
    n = len(W)
    total = W + W.T
    met = [[o for o in range(n) if o != j and total[j, o] > 0] for j in range(n)]
    if any(not opponents for opponents in met) or all(len(o) == n - 1 for o in met):
        return None  # not a valid counterexample candidate (a loner, or nothing missing)
    share = lambda j, o: W[j, o] / total[j, o] if total[j, o] else 0.5  # noqa: E731
    borda = [sum(share(j, o) - share(o, j) for o in range(n) if o != j) for j in range(n)]
    average = [np.mean([share(j, o) for o in met[j]]) for j in range(n)]
    return any((borda[i] - borda[j]) * (average[i] - average[j]) < -1e-12
               for i, j in itertools.combinations(range(n), 2))


def test_08_2_accepts_exactly_the_counterexamples_a_brute_force_finds():
    rng = np.random.default_rng(0)
    seen = {True: 0, False: 0}
    for _ in range(300):
        W = rng.integers(0, 3, size=(4, 4)) * (rng.random((4, 4)) < 0.5)
        np.fill_diagonal(W, 0)
        expected = _opposite_with_met_average(W)
        if expected is None:
            continue
        seen[expected] += 1
        assert check("08.2", W.tolist()).correct == expected, W.tolist()
    assert seen[True] > 5 and seen[False] > 5


def test_08_1_accepts_only_the_minimiser_of_22():
    m = 4
    A = np.array([[0, 2, 1, 1], [-2, 0, 1, 0], [-1, -1, 0, 2], [-1, 0, -2, 0]], dtype=float)
    x = A.sum(axis=1) / m  # the closed form of exercise 08.1
    assert check("08.1", x.tolist()).correct
    rng = np.random.default_rng(1)
    for _ in range(20):
        move = rng.normal(size=m)
        move -= move.mean()  # centred, so only the normal equations can reject it
        assert not check("08.1", (x + 0.1 * move).tolist()).correct


def test_08_3_and_08_5_agree_with_closed_forms():
    p = np.array([0.5, 0.1, 0.35, 0.05, 0.6, 0.2, 0.25, 0.15])
    examined = [math.prod(1 - p[:position]) for position in range(8)]
    assert check("08.3", examined).correct
    assert check("08.5", 4 / (2 - 2 * math.cos(math.pi / 4)) ** 2).correct
    assert not check("08.5", 4 / (2 - 2 * math.cos(math.pi / 5)) ** 2).correct  # a path on 5
