"""Right, wrong and malformed answers to chapter 03's exercises."""

import math

from exercises.cases import Cases

CASES = {
    "03.1": Cases(
        right=[8 ** (1 / 8) * (4 + 2 * math.sqrt(8)) / 13, 0.963, 0.9633],
        wrong=[
            (4 + 2 * math.sqrt(8)) / 13,  # Z_1 alone, the bound at rho = 0
            8 ** (-1 / 8) * (4 + 2 * math.sqrt(8)) / 13,  # sign of the exponent
            8 ** (1 / 4) * (4 + 2 * math.sqrt(8)) / 13,  # alpha_1 without its 1/2
            0.25,
        ],
        malformed=[(0.963,), "0.963", -0.5],
    ),
    "03.2": Cases(
        right=[
            [0, 1 / 4, 0, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8],  # the solution's combination
            [0, 2, 0, 0, 0, 3, 2, 0, 0, 1],  # the same, not normalized
            [0, 0.24, 0, 0, 0, 0.38, 0.25, 0, 0, 0.13],
        ],  # another: margin 0.24
        wrong=[
            [0.1] * 10,  # each stump with its complement: every margin 0
            [0, 1 / 4, 0, 0, 0, 1 / 4, 1 / 4, 0, 0, 1 / 8],  # 1/4 for 3/8: margin 1/7
            [1 / 4, 0, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8, 0],  # shifted by one stump (off-by-one)
            [0, -1 / 4, 0, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8],  # a negative weight
            [0] * 10,
        ],
        malformed=[
            [0, 1 / 4, 0, 0, 3 / 8, 1 / 4, 0, 0, 1 / 8],  # nine weights
            {"x3 > 0.5": 0.25},
            "1/4, 1/4, 3/8, 1/8",
        ],
    ),
    "03.3": Cases(
        right=[
            ([0.25, 1.5, 2.75], 0.5 * math.log(7)),
            ([2.75, 0.25, 1.5], 0.973),
            ((0.3, 1.6, 2.9), 0.973),
        ],  # other thresholds that cut the same points
        wrong=[
            ([0.25, 1.5, 2.75], math.log(2)),  # the exact step of 1[x > 1.5]
            ([0.25, 2.75], 0.973),  # a tied stump left out
            ([1.5], math.log(2)),
            ([0.25, 1.5, 2.75], float("inf")),  # the unsmoothed step
            ([0.75, 1.5, 2.75], 0.973),
        ],  # a stump without the largest edge
        malformed=[
            [0.25, 1.5, 2.75],
            (0.973, [0.25, 1.5, 2.75]),
            ("0.25", 0.973),
            ([0.25, 1.5], 0.973, 1),
        ],
    ),
    "03.4": Cases(
        right=[
            (0.5 * math.log(6), 0.5 * math.log(3), 0.8319, 0.8557),
            (0.896, 0.549, 0.832, 0.856),
        ],
        wrong=[
            (0.5 * math.log(3), 0.5 * math.log(6), 0.8319, 0.8557),  # the steps swapped
            (math.log(6), 0.5 * math.log(3), 0.8319, 0.8557),  # without the 1/2
            (0.5 * math.log(6), 0.5 * math.log(3), 0.8557, 0.8319),  # the two Z swapped
            (0.5 * math.log(6), 0.5 * math.log(3), 1.935, 1.893),
        ],  # Z+ + Z- for Z+ Z-
        malformed=[(0.896, 0.549), "0.896 0.549 0.832 0.856", (0.896, 0.549, None, 0.856)],
    ),
    "03.5": Cases(
        right=[
            ([5, -2, 7, 6], [-19, 7, 9, 9]),  # the solution's, 19/32
            ([1, 3, 0, 0], [0, 0, 2, 4]),
        ],  # separated scales, k = 2
        wrong=[
            ([0, 0, 1, 1], [0, 0, 1, 1]),  # x0 + x1 read off the cells: exactly half
            ([0, 1, 2, 3], [0, 1, 2, 3]),  # monotone in both: below half
            ([0, 0, 0, 0], [0, 0, 0, 0]),
        ],  # a constant ties every pair
        malformed=[
            ([5, -2, 7, 6],),
            ([5, -2, 7], [-19, 7, 9, 9]),
            [5, -2, 7, 6, -19, 7, 9, 9],
            ("g1", "g2"),
        ],
    ),
}
