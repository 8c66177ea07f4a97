"""Right, wrong and malformed answers to chapter 10's exercises."""

import numpy as np

from exercises.cases import Cases
from rankviz.ndcg_consistency import find_ndcg_inconsistency

# exercise 10.4's solution: the first counterexample of the section's search
FOUND = find_ndcg_inconsistency("listnet_softmax", 3, trials=300, rng=0).counterexample
# exercise 10.5: the mean target E[softmax(y)], whose logarithm minimizes ListNet
MEAN = 0.6 * np.exp([1, 0, 0]) / (np.e + 2) + 0.4 * np.exp([0, 2, 0]) / (np.e**2 + 2)

CASES = {
    "10.1": Cases(
        right=[[-1.0, -0.612, 1.612], (-1, -0.6119, 1.6119), np.array([-1.0, -0.612, 1.612])],
        wrong=[
            [1.0, 0.612, -1.612],  # the lambdas (descent direction)
            [-1.0, 0.0, 1.0],  # the pair (1, 2) forgotten
            [-0.269, -0.612, 0.881],  # only the pairs of adjacent grades
        ],
        malformed=[[-1.0, -0.612], "(-1, -0.6, 1.6)", [[-1.0, -0.612, 1.612]]],
    ),
    "10.2": Cases(
        right=[[-0.347, 0.365, -0.018], (-0.3469, 0.3653, -0.0184)],
        wrong=[
            [-1.354, 1.354, 0.0],  # RankNet's gradient
            [0.347, -0.365, 0.018],  # the lambdas themselves
            [-0.347, 0.365, 0.0],  # document 2 taken as untouched
        ],
        malformed=[[-0.347, 0.365], "lambdas", [[1, 2, 3]]],
    ),
    "10.3": Cases(
        right=[
            ([0.0, 0.01, 0.02], [20.0, 0.0, -20.0]),  # mildly wrong beats overconfidently right
            [np.array([0.0, 0.0, 0.1]), np.array([10.0, 5.0, -10.0])],
        ],
        wrong=[
            ([20.0, 0.0, -20.0], [0.0, 0.01, 0.02]),  # the pair swapped
            ([2.0, 1.0, 0.0], [2.0, 1.0, 0.0]),  # the same scores twice
            ([2.0, 1.0, 0.0], [0.0, 1.0, 2.0]),  # both agree: a is better
        ],
        malformed=[([0, 1, 2],), ([0, 1], [1, 2, 3]), "a, b", ([0, 1, 2], "b")],
    ),
    "10.4": Cases(
        right=[
            ([[1, 0], [0, 2]], [0.6, 0.4]),  # chapter 06's example: E[softmax y] ranks B first
            ([[1, 0, 0], [0, 2, 0]], (0.6, 0.4)),
            (FOUND.labels, FOUND.probs),
            (np.array([[1.0, 0.0], [0.0, 2.0]]), np.array([0.55, 0.45])),
        ],
        wrong=[
            ([[1, 0], [0, 1]], [0.6, 0.4]),  # binary labels: the softmax orders as E[G/N]
            ([[1, 0], [0, 2]], [0.9, 0.1]),  # A's lead too large to be overturned
            ([[1, 0], [0, 2]], [0.5, 0.5]),  # E[G/N] ties A and B: every order is NDCG-optimal
            ([[2, 0], [0, 2]], [0.5, 0.5]),  # a tie: the order is the tie-break's
            ([[0, 0], [0, 0]], [0.5, 0.5]),  # no gain at all: every order is optimal
        ],
        malformed=[
            ([[1, 0], [0, 2]], [0.6, 0.5]),  # probabilities summing to 1.1
            ([[1, 0], [0, 2]], [0.6]),  # one probability for two labels
            ([[1], [0]], [0.6, 0.4]),  # one document
            ([[1, -1], [0, 2]], [0.6, 0.4]),  # a negative grade
            ([1, 0, 2], [1.0]),  # a vector, not a table of labels
            [[1, 0], [0, 2]],  # the labels without their probabilities
        ],
    ),
    "10.5": Cases(
        right=[
            (np.log(MEAN), False),
            (np.log(MEAN) + 3.0, False),  # any common shift
            ([-0.946, -0.817, -1.773], False),  # three decimals
            (list(np.round(np.log(MEAN) - np.log(MEAN).mean(), 3)), np.False_),
        ],
        wrong=[
            (np.log(MEAN), True),  # the minimizer found, the verdict wrong
            (MEAN, False),  # the mean target itself, not its logarithm
            (np.log([0.6, 0.4, 1e-9]), False),  # the G/N target's minimizer instead
            ([1.0, 0.0, 0.0], False),  # the first label as scores
        ],
        malformed=[
            (np.log(MEAN)[:2], False),  # two scores
            (np.log(MEAN), "no"),
            np.log(MEAN),  # the scores without the verdict
            ([np.nan, 0.0, 0.0], False),
        ],
    ),
}
