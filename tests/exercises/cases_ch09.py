"""Right, wrong and malformed answers to chapter 09's exercises."""

import numpy as np

from exercises.cases import Cases

CASES = {
    "09.1": Cases(
        right=[(4, 5, 4), [4.0, 5.0, 4.0], np.array([4, 5, 4]), (4.001, 4.999, 4)],
        wrong=[
            (2, 3, 2),  # the depth loss forgotten
            (4, 5, 6),  # the one-round schedule taken as the optimum
            (4, 5, 5),  # the better of the two given schedules missed
            (5, 4, 4),
        ],  # the two schedules swapped
        malformed=[(4, 5), "4, 5, 4", (4, 5, None), [[4, 5, 4]]],
    ),
    "09.2": Cases(
        right=[(200, 100), [200.0, 100.0]],
        wrong=[
            (100, 0),  # the costs before the merge
            (100, 100),  # the left cost without task 1 -> 3
            (200, 199),  # the right cost with the weight 3 -> 5 of the draft
            (100, 200),  # the two sides swapped
            (199, 99),
        ],  # the changes in loss (pairwise minus c_4) instead of the costs
        malformed=[(200,), "200, 100", (200, 100, 0)],
    ),
    "09.3": Cases(
        right=[(6, 1680), [6, 1680], (6.0, 1680.0)],
        wrong=[
            (4, 1680),  # r = 4, where the counts still agree
            (8, 1680),  # one even r too far
            (6, 216),  # (3!)^3, a product of factorials
            (5, 1680),
        ],  # an odd r
        malformed=[(6,), "6, 1680", (6.5, 1680), (6, None), np.array([6, 1680])],
    ),
    "09.4": Cases(
        right=[[0, 2, 5, 1, 3, 4], (0, 2, 5, 1, 3, 4), np.array([0, 2, 5, 1, 3, 4])],
        wrong=[
            [0, 3, 1, 4, 5, 2],  # the positions sigma (rounds - 1) instead of the order
            [0, 1, 2, 3, 4, 5],  # the task numbering
            [4, 3, 1, 5, 2, 0],
        ],  # the optimal order reversed
        malformed=[
            [1, 3, 6, 2, 4, 5],  # 1-based task numbers
            [0, 2, 5, 1, 3],
            [0, 0, 1, 2, 3, 4],
            "025134",
        ],
    ),
    "09.5": Cases(
        right=[(1.0, True), [1, True], (0.999, True), (1.004, True), (0.995, True), (1.005, True)],
        wrong=[
            (0.8, True),  # the star's weight in section 2
            (2.0, True),  # x = 2: one round costs 8 > 4
            (1.0, False),  # the DP's answer wrong
            (0.0, True),
        ],
        malformed=[(1.0,), (1.0, "yes"), (None, True), ("1", True), (-1.0, True), 1.0],
    ),
}
