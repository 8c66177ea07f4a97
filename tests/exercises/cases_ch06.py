"""Right, wrong and malformed answers to chapter 06's exercises."""

from fractions import Fraction

import numpy as np
import sympy as sp

from exercises.cases import Cases
from rankviz.bayes import err_loss, label_set
from rankviz.calibration import find_calibration_counterexample
from rankviz.surrogates import squared_surrogate

LOG_W = np.log([1.0, 4.0, 9.0])
AB = [[0, 0, 1], [1, 1, 0]]
# the notebook solution of 06.4: a random search over {0,1}^3 for a failure of sort(E[G])
FOUND = find_calibration_counterexample(
    err_loss(1), squared_surrogate("err_gain", max_grade=1), label_set(3), n_trials=3000
)
MARGINALS = np.array([0.5, 0.3, 0.2])
PRODUCT = np.prod(np.where(label_set(3) == 1, MARGINALS, 1 - MARGINALS), axis=1)

CASES = {
    "06.1": Cases(
        right=[(6, True, False), [6, True, False], (6.0, np.True_, False)],
        wrong=[
            (1, True, True),  # only one ranking thought Bayes, and the tie-break matters
            (2, True, False),  # Bayes set taken as the orders of A and B on top
            (6, True, True),  # tie-break thought to matter
            (6, False, False),
        ],
        malformed=[(6, True), (6, "yes", False), (6.5, True, False), 6],
    ),
    "06.2": Cases(
        right=[
            (5 / 13, 1 / 2),
            (0.385, 0.5),
            [0.3846, 0.5],
            (sp.Rational(5, 13), sp.Rational(1, 2)),
            (Fraction(5, 13), Fraction(1, 2)),
        ],
        wrong=[
            (1 / 3, 5 / 13),  # the band of the normalised means
            (0.4, 0.5),  # the band thought to shrink
            (0.38, 0.5),
            (0.3846, 0.4955),
            (5 / 13, 0.5049),  # an end off in the 3rd decimal
            (0.3, 0.6),  # both ends off
            (5 / 13, 1.0),
            (0.0, 0.5),
        ],
        malformed=[(0.5, 5 / 13), (5 / 13,), "5/13, 1/2", (5 / 13, None)],
    ),
    "06.3": Cases(
        right=[
            (LOG_W, LOG_W / 2),
            ([0, 1.386, 2.197], [0, 0.693, 1.099]),
            (LOG_W + 3.0, LOG_W / 2 - 1.0),
        ],  # any common shift
        wrong=[
            (LOG_W / 2, LOG_W / 2),  # the exponential's factor 1/2 on the logistic
            (LOG_W, LOG_W),  # no factor 1/2 on the exponential
            (-LOG_W, -LOG_W / 2),  # the printed form's sign
            ([1, 4, 9], [1, 2, 3]),
        ],  # w itself, not its logarithm
        malformed=[LOG_W, (LOG_W, LOG_W[:2]), (LOG_W, "half log w"), (LOG_W, [np.nan] * 3)],
    ),
    "06.4": Cases(
        right=[(AB, [0.35, 0.65]), (AB, (0.4, 0.6)), (label_set(3), FOUND.probs)],
        wrong=[
            (AB, [0.2, 0.8]),  # B is the better bet after A: sorting E[G] is Bayes there
            (label_set(3), PRODUCT),  # a product measure: Lemma 1 holds
            (label_set(3), np.ones(8) / 8),
            ([[1, 0, 0]], [1.0]),
        ],
        malformed=[
            ([0.35, 0.65], AB),
            (AB, [0.35, 0.6]),
            (AB, [1.5, -0.5]),
            ([[0, 0, 2], [1, 1, 0]], [0.35, 0.65]),
            ([[0, 1], [1, 0]], [0.5, 0.5]),
            ([[0, 0, 1], [0, 0, 1]], [0.5, 0.5]),
        ],
    ),
    "06.5": Cases(
        right=[([1, 3, 2, 0], False), (np.array([1, 3, 2, 0]), False)],
        wrong=[
            ([3, 0, 2, 1], False),  # positions (sigma) given for an order
            ([1, 3, 2, 0], True),  # the tie thought to sort to the Bayes order
            ([1, 2, 3, 0], False),  # C above D: the tie's order, not the Bayes one
            ([0, 1, 2, 3], False),
        ],
        malformed=[
            ([2, 4, 3, 1], False),
            ([1, 3, 2, 0],),
            ([1, 3, 2], False),
            ([1, 3, 2, 0], "no"),
        ],
    ),
    "06.6": Cases(
        right=[1, 1.0, 1.005],
        wrong=[
            2,  # B's net degree, not the weight that makes A's reach it
            1.5,
            0.5,
            0,
        ],
        malformed=[-0.5, "1", (1,), None],
    ),
    "06.7": Cases(
        right=[
            (0.000972, 0.0008),
            (7 / 7200, 2 * 0.02**2),
            [0.00097, 0.0008],
            (sp.Rational(7, 7200), sp.Rational(1, 1250)),
            (Fraction(7, 7200), Fraction(1, 1250)),
        ],
        wrong=[
            (0.00167, 0.0008),  # the value of the coarser grid: a finer grid cannot go up
            (0.000972, 0.000972),  # the grid value taken for the infimum
            (0.000972, 0.000785),  # below the lower bound eps^2 / ||c - c^rev||^2 = 0.0008
            (0.000972, 0.000815),  # 2% above the true value: not 4 significant digits
            (0.000972, 0.0002),  # the coarse lower bound eps^2 / (2 ||c||^2)
            (0.0005, 0.0008),
        ],
        malformed=[(0.000972,), (0.000972, 0.0008, 0.0), "0.000972, 0.0008"],
    ),
}
