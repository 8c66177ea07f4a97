"""Right, wrong and malformed answers to chapter 07's exercises."""

import numpy as np

from exercises.cases import Cases

# the three-item strictly low-noise counterexample of section 5 (logistic, (12)), and the running
# example, each with a fourth item that no one ranks
_LOGISTIC_3 = [(0.1, [[0, 2, 10], [0, 0, 8], [0, 0, 0]]), (0.9, [[0, 0, 0], [4, 0, 0], [9, 1, 0]])]
_RUNNING = [(0.5, [[0, 1, 10], [0, 0, 4], [0, 0, 0]]), (0.5, [[0, 0, 0], [0, 0, 0], [4, 0, 0]])]


def _pad(mu):
    return [(p, np.pad(np.array(Y, dtype=float), ((0, 1), (0, 1))).tolist()) for p, Y in mu]


CASES = {
    "07.1": Cases(
        right=[(1, 1 / 4, 3 / 10, 1), [1.0, 0.25, 0.3, 1.0], np.array([1, 0.25, 0.3, 1])],
        wrong=[
            (1, 1, 1, 1),  # every multiplier 1: the bound still depends on x and y
            (0.5, 0.125, 0.15, 0.5),  # cancels x and y but proves only f >= 9/4
            (1, 0.25, 0.3, 1.2),  # a multiplier above 1
            (4, 1, 1.2, 4),
        ],  # the right proportions, outside [0, 1]
        malformed=[(1, 0.25, 0.3), "1, 1/4, 3/10, 1", (1, 0.25, None, 1)],
    ),
    "07.2": Cases(
        right=[
            ["hinge", "logistic", "exponential", "squared_hinge"],
            ("squared_hinge", "exponential", "logistic", "hinge"),
            {"hinge", "logistic", "exponential", "squared_hinge"},
        ],
        wrong=[
            ["logistic", "exponential", "squared_hinge"],  # the hinge's kink put at 0
            ["logistic", "exponential"],  # the squared hinge thought flat at 0
            [],
        ],
        malformed=["hinge", ["hinge", "ramp"], [1, 2]],
    ),
    "07.3": Cases(
        right=[(0.7, 1, 3), (0.7, 3, 9), [0.6, 1, 2], (0.9, 1, 10), (0.95, 1, 20), (0.99, 1, 100)],
        wrong=[
            (0.3, 1, 3),  # p < q: the hinge follows the frequent side, 1 on top as Bayes
            (0.7, 3, 5),  # p u > q v: the Bayes order puts 0 on top, no counterexample
            (0.5, 1, 3),
        ],  # p = q: the minimisers are not all on one side
        malformed=[
            (0.7, 1),
            (1.2, 1, 3),
            (0.7, -1, 3),
            (0, 1, 3),
            (0.7, 1, 3.0000001),
            (0.6, 1e-9, 1),
        ],  # more than 6 decimals: not certifiable
    ),
    "07.4": Cases(
        right=[
            [[0, 1, 1], [0, 0, 1], [0, 0, 0]],
            [[0, 2, 1], [0, 0, 2], [0, 0, 0]],
            np.array([[0, 1, 1.5, 0], [0, 0, 1, 0], [0, 0, 0, 0], [0, 0, 0, 0]]),
        ],
        wrong=[
            [[0, 0.5, 5], [0, 0, 2], [2, 0, 0]],  # the running example: low noise
            [[0, 1, 0], [0, 0, 1], [1, 0, 0]],  # a 3-cycle: not acyclic
            [[0, 1, 3], [0, 0, 1], [0, 0, 0]],
        ],  # the direct edge outweighs the path
        malformed=[
            [[0, 1], [0, 0]],
            [[0, 1, 1], [0, 0, 1]],
            [[1, 1, 1], [0, 0, 1], [0, 0, 0]],
            [[0, -1, 1], [0, 0, 1], [0, 0, 0]],
        ],
    ),
    "07.5": Cases(
        right=[1.5, 3 / 2, np.float64(1.5)],
        wrong=[
            0,  # the infimum over all scores
            8.5,  # every item tied
            2,
            5,  # the other edges of G_mu
            1,
        ],  # a raw weight of Y^mu instead of the difference graph
        malformed=["1.5", (1.5, 1), None],
    ),
    "07.6": Cases(
        right=[_pad(_LOGISTIC_3), _pad(_RUNNING)],
        wrong=[
            _pad([(1.0, _RUNNING[0][1])]),  # DAG 1 alone: nothing pulls the wrong way
            _pad([(0.5, [[0, 7, 10], [0, 0, 4], [0, 0, 0]]), _RUNNING[1]]),  # not low noise
            _pad([(0.5, [[0, 2, 10], [0, 0, 4], [0, 0, 0]]), _RUNNING[1]]),
        ],  # 0 -> 1 holds
        malformed=[
            _RUNNING,
            [(0.5, np.zeros((4, 4)))],
            [(1.0, [[0, 1, 0, 0], [1, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]])],
            [0.5, 0.5],
        ],
    ),
}
