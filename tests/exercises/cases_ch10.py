"""Right, wrong and malformed answers to chapter 10's exercises."""

import numpy as np

from exercises.cases import Cases

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
}
