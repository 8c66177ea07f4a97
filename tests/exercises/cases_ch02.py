"""Right, wrong and malformed answers to chapter 02's exercises."""

import numpy as np

from exercises.cases import Cases

CASES = {
    "02.1": Cases(
        right=[(2 / 3, 5 / 6, 1.0, 0.0), [0.667, 0.833, 1, 0], (4 / 6, 5 / 6, 6 / 6, 0)],
        wrong=[
            (5 / 6, 2 / 3, 1.0, 0.0),  # strict and half swapped
            (2 / 3, 5 / 6, 1.0, 1 / 3),  # ties charged in the misranking
            (0.5, 0.5, 0.5, 0.5),
            (1.0, 1.0, 1.0, 0.0),
        ],
        malformed=[(2 / 3, 5 / 6, 1.0), "0.667, 0.833, 1, 0", (2 / 3, 5 / 6, 1.0, None)],
    ),
    "02.2": Cases(
        right=[(0.7, 0.92, "mohri"), [0.70, 0.92, "Mohri "], (0.7, 1 - 0.2 * 0.4, "mohri")],
        wrong=[
            (0.92, 0.7, "mohri"),  # the two conventions swapped
            (0.48, 0.92, "mohri"),  # strict credit (TPR·TNR) in place of half
            (0.7, 0.6, "mohri"),  # mohri read as 1 - FPR
            (0.7, 0.92, "half"),
        ],  # the convention that rewards the all-positive classifier
        malformed=[(0.7, 0.92), (0.7, 0.92, "strict"), (0.7, 0.92, 1), (1.7, 0.92, "mohri")],
    ),
    "02.3": Cases(
        right=[(0.5, 0.5, "above"), (0.5, 0.501, "Above"), [0.5, 0.499, "above"]],
        wrong=[
            (0.5, 0.5, "below"),  # the side of the wider class's tail
            (0.5, 0.0, "above"),  # an end point, not a crossing
            (0.5, 0.25, "above"),  # not on the diagonal
            (0.75, 0.5, "above"),
        ],
        malformed=[(0.5, 0.5), (0.5, 1.5, "above"), (0.5, 0.5, "left"), ("0.5", 0.5, "above")],
    ),
    "02.4": Cases(
        right=[(4612, 4612), (4612.0, 4612), [4612, 4612]],
        wrong=[
            (4611, 4611),  # rounded down
            (3745, 3745),  # log(1/delta) in place of log(2/delta)
            (9223, 9223),  # McDiarmid's bound
            (68, 68),  # the mn pairs read as independent
            (4612, 5),
        ],  # the million negatives taken to help
        malformed=[4612, (4612.5, 4612), (0, 4612), (4612, "many")],
    ),
    "02.5": Cases(
        right=[["precision"], ("Precision",), {"precision at a fixed threshold"}],
        wrong=[
            [],  # nothing changes
            ["precision", "auc"],  # the AUC read as prevalence-dependent
            ["roc", "auc", "misranking", "precision"],
            ["misranking"],
        ],
        malformed=["precision", ["precision", "recall"], [1], ["precision", None]],
    ),
    "02.6": Cases(
        right=[(0.75, 0.2152, 0.3283, 1.0), [0.75, 0.215, 0.328, 1], (3 / 4, 0.2152, 0.3287, 1.0)],
        wrong=[
            (0.75, 0.1816, 0.394, 1.0),  # divisors m and n instead of m - 1 and n - 1
            (0.75, 0.2152, 0.3283, 1.1717),  # not clipped at 1
            (0.8, 0.2152, 0.3283, 1.0),
            (0.75, 0.1, 0.554, 0.946),
            (0.75, 0.2195, 0.3198, 1.0),  # a standard error 0.004 too large
            (0.75, 0.2152, 0.3283, 0.999),  # the clipped high end is 1 exactly
            (0.75, 0.2152, 0.33, 1.0),  # the low end 0.0017 off
        ],
        malformed=[(0.75, 0.2152, 0.3283), "0.75", (0.75, None, 0.3, 1.0)],
    ),
    "02.7": Cases(
        right=[(2.3077, "differ"), [2.31, "Differ"], (2.30, "differ ")],
        wrong=[
            (1.0345, "no evidence"),  # the covariance left out
            (2.3077, "no evidence"),  # |z| > 1.96 read the wrong way
            (-2.3077, "differ"),  # B - A, not A - B
            (-2.31, "no evidence"),  # B - A, and its sign read as "no evidence"
            (1.5, "differ"),
        ],
        malformed=[2.3077, (2.3077, "maybe"), ("2.3", "differ"), (2.3077, "differ", 0.02)],
    ),
    "02.8": Cases(
        right=[151, 151.0, np.int64(151)],
        wrong=[
            150,  # rounded down
            16,  # the mn pairs read as independent
            17,
            150,  # half-width 0.0501: just short
            302,  # both classes together
            1,
        ],
        malformed=[151.5, "151", 0, (151, 151)],
    ),
}
