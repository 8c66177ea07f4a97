"""Right, wrong and malformed answers to chapter 01's exercises."""

import numpy as np

from exercises.cases import Cases

CASES = {
    "01.1": Cases(
        right=[
            (2 / 3, 29 / 36, 13 / 18),
            [0.667, 0.806, 0.722],
            np.array([0.6667, 0.8056, 0.7222]),
        ],
        wrong=[
            (2 / 3, 13 / 18, 29 / 36),  # AP and AvgPrec@3 swapped
            (2, 29 / 36, 13 / 18),  # Prec@3 as a count
            (2 / 3, 29 / 60, 13 / 18),  # AP divided by the 5 documents, not the 3 relevant
            (2 / 3, 0.7033, 13 / 18),  # AP as the mean of Prec@r over all five cut-offs
            (2 / 3, 29 / 36, 0.5),
        ],  # AvgPrec@3 read as Prec@2
        malformed=[
            (2 / 3, 29 / 36),
            "0.667, 0.806, 0.722",
            (2 / 3, None, 13 / 18),
            [[2 / 3, 29 / 36, 13 / 18]],
        ],
    ),
    "01.2": Cases(
        right=[(7.7109, 0.7124), (7.71, 0.712), [7.711, 0.7124]],
        wrong=[
            (7.999, 0.739),  # one tie order (index order) instead of the expectation
            (4.406, 0.407),  # linear gain: the mean grade instead of the mean gain
            (7.711, 7.711 / 3.304),  # divided by the sum of discounts, not the ideal DCG
            (2.333, 0.216),
        ],  # the mean gain alone, no discounts
        malformed=[7.711, (7.711, 0.712, 1.0), ("7.711", "0.712")],
    ),
    "01.3": Cases(
        right=[0.5, 1 / 2, np.float64(0.5), 0.501],
        wrong=[
            1,
            1.0,  # the 1/2 of the second position forgotten
            -0.5,  # ERR(2 first) - ERR(1 first)
            0,
            0.25,
        ],
        malformed=["1/2", (0.5,), complex(0.5, 0), [0.5, 0.5]],
    ),
    "01.4": Cases(
        right=[
            ("triangle inequality", (1, 3, 2)),
            ("Triangle inequality", [3, 1, 2]),
            ["triangle inequality", (1, 5, 3)],
            ("triangle inequality", (2, 6, 4)),
            ("triangle inequality", np.array([1, 3, 2])),
        ],
        wrong=[
            ("triangle inequality", (1, 2, 3)),  # the detour 3 is not between 1 and 2
            ("symmetry", (1, 2, 3)),
            ("monotonicity", (1, 2, 3)),
            ("triangle inequality", (1, 1, 2)),
        ],  # not three distinct positions
        malformed=[
            "triangle inequality",
            ("triangle", (1, 3, 2)),
            ("triangle inequality", (1, 3)),
            ("triangle inequality", (0, 3, 2)),
            ("triangle inequality", (1.5, 3, 2)),
            (("triangle inequality", (1, 3, 2)),),
        ],
    ),
    "01.5": Cases(
        right=[(3, 0.6287), (3, 0.3 * (1 + 7381 / 2520 - 11 / 6)), [3.0, 0.629]],
        wrong=[
            (4, 0.6287),  # off by one: AvgPrec@4 already counts Prec@4 = 3/4
            (2, 0.6287),  # one too few
            (3, 0.3),  # m+/n, the last precision only
            (3, 1.0),  # AP's value on the ideal ranking
            (3, 0.3 * (1 + 7381 / 2520 - 3 / 2)),
        ],  # H with m+ - 1
        malformed=[3, (3.5, 0.6287), (0, 0.6287), (11, 0.6287), (3, 0.6287, 1.0)],
    ),
    "01.6": Cases(
        right=[61 / 108, 0.565, np.float64(0.5648), 0.5648],
        wrong=[
            0.7778,  # ties broken in the relevant documents' favour
            0.3889,  # ties broken against them
            0.6111,  # ties broken by the smaller index
            0.4444,  # ties broken by the larger index (trec_eval's docno order)
            0.5,  # 1 / expected position instead of the expected 1 / position
            0.6,
        ],
        malformed=["61/108", (0.5648, 0.5), 1.5, -0.1],
    ),
    "01.7": Cases(
        right=[((1, 1), (0, 3)), [[0, 3], [1, 1]], np.array([[1, 1], [0, 3]])],
        wrong=[
            ((1, 3), (0, 1)),  # both means prefer A
            ((1, 1), (1, 1)),  # the same hits: both means tie
            ((1, 0), (0, 3)),  # query 2 has only 2 irrelevant documents: the top 3 holds a hit
            ((2, 1), (0, 3)),  # query 1 has a single relevant document
        ],
        malformed=[(1, 1, 0, 3), ((1, 1), (0, 4)), ((1.5, 1), (0, 3)), ((1, 1), (0, 3), (1, 1))],
    ),
    "01.8": Cases(
        right=[(0.6, False), [0.6, False], (24 / 40, False), (np.float64(0.6), False)],
        wrong=[
            (0.384, False),  # the factor inverted
            (0.6, True),  # the comparison cannot change on the same queries
            (0.48, False),  # skipping changes nothing
            (0.5, False),
        ],
        malformed=[0.6, (0.6, "no"), (0.6, 0), ("0.6", False), (0.6, False, 1)],
    ),
}
