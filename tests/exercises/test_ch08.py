"""Chapter 08's checkers decide by the property asked for, not by one stored answer.

Each test builds answers independently of the checker (a search, a closed form, a
perturbation) and checks that the verdict follows the property.
"""

import itertools
import math

import numpy as np
import pytest
from scipy.optimize import minimize

from exercises.cases_ch08 import CASES
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
    return any(
        (borda[i] - borda[j]) * (average[i] - average[j]) < -1e-12
        for i, j in itertools.combinations(range(n), 2)
    )


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


def test_08_2_a_tie_is_not_a_counterexample_and_the_message_says_so():
    W = np.array([[0, 0, 1, 0], [0, 0, 1, 1], [0, 0, 0, 0], [0, 1, 0, 0]])
    # Borda (net shares): items 0 and 1 both 1; averages over the opponents met: 1 and 0.75
    total = W + W.T
    share = np.where(total > 0, W / np.maximum(total, 1), 0.5)
    np.fill_diagonal(share, 0.0)
    borda = (share - share.T).sum(axis=1)
    met = total > 0
    average = np.array([share[j, met[j]].mean() for j in range(4)])
    assert math.isclose(borda[0], borda[1]) and average[0] > average[1]  # one rule ties the pair
    assert _opposite_with_met_average(W) is False
    feedback = check("08.2", W.tolist())
    assert not feedback.correct
    assert "a tie in either does not count" in feedback.message
    assert "every pair alike" not in feedback.message


def _path_ratio(values):
    """||s_M||^2 / |||M|||_2^2 for M with the given values on (0, 1), (1, 2), (2, 3): an oracle
    through the pseudo-inverse of the path's Laplacian, independent of rankviz."""
    M = np.zeros((4, 4))
    M[[0, 1, 2], [1, 2, 3]] = values
    M = M - M.T
    laplacian = np.diag([1.0, 2, 2, 1]) - (np.eye(4, k=1) + np.eye(4, k=-1))
    s = np.linalg.pinv(laplacian) @ M.sum(axis=1)
    return float(s @ s / np.linalg.norm(M, 2) ** 2)


@pytest.mark.slow
def test_08_5_right_message_gives_the_bound_and_the_path_worst_case_a_search_finds():
    rng = np.random.default_rng(0)
    searched = max(
        -minimize(
            lambda x: -_path_ratio(x),
            rng.normal(size=3),
            method="Nelder-Mead",
            options={"xatol": 1e-10, "fatol": 1e-12},
        ).fun
        for _ in range(30)
    )
    grid = np.linspace(-1, 1, 21)
    gridded = max(_path_ratio(x) for x in itertools.product(grid, grid, grid) if np.any(x))
    constant = 4 / (2 - math.sqrt(2)) ** 2
    assert math.isclose(searched, 2.0, rel_tol=1e-6) and gridded <= 2.0 + 1e-9
    assert math.isclose(_path_ratio([-1.0, 0.0, -1.0]), 2.0, rel_tol=1e-12)  # the M named
    assert searched < constant / 5  # the bound is valid but loose on the path
    message = check("08.5", round(constant, 2)).message
    assert "constant is 11.66" in message and "about 47 times 1/m = 0.25" in message
    assert "worst case on this path is 2 (M = -1 on the pairs (0, 1) and (2, 3))" in message
    assert "still 8 times 1/m" in message


def test_08_4_messages_do_not_call_the_structure_scores_the_limit_27():
    for answer in [*CASES["08.4"].wrong, (1.0, 1.0, 1.0)]:
        message = check("08.4", answer).message
        assert "scores (27)" not in message and "in (27)" not in message, message
