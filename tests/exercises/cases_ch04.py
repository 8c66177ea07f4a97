"""Right, wrong and malformed answers to chapter 04's exercises."""

import numpy as np
from scipy.stats import ortho_group

from exercises.cases import Cases

FIRST_POINTS = np.array([[0.5, 0.1], [-0.2, 0.7], [0.3, -0.6], [-0.4, -0.3]])

CASES = {
    "04.1": Cases(
        right=[(2, 2), (2, 2.0), [2.0, 2]],
        wrong=[
            (1, 2),  # rho_1 = 0.5 is above rho: rounded up, not down
            (3, 2),  # more than a factor 2 below rho
            (2, 1),  # the doubling forgotten
            (2, 4),
            (2, 1.2),
        ],  # the proof's own term at rho = 0.3, not the bound as stated
        malformed=[2, (2.5, 2), (0, 2), (2, "two")],
    ),
    "04.2": Cases(
        right=[0.986, 0.9859, np.float64(0.98589)],
        wrong=[
            1.026,  # margins in (0, rho) charged 1
            0.991,  # log(2/delta) in the confidence term
            0.586,  # r^2 in place of r
            0.91,  # the confidence term dropped
            0.11,
        ],
        malformed=["0.986", [0.986, 0.8], None],
    ),
    "04.3": Cases(
        right=[(2.1, 7), (2.1, 7.0), [0.3 * 7, 7]],
        wrong=[
            (0.3, 7),  # only Lambda scaled
            (2.1, 1),  # only rho scaled
            (0.3 / 7, 1 / 7),  # scaled the wrong way
            (0.3, 1),
        ],
        malformed=[(2.1,), (0, 7), (2.1, -7), (2.1, "seven")],
    ),
    "04.4": Cases(
        right=[
            np.eye(3),
            0.5 * np.eye(5),
            [[0, 0, 2], [0, 2, 0], [2, 0, 0]],
            np.vstack([np.eye(3), np.eye(3)]),  # repeated pairs: still one update each
            # orthogonal rows with inexact binary coordinates: w.z is ~1e-17, not 0, in floats
            [[0.6, 0.8, 0], [-0.8, 0.6, 0], [0, 0, 1]],
            ortho_group.rvs(4, random_state=0),
        ],
        wrong=[
            [[1, 0], [0, 1], [1, 1]],  # not orthogonal: 2 updates against a bound of 4
            [[1, 0, 0], [0, 1, 0], [0, 0, 2]],  # unequal lengths: R is the longest
            [[1, 0], [-1, 0], [0, 1]],
        ],  # opposite pairs: not separable
        malformed=[np.eye(2), [[1, 0], [0, 0], [0, 1]], np.eye(30), [1, 0, 0]],
    ),
    "04.5": Cases(
        right=[1 / 40, 0.025, 0.0252],
        wrong=[
            1.0,  # bounded, but not the smallest
            1 / 80,  # 1/(2m): unbounded
            1 / 1000,
            0.0,
        ],
        malformed=["1/m", [0.025, 0.05], None],
    ),
    "04.6": Cases(
        right=[-FIRST_POINTS, (-FIRST_POINTS).tolist()],
        wrong=[
            FIRST_POINTS,  # the same points: every difference is 0
            2 * FIRST_POINTS,  # differences x_i: strict inequality
            -2 * FIRST_POINTS,  # an equality, but the factor is 3
            np.zeros((4, 2)),
            FIRST_POINTS[::-1],
        ],
        malformed=[-FIRST_POINTS[:3], -FIRST_POINTS.T, -FIRST_POINTS.ravel()],
    ),
    "04.7": Cases(
        right=[(1 / 300, 600**0.5), (0.00333, 24.49), [1 / 300, 24.5]],
        wrong=[
            (300, 600**0.5),  # lambda = C m
            (1 / 300, 300**0.5),  # the harder part's radius
            (1 / 300, (2 / 300) ** 0.5),  # sqrt(2 lambda)
            (1 / 300, 1.0),
        ],  # a ball that misses the minimizer
        malformed=[(1 / 300,), (-1, 24.5), ("1/300", 24.5)],
    ),
}
